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
from textual.events import Resize

from parlour.controls.rubbish import PLACE_KEYS
from parlour.controls.rubbish import RubbishCommand
from parlour.controls.rubbish import RubbishControls
from parlour.controls.rubbish import cards_count
from parlour.controls.rubbish import legend
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
from parlour.tui import cards as art
from parlour.tui.keybar import KeyBar
from parlour.tui.offloop import in_thread
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.rubbish_board import Room
from parlour.tui.screens.rubbish_board import RubbishBoard
from parlour.tui.screens.rubbish_board import RubbishView
from parlour.tui.screens.rubbish_heap import WasteHeapScreen
from parlour.tui.services import services
from parlour.tui.services import still_up
from parlour.tui.widgets import StatusLine

__all__ = ["PLACE_KEYS", "RubbishScreen", "WasteHeapScreen"]

PACK = 52


class RubbishScreen(GameScreen):
    # the board is one widget (screens/rubbish_board.py; the app's stylesheet centres it);
    # a screen's rules are its default CSS rather than a file of its own, which Textual
    # would read when the screen is first shown, parsing and applying the app's whole
    # stylesheet again before the first frame
    DEFAULT_CSS = """
    /* what just happened and the question it leaves: at most four lines, as the board
       leaves room (RubbishScreen.fit_status leaves out the oldest of what happened first) */
    RubbishScreen #status {
        max-height: 4;
    }
    """
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
        if not still_up(self):
            return  # the screen has gone
        if self.line is not None and self.rules.outcome(self.line.current) is not None:
            self.redraw(self.line)

    def compose_board(self) -> ComposeResult:
        yield RubbishBoard(id="rubbish")

    def room(self) -> Room:
        """The board's room in the terminal now (its classes by the screen's breakpoints)."""
        width, height = self.app.size
        return Room(
            width=width - 2,  # (the board's padding)
            narrow=_named(self.HORIZONTAL_BREAKPOINTS, width) == "-narrow",
            short=_named(self.VERTICAL_BREAKPOINTS, height) == "-short",
            roomy=_named(self.VERTICAL_BREAKPOINTS, height) == "-roomy",
        )

    def on_resize(self, event: Resize) -> None:
        # ten keys in the footer: below 100 columns they fit only in its compact style
        self.query_one(KeyBar).compact = event.size.width < 100
        board = self.query_one(RubbishBoard)
        board.show_view(board.view, self.room())

    def size_cards(self, size: art.CardSize) -> None:
        self.query_one(RubbishBoard).card_size = size

    # -- drawing ---------------------------------------------------------------------------

    def titles(self) -> tuple[str, ...]:
        """What is written above each place: its number, and its key (the player's)."""
        key = self.controls.key
        return tuple(
            place_title(number, key("discard_at", number))
            for number in range(1, len(PLACE_KEYS) + 1)
        )

    def redraw(self, line: Line[Any, Any]) -> None:
        state: RubbishState = line.current
        choices = self.controls.choices()
        selected = self.controls.selected()
        filling = state.phase is Phase.FILLING and self.in_play
        next_vacancy = state.vacancies[0] if filling and state.vacancies else 0
        keys: dict[object, str] = {FROM_STOCK: "stock", FROM_WASTE: "waste"}
        for number, placed in enumerate(state.board, 1):
            if placed is not None:
                keys[DISCARDS[placed]] = str(number)
        view = RubbishView(
            places=tuple(state.board),
            titles=self.titles(),
            fill=next_vacancy,
            playable=frozenset(keys[move] for move in choices if move in keys),
            selected=keys.get(selected) if selected is not None else None,
            stock=len(state.stock),
            waste=state.waste[-1:],
            foundations=tuple(
                ((card(top, suit),) if top else (), suit)
                for suit, top in zip(SUITS, state.foundations, strict=True)
            ),
            notes=self.notes(state, wide=True),
            notes_line=self.notes(state, wide=False),
            legend=legend(self.controls.key) if choices else "",
        )
        # (the screen's class says whether there are moves to make)
        self.set_class(not choices, "-no-choices")
        self.query_one(RubbishBoard).show_view(view, self.room())

    def notes(self, state: RubbishState, *, wide: bool) -> str:
        """The counts beside the table (``wide``), or in one line under it."""
        outcome = self.rules.outcome(state)
        if outcome is not None and self.in_play:
            best = self.best_score(outcome.score)
            ending = self.rules.words.ending(state)
            summary = f"{ending[0].upper()}{ending[1:]}"
            if wide:
                # four lines beside the foundations' cards at 80 x 24, the summary taking
                # two: "your best 27" took a fifth, and its number was cut off
                record = f" · best {best}" if best is not None else ""
                return f"[b]Game over[/b]\n{summary}.\nScore {outcome.score}{record}"
            record = f" · your best {best}" if best is not None else ""
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
        prompt = super().prompt_text(state)
        return prompt_words(state, prompt, self.controls.key, offers_new_game=self.course.plays)

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


def _named(points: list[tuple[int, str]] | None, size: int) -> str:
    """The class Textual gives a screen of ``size`` by its breakpoints ``points``."""
    chosen = [name for least, name in sorted(points or []) if size >= least]
    return chosen[-1] if chosen else ""
