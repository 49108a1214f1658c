"""The app's routing: which screen shows which game (a new game, a round, a round
continued, the game in progress, a replay), and the way back to the start screen."""

from __future__ import annotations

import random
from typing import Any
from typing import Unpack

from textual.app import App
from textual.screen import Screen
from textual.worker import Worker

from parlour.controls.course import Course
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.engine import find_game
from parlour.engine.errors import ParlourError
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.registry import find_spec
from parlour.engine.registry import round_game
from parlour.engine.rounds import CourseHole
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.schema import FinishedGame
from parlour.store.schema import StoredRound
from parlour.store.writer import Writer
from parlour.tui.exports import Allowance
from parlour.tui.offloop import answered
from parlour.tui.offloop import in_thread
from parlour.tui.offloop import in_writer
from parlour.tui.services import NewGame
from parlour.tui.services import NewRound
from parlour.tui.services import place

BUSY_ROUND = (
    "The database is busy (another program is using it): the game opens as soon as it answers."
)


class Routing(App[None]):
    """Part of the app: the screens of games, opened from their sessions or records."""

    store: Store | None
    #: the thread the store's writes run in
    writer: Writer
    #: the rule options switched on (each game takes those it has)
    options: frozenset[str]
    #: the games dealt lately (an app served to a browser deals a few a minute)
    deals: Allowance

    def show_menu(self) -> None:
        """The start screen: the one under this screen, however many screens lie between
        (a replay opened from the history, a round continued from the scorecards: m goes
        to the start screen, not back to the list), or a new one in its place when the
        app opened straight on a game (the menu is not made before it is wanted, which
        keeps the first board quick)."""
        from parlour.tui.screens.start import StartScreen

        if len(self.screen_stack) < 2:
            self.push_screen(StartScreen())
            return
        start = next((s for s in self.screen_stack if isinstance(s, StartScreen)), None)
        while len(self.screen_stack) > 2 and self.screen is not start:
            self.pop_screen()
        if self.screen is not start:
            self.switch_screen(StartScreen())

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
        if self._not_dealt():
            return
        options = how.get("options")
        if options is None:
            options = self.options_for(rules.id)
        seed = how.get("seed")
        # (SystemRandom is what secrets.randbits draws from; the random module is loaded
        # already, where secrets would load the hashing modules on the way to the board)
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        replace = how.get("replace")
        old = getattr(replace, "session", None)
        if isinstance(old, Session) and not old.is_finished:
            old.abandon()
        session = Session.new_game(self._require_store(), rules.id, seed, options)
        # (a store that cannot be written to leaves the game in memory: the screen says so)
        self._show(self.game_screen(Playing(session)), replace)

    def start_round(
        self, options: frozenset[str] | None = None, **how: Unpack[NewRound]
    ) -> Worker[None]:
        """A round of ``course`` (a new course unless given): the player's unfinished round
        of it, if there is one and not ``fresh``, else a new round. The store is read and
        the round written off the event loop; its screen opens once they are done."""
        course, replace, fresh = how.get("course"), how.get("replace"), how.get("fresh", False)
        game = round_game().id
        options = self.options_for(game) if options is None else options
        return self.run_worker(self._start_round(options, course, replace, fresh), group="routing")

    async def _start_round(
        self,
        options: frozenset[str],
        course: int | None,
        replace: Screen[Any] | None,
        fresh: bool,
    ) -> None:
        store = self._require_store()
        asked_on = place(self)
        text = format_options(options)
        try:
            if course is not None and not fresh:
                known = course
                unfinished = await answered(
                    in_thread(lambda: store.unfinished_round(known, text)), self._busy_round
                )
                if unfinished is not None:
                    await self._continue_round(unfinished.id, replace, asked_on)
                    return
            if self._not_dealt():
                return
            course = random.SystemRandom().getrandbits(40) if course is None else course
            chosen = course
            # written in its turn after the moves handed to the writer before it
            round_id = await answered(
                in_writer(self.writer, lambda: store.start_round(chosen, text)), self._busy_round
            )
        except StoreError as error:
            self.notify(f"No round could be started: {error}", severity="error", timeout=15)
            self._nothing_opened()
            return
        # (a round written when the player has moved on is kept, unfinished, and listed)
        if place(self) is asked_on:
            session = Session.first_hole(store, round_id, course, options)
            self._show(self.game_screen(Playing(session)), replace)

    def _not_dealt(self) -> bool:
        """Whether a new game may not be dealt now (an app served to a browser deals a few
        a minute): if so, the player is told why, and the screen shown stays."""
        refused = self.deals.refusal()
        if refused:
            self.notify(refused, severity="warning", timeout=10)
            self._nothing_opened()
        return bool(refused)

    def _nothing_opened(self) -> None:
        """At start-up, when what the command line asked for could not be opened: the
        start screen, then."""
        if len(self.screen_stack) < 2:
            self.show_menu()

    def _busy_round(self) -> None:
        self.notify(BUSY_ROUND, timeout=10)

    def continue_round(self, round_id: int, *, replace: Screen[Any] | None = None) -> Worker[None]:
        """Go on with an unfinished round, at its hole in progress or its next hole (read
        off the event loop; its screen opens once the store has answered)."""
        opening = self._continue_round(round_id, replace, place(self))
        return self.run_worker(opening, group="routing")

    async def _continue_round(
        self, round_id: int, replace: Screen[Any] | None, asked_on: Screen[Any]
    ) -> None:
        store = self._require_store()

        def reading() -> Session | None:
            stored = store.get_round(round_id)
            if stored is None or not stored.is_unfinished:
                return None
            return Session.continue_round(store, stored)

        try:
            session = await answered(in_thread(reading), self._busy_round)
        except (StoreError, ParlourError) as error:
            self.notify(f"The round cannot go on: {error}", severity="error", timeout=15)
            self._nothing_opened()
            return
        if session is None:
            self.notify("That round is over: it cannot be continued.")
            self._nothing_opened()
            return
        if place(self) is asked_on:
            self._show(self.game_screen(Playing(session)), replace)

    def resume_latest(self) -> Worker[None]:
        """The player's latest unfinished game that can be resumed (read off the loop)."""
        return self.run_worker(self._resume_latest(place(self)), group="routing")

    async def _resume_latest(self, asked_on: Screen[Any]) -> None:
        store = self._require_store()

        def reading() -> tuple[Session | None, list[str]]:
            refused: list[str] = []
            for saved in store.games_in_progress():
                try:
                    return Session.resume(store, saved), refused
                except ParlourError as why:
                    refused.append(str(why))
            return None, refused

        try:
            session, refused = await answered(in_thread(reading), self._busy_round)
        except StoreError as error:
            self.notify(str(error), severity="error", timeout=15)
            self._nothing_opened()
            return
        for why in refused:
            self.notify(
                f"A saved game could not be continued ({why}); it is kept in the database.",
                severity="error",
                timeout=15,
            )
        if session is None:
            self.notify("There is no game in progress to continue.")
            self._nothing_opened()
        elif place(self) is asked_on:
            self._show(self.game_screen(Playing(session)))

    def open_replay(
        self, line: Line[Any, Any], title: str = "", origin: CourseHole | None = None
    ) -> None:
        """Replay ``line`` from its deal (``origin``: the round's hole it is, or was taken
        over from, which names the deal instead of its seed)."""
        start = line.goto(0)
        self._show(self.game_screen(Replaying(start, title, whole=line, origin=origin)))

    def replay_stored(self, game_id: int) -> None:
        """Replay a finished game (read off the event loop; it opens once read)."""
        self.run_worker(self._replay_stored(game_id, place(self)), group="routing")

    async def _replay_stored(self, game_id: int, asked_on: Screen[Any]) -> None:
        from parlour.engine.cards import parse_cards
        from parlour.engine.notation import parse_options

        store = self._require_store()

        def reading() -> tuple[FinishedGame | None, StoredRound | None]:
            stored = store.finished_game(game_id)
            if stored is None or stored.round_id is None:
                return stored, None
            return stored, store.get_round(stored.round_id)

        try:
            stored, round_ = await answered(in_thread(reading), self._busy_round)
        except StoreError as error:
            self.notify(f"That game cannot be replayed: {error}", severity="error")
            return
        if stored is None or place(self) is not asked_on:
            return  # (gone, or the player has moved on)
        rules = None

        def played_again() -> Line[Any, Any]:
            # (in a thread: a move's legality may ask for a Three Squares end search of
            # seconds, which the screen must not wait for)
            nonlocal rules
            rules = find_game(stored.game)
            line: Line[Any, Any] = Line.new(
                rules, parse_cards(stored.deck), parse_options(stored.options), stored.seed
            )
            return line.played_on(stored.moves)

        try:
            line = await in_thread(played_again)
        except ParlourError as error:
            self.notify(f"That game cannot be replayed: {error}", severity="error")
            return
        if rules is None or place(self) is not asked_on:
            return  # (the player has moved on meanwhile)
        # a round's hole (or a game taken over from a replay of one) by its course and
        # hole: not by the hole's seed, a number the player sees nowhere else
        origin = stored.origin
        if stored.hole and round_ is not None:
            origin = CourseHole(round_.course, stored.hole)
        self.open_replay(line, f"{rules.name}, finished {stored.finished[:10]}", origin)
