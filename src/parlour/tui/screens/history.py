"""Past games and past rounds, from the store."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable
from textual.widgets import Static

from parlour.controls.keys import Availability
from parlour.controls.screens import HISTORY_KEYS
from parlour.controls.screens import ROUNDS_KEYS
from parlour.controls.screens import History
from parlour.controls.screens import Rounds
from parlour.engine import find_game
from parlour.engine.errors import ParlourError
from parlour.engine.errors import UnknownGameError
from parlour.engine.notation import parse_options
from parlour.engine.registry import find_spec
from parlour.engine.registry import round_game
from parlour.engine.registry import rules_words
from parlour.engine.rounds import Round
from parlour.engine.rounds import course_code
from parlour.render.untrusted import outside
from parlour.render.untrusted import said
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.schema import FinishedGame
from parlour.store.schema import StoredRound
from parlour.tui.keybar import KeyBar
from parlour.tui.offloop import in_writer
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.screens.scorecard import Figures
from parlour.tui.screens.scorecard import scorecard_table
from parlour.tui.services import services
from parlour.tui.services import still_up

TITLE = "Finished games: choose one and press Enter to replay it"


def _result(game: FinishedGame) -> str:
    """A game's result as its game words it (a Golf hole is cleared or not)."""
    try:
        won, not_won = find_game(game.game).words.results
    except ParlourError:  # a game this Parlour does not know
        won, not_won = "won", "lost"
    return won if game.won else not_won


