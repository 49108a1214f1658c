"""The start screen: every unfinished game and round, every game of the registry,
scorecards, history, help, quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets import Static
from textual.widgets.option_list import Option

from parlour import __version__
from parlour.controls.screens import StartMenu
from parlour.controls.screens import start_keys
from parlour.engine.cards import RANK_WORDS
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import specs
from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from parlour.engine.untrusted import shown
from parlour.render.untrusted import said
from parlour.statistics import daily_scores
from parlour.store.opening import StoreError
from parlour.store.unfinished import unfinished
from parlour.tui.keyed import Keyed
from parlour.tui.screens.unfinished import entry_words
from parlour.tui.screens.unfinished import new_deal
from parlour.tui.screens.unfinished import open_saved
from parlour.tui.services import Services
from parlour.tui.services import services
from parlour.tui.widgets import KeyBar

#: the entries that need no store (they answer while the database is still opening)
WITHOUT_STORE = frozenset({"settings", "help", "quit"})


class StartScreen(Keyed, Screen[None]):
    KEYS = start_keys()

    def key_target(self) -> StartMenu:
        return self  # the type checker sees that the screen has what its keys call

    #: the menu scrolls, so it fits the smallest game's terminal (docs/layout.md)
    MIN_SIZE = (40, 12)
    #: under 20 lines the menu takes the room the subtitle and margins had
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]  # noqa: RUF012

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(f"Parlour {__version__}", id="title")
            yield Static("Patience games from an old book", id="subtitle")
            # plain words, never markup: an entry may hold a player's name
            yield OptionList(id="menu", markup=False)
            yield Static(id="start-notice")
        yield KeyBar()

    def on_mount(self) -> None:
        self.rebuild()

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        app = services(self)
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        # the entry highlighted stays so, wherever the unfinished games above it move it
        was = menu.get_option_at_index(highlighted).id if highlighted is not None else None
        menu.clear_options()
        notice = app.notice
        try:
            left = unfinished(app.store) if app.store is not None else []
        except StoreError as error:
            left, notice = [], str(error)
        # every unfinished round and every game's resume slot, the latest played first
        for entry in left:
            if entry.round is not None:
                menu.add_option(Option(entry_words(entry), id=f"continue-{entry.round.id}"))
            elif entry.saved is not None:
                menu.add_option(Option(entry_words(entry), id=f"resume-{entry.saved.id}"))
        chosen = app.options
        for spec in specs():
            rule = "".join(
                f" ({option.on if option.name in chosen else option.off})"
                for option in spec.options
                if option.key
            )
            if spec.rounds is not None:
                kind = spec.rounds
                menu.add_option(
                    Option(
                        f"{spec.name}: a round of {_words(kind.holes)} {kind.unit}s{rule}",
                        id=f"round-{spec.id}",
                    )
                )
                menu.add_option(Option(daily_words(spec, app), id=f"daily-{spec.id}"))
                menu.add_option(
                    Option(f"{spec.name}: a single {kind.unit}{rule}", id=f"play-{spec.id}")
                )
            else:
                menu.add_option(Option(f"{spec.name}: {spec.blurb}{rule}", id=f"play-{spec.id}"))
        round_names = " and ".join(spec.name for spec in specs() if spec.rounds is not None)
        menu.add_option(Option(f"Scorecards: past {round_names} rounds", id="scorecards"))
        menu.add_option(Option("Statistics: how you are doing, with plots", id="statistics"))
        from parlour.tui.screens.club_send import club_settings

        club = club_settings(self.app)[0]
        if club:  # (only for a player who has joined one: parlour club join URL)
            menu.add_option(Option(f"Club: today's leaderboard at {shown(club)}", id="club"))
        menu.add_option(Option("History: replay a finished game", id="history"))
        menu.add_option(Option("Settings: theme, four-colour deck, keys", id="settings"))
        player = app.store.player if app.store is not None else "?"
        menu.add_option(Option(f"Player: {shown(player)} (switch to another)", id="player"))
        menu.add_option(Option("Help", id="help"))
        menu.add_option(Option("Quit", id="quit"))
        ids = [menu.get_option_at_index(index).id for index in range(menu.option_count)]
        menu.highlighted = ids.index(was) if was in ids else 0
        menu.focus()
        self.query_one("#start-notice", Static).update(said(notice or ""))

    @on(OptionList.OptionSelected, "#menu")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        app = services(self)
        choice = event.option.id or ""
        if app.store is None and choice not in WITHOUT_STORE:
            self.notify(app.notice or "The database is still opening.", markup=False)
            return
        if choice.startswith("resume-"):
            open_saved(self, int(choice.removeprefix("resume-")))
        elif choice.startswith("continue-"):
            app.continue_round(int(choice.removeprefix("continue-")))
        elif choice.startswith("round-"):
            app.start_round()
        elif choice.startswith("daily-"):
            course = daily_course(choice.removeprefix("daily-"), app.today())
            app.start_round(frozenset(), course=course)
        elif choice.startswith("play-"):
            new_deal(self, choice.removeprefix("play-"))
        elif choice == "scorecards":
            from parlour.tui.screens.history import RoundsScreen

            self.app.push_screen(RoundsScreen())
        elif choice == "statistics":
            from parlour.tui.screens.statistics import StatisticsScreen

            self.app.push_screen(StatisticsScreen())
        elif choice == "player":
            from parlour.tui.screens.player import PlayerScreen

            self.app.push_screen(PlayerScreen(), lambda _: self.rebuild())
        elif choice == "club":
            from parlour.tui.screens.club import ClubScreen

            self.app.push_screen(ClubScreen())
        elif choice == "history":
            from parlour.tui.screens.history import HistoryScreen

            self.app.push_screen(HistoryScreen())
        elif choice == "settings":
            self.action_settings()
        elif choice == "help":
            self.action_help()
        elif choice == "quit":
            self.app.exit()

    def action_toggle_option(self, name: str) -> None:
        app = services(self)
        app.options = app.options ^ {name}
        self.rebuild()

    def action_settings(self) -> None:
        from parlour.tui.screens.settings import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_help(self) -> None:
        from parlour.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        self.app.exit()


def _words(number: int) -> str:
    """A small number in words, as a menu says it (``nine``)."""
    # two to ten are the ranks' words
    words = ("zero", "one", *RANK_WORDS[1:10], "eleven", "twelve")
    return words[number] if 0 <= number < len(words) else str(number)


def daily_words(spec: GameSpec, app: Services) -> str:
    """``Golf: today's course (BPV45VJ1)``, and the player's score if they have
    finished it today."""
    today = app.today()
    course = daily_course(spec.id, today)
    words = f"{spec.name}: today's course ({course_code(course)})"
    try:
        done = daily_scores(app.store, spec) if app.store is not None else []
    except StoreError:
        done = []
    scored = [day.total for day in done if day.day == today.isoformat()]
    return f"{words}: your score today {scored[0]}" if scored else words
