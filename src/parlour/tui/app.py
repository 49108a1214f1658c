"""The Parlour app. :func:`make_app` builds it from explicit inputs; the CLI and the tests
both use it."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Callable
from datetime import UTC
from datetime import date
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.worker import Worker
from textual.worker import WorkerCancelled
from textual.worker import WorkerFailed

from parlour import ending
from parlour.collector import release
from parlour.controls.course import Playing
from parlour.engine import find_game
from parlour.engine.history import Line
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.untrusted import QUOTED
from parlour.engine.untrusted import shown
from parlour.render import shows_suits
from parlour.render.untrusted import said
from parlour.session import Session
from parlour.store import config as settings_file
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.paths import data_dir as resolve_data_dir
from parlour.store.writer import Writer
from parlour.tui.breakpoints import StyledOnce
from parlour.tui.exports import deals
from parlour.tui.exports import drop_undelivered
from parlour.tui.exports import exports
from parlour.tui.notices import PlainNotices
from parlour.tui.offloop import answered
from parlour.tui.offloop import in_thread
from parlour.tui.opening import OpenGame
from parlour.tui.opening import Opening
from parlour.tui.opening import OpenRound
from parlour.tui.opening import PlayOn
from parlour.tui.opening import Replay
from parlour.tui.opening import Resume
from parlour.tui.opening import StartMenu
from parlour.tui.preferences import Preferences
from parlour.tui.routing import Routing
from parlour.tui.screens import game_screen_class
from parlour.tui.screens.unfinished import ask_round
from parlour.tui.screens.unfinished import open_game
from parlour.tui.screens.unfinished import tell_replacing
from parlour.tui.services import fixed_player_words
from parlour.tui.signals import EndsOnSignal
from parlour.tui.sizing import SizeWatch
from parlour.tui.terminal import fit_terminal
from parlour.tui.themes import PARLOUR_THEMES

#: how long the app waits for the database before it draws the start screen (a database
#: another program holds locked is waited for with the start screen up, answering keys)
OPENING_GRACE = 0.5
BUSY_WORDS = (
    "The database is busy (another program is using it): your unfinished games are "
    "listed here as soon as it answers."
)
SWITCH_BUSY = (
    "The database is busy (another program is using it): the player changes as soon as it answers."
)
BUSY_OPENING = (
    "The database is busy (another program is using it): what you asked for opens as "
    "soon as it answers."
)
#: how long a closing app waits for its last moves to be written before it gives the
#: terminal back (and, run from the command line, says what it waits for)
CLOSING_GLANCE = 0.2
#: what the player is told while the last moves wait, after the app, and then
WAITING_TO_SAVE = (
    "the database is busy (another program is using it): waiting to save your last "
    "moves, for up to {seconds:g} s (press Ctrl-C twice to quit without them)"
)
SAVED_AFTER_ALL = "your last moves are saved"
NOT_SAVED_AFTER_ALL = "your last moves could not be saved: the database stayed busy"


def open_store(directory: Path, player: str | None) -> asyncio.Future[Store]:
    """Open the store in a thread of its own, and answer on the running event loop (a
    store opened after no one waits for it any more is closed)."""
    return in_thread(lambda: Store(directory, player=player), discard=Store.close)


async def settled(worker: Worker[None], timeout: float) -> None:
    """Wait for ``worker`` (at most ``timeout`` seconds); what became of it is its own
    business (it says itself what went wrong)."""

    async def waiting() -> None:
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await worker.wait()

    await asyncio.wait({asyncio.ensure_future(waiting())}, timeout=timeout)


class Backdrop(StyledOnce, Screen[None]):
    """The screen under every other (Textual's default screen, blank), styled once before
    its first frame as every screen of Parlour is: it is shown only while the store opens,
    and restyling it as it is first shown would only delay the first board."""


def terminal_shows_suits() -> bool:
    return shows_suits(sys.stdout)


class ParlourApp(Preferences, Routing, SizeWatch, PlainNotices, EndsOnSignal):
    """Parlour's app, made of its parts, one job each: the player's settings
    (:class:`Preferences`), the routing between screens (:class:`Routing`), the watch on
    the terminal's size (:class:`SizeWatch`), notices (:class:`PlainNotices`) and the end
    on a signal (:class:`EndsOnSignal`); here, what it opens on and the store."""

    #: what the games' clocks read, in seconds (a test may give its own)
    clock_source: Callable[[], float] = staticmethod(time.monotonic)

    CSS_PATH = "parlour.tcss"
    TITLE = "Parlour"
    #: ctrl+p: Textual's command palette (the theme, the settings, the keys …)
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        data_dir: Path | None = None,
        *,
        ascii_only: bool = False,
        opening: Opening | None = None,
        options: frozenset[str] = frozenset(),
        player: str | None = None,
        today: date | None = None,
        config: settings_file.Loaded | None = None,
        theme: str | None = None,
        four_colour: bool | None = None,
        served: str = "",
    ) -> None:
        super().__init__()
        #: run by parlour serve ("one-player", "any-player"): settings last for the visit
        self.served, self.fixed_player = bool(served), served == "one-player"
        #: how many records it has exported lately (a served app writes a few a minute)
        self.exports = exports(self.served)
        #: how many games it has dealt lately (a served app deals a few a minute)
        self.deals = deals(self.served)
        #: the day whose course is today's (None: the UTC date, asked each time)
        self._today = today
        #: whose games these are (None: the settings file's player, else the login name)
        self.player = player
        self.data_dir = resolve_data_dir(data_dir)
        self.ascii_only = ascii_only
        fit_terminal(self, ascii_only)
        self.opening: Opening = opening or StartMenu()
        #: the rule options switched on (on the start screen, or by the command line);
        #: each game takes those it has
        self.options = options
        self.store: Store | None = None
        #: the thread the store's writes run in, so that the screen never waits on the disk
        self.writer = Writer()
        self.notice: str | None = None
        #: the settings file (read now; written back when a setting is changed)
        self.config = config if config is not None else settings_file.load()
        settings = self.config.settings
        self.config_problems = [str(problem) for problem in self.config.problems]
        #: the player's keys, which every screen's key table takes (tui/keyed.py)
        self.key_overrides: dict[str, tuple[str, ...]] = dict(settings.keys)
        self.four_colour = settings.four_colour if four_colour is None else four_colour
        self._settings_ready = False
        for parlour_theme in PARLOUR_THEMES:
            self.register_theme(parlour_theme)
        chosen = theme or settings.theme
        #: a theme asked for on the command line is remembered once the app is up
        self._remember_theme = False
        if chosen in self.available_themes:
            self.theme = chosen
            self._remember_theme = chosen != settings.theme
        else:
            self.config_problems.append(
                f"{shown(str(self.config.path))}: theme: no theme "
                f"'{shown(chosen, limit=QUOTED)}' (Ctrl+P, Theme shows them all); "
                "default used"
            )

    # -- start-up --------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        return Backdrop(id="_default")

    def on_mount(self) -> None:
        # Textual shows nothing drawn while the app mounts (it batches every update until
        # the mount is over, and the compositor counts what it drew as shown): a first
        # screen put up then would wait for the screen's next timer, up to a frame later,
        # to be drawn again. So the store is opened, and the first screen put up, just
        # after the mount.
        self.call_later(self._open)
        self.notices_go_with_screens()

    async def _open(self) -> None:
        # the database is opened in a thread: one another program holds locked is waited
        # for there (up to the store's busy timeout), never on the event loop
        opening = open_store(self.data_dir, self.player or self.config.settings.player)
        if isinstance(self.opening, OpenGame):
            # its screen's modules are loaded while the database opens
            game_screen_class(self.opening.game)
        done, _ = await asyncio.wait({opening}, timeout=OPENING_GRACE)
        if done:
            opened = self._store_opened(opening)
            if self.store is None:  # it cannot be used: the app ends, saying why
                return
            if opened is not None:
                # what was asked for opens as the app does, unless the store is slow to
                # answer (then it opens once it answers, a notice saying why it waits)
                await settled(opened, OPENING_GRACE)
        else:  # the database is busy: the start screen answers keys while it waits
            self.notice = BUSY_WORDS if isinstance(self.opening, StartMenu) else BUSY_OPENING
            self.show_menu()
            opening.add_done_callback(self._store_opened)
        self._watching_size = True
        # at once, before the screens below are laid out at a size they cannot take
        self.check_size(self.size.width, self.size.height)
        self._settings_ready = True
        if self._remember_theme:
            self.remember(theme=self.theme)
        self._report_settings()
        # the first screen is up: the collector, held off while the app started, goes on
        # once it is drawn (parlour.collector)
        self.call_after_refresh(release)

    def _store_opened(self, opening: asyncio.Future[Store]) -> Worker[None] | None:
        """Go on once the store has answered: open what the app was asked to open (or,
        when the start screen is up already, list the player's games on it)."""
        try:
            store = opening.result()
        except StoreError as error:
            self.exit(return_code=2, message=said(f"parlour: {error}"))
            return None
        if not self.is_running:  # the player left while the database was busy
            store.close()
            return None
        store.writer = self.writer
        self.store = store
        self.notice = store.notice
        if self.notice:
            self.notify(
                self.notice, title="Database moved aside", severity="warning", timeout=30,
                lasting=True,
            )  # fmt: skip
        if len(self.screen_stack) < 2:  # opened in time: before the first screen
            return self._open_first()
        if isinstance(self.opening, StartMenu):
            self._rebuild_start()
        else:
            # what the command line asked for opens in place of the start screen (and of
            # anything the player opened over it while waiting), once that is gone
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.call_after_refresh(self._open_first)
        return None

    def _rebuild_start(self) -> None:
        from parlour.tui.screens.start import StartScreen

        for screen in self.screen_stack:
            if isinstance(screen, StartScreen) and screen.is_mounted:
                screen.rebuild()

    def _open_first(self) -> Worker[None] | None:
        """Open what the command line asked for (the start screen, a game, a round …): the
        worker that opens it once the store has answered, if it is one of those."""
        match self.opening:
            case StartMenu():
                if len(self.screen_stack) < 2:
                    self.show_menu()
            case OpenGame(game, seed, options, fresh):
                return open_game(self, game, seed, options, fresh=fresh)
            case OpenRound(None, options, False):
                return ask_round(self, options)  # (--round: go on with an unfinished one?)
            case OpenRound(course, options, fresh):
                return self.start_round(options, course=course, fresh=fresh)
            case Replay(line, title):
                self.open_replay(line, title)
            case PlayOn(line):
                store = self._require_store()
                tell_replacing(store, line, lambda said: self.notify(said, timeout=15))
                self._show(self.game_screen(Playing(Session.from_line(store, line))))
            case Resume():
                return self.resume_latest()
        if len(self.screen_stack) < 2:  # nothing could be opened: the menu, then
            self.show_menu()
        return None

    #: set by the command line before :meth:`run`: moves that still wait for a busy
    #: database as the app closes are written after it (:meth:`finish_saving`), the
    #: terminal given back and the player told, rather than behind a blank screen
    saves_after_run = False
    _store_closed = False

    def on_unmount(self) -> None:
        from parlour.tui.background import shut_down

        shut_down()
        if self.store is None:
            return
        if self.saves_after_run and not self.writer.flush(CLOSING_GLANCE):
            return  # (finish_saving, once the terminal is given back)
        self._close_store()

    def _close_store(self) -> None:
        # every move handed to the writer is on disk before the store closes (a database
        # held by another program is waited for as long as any write would wait)
        if self.store is not None and not self._store_closed:
            self._store_closed = True
            self.writer.close(self.store.busy_timeout + 1)
            self.store.close()

    def finish_saving(self, say: Callable[[str], object]) -> None:
        """After :meth:`run`, the terminal given back: the moves that still wait for a
        database another program holds are written (as long as a write waits for it),
        ``say`` telling the player before and after; then the store is closed."""
        store = self.store
        if store is None or self._store_closed:
            return
        if self.writer.pending():
            say(WAITING_TO_SAVE.format(seconds=store.busy_timeout))
            done = self.writer.flush(store.busy_timeout + 1)
            say(SAVED_AFTER_ALL if done and not store.under_way.failed else NOT_SAVED_AFTER_ALL)
        self._close_store()

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """A served app sends its screenshot to the browser, and keeps only the latest
        one for it to fetch (:func:`drop_undelivered`)."""
        if self.served:
            drop_undelivered(self._driver)
        return super().deliver_screenshot(filename, path, time_format)

    def saves(self) -> ending.Saves | None:
        return self.writer

    def save_now(self) -> None:
        super().save_now()
        # the moves that wait for the writer go to disk now, well before the process is
        # ended anyway (parlour.ending's grace)
        self.writer.flush(ending.GRACE_SECONDS / 2)

    def today(self) -> date:
        """Today's date in UTC, which names the day's course."""
        return self._today or datetime.now(UTC).date()

    def switch_player(self, name: str, told: Callable[[str | None], object] | None = None) -> None:
        """Play as ``name`` from now on (a player of this data directory, or a new one).
        The store is opened for them in a thread (the screen answers keys meanwhile, and
        says the database is busy if it is); ``told`` hears ``None`` once they play, or
        why the store could not be opened for them. ``StoreError`` at once if the player
        is fixed."""
        if self.fixed_player:
            raise StoreError(fixed_player_words(self.player or self.config.settings.player))
        self.run_worker(self._switch_player(name, told), group="player", exclusive=True)

    async def _switch_player(self, name: str, told: Callable[[str | None], object] | None) -> None:
        directory = self.data_dir

        def busy() -> None:
            self.notify(SWITCH_BUSY, timeout=10)

        try:
            store = await answered(
                in_thread(lambda: Store(directory, player=name), discard=Store.close),
                busy,
                OPENING_GRACE,
            )
        except StoreError as error:
            if told is not None:
                told(str(error))
            else:
                self.notify(str(error), severity="error")
            return
        store.writer = self.writer
        old, self.store, self.player = self.store, store, store.player
        if old is not None:
            # closed once the last player's moves handed to the writer are written
            self.writer.submit(old.close)
        self._rebuild_start()  # (the start screen lists the new player's games)
        if told is not None:
            told(None)


def make_app(
    data_dir: str | Path | None = None,
    *,
    ascii_only: bool | None = None,
    game: str | None = None,
    seed: int | None = None,
    course: int | None = None,
    record_text: str | None = None,
    record_title: str = "",
    replay_text: str | None = None,
    record_line: Line[Any, Any] | None = None,
    replay_line: Line[Any, Any] | None = None,
    options: frozenset[str] = frozenset(),
    resume: bool = False,
    fresh: bool = False,
    new_round: bool = False,
    player: str | None = None,
    today: date | None = None,
    config: settings_file.Loaded | None = None,
    theme: str | None = None,
    four_colour: bool | None = None,
    served: str = "",
) -> ParlourApp:
    """Build the app: open on the start screen, a game, a round, a record to play on
    (``record_text``) or one to replay (``replay_text``), or either already replayed
    (``record_line``, ``replay_line``: a record is replayed once), with these rule
    options; the
    player's settings from ``config`` (read from the settings file if not given), the
    theme and the four-colour deck as the command line says, if it does. A game opens the
    player's unfinished deal of it (of ``seed``, if given) unless ``fresh``; ``new_round``
    asks first whether to go on with an unfinished round."""
    if config is None:
        config = settings_file.load()
    if ascii_only is None:
        ascii_only = config.settings.ascii or not terminal_shows_suits()
    opening: Opening = StartMenu()
    if replay_line is None and replay_text is not None:
        replay_line = replay(parse_record(replay_text))
    if record_line is None and record_text is not None:
        record_line = replay(parse_record(record_text))
    if replay_line is not None:
        opening = Replay(replay_line, record_title)
    elif record_line is not None:
        opening = PlayOn(record_line)
    elif course is not None or new_round:
        opening = OpenRound(course, options, fresh)
    elif game is not None:
        opening = OpenGame(find_game(game).id, seed, options, fresh)
    elif resume:
        opening = Resume()
    return ParlourApp(
        Path(data_dir) if data_dir else None,
        ascii_only=ascii_only,
        opening=opening,
        options=options,
        player=player,
        today=today,
        config=config,
        theme=theme,
        four_colour=four_colour,
        served=served,
    )
