"""The Rubbish Heap screen: the thirteen places of the board in two rows, the stock, the
waste heap (the rubbish heap) and the four foundations.

The player's decisions are the ones the engine asks for: which source fills a vacancy
(``s`` or ``w``) and, in a round of discards, which card of the group goes next (the key
shown above its place, or the arrows and Enter). Every foundation play and every forced
fill happens inside the engine's moves; this screen only draws the result.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.events import Resize
from textual.widgets import Static

from parlour.controls.rubbish import PLACE_KEYS
from parlour.controls.rubbish import RubbishCommand
from parlour.controls.rubbish import RubbishControls
from parlour.controls.rubbish import cards_count
from parlour.controls.rubbish import move_name
from parlour.controls.rubbish import place_title
from parlour.controls.rubbish import prompt_words
from parlour.engine.cards import SUITS
from parlour.engine.cards import card
from parlour.engine.games.rubbish_state import DISCARDS
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.history import Line
from parlour.render.terminal import suit_glyphs
from parlour.tui import cards as art
from parlour.tui.offloop import in_thread
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.rubbish_heap import WasteHeapScreen
from parlour.tui.services import services
from parlour.tui.widgets import KeyBar
from parlour.tui.widgets import Pile
from parlour.tui.widgets import StatusLine

__all__ = ["PLACE_KEYS", "RubbishScreen", "WasteHeapScreen"]

#: places in the first row of the board; the rest go in the second
FIRST_ROW = 7
PACK = 52
#: a reminder of the keys, shown when the terminal has lines to spare
LEGEND = (
    "1–9 and a–d throw the card at that position · s and w fill from the stock or the "
    "waste · ← → and Enter choose · v the whole heap · G give up · ? rules and keys"
)


class RubbishScreen(GameScreen):
    CSS_PATH = "rubbish.tcss"
    CONTROLS = RubbishControls
    controls: RubbishControls
    #: its compact layout fits 60 × 20 (docs/layout.md); large cards from 120 × 36
    MIN_SIZE = (60, 20)
    CARD_SIZES = ((art.LARGE, 120, 36), (art.NORMAL, 0, 0))
    VERTICAL_BREAKPOINTS = [(0, "-short"), (24, "-tall"), (30, "-roomy")]  # noqa: RUF012

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the best score of the games finished before this one, once read (None: none)
        self._best: int | None = None
        self._best_read = False

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs by itself: Textual calls the mount handler of each
        # class of the screen; called from here too, the screen listened to its game
        # twice and drew every move twice)
        if self.in_play:  # read now, off the loop: the game's end wants it
            self.run_worker(self._read_best(), group="best", exclusive=True)

    async def _read_best(self) -> None:
        store = services(self).store
        if store is None:
            return
        games = await in_thread(store.finished_games)
        self._best = max((game.score for game in games if game.game == self.rules.id), default=None)
        self._best_read = True
        if self.line is not None and self.rules.outcome(self.line.current) is not None:
            self.redraw(self.line)

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

    def redraw(self, line: Line[Any, Any]) -> None:
        state: RubbishState = line.current
        choices = self.controls.choices()
        selected = self.controls.selected()
        filling = state.phase is Phase.FILLING and self.in_play
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
            home.caption = suit if self.ascii_only else suit_glyphs()[suit]
        # the reminder of the keys only while there are moves to make
        self.set_class(not choices, "-no-choices")
        self.table_notes.update(self.notes(state, wide=True))
        self.table_line.update(self.notes(state, wide=False))

    def notes(self, state: RubbishState, *, wide: bool) -> str:
        """The counts beside the table (``wide``), or in one line under it."""
        outcome = self.rules.outcome(state)
        if outcome is not None and self.in_play:
            best = self.best_score(outcome.score)
            record = f" · your best {best}" if best is not None else ""
            ending = self.rules.words.ending(state)
            summary = f"{ending[0].upper()}{ending[1:]}"
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

    def best_score(self, score: int) -> int | None:
        """The best finished Rubbish Heap score, this game's ``score`` included (None until
        the earlier games are read)."""
        if not self._best_read:
            return None
        return score if self._best is None else max(self._best, score)

    # -- words -----------------------------------------------------------------------------

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None:
        super().status(self.fit_status(message), refused=refused, whole=whole or message)

    def fit_status(self, message: str) -> str:
        """``message`` cut to the status line's height by leaving out the first of the
        things that just happened, never the question that follows them."""
        width = max(20, self.app.size.width - 2)  # the status line's padding
        console = self.app.console
        lines = self.query_one(StatusLine).most_lines()

        def fits(text: str) -> bool:
            return len(Text(text).wrap(console, width)) <= lines

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
        return prompt_words(state, super().prompt_text(state), offers_new_game=self.course.plays)

    def move_name(self, move: Any) -> str:
        return move_name(move)

    def play(self, move: Any) -> bool:
        played = super().play(move)
        if played:
            self.controls.selection = None  # the first choice of the next position
        return played

    def clicked(self, key: str) -> None:
        controls = self.controls
        if key == "waste" and not controls.can_fill_waste():
            self.action_heap()
        elif key == "stock":
            self.respond(controls.fill_stock())
        elif key == "waste":
            self.respond(controls.fill_waste())
        elif key.isdigit() and controls.live:
            self.respond(controls.discard_at(int(key)))

    def looked_at(self, key: str) -> None:
        if key == "waste":  # (as v does in a replay too)
            self.action_heap()

    # -- the heap, a new game --------------------------------------------------------------

    def action_heap(self) -> None:
        self.app.push_screen(WasteHeapScreen(self.current.waste, ascii_only=self.ascii_only))

    def action_new(self) -> None:
        question = self.controls.new_question()
        if question is None:
            super().action_new()
        else:
            self.ask(question)

    def perform(self, command: Enum) -> None:
        if command is RubbishCommand.HEAP:
            self.action_heap()
        elif command is RubbishCommand.NEW_ANYWAY:
            self.action_new_anyway()  # the player has said yes: this game is dropped
        else:
            super().perform(command)
