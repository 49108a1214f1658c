"""The Rubbish Heap screen: the thirteen places of the board in two rows, the stock, the
waste heap (the rubbish heap) and the four foundations.

The player's decisions are the ones the engine asks for: which source fills a vacancy
(``s`` or ``w``) and, in a round of discards, which card of the group goes next (the key
shown above its place, or the arrows and Enter). Every foundation play and every forced
fill happens inside the engine's moves; this screen only draws the result.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from parlour.engine.cards import SUIT_GLYPHS, SUITS, Card, card
from parlour.engine.games.rubbish import (
    DISCARDS,
    FROM_STOCK,
    FROM_WASTE,
    GIVE_UP,
    Discard,
    FillFromStock,
    FillFromWaste,
    Phase,
    RubbishState,
)
from parlour.engine.history import Line
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import CardSpread, KeyBar, Pile, with_suit_symbols

#: the key of each place on the board: 1–9, then a–d for 10–13 (as in hexadecimal)
PLACE_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d")
#: places in the first row of the board; the rest go in the second
FIRST_ROW = 7
PACK = 52
#: a reminder of the keys, shown when the terminal has lines to spare
LEGEND = (
    "1–9 and a–d throw the card at that position · s and w fill from the stock or the "
    "waste · ← → and Enter choose · v the whole heap · G give up · ? rules and keys"
)
#: the status line's height in lines (see rubbish.tcss)
STATUS_LINES = 4
#: columns between the cards of the fanned waste heap: enough to show each one's index
FAN_STEP = 5


def place_title(number: int) -> str:
    """What is written above a place: its number, and its key when that differs."""
    key = PLACE_KEYS[number - 1]
    return str(number) if key == str(number) else f"{number} {key}"


def cards_count(count: int) -> str:
    """``12 cards``, ``1 card``, ``empty``."""
    return f"{count} {'card' if count == 1 else 'cards'}" if count else "empty"


def or_list(words: list[str]) -> str:
    """``3``, ``3 or 7``, ``3, 7 or b``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


