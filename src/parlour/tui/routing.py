"""The app's routing: which screen shows which game (a new game, a round, a round
continued, the game in progress, a replay), and the way back to the start screen."""

from __future__ import annotations

import secrets
from typing import Any
from typing import Unpack

from textual.app import App
from textual.screen import Screen

from parlour.controls.course import Course
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.engine import find_game
from parlour.engine.errors import ParlourError
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.registry import find_spec
from parlour.engine.registry import round_game
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.tui.services import NewGame
from parlour.tui.services import NewRound


class Routing(App[None]):
    """Part of the app: the screens of games, opened from their sessions or records."""

    store: Store | None
    #: the rule options switched on (each game takes those it has)
    options: frozenset[str]

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

    def _require_store(self) -> Store:
        assert self.store is not None
        return self.store

    def _show(self, screen: Screen[Any], replace: Screen[Any] | None = None) -> None:
        if replace is not None and self.screen is replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def game_screen(self, course: Course) -> Screen[Any]:
        """The board of the course's game, in play or replayed."""
        from parlour.tui.screens import game_screen_class

        screen: Screen[Any] = game_screen_class(course.line.rules.id)(course)
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
        self._show(self.game_screen(Playing(session)), replace)

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
        self._show(self.game_screen(Playing(session)), replace)

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
        self._show(self.game_screen(Playing(session)), replace)

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
            self._show(self.game_screen(Playing(session)))
            return
        self.notify("There is no game in progress to resume.")

    def open_replay(self, line: Line[Any, Any], title: str = "") -> None:
        start = line.goto(0)
        self._show(self.game_screen(Replaying(start, title)))

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
