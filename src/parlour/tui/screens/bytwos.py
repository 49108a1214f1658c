"""The By Twos screen: the eight foundations in suit pairs, the stock, the waste and the
packet, and while the packet is being formed, the cards kept and rejected.

Every move goes to the engine: the keys only name the card (``s``, ``w``, ``p``), the
pile (``a``, ``d``) or the step (``t``, ``d``, ``o``, ``G``), and what is legal comes from
``legal_moves`` alone. The engine's prompts name moves by their notation; the one
notation letter that is a different key here (``r``, redo on every game screen) is
shown as the key that turns the waste over, ``o``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import Static

from parlour.engine.cards import SUIT_GLYPHS, SUIT_NAMES, SUITS
from parlour.engine.errors import IllegalMoveError
from parlour.engine.games.bytwos_state import (
    ACE_PILE_OF,
    DEAL,
    FOUNDATIONS,
    GIVE_UP,
    PILES,
    RANK_COUNT,
    REDEAL,
    SOURCES,
    TURN,
    Build,
    ByTwosState,
    Phase,
    foundation_cards,
    foundation_name,
    wanted,
)
from parlour.engine.history import Line
from parlour.tui import cards as art
from parlour.tui.screens.bytwos_panels import (
    KEYS_WIDTH,
    caption_form,
    count,
    deal_info,
    forming_info,
    needs_text,
    sentence,
    with_screen_keys,
)
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import Pile

#: the three cards that may be built, left to right on the board, by notation letter
SOURCE_ORDER = ("s", "w", "p")
PILE_KINDS = ("a", "d")
#: footer groups: the three cards to play, and the two piles to choose between
_PLAY = Binding.Group("Play")
_PILE = Binding.Group("Pile")


def target(state: ByTwosState, move: Build) -> int:
    """The foundation (index in FOUNDATIONS) that ``move`` names: its card's suit, ace or
    deuce pile. Where the card may go is the engine's business; this only finds the pile."""
    top = state.top_of(move.source)
    assert top is not None
    return ACE_PILE_OF[top.suit] + PILES[move.pile]


