"""Help while playing, the same for every game: a hint (which never peeks at hidden cards),
the demo (the hint player plays on while the player watches), and the live verdict (what
perfect play could still reach; it peeks, so it is off until asked for and says so).
Also the longer look at an end the move's own search could not decide (where the game has
the capability :class:`~parlour.engine.game.SettlesEndLater` and its ``end_in_doubt``
says so: Three Squares' ruling S11): after every such move the longer search runs, and
when it shows that no more can be done it ends the game.

The work is done in the background processes (:mod:`parlour.tui.background`); an answer
that arrives after the position has changed is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Coroutine
from functools import partial
from typing import Any
from typing import Protocol

from textual.timer import Timer
from textual.worker import Worker

from parlour.controls.course import Course
from parlour.controls.game import GameControls
from parlour.engine.game import Rules
from parlour.engine.game import SettlesEndLater
from parlour.engine.history import Line
from parlour.session import Session


class Assisted(Protocol):
    """What the assistant needs of the game screen it serves (:class:`GameScreen`)."""

    controls: GameControls
    course: Course

    @property
    def game(self) -> Session: ...

    @property
    def line(self) -> Line[Any, Any] | None: ...

    @property
    def rules(self) -> Rules[Any, Any]: ...

    def status(self, message: str, *, refused: bool = False) -> None: ...

    def play(self, move: Any) -> bool: ...

    def redraw(self, line: Line[Any, Any]) -> None: ...

    def show_info(self) -> None: ...

    def refresh_bindings(self) -> None: ...

    def run_worker(
        self, work: Callable[[], Coroutine[Any, Any, None]], *, group: str, exclusive: bool
    ) -> Worker[None]: ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Timer: ...

    def cancel_work(self, group: str) -> None: ...


#: seconds the live verdict may think about a position
VERDICT_SECONDS = 2.0
#: seconds between the demo's moves
DEMO_PAUSE = 0.5


class Assistant:
    """The hint, the demo and the live verdict of one game screen."""

    def __init__(self, screen: Assisted) -> None:
        self.screen = screen
        self.demo = False
        #: the positions the demo has played through, to stop it going round in circles
        self._demo_seen: set[Any] = set()
        #: which demo this is (a step queued by an earlier one is not played)
        self._demo_run = 0
        self.verdict_on = False
        self.verdict_text = ""

    # -- hints -------------------------------------------------------------------------------

    def hint(self) -> None:
        """A hint (a key of play)."""
        session = self.screen.game
        if session.is_finished:
            return
        self.screen.status("Thinking about a hint (without looking at any hidden card)…")
        self._ask_hint(session.state)

    def _ask_hint(self, state: Any) -> None:
        # (the work is made when the worker starts: a worker replaced before it starts
        # leaves no coroutine never awaited)
        self.screen.run_worker(partial(self._hint, state), group="hint", exclusive=True)

    async def _hint(self, state: Any) -> None:
        from parlour.tui.background import hint_job
        from parlour.tui.background import run

        screen = self.screen
        move = await run(hint_job, screen.rules.id, state)
        if not screen.course.live or screen.course.line.current != state:
            return  # the position has changed: this hint is stale
        session = screen.game
        session.count_hint()
        controls = screen.controls
        words = controls.hint_words(move)
        controls.point_at(move)
        if screen.line is not None:
            screen.redraw(screen.line)
        screen.status(
            f"Hint: {words} (press {controls.key_for(move)}). Hints this game: {session.hints}."
        )
        if self.demo:
            demo = self._demo_run  # (the move is this demo's, for this position)
            screen.set_timer(DEMO_PAUSE, lambda: self._demo_step(move, state, demo))

    # -- the demo ------------------------------------------------------------------------------

    def toggle_demo(self) -> None:
        """Let the hint player finish the game while the player watches; any key stops it
        (a key of play)."""
        session = self.screen.game
        if self.demo:
            self.stop_demo("Demo stopped: your move.")
            return
        if session.is_finished:
            return
        self.demo = True
        self._demo_run += 1
        self._demo_seen = {session.state}
        self.screen.status("Demo: the hint player plays on (any key stops it)…")
        self._ask_hint(session.state)

    def _demo_step(self, move: Any, state: Any, demo: int) -> None:
        if not self.demo or demo != self._demo_run or self.screen.course.line.current != state:
            return  # stopped, or another demo since, or the position moved on: stale
        session = self.screen.game  # (the demo plays only in play)
        if not self.screen.play(move) or session.is_finished:
            self.stop_demo()  # the status line already says what happened
        elif session.state in self._demo_seen:
            # the hint player has come back to a position it played through before:
            # it sees no way forward, and would only go round again
            self.stop_demo(
                "Demo stopped: the hint player came back to a position it had already "
                "played through and sees no better way on. Your move."
            )
        else:
            self._demo_seen.add(session.state)
            self._ask_hint(session.state)

    def stop_demo(self, message: str | None = None) -> None:
        self.demo = False
        self.screen.cancel_work("hint")
        self.screen.refresh_bindings()
        if message is not None:
            self.screen.status(message)

    # -- the live verdict ----------------------------------------------------------------------

    def toggle_verdict(self) -> None:
        """Show or hide what perfect play could still reach."""
        self.verdict_on = not self.verdict_on
        line = self.screen.line
        if self.verdict_on and line is not None:
            self.verdict_text = "thinking…"
            self._ask_verdict(line.current)
        else:
            self.screen.cancel_work("verdict")
        self.screen.show_info()

    def position_changed(self, line: Line[Any, Any]) -> None:
        if self.verdict_on:  # (its key is one of play: never on in a replay)
            self.verdict_text = "thinking…"
            self.screen.show_info()
            self._ask_verdict(line.current)
        self._look_at_end(line)

    def verdict_words(self) -> str:
        """The live verdict while it is on ("" when off)."""
        if self.verdict_on:
            return self.verdict_text
        return ""

    # -- the longer look at an end left in doubt (S11) ------------------------------------------

    def _look_at_end(self, line: Line[Any, Any]) -> None:
        rules = line.rules
        if (
            self.screen.course.live
            and isinstance(rules, SettlesEndLater)
            and rules.end_in_doubt(line.current)
        ):
            work = partial(self._looked_at_end, line.current)
            self.screen.run_worker(work, group="end look", exclusive=True)
        # otherwise a search still running finds, when it ends, that the position changed

    async def _looked_at_end(self, state: Any) -> None:
        from parlour.tui.background import end_look_job
        from parlour.tui.background import run_end_look

        screen = self.screen
        found = await run_end_look(end_look_job, screen.rules.id, state)
        if not screen.course.live or screen.course.line.current != state:
            return  # the position has changed: the next one is being settled
        rules = screen.rules
        if not isinstance(rules, SettlesEndLater):  # pragma: no cover - asked only of those
            return
        move = rules.end_after_look(state, found)
        if move is not None:
            screen.play(move)
        elif note := rules.look_note(found):
            screen.status(note)

    def _ask_verdict(self, state: Any) -> None:
        self.screen.run_worker(partial(self._verdict, state), group="verdict", exclusive=True)

    async def _verdict(self, state: Any) -> None:
        from parlour.tui.background import run
        from parlour.tui.background import verdict_job

        screen = self.screen
        _, words = await run(verdict_job, screen.rules.id, state, VERDICT_SECONDS)
        if screen.line is None or screen.line.current != state or not self.verdict_on:
            return  # the position changed while it was worked out
        self.verdict_text = words
        screen.show_info()
