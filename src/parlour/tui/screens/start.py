"""The start screen: resume, the four games, scorecards, history, help, quit."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour import __version__
from parlour.engine import find_game, game_ids
from parlour.engine.errors import ParlourError
from parlour.store.database import SavedGame
from parlour.tui.screens import has_screen
from parlour.tui.widgets import KeyBar

#: the book's four games, in its order, with a line about each
BOOK_GAMES = (
    ("golf", "Golf", "clear seven columns onto one foundation; nine holes, bogey 40"),
    ("rubbish", "Rubbish Heap", "a board of thirteen, forced discards to a rubbish heap"),
    ("squares", "Three Squares", "three squares of heaps, suit runs that wrap round"),
    ("bytwos", "By Twos", "two packs, ace and deuce foundations building by twos"),
)


class StartScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "toggle_free_stock", "Golf rule"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(f"Parlour {__version__}", id="title")
            yield Static("Patience games from an old book", id="subtitle")
            yield OptionList(id="menu")
            yield Static(id="start-notice")
        yield KeyBar()

    def on_mount(self) -> None:
        self.rebuild()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        app = self.app
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        store = getattr(app, "store", None)
        saved = store.games_in_progress() if store is not None else []
        if saved:
            menu.add_option(Option(f"Resume: {describe_saved(saved[0])}", id="resume"))
        rule = "free stock" if getattr(app, "free_stock", False) else "book rule"
        playable = {game for game in game_ids() if has_screen(game)}
        for game, name, blurb in BOOK_GAMES:
            if game == "golf":
                menu.add_option(Option(f"Golf: a round of nine holes ({rule})", id="golf-round"))
                menu.add_option(Option(f"Golf: a single hole ({rule})", id="golf-hole"))
            elif game in playable:
                menu.add_option(Option(f"{name}: {blurb}", id=f"play-{game}"))
            else:
                menu.add_option(Option(f"{name}: coming soon", id=f"soon-{game}", disabled=True))
        menu.add_option(Option("Scorecards: past Golf rounds", id="scorecards"))
        menu.add_option(Option("History: replay a finished game", id="history"))
        menu.add_option(Option("Help", id="help"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = highlighted if highlighted is not None else 0
        menu.focus()
        notice = getattr(app, "notice", None)
        self.query_one("#start-notice", Static).update(notice or "")

    @on(OptionList.OptionSelected, "#menu")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        app = self.app
        choice = event.option.id or ""
        if choice == "resume":
            app.resume_latest()  # type: ignore[attr-defined]
        elif choice == "golf-round":
            app.start_round()  # type: ignore[attr-defined]
        elif choice == "golf-hole":
            app.start_new_game("golf")  # type: ignore[attr-defined]
        elif choice.startswith("play-"):
            app.start_new_game(choice.removeprefix("play-"))  # type: ignore[attr-defined]
        elif choice == "scorecards":
            from parlour.tui.screens.history import RoundsScreen

            app.push_screen(RoundsScreen())
        elif choice == "history":
            from parlour.tui.screens.history import HistoryScreen

            app.push_screen(HistoryScreen())
        elif choice == "help":
            self.action_help()
        elif choice == "quit":
            app.exit()

    def action_toggle_free_stock(self) -> None:
        app = self.app
        app.free_stock = not getattr(app, "free_stock", False)  # type: ignore[attr-defined]
        self.rebuild()

    def action_help(self) -> None:
        from parlour.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen("golf"))

    def action_quit(self) -> None:
        self.app.exit()


def describe_saved(saved: SavedGame) -> str:
    """``Golf, hole 3 (12 moves played)`` or ``Golf seed 77 (4 moves played)``."""
    try:
        name = find_game(saved.game).name
    except ParlourError:
        name = saved.game
    moves = len(saved.moves)
    where = f", hole {saved.hole}" if saved.hole else ""
    deal = f" seed {saved.seed}" if saved.seed is not None and not saved.hole else ""
    return f"{name}{where}{deal} ({moves} move{'s' if moves != 1 else ''} played)"
