"""The By Twos screen: the eight foundations in suit pairs, the stock, the waste and the
packet, and while the packet is being formed, the cards kept and rejected.

Every move goes to the engine: the keys only name the card (``s``, ``w``, ``p``), the
pile (``a``, ``d``) or the step (``t``, ``d``, ``o``, ``G``), and what is legal comes from
``legal_moves`` alone. The engine's prompts name moves by their notation; the one
notation letter that is a different key here (``r``, redo on every game screen) is
shown as the key that turns the waste over, ``o``.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static

from parlour.controls.bytwos import PILE_KINDS
from parlour.controls.bytwos import SOURCE_ORDER
from parlour.controls.bytwos import ByTwosCommand
from parlour.controls.bytwos import ByTwosControls
from parlour.controls.bytwos import count
from parlour.controls.bytwos import sentence
from parlour.controls.bytwos import target
from parlour.controls.bytwos import with_screen_keys
from parlour.engine.cards import SUIT_NAMES
from parlour.engine.cards import SUITS
from parlour.engine.errors import IllegalMoveError
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import FOUNDATIONS
from parlour.engine.games.bytwos_state import PILES
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import SOURCES
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import wanted
from parlour.engine.history import Line
from parlour.render.terminal import suit_glyphs
from parlour.tui import cards as art
from parlour.tui.screens.bytwos_panels import KEYS_WIDTH
from parlour.tui.screens.bytwos_panels import caption_form
from parlour.tui.screens.bytwos_panels import deal_info
from parlour.tui.screens.bytwos_panels import forming_info
from parlour.tui.screens.bytwos_panels import needs_text
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import Pile


class ByTwosScreen(GameScreen):
    CSS_PATH = "bytwos.tcss"
    CONTROLS = ByTwosControls
    controls: ByTwosControls
    #: its compact layout fits 60 × 20 (docs/layout.md); large cards from 120 × 36
    MIN_SIZE = (60, 20)
    CARD_SIZES = ((art.LARGE, 120, 36), (art.NORMAL, 0, 0))

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

    def draw_foundations(self, state: ByTwosState) -> None:
        live = self.controls.live
        builds = [move for move in state.legal if isinstance(move, Build)] if live else []
        targets = {target(state, move) for move in builds}
        chosen: set[int] = set()
        offered: set[int] = set()
        if self.controls.choosing and live:
            offered = {target(state, m) for m in builds if m.source == self.controls.choosing}
            chosen = {target(state, Build(self.controls.choosing, self.controls.choice))}
        form = caption_form(self.size.width)
        for suit in SUITS:
            glyph = suit if self.ascii_only else suit_glyphs()[suit]
            name = SUIT_NAMES[suit].capitalize()
            self.show(f"suit-{suit}", name if self.ascii_only else f"{glyph} {name}")
        for index in range(len(FOUNDATIONS)):
            count = state.built[index]
            pile = self.pile(f"foundation-{index}")
            pile.cards = foundation_cards(index, count)[-1:]
            base = foundation_cards(index, 1)[0]
            pile.caption = art.label(base, self.ascii_only) if not count else ""
            pile.playable = index in (offered if self.controls.choosing else targets)
            pile.selected = index in chosen
            # an empty place shows its base card; that card is laid there by itself
            needs = needs_text(wanted(index, count), form, index in targets, self.ascii_only)
            self.show(f"needs-{index}", needs if count else "")

    def draw_sources(self, state: ByTwosState) -> None:
        live = self.controls.live
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
            pile.selected = live and source == (self.controls.choosing or self.controls.cursor)
            self.show(f"{name}-count", count(len(cards), "card") if cards else "empty")
        keys = self.in_play and self.size.width >= KEYS_WIDTH
        self.show("deal-info", deal_info(state, self.rules.outcome(state), keys), layout=True)

    def draw_forming(self, line: Line[Any, Any]) -> None:
        state: ByTwosState = line.current
        deck = self.pile("deck")
        deck.face_down = bool(state.deck)
        deck.caption = str(len(state.deck))
        deck.playable = self.controls.live
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
        keys = self.in_play and self.size.width >= KEYS_WIDTH
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

    def watch_line(self, line: Line[Any, Any] | None) -> None:
        # any move, undo or redo ends a choice of pile that was still open
        self.controls.choosing = ""
        super().watch_line(line)

    # -- the status line -------------------------------------------------------------------

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None:
        super().status(with_screen_keys(message), refused=refused, whole=whole)

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        return sentence(error.reason)

    def on_finished(self) -> None:
        self.status(f"{self.ending_words()} Press n for a new game, m for the menu.")

    # -- keys ------------------------------------------------------------------------------

    def perform(self, command: Enum) -> None:
        if command is ByTwosCommand.FORM_PACKET:
            self.form_packet()
        else:
            super().perform(command)

    def form_packet(self) -> None:
        """Turn card after card until the packet is made: each turn is a move of its own,
        recorded and undone one by one."""
        session = self.game  # (a key of play)
        before: ByTwosState = session.state
        turned = 0
        said = ""
        while session.state.phase is Phase.FORMING:
            said = self.rules.words.describe(session.state, TURN)
            session.play(TURN)
            turned += 1
        if not turned:
            return
        rejected = len(before.rejected) + turned - (RANK_COUNT - len(before.kept))
        news = self.news_text(before, self.current)
        self.status(
            f"Turned {count(turned, 'card')} ({rejected} rejected in all); the last: "
            f"{said}. {news}{self.rules.words.prompt(self.current)} (u takes back one turn at a "
            "time.)"
        )

    def clicked(self, key: str) -> None:
        self.respond(self.controls.click(key))