class RubbishScreen(GameScreen):
    CSS_PATH = "rubbish.tcss"
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (typed by Textual)
        (0, "-narrow"),
        (78, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012 (typed by Textual)
        (0, "-short"),
        (24, "-tall"),
        (30, "-roomy"),
    ]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "fill_stock", "Stock"),
        Binding("w", "fill_waste", "Waste"),
        # when a fill is not on offer the keys still answer, with the engine's reason
        Binding("s", "explain_fill('s')", "Stock", show=False),
        Binding("w", "explain_fill('w')", "Waste", show=False),
        *(
            Binding(key, f"discard_at({number})", f"Position {number}", show=False)
            for number, key in enumerate(PLACE_KEYS, start=1)
        ),
        Binding("enter", "play_cursor", "Choose"),
        Binding("v", "heap", "Heap"),
        Binding("G", "give_up", "Give up"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the choice the arrows have selected (a fill or a discard); Enter makes it
        self.selection: Any = None
        self._best: int | None = None

    def compose_board(self) -> ComposeResult:
        self.places = [
            Pile(str(number), fanned=False, title=place_title(number), id=f"place-{number}")
            for number in range(1, len(PLACE_KEYS) + 1)
        ]
        self.stock = Pile("stock", fanned=False, title="Stock", id="stock")
        self.waste = Pile("waste", fanned=False, title="Waste", id="waste")
        self.foundations = [Pile(f"home-{suit}", fanned=False, id=f"home-{suit}") for suit in SUITS]
        self.table_notes = Static(id="table-notes")
        self.table_line = Static(id="table-line")
        with Horizontal(id="places-top", classes="places"):
            yield from self.places[:FIRST_ROW]
        with Horizontal(id="places-bottom", classes="places"):
            yield from self.places[FIRST_ROW:]
        with Horizontal(id="rubbish-table"):
            yield self.stock
            yield self.waste
            with Vertical(id="foundations"):
                yield Static("Foundations", id="foundations-title")
                with Horizontal(id="foundation-piles"):
                    yield from self.foundations
            yield self.table_notes
        yield self.table_line
        yield Static(LEGEND, id="legend")

    def on_resize(self, event: Resize) -> None:
        # ten keys in the footer: below 100 columns they fit only in its compact style
        self.query_one(KeyBar).compact = event.size.width < 100

    # -- drawing ---------------------------------------------------------------------------

    @property
    def ascii_only(self) -> bool:
        return bool(getattr(self.app, "ascii_only", False))

    def choices(self, state: RubbishState) -> list[Any]:
        """The moves the arrows step through: the fills on offer, or the cards that may
        be thrown (in board order); giving up has its own key."""
        if self.replaying or self.session is None or self.session.is_finished:
            return []
        return [move for move in self.session.rules.legal_moves(state) if move is not GIVE_UP]

    def selected(self, state: RubbishState) -> Any:
        """The selected choice, kept while it is still on offer, else the first."""
        choices = self.choices(state)
        if not choices:
            return None
        if self.selection not in choices:
            self.selection = choices[0]
        return self.selection

    def redraw(self, line: Line[Any, Any]) -> None:
        state: RubbishState = line.current
        choices = self.choices(state)
        selected = self.selected(state)
        filling = state.phase is Phase.FILLING and not self.replaying
        next_vacancy = state.vacancies[0] if filling and state.vacancies else 0
        for number, (pile, placed) in enumerate(zip(self.places, state.board, strict=True), 1):
            move = DISCARDS[placed] if placed is not None else None
            pile.cards = () if placed is None else (placed,)
            pile.caption = "fill" if number == next_vacancy else ""
            pile.playable = move is not None and move in choices
            pile.selected = move is not None and move == selected
        stock = self.stock
        stock.face_down = bool(state.stock)
        stock.caption = str(len(state.stock)) if state.stock else "none"
        stock.playable = FROM_STOCK in choices
        stock.selected = selected == FROM_STOCK
        waste = self.waste
        waste.cards = state.waste[-1:]
        waste.caption = "none"
        waste.playable = FROM_WASTE in choices
        waste.selected = selected == FROM_WASTE
        for home, suit, top in zip(self.foundations, SUITS, state.foundations, strict=True):
            home.cards = (card(top, suit),) if top else ()
            home.caption = suit if self.ascii_only else SUIT_GLYPHS[suit]
        # the reminder of the keys only while there are moves to make
        self.set_class(not choices, "-no-choices")
        self.table_notes.update(self.notes(state, wide=True))
        self.table_line.update(self.notes(state, wide=False))

    def notes(self, state: RubbishState, *, wide: bool) -> str:
        """The counts beside the table (``wide``), or in one line under it."""
        outcome = self.rules.outcome(state)
        if outcome is not None and not self.replaying:
            best = self.best_score()
            record = f" · your best {best}" if best is not None else ""
            summary = f"{outcome.summary[0].upper()}{outcome.summary[1:]}"
            if wide:
                return f"[b]Game over[/b]\n{summary}.\nScore {outcome.score}{record}"
            return f"[b]Game over:[/b] {summary}. Score {outcome.score}{record}."
        heap = len(state.waste)
        waste, stock = cards_count(heap), cards_count(len(state.stock))
        if wide:
            look = "\nv shows them all" if heap > 1 else ""
            return f"Stock  {stock}\nWaste  {waste}\nHome   {state.cards_home} of {PACK}{look}"
        look = " (v shows them)" if heap > 1 else ""
        return f"Stock {stock} · waste {waste}{look} · home {state.cards_home} of {PACK}"

    def best_score(self) -> int | None:
        """The best finished Rubbish Heap score in the store, this game included."""
        if self._best is None:
            store = getattr(self.app, "store", None)
            if store is None:
                return None
            scores = [game.score for game in store.finished_games() if game.game == "rubbish"]
            self._best = max(scores, default=None)
        return self._best

    def bindings_signature(self) -> tuple[object, ...]:
        return (
            *super().bindings_signature(),
            self.check_action("fill_stock", ()),
            self.check_action("fill_waste", ()),
            self.check_action("play_cursor", ()),
        )

    # -- words -----------------------------------------------------------------------------

    def status(self, message: str, *, refused: bool = False) -> None:
        super().status(self.fit_status(message), refused=refused)

    def fit_status(self, message: str) -> str:
        """``message`` cut to the status line's height by leaving out the first of the
        things that just happened, never the question that follows them."""
        width = max(20, self.app.size.width - 2)  # the status line's padding
        console = self.app.console

        def fits(text: str) -> bool:
            return len(Text(text).wrap(console, width)) <= STATUS_LINES

        if self.line is None or fits(message):
            return message
        question = self.prompt_text(self.current)
        if not message.endswith(question):
            return message
        happened = message[: -len(question)].rstrip().removesuffix(".").split("; ")
        while len(happened) > 1:
            happened.pop(0)
            shorter = f"…{'; '.join(happened)}. {question}"
            if fits(shorter):
                return shorter
        return message

    def prompt_text(self, state: Any) -> str:
        """The engine's prompt, naming this screen's keys instead of the move notation."""
        text = super().prompt_text(state)
        if state.phase is Phase.DISCARDING:
            group = set(state.discard_group())
            keys = [
                PLACE_KEYS[number - 1]
                for number, placed in enumerate(state.board, start=1)
                if placed in group
            ]
            text = text.replace("(d<card>)", f"(press {or_list(keys)})")
        elif state.phase is Phase.FINISHED and not self.replaying:
            text += " Press n for a new game."
        return text

    def move_name(self, move: Any) -> str:
        if isinstance(move, Discard):
            return f"the discard of {move.card}"
        if isinstance(move, FillFromStock):
            return "the fill from the stock"
        if isinstance(move, FillFromWaste):
            return "the fill from the waste"
        return "giving up"

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        in_play = self.session is not None and not self.session.is_finished
        if action in {"fill_stock", "fill_waste", "discard_at", "play_cursor", "give_up"}:
            if self.replaying:
                return False
            if not in_play:
                return None
            if action == "fill_stock":
                return FROM_STOCK in self.choices(self.current) or None
            if action == "fill_waste":
                return FROM_WASTE in self.choices(self.current) or None
            return True
        if action == "explain_fill":
            return not self.replaying and in_play
        if action == "heap":
            return True
        return super().check_action(action, parameters)

    def action_fill_stock(self) -> None:
        self.choose(FROM_STOCK)

    def action_fill_waste(self) -> None:
        self.choose(FROM_WASTE)

    def action_explain_fill(self, source: str) -> None:
        self.choose(FROM_STOCK if source == "s" else FROM_WASTE)  # the engine says why not

    def action_discard_at(self, number: int) -> None:
        placed = self.current.board[number - 1]
        if placed is None:
            self.status(f"Position {number} is empty: there is no card to throw.", refused=True)
            return
        self.choose(DISCARDS[placed])

    def action_play_cursor(self) -> None:
        move = self.selected(self.current)
        if move is not None:
            self.choose(move)

    def choose(self, move: Any) -> None:
        """Ask the engine to make ``move``; if it refuses, say why in the player's words
        rather than in move notation."""
        session = self.session
        if self.replaying or session is None or session.is_finished:
            return
        state = session.state
        if not self.rules.is_legal(state, move):
            if isinstance(move, Discard):
                tried = f"Cannot throw {move.card}"
            else:
                tried = f"Cannot {self.describe_choice(move)}"
            self.status(f"{tried} — {self.rules.why_illegal(state, move)}.", refused=True)
            return
        if self.play(move):
            self.selection = None

    def move_cursor(self, step: int) -> None:
        choices = self.choices(self.current)
        if not choices or self.line is None:
            return
        selected = self.selected(self.current)
        self.selection = choices[(choices.index(selected) + step) % len(choices)]
        self.redraw(self.line)
        self.status(f"Enter will {self.describe_choice(self.selection)}; ← and → choose another.")

    def describe_choice(self, move: Any) -> str:
        """A choice in words: ``throw 10H from position 7``, ``fill from the stock``."""
        state: RubbishState = self.current
        if isinstance(move, Discard):
            if move.card in state.board:
                return f"throw {move.card} from position {state.board.index(move.card) + 1}"
            return f"throw {move.card}"
        if isinstance(move, FillFromStock):
            return "fill from the stock"
        if state.waste:
            return f"fill with the waste's top card {state.waste[-1]}"
        return "fill from the waste"

    def show_hint(self, move: Any) -> None:
        if move is not GIVE_UP and self.line is not None:
            self.selection = move
            self.redraw(self.line)

    def hint_words(self, move: Any) -> str:
        # the engine's description would play the move out and name the next stock card
        return self.describe_choice(move)

    def key_for(self, move: Any) -> str:
        if isinstance(move, Discard):
            return PLACE_KEYS[self.current.board.index(move.card)]
        if isinstance(move, FillFromStock):
            return "s"
        if isinstance(move, FillFromWaste):
            return "w"
        return "G"

    @on(Pile.Chosen)
    def pile_clicked(self, event: Pile.Chosen) -> None:
        if event.key == "waste" and not (self.check_action("fill_waste", ()) or False):
            self.action_heap()
            return
        if self.replaying or self.session is None or self.session.is_finished:
            return
        if event.key == "stock":
            self.choose(FROM_STOCK)
        elif event.key == "waste":
            self.choose(FROM_WASTE)
        elif event.key.isdigit():
            self.action_discard_at(int(event.key))

    # -- the heap, giving up, a new game ---------------------------------------------------

    def action_heap(self) -> None:
        self.app.push_screen(WasteHeapScreen(self.current.waste, ascii_only=self.ascii_only))

    def action_give_up(self) -> None:
        home = self.current.cards_home

        def answered(give_up: bool | None) -> None:
            if give_up:
                self.play(GIVE_UP)

        self.app.push_screen(
            ConfirmScreen(
                f"Give up this game? It ends now with {home} "
                f"{'card' if home == 1 else 'cards'} home, and that is its score.",
                yes="Give up",
                no="Play on",
            ),
            callback=answered,
        )

    def action_new(self) -> None:
        session = self.session
        if self.replaying or session is None or session.is_finished or not session.can_undo:
            super().action_new()
            return

        def answered(start: bool | None) -> None:
            if start:
                super(RubbishScreen, self).action_new()

        moves = len(session.line.moves)
        self.app.push_screen(
            ConfirmScreen(
                f"Start a new game? This one ({moves} {'move' if moves == 1 else 'moves'} "
                "played) is dropped and not scored; G gives up instead, which keeps its score.",
                yes="New game",
                no="Play on",
            ),
            callback=answered,
        )


class WasteHeapScreen(ModalScreen[None]):
    """The whole waste heap, bottom first, the top card last."""

    CSS_PATH = "rubbish.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("v", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, waste: tuple[Card, ...], *, ascii_only: bool = False) -> None:
        super().__init__()
        self.waste = waste
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        count = len(self.waste)
        if count:
            heading = (
                f"The waste heap: {count} {'card' if count == 1 else 'cards'}, the bottom "
                f"first; the top card, {self.card_name(self.waste[-1])}, is last."
            )
        else:
            heading = "The waste heap is empty."
        with Vertical(id="heap"):
            yield Static(heading, id="heap-heading")
            with VerticalScroll(id="heap-cards"):
                spread = CardSpread(step=FAN_STEP, id="heap-spread")
                spread.cards = self.waste
                spread.mark_last = True
                spread.ascii_only = self.ascii_only
                yield spread
        yield KeyBar()

    def on_mount(self) -> None:
        # the top of the heap is what matters most: keep it in view
        cards = self.query_one("#heap-cards", VerticalScroll)
        self.call_after_refresh(cards.scroll_end, animate=False)

    def card_name(self, shown: Card) -> str:
        return str(shown) if self.ascii_only else with_suit_symbols(str(shown))

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A question with two answers; ``y`` or the first button says yes, ``n``, Esc or the
    second says no (the default, so that a stray Enter changes nothing)."""

    CSS_PATH = "rubbish.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, *, yes: str, no: str) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, id="confirm-question")
            yield Static(f"y: {self.yes.lower()} · n or Esc: {self.no.lower()}", id="confirm-keys")
            with Horizontal(id="confirm-buttons"):
                yield Button(self.yes, id="confirm-yes", variant="error")
                yield Button(self.no, id="confirm-no", variant="primary")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
