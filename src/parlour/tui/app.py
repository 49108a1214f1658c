"""The Parlour app. :func:`make_app` builds it from explicit inputs; the CLI and the tests
both use it."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from pathlib import Path
from typing import Any
from typing import Unpack

from textual.app import SystemCommand
from textual.events import Resize
from textual.screen import Screen

from parlour.engine import find_game
from parlour.engine.errors import ParlourError
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.registry import find_spec
from parlour.engine.untrusted import shown
from parlour.render import shows_suits
from parlour.render.untrusted import said
from parlour.session import Session
from parlour.session import round_game
from parlour.store import config as settings_file
from parlour.store.database import Store
from parlour.store.database import StoreError
from parlour.store.paths import data_dir as resolve_data_dir
from parlour.tui.notices import PlainNotices
from parlour.tui.screens.small import TooSmallScreen
from parlour.tui.services import NewGame
from parlour.tui.services import NewRound
from parlour.tui.services import fixed_player_words
from parlour.tui.signals import EndsOnSignal
from parlour.tui.themes import PARLOUR_THEMES
from parlour.tui.themes import card_variables

#: the smallest terminal for a screen that does not say (screens give theirs as MIN_SIZE;
#: a screen shown over another, a dialogue, needs what the one under it needs)
MIN_WIDTH = 60
MIN_HEIGHT = 20


@dataclass(frozen=True)
class Opening:
    """What the app opens on: the start screen, a game, a round, or a replay."""

    kind: str = "start"  # start | game | round | replay | continue | resume
    game: str = ""
    seed: int | None = None
    course: int | None = None
    options: frozenset[str] = frozenset()
    line: Line[Any, Any] | None = None
    title: str = ""
    #: a round of ``course`` even if the player has an unfinished one
    fresh: bool = False


def terminal_shows_suits() -> bool:
    return shows_suits(sys.stdout)


class ParlourApp(PlainNotices, EndsOnSignal):
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
        #: the day whose course is today's (None: the UTC date, asked each time)
        self._today = today
        #: whose games these are (None: the settings file's player, else the login name)
        self.player = player
        self.data_dir = resolve_data_dir(data_dir)
        self.ascii_only = ascii_only
        self.opening = opening or Opening()
        #: the rule options switched on (on the start screen, or by the command line);
        #: each game takes those it has
        self.options = options
        self.store: Store | None = None
        self.notice: str | None = None
        self._watching_size = False
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
                f"{shown(str(self.config.path))}: theme: no theme {chosen!r} (Ctrl+P, Theme shows "
                "them all); default used"
            )

    # -- settings --------------------------------------------------------------------------

    def get_css_variables(self) -> dict[str, str]:
        """Textual's theme variables, and the cards' colours the theme leaves unset."""
        variables = super().get_css_variables()
        return {**card_variables(variables, self.current_theme.dark), **variables}

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "Settings",
            "Theme, four-colour deck, ASCII cards, player (saved in the settings file)",
            self.action_settings,
        )
        yield SystemCommand(
            "Four-colour deck",
            "Switch the four-colour deck on or off",
            lambda: self.set_four_colour(not self.four_colour),
        )

    def action_settings(self) -> None:
        from parlour.tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def watch_theme(self, name: str) -> None:
        if self._settings_ready and name != self.config.settings.theme:
            self.remember(theme=name)

    def set_four_colour(self, on: bool) -> None:
        """The four-colour deck on or off, at once on every board, and remembered."""
        self.four_colour = on
        self._redraw_cards()
        self.remember(four_colour=on)

    def set_ascii(self, on: bool) -> None:
        """Letters instead of suit symbols (or back), at once, and remembered."""
        self.ascii_only = on
        from parlour.tui.widgets import CardArtWidget
        from parlour.tui.widgets import StatusLine

        for screen in self.screen_stack:
            for widget in screen.query(CardArtWidget):
                widget.ascii_only = on
            for status in screen.query(StatusLine):
                status.ascii_only = on
        self.remember(ascii=on)

    def _redraw_cards(self) -> None:
        from parlour.tui.widgets import CardArtWidget

        CardArtWidget.forget_styles()
        for screen in self.screen_stack:
            for widget in screen.query(CardArtWidget):
                widget.notify_style_update()
                widget.refresh()

    def remember(self, **values: Any) -> None:
        """Change settings and write the file back (a failure is said, not raised)."""
        self.config = settings_file.changed(self.config, **values)
        if self.served:
            return  # a visitor's settings are theirs for this visit, not the owner's file
        try:
            settings_file.save(self.config.path, self.config.settings)
        except settings_file.ConfigError as error:
            self.notify(f"Not saved: {error}", title="Settings", severity="error", timeout=15)

    def _report_settings(self) -> None:
        self._report(self.config_problems)
        if self.key_overrides:
            # every screen's keys are checked once the first board is up (it loads every
            # game's key table, which the first board does not need)
            self.set_timer(0.2, self._check_keys)

    def _check_keys(self) -> None:
        from parlour.help.keys import check_keys

        path = shown(str(self.config.path))
        found = check_keys(self.key_overrides)
        self._report([f"{path}: {shown(setting)}: {message}" for setting, message in found])

    def _report(self, problems: list[str]) -> None:
        """Problems with the settings file, one line each, in one notice."""
        if problems:
            self.notify("\n".join(problems), title="Settings file", severity="warning", timeout=20)

    # -- start-up --------------------------------------------------------------------------

    def on_mount(self) -> None:
        try:
            self.store = Store(self.data_dir, player=self.player or self.config.settings.player)
        except StoreError as error:
            self.exit(return_code=2, message=said(f"parlour: {error}"))
            return
        self.notice = self.store.notice
        if self.notice:
            self.notify(self.notice, title="Database moved aside", severity="warning", timeout=30)
        opening = self.opening
        if opening.kind == "start":
            self.show_menu()
        elif opening.kind == "game":
            self.start_new_game(opening.game, seed=opening.seed, options=opening.options)
        elif opening.kind == "round":
            self.start_round(opening.options, course=opening.course, fresh=opening.fresh)
        elif opening.kind == "replay" and opening.line is not None:
            self.open_replay(opening.line, opening.title)
        elif opening.kind == "continue" and opening.line is not None:
            session = Session.from_line(self._require_store(), opening.line)
            self._show(self.game_screen(session.rules.id, session=session))
        elif opening.kind == "resume":
            self.resume_latest()
        if len(self.screen_stack) < 2:  # nothing could be opened: the menu, then
            self.show_menu()
        self._watching_size = True
        # at once, before the screens below are laid out at a size they cannot take
        self.check_size(self.size.width, self.size.height)
        self._settings_ready = True
        if self._remember_theme:
            self.remember(theme=self.theme)
        self._report_settings()

    def on_unmount(self) -> None:
        from parlour.tui.background import shut_down

        shut_down()
        if self.store is not None:
            self.store.close()

    def today(self) -> date:
        """Today's date in UTC, which names the day's course."""
        return self._today or datetime.now(UTC).date()

    def switch_player(self, name: str) -> None:
        """Play as ``name`` from now on (a player of this data directory, or a new one);
        ``StoreError`` if the store cannot be opened for them, or if the player is fixed."""
        if self.fixed_player:
            raise StoreError(fixed_player_words(self.player or self.config.settings.player))
        store = Store(self.data_dir, player=name)
        old, self.store, self.player = self.store, store, store.player
        if old is not None:
            old.close()

    def show_menu(self) -> None:
        """The start screen: the one below this screen, or a new one in its place when the
        app opened straight on a game (the menu is not made before it is wanted, which
        keeps the first board quick)."""
        from parlour.tui.screens.start import StartScreen

        if len(self.screen_stack) < 2:
            self.push_screen(StartScreen())
        elif len(self.screen_stack) == 2 and not isinstance(self.screen, StartScreen):
            self.switch_screen(StartScreen())
        else:
            self.pop_screen()

    # -- terminal size ---------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Cover everything with a clear message while the terminal is too small, and
        take it away when the terminal grows again."""
        if not self._watching_size:
            return
        small = self.screen if isinstance(self.screen, TooSmallScreen) else None
        need = self.needed_size()
        if width < need[0] or height < need[1]:
            if small is None:
                self.push_screen(TooSmallScreen(need, (width, height)))
            else:
                small.need = need
                small.update_size((width, height))
        elif small is not None:
            self.pop_screen()

    def needed_size(self) -> tuple[int, int]:
        """The smallest terminal for the screen in view: its own MIN_SIZE, or that of the
        first screen under it that has one."""
        for screen in reversed(self.screen_stack):
            need: tuple[int, int] | None = getattr(screen, "MIN_SIZE", None)
            if need is not None and not isinstance(screen, TooSmallScreen):
                return need
        return MIN_WIDTH, MIN_HEIGHT

    # -- games -----------------------------------------------------------------------------

    def _require_store(self) -> Store:
        assert self.store is not None
        return self.store

    def _show(self, screen: Screen[Any], replace: Screen[Any] | None = None) -> None:
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def game_screen(self, game: str, **kwargs: Any) -> Screen[Any]:
        from parlour.tui.screens import game_screen_class

        screen: Screen[Any] = game_screen_class(game)(**kwargs)
        return screen

    def options_for(self, game: str) -> frozenset[str]:
        """The options switched on that ``game`` has."""
        return self.options & frozenset(find_spec(game).option_names)

    def start_new_game(self, game: str, **how: Unpack[NewGame]) -> None:
        rules = find_game(game)
        options = how.get("options")
        if options is None:
            options = self.options_for(rules.id)
        seed = how.get("seed")
        seed = secrets.randbits(32) if seed is None else seed
        replace = how.get("replace")
        old = getattr(replace, "session", None)
        if isinstance(old, Session) and not old.is_finished:
            old.abandon()
        session = Session.new_game(self._require_store(), rules.id, seed, options)
        # (a store that cannot be written to leaves the game in memory: the screen says so)
        self._show(self.game_screen(rules.id, session=session), replace)

    def start_round(self, options: frozenset[str] | None = None, **how: Unpack[NewRound]) -> None:
        """A round of ``course`` (a new course unless given): the player's unfinished round
        of it, if there is one and not ``fresh``, else a new round."""
        course, replace, fresh = how.get("course"), how.get("replace"), how.get("fresh", False)
        game = round_game().id
        options = self.options_for(game) if options is None else options
        store = self._require_store()
        try:
            if course is not None and not fresh:
                unfinished = store.unfinished_round(course, format_options(options))
                if unfinished is not None:
                    self.continue_round(unfinished.id, replace=replace)
                    return
            course = secrets.randbits(40) if course is None else course
            session = Session.new_round(store, course, options)
        except StoreError as error:
            self.notify(f"No round could be started: {error}", severity="error", timeout=15)
            return
        self._show(self.game_screen(game, session=session), replace)

    def continue_round(self, round_id: int, *, replace: Screen[Any] | None = None) -> None:
        """Go on with an unfinished round, at its hole in progress or its next hole."""
        store = self._require_store()
        try:
            stored = store.get_round(round_id)
            if stored is None or not stored.is_unfinished:
                self.notify("That round is over: it cannot be continued.")
                return
            session = Session.continue_round(store, stored)
        except (StoreError, ParlourError) as error:
            self.notify(f"The round cannot go on: {error}", severity="error", timeout=15)
            return
        self._show(self.game_screen(session.rules.id, session=session), replace)

    def resume_latest(self) -> None:
        store = self._require_store()
        try:
            saved_games = store.games_in_progress()
        except StoreError as error:
            self.notify(str(error), severity="error", timeout=15)
            return
        for saved in saved_games:
            try:
                session = Session.resume(store, saved)
            except ParlourError as error:
                self.notify(
                    f"A saved game could not be resumed ({error}); it is kept in the database.",
                    severity="error",
                    timeout=15,
                )
                continue
            self._show(self.game_screen(session.rules.id, session=session))
            return
        self.notify("There is no game in progress to resume.")

    def open_replay(self, line: Line[Any, Any], title: str = "") -> None:
        start = line.goto(0)
        self._show(self.game_screen(line.rules.id, replay=start, replay_title=title))

    def replay_stored(self, game_id: int) -> None:
        from parlour.engine.cards import parse_cards
        from parlour.engine.notation import parse_options

        stored = self._require_store().finished_game(game_id)
        if stored is None:
            return
        try:
            rules = find_game(stored.game)
            line: Line[Any, Any] = Line.new(
                rules, parse_cards(stored.deck), parse_options(stored.options), stored.seed
            )
            line = line.played_on(stored.moves)
        except ParlourError as error:
            self.notify(f"That game cannot be replayed: {error}", severity="error")
            return
        self.open_replay(line, f"{rules.name}, finished {stored.finished[:10]}")


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
    options: frozenset[str] = frozenset(),
    resume: bool = False,
    fresh: bool = False,
    player: str | None = None,
    today: date | None = None,
    config: settings_file.Loaded | None = None,
    theme: str | None = None,
    four_colour: bool | None = None,
    served: str = "",
) -> ParlourApp:
    """Build the app: open on the start screen, a game, a round, a record to play on
    (``record_text``) or one to replay (``replay_text``), with these rule options; the
    player's settings from ``config`` (read from the settings file if not given), the
    theme and the four-colour deck as the command line says, if it does."""
    if config is None:
        config = settings_file.load()
    if ascii_only is None:
        ascii_only = config.settings.ascii or not terminal_shows_suits()
    opening = Opening()
    if replay_text is not None:
        line = replay(parse_record(replay_text))
        opening = Opening("replay", line.rules.id, line=line, title=record_title)
    elif record_text is not None:
        line = replay(parse_record(record_text))
        opening = Opening("continue", line.rules.id, line=line, title=record_title)
    elif course is not None:
        opening = Opening("round", round_game().id, course=course, options=options, fresh=fresh)
    elif game is not None:
        opening = Opening("game", find_game(game).id, seed=seed, options=options)
    elif resume:
        opening = Opening("resume")
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