class ChoiceTable(DataTable[str]):
    """A table of rows to choose from, whose Enter is its screen's (History's replay,
    Rounds' continue): the table's own Enter (``select_cursor``, hidden) would take the
    key first and keep the screen's off the key bar. A click on a row still chooses it."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "select_cursor" and super().check_action(action, parameters)


def game_title(game: str) -> Text:
    """A list's Game column: the game by its name, short where it has a short one
    (``Rubbish`` for Rubbish Heap: the list fits 80 columns), not by its id; a game this
    Parlour does not know, as the database names it."""
    try:
        spec = find_spec(game)
    except UnknownGameError:
        return outside(game)
    return Text(spec.short_name or spec.name)


def short_rule(game: str, options: str) -> Text:
    """A list's Rule column: the rule options' own words ("free stock", as a game's name
    says them), or "book" for the book rule ("book rule" pushed the Moves column out of
    sight at 80 x 24); nothing for a game without options (Rubbish Heap)."""
    words = rules_words(game, options)
    return outside("book" if options == "none" and words else words)


class HistoryScreen(OpensHelp, Screen[None]):
    """Finished games, newest first; Enter replays one."""

    #: this screen's look, here rather than in parlour.tcss, so that the app does not
    #: parse it at every start before a board (docs/performance.md)
    DEFAULT_CSS = """
    #history {
        padding: 0 1;
    }

    #history #title {
        text-style: bold;
        margin-bottom: 1;
    }

    #games {
        height: 1fr;
    }
    """

    KEYS = HISTORY_KEYS

    def key_target(self) -> History:
        return self  # the type checker sees that the screen has what its keys call

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            yield Static(TITLE, id="title")
            yield ChoiceTable(id="games", cursor_type="row")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Finished", "Game", "Deal", "Rule", "Result", "Score", "Moves")
        table.focus()
        store = services(self).store
        if store is None:
            self.show_games([])
            return
        self.query_one("#title", Static).update("Reading the finished games…")
        self.read_games(store)

    @work(thread=True, exclusive=True, group="read")
    def read_games(self, store: Store) -> None:
        """Read the finished games in a thread (the screen answers keys meanwhile)."""
        try:
            games = store.finished_games()
        except StoreError as error:
            self.app.call_from_thread(self.unreadable, str(error))
            return
        self.app.call_from_thread(self.show_games, games)

    def unreadable(self, error: str) -> None:
        self.query_one("#title", Static).update(said(f"The games cannot be read: {error}"))

    def show_games(self, games: list[FinishedGame]) -> None:
        table = self.query_one(DataTable)
        for game in games:
            deal = f"seed {game.seed}" if game.seed is not None else "deck"
            if game.hole:
                deal = f"hole {game.hole}"
            elif game.origin is not None:  # taken over from a replay of a round's hole
                deal = str(game.origin)
            # the database's words are outside text: shown as written, never markup
            table.add_row(
                outside(game.finished.replace("T", " ")[:16]),
                game_title(game.game),
                deal,
                short_rule(game.game, game.options),
                _result(game),
                str(game.score),
                str(len(game.moves)),
                key=str(game.id),
            )
        title = self.query_one("#title", Static)
        title.update(TITLE if games else "No finished games yet.")

    @on(DataTable.RowSelected)
    def selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            services(self).replay_stored(int(event.row_key.value))

    def action_replay(self) -> None:
        table = self.query_one(DataTable)
        if table.row_count:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
            if key.value is not None:
                services(self).replay_stored(int(key.value))

    def action_back(self) -> None:
        self.app.pop_screen()


class RoundsScreen(OpensHelp, Screen[None]):
    """Past rounds with their scorecards; an unfinished round can be continued or
    abandoned from here."""

    #: this screen's look, here rather than in parlour.tcss (as the history's)
    DEFAULT_CSS = """
    #rounds {
        padding: 0 1;
    }

    #rounds #title {
        text-style: bold;
        margin-bottom: 1;
    }

    #round-table {
        height: 1fr;
        min-height: 4;
    }

    #round-card-room {
        height: auto;
        max-height: 70%;
    }

    #round-card {
        height: auto;
    }
    """

    KEYS = ROUNDS_KEYS

    def key_target(self) -> Rounds:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(self) -> None:
        super().__init__()
        self.spec = round_game()
        assert self.spec.rounds is not None
        self.kind = self.spec.rounds
        self.rounds: list[StoredRound] = []
        #: the round whose card is shown, with its figures (None: no card)
        self._card: tuple[Round, Figures] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="rounds"):
            yield Static(f"{self.spec.name} rounds (bogey {self.kind.bogey})", id="title")
            yield ChoiceTable(id="round-table", cursor_type="row")
            # (a card in parts on a narrow terminal may be taller than the room left)
            with VerticalScroll(id="round-card-room", can_focus=False):
                yield Static(id="round-card")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Started", "Course", "Rule", "Holes", "Total", "vs bogey")
        self.fill()
        table.focus()

    def fill(self) -> None:
        """The table of rounds, read from the store (again, after a change) in a thread:
        the screen answers keys meanwhile."""
        store = services(self).store
        if store is None:
            self.show_rounds([])
            return
        self._card = None
        self.query_one("#round-card", Static).update("Reading the rounds…")
        self.read_rounds(store)

    @work(thread=True, exclusive=True, group="read")
    def read_rounds(self, store: Store) -> None:
        try:
            rounds = store.rounds()
        except StoreError as error:
            self.app.call_from_thread(self.show_rounds, [], str(error))
            return
        self.app.call_from_thread(self.show_rounds, rounds)

    def show_rounds(self, rounds: list[StoredRound], error: str = "") -> None:
        if not still_up(self):
            return  # the screen has gone
        table = self.query_one(DataTable)
        chosen = self.chosen  # (read again, as after an abandon: the same round stays chosen)
        table.clear()
        self.rounds = rounds
        self._card = None
        self.query_one("#round-card", Static).update(said(error))
        for stored in self.rounds:
            difference = stored.total - self.kind.bogey
            table.add_row(
                outside(stored.started.replace("T", " ")[:16]),
                course_code(stored.course),
                short_rule(round_game().id, stored.options),
                f"{len(stored.scores)}/{self.kind.holes}{round_state(stored)}",
                str(stored.total),
                f"{difference:+d}" if stored.is_complete else "",
                key=str(stored.id),
            )
        if not self.rounds:
            self.query_one("#title", Static).update(f"No {self.spec.name} rounds yet.")
        elif chosen is not None and any(r.id == chosen.id for r in self.rounds):
            table.move_cursor(row=table.get_row_index(str(chosen.id)))
        self.refresh_bindings()

    @property
    def chosen(self) -> StoredRound | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((r for r in self.rounds if str(r.id) == key), None)

    @on(DataTable.RowHighlighted)
    def highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value
        stored = next((r for r in self.rounds if str(r.id) == key), None)
        if stored is not None:
            round_ = Round(self.kind, stored.course, parse_options(stored.options), stored.scores)
            # the card at once; its pars and bests once they are read
            self.show_round(round_, ({}, {}))
            store = services(self).store
            if store is not None:
                self.read_pars(store, round_, stored.options)
        self.refresh_bindings()

    @work(thread=True, exclusive=True, group="pars")
    def read_pars(self, store: Store, round_: Round, options: str) -> None:
        """Read the round's pars and bests in a thread, and show its card with them."""
        seeds = round_.seeds()
        try:
            found = (store.hint_pars(seeds, options), store.pars(seeds, options))
        except StoreError:
            return  # the card stays without them
        pars, bests = (
            {hole: known[seed] for hole, seed in enumerate(seeds, 1) if seed in known}
            for known in found
        )
        self.app.call_from_thread(self.show_card, round_, pars, bests)

    def show_card(self, round_: Round, pars: dict[int, int], bests: dict[int, int]) -> None:
        chosen = self.chosen if still_up(self) else None
        if chosen is None or chosen.course != round_.course or chosen.scores != round_.scores:
            return  # the screen has gone, or another round is chosen now
        self.show_round(round_, (pars, bests))

    def show_round(self, round_: Round, figures: Figures) -> None:
        """The round's card, in parts one under the other when the terminal is too narrow
        for it whole, as after a hole (whole, a narrow column folded its figures: +242
        against bogey showed as +24 over a 2)."""
        self._card = (round_, figures)
        width = self.app.size.width - 4  # (the screen's padding, the card's scroll bar)
        self.query_one("#round-card", Static).update(scorecard_table(round_, figures, width=width))

    def on_resize(self) -> None:
        if self._card is not None and still_up(self):
            self.show_round(*self._card)

    @on(DataTable.RowSelected)
    def selected(self, _event: DataTable.RowSelected) -> None:
        if self.can_continue() is True:
            self.action_continue_round()

    def can_continue(self) -> Availability:
        """Enter: for an unfinished round (greyed for the others, saying why)."""
        return self._unfinished_chosen("continued")

    def can_abandon(self) -> Availability:
        """a: for an unfinished round (greyed for the others, saying why)."""
        return self._unfinished_chosen("abandoned")

    def _unfinished_chosen(self, done: str) -> Availability:
        stored = self.chosen
        if stored is None:
            return f"No round chosen: only an unfinished round can be {done}."
        if stored.is_unfinished:
            return True
        state = "was abandoned" if stored.abandoned is not None else "is complete"
        return f"This round {state}: only an unfinished round can be {done}."

    def action_continue_round(self) -> None:
        stored = self.chosen
        if stored is not None and stored.is_unfinished:
            services(self).continue_round(stored.id)

    def action_abandon_round(self) -> None:
        from parlour.tui.screens.confirm import ConfirmScreen

        stored = self.chosen
        if stored is None or not stored.is_unfinished:
            return
        played = len(stored.scores)

        def answered(yes: bool | None) -> None:
            store = services(self).store
            if not yes or store is None:
                return
            self.abandon(store, stored.id)

        unit = self.kind.unit
        kept = (
            f"Its {played} {unit}{'' if played == 1 else 's'} played stay"
            if played
            else f"No {unit} of it has been played; it stays"
        )
        self.app.push_screen(
            ConfirmScreen(
                f"Abandon round {course_code(stored.course)}? {kept} in the history, "
                "marked abandoned, and it cannot be continued.",
                yes="Abandon",
                no="Keep it",
            ),
            callback=answered,
        )

    @work(exclusive=True, group="abandon")
    async def abandon(self, store: Store, round_id: int) -> None:
        """Abandon the round through the writer (in turn after the moves handed to it),
        then read the table again."""
        try:
            await in_writer(services(self).writer, lambda: store.abandon_round(round_id))
        except StoreError as error:
            self.notify(str(error), severity="error", timeout=15)
            return
        if still_up(self):
            self.fill()

    def action_back(self) -> None:
        self.app.pop_screen()


def round_state(stored: StoredRound) -> str:
    """`` · abandoned`` or `` · unfinished`` after the holes played; nothing when complete."""
    if stored.abandoned is not None:
        return " · abandoned"
    return " · unfinished" if stored.is_unfinished else ""
