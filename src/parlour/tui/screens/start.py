"""The start screen: every unfinished game and round, every game of the registry,
scorecards, history, help, quit."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from textual import events
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets import Static
from textual.widgets.option_list import Option
from textual.worker import Worker

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
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.unfinished import Unfinished
from parlour.store.unfinished import unfinished
from parlour.tui.keybar import KeyBar
from parlour.tui.keyed import Keyed
from parlour.tui.offloop import in_thread
from parlour.tui.screens.unfinished import entry_words
from parlour.tui.screens.unfinished import new_deal
from parlour.tui.screens.unfinished import open_saved
from parlour.tui.services import club_settings
from parlour.tui.services import services
from parlour.tui.services import still_up

#: the entries that need no store (they answer while the database is still opening)
WITHOUT_STORE = frozenset({"settings", "help", "quit"})
#: under this many columns a notice is a narrow box over half the menu, so a key that
#: does nothing here is answered in the game screens' few words, not in a sentence
NARROW = 80


class StartScreen(Keyed, Screen[None]):
    #: this screen's look, here rather than in parlour.tcss, so that the app does not
    #: parse it at every start before a board (docs/performance.md); as a widget's
    #: default CSS its rules lose to every rule of parlour.tcss, and none of those
    #: matches what these style
    DEFAULT_CSS = """
    #start {
        align: center top;
        padding: 1 2;
    }

    #start #title {
        text-style: bold;
        color: $text-primary;
        width: 100%;
        max-width: 76;  /* the menu's width: the column is centred as one */
        min-width: 8;
        content-align: center middle;
    }

    #start #subtitle {
        color: $text-muted;
        width: 100%;
        max-width: 76;
        min-width: 8;
        content-align: center middle;
        margin-bottom: 1;
    }

    #menu {
        height: auto;
        max-height: 16;  /* until the screen's size is known (on_resize) */
        width: 100%;
        max-width: 76;
        /* never narrower than its own border and padding: Textual cannot wrap the options
           in no room at all (a terminal a few cells wide) */
        min-width: 8;
    }

    #start-notice {
        color: $warning;
        margin-top: 1;
        width: 100%;
        max-width: 76;
        min-width: 8;
    }

    /* a short terminal: no subtitle, no margins, and a menu that scrolls in what is left */
    StartScreen.-short #start {
        padding: 0 1;
    }

    StartScreen.-short #subtitle {
        display: none;
    }

    StartScreen.-short #menu {
        height: 1fr;
    }

    StartScreen.-short #start-notice {
        margin-top: 0;
        height: auto;
        max-height: 2;
    }
    """
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

    def __init__(self) -> None:
        super().__init__()
        #: the store's last answer, the menu's entries until the next one comes
        self._listing: Listing | None = None
        #: the read of the store under way (a test may wait for it)
        self.reading: Worker[None] | None = None

    def on_mount(self) -> None:
        self.rebuild()

    def on_resize(self, event: events.Resize) -> None:
        if still_up(self):  # (a screen being taken away may have lost its parts)
            self._fit_menu(event.size.height)

    def _fit_menu(self, height: int) -> None:
        # a tall terminal's menu is as long as its entries, within the rows the title,
        # the subtitle, their margins, the notice (when it says something) and the key
        # bar leave (a fixed 16 left Help and Quit out of sight beside a dozen empty
        # rows, and rows kept for an empty notice left Quit out of sight at 80 x 24 with
        # two games unfinished); a short one's takes what is left (its CSS)
        tall = height >= self.VERTICAL_BREAKPOINTS[1][0]
        notice = self.query_one("#start-notice", Static)
        menu = self.query_one("#menu", OptionList)
        menu.styles.max_height = max(4, height - (8 if notice.display else 6)) if tall else None

    def idle_words(self, event: events.Key) -> str:
        # a key that does nothing here (a game's keys, before a game is open) says so,
        # rather than nothing (Keyed.on_key says it)
        how = "choose an entry with the arrow keys and Enter; "
        return self.why_idle(event, how if self.size.width >= NARROW else "")

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Fill the menu at once from the store's last answer, and read it again off the
        event loop (a database another program holds must not freeze the screen); the menu
        is filled again when the answer comes, if anything in it changed."""
        self._fill()
        self.reading = self.run_worker(self._read, group="listing", exclusive=True)

    async def _read(self) -> None:
        app = services(self)
        store = app.store
        if store is None:
            return
        today = app.today()
        try:
            listing = await in_thread(lambda: _listing(store, today))
        except StoreError as error:
            listing = Listing(store, [], {}, str(error))
        # (the player may have switched while it was read, or the screen gone)
        if app.store is store and still_up(self):
            self._listing = listing
            self._fill()

    def _fill(self) -> None:
        app = services(self)
        listing = self._listing
        if listing is None or listing.store is not app.store:
            listing = Listing(app.store, [], {}, None)
        entries = self._entries(listing)
        menu = self.query_one("#menu", OptionList)
        notice = self.query_one("#start-notice", Static)
        words = app.notice or listing.notice or ""
        notice.update(said(words))
        if notice.display != bool(words):  # (an empty notice keeps no rows from the menu)
            notice.display = bool(words)
            if self.size.height:  # (before the first layout, on_resize fits it)
                self._fit_menu(self.size.height)
        shown_now = [
            (option.id, str(option.prompt))
            for option in (menu.get_option_at_index(i) for i in range(menu.option_count))
        ]
        if shown_now == [(option.id, str(option.prompt)) for option in entries]:
            return  # the same menu: left as it is, where the player is in it
        highlighted = menu.highlighted
        # the entry highlighted stays so, wherever the unfinished games above it move it
        # (the first entry stays the one highlighted, whatever it now is)
        was = menu.get_option_at_index(highlighted).id if highlighted else None
        menu.clear_options()
        menu.add_options(entries)
        ids = [option.id for option in entries]
        menu.highlighted = ids.index(was) if was in ids else 0
        menu.focus()

    def _entries(self, listing: Listing) -> list[Option]:
        app = services(self)
        entries: list[Option] = []
        # every unfinished round and every game's resume slot, the latest played first
        for entry in listing.left:
            if entry.round is not None:
                entries.append(Option(entry_words(entry), id=f"continue-{entry.round.id}"))
            elif entry.saved is not None:
                entries.append(Option(entry_words(entry), id=f"resume-{entry.saved.id}"))
        chosen = app.options
        for spec in specs():
            rule = "".join(
                f" ({option.on if option.name in chosen else option.off})"
                for option in spec.options
                if option.key
            )
            if spec.rounds is not None:
                kind = spec.rounds
                entries += [
                    Option(
                        f"{spec.name}: a round of {_words(kind.holes)} {kind.unit}s{rule}",
                        id=f"round-{spec.id}",
                    ),
                    Option(
                        daily_words(spec, app.today(), listing.daily.get(spec.id)),
                        id=f"daily-{spec.id}",
                    ),
                    Option(f"{spec.name}: a single {kind.unit}{rule}", id=f"play-{spec.id}"),
                ]
            else:
                entries.append(Option(f"{spec.name}: {spec.blurb}{rule}", id=f"play-{spec.id}"))
        round_names = " and ".join(spec.name for spec in specs() if spec.rounds is not None)
        entries.append(Option(f"Scorecards: past {round_names} rounds", id="scorecards"))
        entries.append(Option("Statistics: how you are doing, with plots", id="statistics"))
        club = club_settings(self.app)[0]
        if club:  # (only for a player who has joined one: parlour club join URL)
            entries.append(Option(f"Club: today's leaderboard at {shown(club)}", id="club"))
        entries.append(Option("History: replay a finished game", id="history"))
        entries.append(Option("Settings: theme, four-colour deck, keys", id="settings"))
        player = app.store.player if app.store is not None else "?"
        entries.append(Option(f"Player: {shown(player)} (switch to another)", id="player"))
        entries.append(Option("Help", id="help"))
        entries.append(Option("Quit", id="quit"))
        return entries

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
        self._fill()  # (the store's answer is the same)

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