class ByTwosScreen(GameScreen):
    CSS_PATH = "bytwos.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        # forming the packet (t is also the base screen's "take over" while replaying)
        Binding("t", "take_over", "Take over"),
        Binding("t", "turn_card", "Turn card"),
        Binding("t", "refuse('t')", show=False),
        Binding("f", "form_packet", "Form packet"),
        Binding("f", "refuse('t')", show=False),
        # building: the card of the stock, the waste or the packet
        Binding("s", "build('s')", "Stock", group=_PLAY),
        Binding("w", "build('w')", "Waste", group=_PLAY),
        Binding("p", "build('p')", "Packet", group=_PLAY),
        Binding("s", "refuse('s')", show=False),
        Binding("w", "refuse('w')", show=False),
        Binding("p", "refuse('p')", show=False),
        Binding("enter", "play_selected", "Play", show=False),
        # when both piles of the suit take the card, a or d says which
        Binding("a", "choose('a')", "Ace pile", group=_PILE),
        Binding("d", "choose('d')", "Deuce pile", group=_PILE),
        Binding("a", "refuse('a')", show=False),
        # dealing
        Binding("d", "deal", "Deal"),
        Binding("d", "refuse('d')", show=False),
        Binding("space", "next_card", "Next card", show=False),
        Binding("o", "redeal", "Turn over"),
        Binding("o", "refuse('o')", show=False),
        Binding("G", "give_up", "Give up"),
        Binding("G", "refuse('G')", show=False),
        Binding("escape", "cancel_choice", "Cancel", show=False),
        Binding("escape", "menu", "Menu", show=False),
    ]

    #: the selected card: ``s``, ``w`` or ``p`` (← and → move it, Enter plays it)
    cursor: reactive[str] = reactive("s", repaint=False)
    #: the card waiting for a pile when both piles of its suit take it, else ""
    choosing: reactive[str] = reactive("", repaint=False)
    #: the pile selected while choosing: ``a`` or ``d``
    choice: reactive[str] = reactive("a", repaint=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: what each Static shows now, to skip updates that change nothing
        self._shown: dict[str, tuple[str, object]] = {}

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="foundations"):
            for suit in SUITS:
                with Vertical(classes="suit-pair"):
                    yield Static(classes="suit-name", id=f"suit-{suit}")
                    with Horizontal(classes="pair"):
                        for kind in PILE_KINDS:
                            index = ACE_PILE_OF[suit] + PILES[kind]
                            with Vertical(classes="foundation-place"):
                                yield Pile(
                                    f"foundation-{index}",
                                    fanned=False,
                                    title="Ace" if kind == "a" else "Deuce",
                                    id=f"foundation-{index}",
                                )
                                yield Static(classes="needs", id=f"needs-{index}")
        with Horizontal(id="dealing"):
            for source in SOURCE_ORDER:
                name = SOURCES[source]
                with Vertical(classes="source-place"):
                    yield Pile(name, fanned=False, title=name.capitalize(), id=name)
                    yield Static(classes="count", id=f"{name}-count")
            yield Static(id="deal-info")
        with Horizontal(id="forming"):
            for key, title in (("deck", "Deck"), ("kept", "Kept"), ("rejected", "Reject")):
                with Vertical(classes="source-place"):
                    yield Pile(key, fanned=False, title=title, id=key)
                    yield Static(classes="count", id=f"{key}-count")
            yield Static(id="forming-info")

    # -- drawing ---------------------------------------------------------------------------

    @property
    def ascii_only(self) -> bool:
        return bool(getattr(self.app, "ascii_only", False))

    def pile(self, widget_id: str) -> Pile:
        return self.query_one(f"#{widget_id}", Pile)

    def show(self, widget_id: str, content: Content | str, *, layout: bool = False) -> None:
        """Put ``content`` in a Static, only when it has changed; a new layout only for the
        panels whose height may change (a layout per key would slow every move)."""
        shown = (content.plain, content.spans) if isinstance(content, Content) else (content, [])
        if self._shown.get(widget_id) == shown:
            return
        self._shown[widget_id] = shown
        self.query_one(f"#{widget_id}", Static).update(content, layout=layout)

    def redraw(self, line: Line[Any, Any]) -> None:
        state: ByTwosState = line.current
        forming = state.phase is Phase.FORMING
        for row, shown in (
            (self.query_one("#forming"), forming),
            (self.query_one("#dealing"), not forming),
        ):
            if row.display != shown:
                row.display = shown
        self.draw_foundations(state)
        if forming:
            self.draw_forming(line)
        else:
            self.draw_sources(state)

    def live(self) -> bool:
        """True while the player can move (not replaying, not finished)."""
        session = self.session
        return not self.replaying and session is not None and not session.is_finished

    def draw_foundations(self, state: ByTwosState) -> None:
        live = self.live()
        builds = [move for move in state.legal if isinstance(move, Build)] if live else []
        targets = {target(state, move) for move in builds}
        chosen: set[int] = set()
        offered: set[int] = set()
        if self.choosing and live:
            offered = {target(state, m) for m in builds if m.source == self.choosing}
            chosen = {target(state, Build(self.choosing, self.choice))}
        form = caption_form(self.size.width)
        for suit in SUITS:
            glyph = suit if self.ascii_only else SUIT_GLYPHS[suit]
            name = SUIT_NAMES[suit].capitalize()
            self.show(f"suit-{suit}", name if self.ascii_only else f"{glyph} {name}")
        for index in range(len(FOUNDATIONS)):
            count = state.built[index]
            pile = self.pile(f"foundation-{index}")
            pile.cards = foundation_cards(index, count)[-1:]
            base = foundation_cards(index, 1)[0]
            pile.caption = art.label(base, self.ascii_only) if not count else ""
            pile.playable = index in (offered if self.choosing else targets)
            pile.selected = index in chosen
            # an empty place shows its base card; that card is laid there by itself
            needs = needs_text(wanted(index, count), form, index in targets, self.ascii_only)
            self.show(f"needs-{index}", needs if count else "")

    def draw_sources(self, state: ByTwosState) -> None:
        live = self.live()
        sources = {move.source for move in state.legal if isinstance(move, Build)}
        for source in SOURCE_ORDER:
            name = SOURCES[source]
            cards = {"s": state.stock, "w": state.waste, "p": state.packet}[source]
            top = state.top_of(source)
            pile = self.pile(name)
            pile.cards = (top,) if top is not None else ()
            pile.caption = ""
            pile.playable = live and (
                source in sources or (source == "s" and REDEAL in state.legal)
            )
            pile.selected = live and source == (self.choosing or self.cursor)
            self.show(f"{name}-count", count(len(cards), "card") if cards else "empty")
        keys = not self.replaying and self.size.width >= KEYS_WIDTH
        self.show("deal-info", deal_info(state, self.rules.outcome(state), keys), layout=True)

    def draw_forming(self, line: Line[Any, Any]) -> None:
        state: ByTwosState = line.current
        deck = self.pile("deck")
        deck.face_down = bool(state.deck)
        deck.caption = str(len(state.deck))
        deck.playable = self.live()
        kept = self.pile("kept")
        kept.cards = state.kept[-1:]
        rejected = self.pile("rejected")
        rejected.cards = state.rejected[-1:]
        last = self.last_turned(line)
        kept.selected = last == "kept"
        rejected.selected = last == "rejected"
        self.show("deck-count", count(len(state.deck), "card"))
        self.show("kept-count", f"{len(state.kept)} of {RANK_COUNT}")
        self.show("rejected-count", count(len(state.rejected), "card"))
        keys = not self.replaying and self.size.width >= KEYS_WIDTH
        self.show("forming-info", forming_info(state, keys, self.ascii_only), layout=True)

    @staticmethod
    def last_turned(line: Line[Any, Any]) -> str:
        """Where the card turned last went: ``kept``, ``rejected``, or "" at the start."""
        if len(line.states) < 2 or line.moves[-1] != TURN:
            return ""
        before, after = line.states[-2], line.states[-1]
        return "kept" if len(after.kept) > len(before.kept) else "rejected"

    def on_resize(self, event: Resize) -> None:
        # the foundations' captions get shorter on narrow terminals
        if self.line is not None:
            self.redraw(self.line)

    def watch_cursor(self) -> None:
        if self.line is not None:
            self.redraw(self.line)

    def watch_choice(self) -> None:
        if self.line is not None:
            self.redraw(self.line)

    def watch_choosing(self) -> None:
        if self.line is not None:
            self.redraw(self.line)
        self.refresh_bindings()

    def watch_line(self, line: Line[Any, Any] | None) -> None:
        # any move, undo or redo ends a choice of pile that was still open
        self.set_reactive(ByTwosScreen.choosing, "")
        super().watch_line(line)

    def bindings_signature(self) -> tuple[object, ...]:
        mine = [
            ("turn_card", ()),
            ("choose", ("a",)),
            *(("build", (source,)) for source in SOURCE_ORDER),
            ("deal", ()),
            ("redeal", ()),
            ("give_up", ()),
        ]
        return (
            *super().bindings_signature(),
            *(self.check_action(name, parameters) for name, parameters in mine),
        )

    # -- the status line -------------------------------------------------------------------

    def status(self, message: str, *, refused: bool = False) -> None:
        super().status(with_screen_keys(message), refused=refused)

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        return sentence(error.reason)

    def on_finished(self) -> None:
        self.status(f"{self.rules.prompt(self.current)} Press n for a new game, Esc for the menu.")

    # -- keys ------------------------------------------------------------------------------

    _ACTIONS: ClassVar[frozenset[str]] = frozenset(
        {
            "turn_card",
            "form_packet",
            "build",
            "play_selected",
            "choose",
            "deal",
            "next_card",
            "redeal",
            "give_up",
            "refuse",
            "cancel_choice",
        }
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in self._ACTIONS:
            return super().check_action(action, parameters)
        session = self.session
        if self.replaying or session is None or self.line is None:
            return False
        if action in ("choose", "cancel_choice"):
            return bool(self.choosing)
        if action == "refuse":
            return True
        state: ByTwosState = self.current
        if action in ("turn_card", "form_packet"):
            return state.phase is Phase.FORMING
        if action in ("next_card", "play_selected"):
            return not session.is_finished or None
        if state.phase is Phase.FORMING:
            return False  # the dealing keys appear once the packet is made
        legal = state.legal  # empty once the game is over: every key greyed
        if action == "build":
            source = str(parameters[0])
            return any(Build(source, pile) in legal for pile in PILE_KINDS) or None
        if action == "deal":
            # with the stock empty, the waste-turning key takes the deal key's place
            return True if DEAL in legal else None if state.stock else False
        if action == "redeal":
            return True if REDEAL in legal else False if state.stock else None
        return GIVE_UP in legal or None  # give_up

    def action_turn_card(self) -> None:
        self.play(TURN)

    def action_form_packet(self) -> None:
        """Turn card after card until the packet is made: each turn is a move of its own,
        recorded and undone one by one."""
        session = self.session
        if session is None or self.replaying:
            return
        before: ByTwosState = session.state
        turned = 0
        said = ""
        while session.state.phase is Phase.FORMING:
            said = self.rules.describe(session.state, TURN)
            session.play(TURN)
            turned += 1
        if not turned:
            return
        rejected = len(before.rejected) + turned - (RANK_COUNT - len(before.kept))
        self.line = session.line
        self.status(
            f"Turned {count(turned, 'card')} ({rejected} rejected in all); the last: "
            f"{said}. {self.rules.prompt(self.current)} (u takes back one turn at a time.)"
        )

    def action_build(self, source: str) -> None:
        """Play the card of ``source`` to the pile that takes it; ask which when both piles
        of its suit take it; say why not when neither does."""
        state: ByTwosState = self.current
        self.cursor = source
        moves = [Build(source, pile) for pile in PILE_KINDS if Build(source, pile) in state.legal]
        if len(moves) == 1:
            self.play(moves[0])
        elif moves:
            self.ask_for_pile(source)
        else:
            self.refuse_build(source)

    def ask_for_pile(self, source: str) -> None:
        state: ByTwosState = self.current
        top = state.top_of(source)
        assert top is not None
        self.choice = "a"
        self.choosing = source
        self.status(
            f"Both {SUIT_NAMES[top.suit]} piles take the {SOURCES[source]}'s {top}: a puts it "
            f"on the ace pile, d on the deuce pile (or ← → and Enter). Esc: neither."
        )

    def refuse_build(self, source: str) -> None:
        state: ByTwosState = self.current
        if state.phase is not Phase.DEALING:
            self.play(Build(source, "a"))  # the engine says why
            return
        reasons = dict.fromkeys(
            self.rules.why_illegal(state, Build(source, pile)) for pile in PILE_KINDS
        )
        self.status(sentence("; ".join(reasons)), refused=True)

    def action_choose(self, pile: str) -> None:
        source = self.choosing
        if not source:
            return
        self.choosing = ""
        self.play(Build(source, pile))

    def action_cancel_choice(self) -> None:
        self.choosing = ""
        self.status(f"No card played. {self.rules.prompt(self.current)}")

    def action_play_selected(self) -> None:
        if self.choosing:
            self.action_choose(self.choice)
        elif self.current.phase is Phase.FORMING:
            self.play(TURN)
        else:
            self.action_build(self.cursor)

    def move_cursor(self, step: int) -> None:
        if self.choosing:
            self.choice = "d" if self.choice == "a" else "a"
        elif self.current.phase is Phase.DEALING:
            here = SOURCE_ORDER.index(self.cursor)
            self.cursor = SOURCE_ORDER[(here + step) % len(SOURCE_ORDER)]

    def action_deal(self) -> None:
        self.play(DEAL)

    def action_next_card(self) -> None:
        """Space: turn a card while forming, deal one afterwards."""
        self.play(TURN if self.current.phase is Phase.FORMING else DEAL)

    def action_redeal(self) -> None:
        self.play(REDEAL)

    def action_give_up(self) -> None:
        from parlour.tui.screens.confirm import ConfirmScreen

        state: ByTwosState = self.current
        question = (
            f"Give up this game with {count(state.on_foundations, 'card')} on the "
            f"foundations? It ends as lost, with that score."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.play(GIVE_UP)
            else:
                self.status(f"Playing on. {self.rules.prompt(self.current)}")

        self.app.push_screen(ConfirmScreen(question, yes="Give up", no="Play on"), answered)

    def action_refuse(self, key: str) -> None:
        """A key whose move is not possible now: say why (the engine's reason)."""
        session = self.session
        if session is None:
            return
        if session.is_finished:
            self.status(f"{self.rules.prompt(self.current)} Press n for a new game.", refused=True)
        elif key in SOURCE_ORDER:
            self.refuse_build(key)
        elif key == "a":
            self.status(
                "a and d choose the pile when both piles of a suit take the card: "
                "press s, w or p first.",
                refused=True,
            )
        else:
            self.play({"t": TURN, "d": DEAL, "o": REDEAL, "G": GIVE_UP}[key])

    # -- hints -----------------------------------------------------------------------------

    def show_hint(self, move: Any) -> None:
        if isinstance(move, Build):
            self.cursor = move.source
        elif move in (DEAL, REDEAL):
            self.cursor = "s"

    def key_for(self, move: Any) -> str:
        if isinstance(move, Build):
            both = all(Build(move.source, pile) in self.current.legal for pile in PILE_KINDS)
            return f"{move.source} then {move.pile}" if both else move.source
        return {TURN: "t", DEAL: "d", REDEAL: "o", GIVE_UP: "G"}.get(move, str(move))

    # -- the mouse -------------------------------------------------------------------------

    @on(Pile.Chosen)
    def pile_clicked(self, event: Pile.Chosen) -> None:
        if not self.live():
            return
        state: ByTwosState = self.current
        key = event.key
        if key in ("deck", "kept", "rejected"):
            self.play(TURN)
        elif key == "stock" and not state.stock and state.phase is Phase.DEALING:
            self.play(REDEAL)
        elif key in ("stock", "waste", "packet"):
            self.action_build(key[0])
        elif key.startswith("foundation-"):
            self.foundation_clicked(state, int(key.removeprefix("foundation-")))

    def foundation_clicked(self, state: ByTwosState, index: int) -> None:
        pile = PILE_KINDS[index % 2]
        if self.choosing:
            if target(state, Build(self.choosing, pile)) == index:
                self.action_choose(pile)
            else:
                self.status("Choose one of the two piles shown, or Esc to cancel.", refused=True)
            return
        moves = [m for m in state.legal if isinstance(m, Build) and target(state, m) == index]
        if len(moves) == 1:
            self.cursor = moves[0].source
            self.play(moves[0])
        elif moves:
            keys = " or ".join(move.source for move in moves)
            self.status(f"More than one card can go there: press {keys}.")
        else:
            needed = wanted(index, state.built[index])
            what = f"needs {needed} next" if needed is not None else "is complete"
            self.status(f"The {foundation_name(index)} {what}.", refused=True)