@dataclass(frozen=True)
class Listing:
    """What the start screen reads from the store: the unfinished games and rounds, and
    today's course score of each game that has one."""

    #: the store it was read from (an answer from another player's store is not shown)
    store: object
    left: list[Unfinished]
    #: game id → the player's score on today's course, if they have finished it
    daily: dict[str, int]
    #: why the store could not be read, if it could not
    notice: str | None


def _listing(store: Store, today: date) -> Listing:
    """The start screen's reading of the store (in a thread: it may wait for the disk)."""
    # (the statistics are loaded here, not before the menu is first drawn)
    from parlour.statistics import daily_scores

    daily: dict[str, int] = {}
    for spec in specs():
        if spec.rounds is not None:
            scored = [
                day.total for day in daily_scores(store, spec) if day.day == today.isoformat()
            ]
            if scored:
                daily[spec.id] = scored[0]
    return Listing(store, unfinished(store), daily, None)


def daily_words(spec: GameSpec, today: date, score: int | None) -> str:
    """``Golf: today's course (BPV45VJ1, book rule)``, and the player's score if they
    have finished it today. The day's course is always played under the book rule
    (docs/formats.md), whatever the other entries' rule: the entry says so."""
    course = daily_course(spec.id, today)
    words = f"{spec.name}: today's course ({course_code(course)}, book rule)"
    return f"{words}: your score today {score}" if score is not None else words
