"""The game's clock and what a game screen does for the player's sitting rather than the
game: pausing, the share code, the theme and the four-colour deck.

The clock (:class:`parlour.clock.GameClock`) runs only while the game's board is the
screen in front and the game is being played: it stops when the player pauses (the board
is hidden), while the help, the menu or a question is open, while the terminal's window is
behind another, after five idle minutes, and when the game ends. It
counts the time at the board, going on from the time a resumed game was played before;
the session saves it with the game, after every move and whenever the clock stops while
the game goes on (the statistics add those times up). The app gives the clock its time
source (``clock_source``, :func:`time.monotonic` unless a test
sets another), so that no test waits for real seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any
from typing import Protocol

from rich.cells import cell_len
from textual.app import App
from textual.screen import Screen

from parlour.clock import GameClock
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.controls.game import GameControls
from parlour.engine.errors import DealError
from parlour.session import Session

if TYPE_CHECKING:
    from parlour.engine.share import Shared
    from parlour.tui.widgets import StatusLine


def clock_text(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


#: how the information line ends when it is too narrow for the live verdict (which the
#: status line says instead)
VERDICT_BELOW = " · V below"


def info_line(full: str, short: str, clock: str, verdict: str, width: int) -> str:
    """The information line: the first that fits ``width`` of everything, the verdict
    with a shorter label, the information that matters first (``short``), and that
    without the clock; else the short one with no verdict (and if need be no clock),
    ending in :data:`VERDICT_BELOW` if there is one."""
    timed = f" · {clock}" if clock else ""
    candidates = (
        f"{full}{timed}" + (f" · live verdict (peeks at hidden cards): {verdict}" * bool(verdict)),
        f"{full}{timed}" + (f" · verdict (peeks): {verdict}" * bool(verdict)),
        f"{short}{timed}" + (f" · verdict (peeks): {verdict}" * bool(verdict)),
        f"{short}" + (f" · verdict (peeks): {verdict}" * bool(verdict)),
    )
    below = VERDICT_BELOW if verdict else ""
    fallbacks = (f"{short}{timed}{below}", f"{short}{below}")
    return (
        next((words for words in (*candidates, *fallbacks) if cell_len(words) <= width), "")
        or (fallbacks[-1])
    )


class Seated(Protocol):
    """What the sitting needs of the game screen it serves."""

    course: Playing | Replaying
    controls: GameControls

    @property
    def app(self) -> App[Any]: ...

    @property
    def game(self) -> Session: ...

    def status(self, message: str, *, refused: bool = False) -> None: ...

    def show_info(self) -> None: ...


#: the seconds without a key, a click or a move after which the clock stops (a board left
#: open is not time played; those seconds are counted, as time spent thinking may be): the
#: next key or click on the board starts it again
IDLE_SECONDS = 300.0


class Sitting:
    """The clock of the game a screen shows, and the keys that serve the player rather than
    the game (pause, share, theme, four colours)."""

    def __init__(self, screen: Seated) -> None:
        self.screen = screen
        self.clock = GameClock(self._now)
        self._shown = ""
        #: when the player last pressed a key, clicked or a move was made (the clock's time;
        #: set as the clock first starts)
        self._active_at = 0.0
        #: the moves made when the clock last looked (a move, a demo's too, is activity)
        self._plies = -1
        #: the clock stopped for want of activity, not by the player
        self.idle = False

    def _now(self) -> float:
        source: Callable[[], float] = self.screen.app.clock_source  # type: ignore[attr-defined]
        return source()

    # -- the clock ---------------------------------------------------------------------------

    def new_game(self) -> None:
        """The game the screen shows from now on (the first, the next hole, a replay taken
        over): its clock goes on from the time it was played before (nought for a new
        game), and its session reads the clock at every save."""
        session = self.screen.course.session
        clock = self.clock = GameClock(self._now, session.seconds if session else 0.0)
        if session is not None:
            session.timer = lambda: clock.seconds
        self.touched()

    def update(self, *, shown: bool) -> None:
        """Run the clock if the board is in front (``shown``) and the game is being played;
        stop it otherwise, and save the game with the time played so far (a game quit or
        killed later goes on from it)."""
        if shown and self.screen.course.live:
            self.clock.start()
        elif self.clock.running:
            self.clock.stop()
            session = self.screen.course.session
            if session is not None and not session.is_finished:
                session.save()

    def showing(self, shown: bool) -> None:
        """The board comes to the front (``shown``) or goes behind another screen: the
        clock runs or stops, and the info line says so at once (under a question it said
        "paused" only at the next tick, up to a second later)."""
        if shown:
            self.touched()
        else:
            self.update(shown=False)
        self.tick()

    def attend(self, screen: Screen[Any]) -> None:
        """Look at the clock every second, and follow whether the terminal's window is in
        front (where the terminal tells: focus reporting)."""
        screen.set_interval(1, self.tick)
        screen.watch(screen.app, "app_focus", self.window_in_front, init=False)

    def window_in_front(self, front: bool) -> None:
        """The terminal's window went behind another (``front`` false): the player is away,
        and the clock stops at once, saving the game with its time (as after five idle
        minutes, which it no longer waits for). Back in front with the board: it goes on."""
        if not front:
            if self.clock.running:
                self.idle = True
                self.update(shown=False)
        elif self.idle and getattr(self.screen, "is_current", False):
            self.touched()
        self.tick()

    def touched(self) -> None:
        """A key or a click on the board in front: the player is here (an idle clock
        starts again)."""
        self._active_at = self._now()
        self.idle = False
        self.update(shown=True)

    def text(self) -> str:
        """The clock as the info line shows it ("" in a replay)."""
        course = self.screen.course
        if not course.plays:
            return ""
        face = clock_text(self.clock.seconds)
        return face if self.clock.running or not course.live else f"{face} paused"

    def tick(self) -> None:
        """Stop the clock once the player has been idle for :data:`IDLE_SECONDS`, and redraw
        the info line when the clock's face has changed (called every second)."""
        line = self.screen.course.line
        plies = len(line.moves) + len(line.undone)
        if plies != self._plies:
            self._plies, self._active_at = plies, self._now()
        if self.clock.running and self._now() - self._active_at >= IDLE_SECONDS:
            self.idle = True
            self.update(shown=False)  # (saved with the time so far)
        text = self.text()
        if text != self._shown:
            self._shown = text
            self.screen.show_info()

    def quit(self) -> None:
        """Quit Parlour: the clock stops first, the game saved with the time played."""
        self.update(shown=False)
        self.screen.app.exit()

    # -- pause ---------------------------------------------------------------------------------

    def pause(self) -> None:
        from parlour.tui.screens.pause import PauseScreen

        self.update(shown=False)
        self.screen.app.push_screen(PauseScreen(clock_text(self.clock.seconds)))

    # -- share ---------------------------------------------------------------------------------

    def shared(self) -> Shared:
        """What the share code names: the round's course, else the deal's seed."""
        from parlour.engine.share import Shared  # (loaded when a code is asked for)

        line = self.screen.course.line
        context = self.screen.course.round
        if context is not None:
            return Shared(line.rules.id, context.options, course=context.course)
        return Shared(line.rules.id, line.options, seed=line.seed)

    def share(self) -> None:
        from parlour.engine.share import share_code

        try:
            code = share_code(self.shared())
        except DealError as error:
            self.screen.status(
                f"No share code: {error}; e writes the game as a record file to share.",
                refused=True,
            )
            return
        self.screen.app.copy_to_clipboard(code)
        what = "the round's course" if "/round/" in code else "this deal"
        self.screen.status(
            f"Share code {code} (copied, if your terminal allows it): parlour play --deal "
            f"{code} plays {what}."
        )

    # -- the messages, the record ------------------------------------------------------------

    def messages(self, status: StatusLine) -> None:
        """The messages of the game the status line keeps, whole (``l``)."""
        from parlour.tui.screens.messages import MessagesScreen

        ascii_only = bool(getattr(self.screen.app, "ascii_only", False))
        self.screen.app.push_screen(MessagesScreen(status.said, ascii_only, status.dropped))

    def export(self) -> None:
        """Write the game as a record file, and say where (a key of play). The record is
        the game as it stands at the key; it is written in a thread, as the store is
        read, so that a slow or stuck disk never holds the screen."""
        from parlour.tui.services import services

        screen = self.screen
        if not isinstance(screen, Screen):
            return
        refused = services(screen).exports.refusal()
        if refused:
            self.screen.status(refused, refused=True)
            return
        text = self.screen.game.record_text()
        game = self.screen.course.line.rules.id
        # (the app's worker, not the screen's: a player who leaves the game before the disk
        # answers is still told where the record went)
        exporting = self._export(services(screen).data_dir, game, text)
        screen.app.run_worker(exporting, group="export")

    async def _export(self, directory: Path | None, game: str, text: str) -> None:
        from parlour.store.files import FileError
        from parlour.store.files import export_record
        from parlour.tui.offloop import in_thread

        try:
            path = await in_thread(lambda: export_record(directory, game, text))
        except FileError as error:
            self._tell(str(error), refused=True)
            return
        self._tell(f"Record written to {path}")

    def _tell(self, words: str, *, refused: bool = False) -> None:
        """Say what became of an export: on the game's status line, or, if the player
        has left the game meanwhile (its screen is gone), in a notice."""
        from parlour.tui.services import still_up

        screen = self.screen
        if isinstance(screen, Screen) and still_up(screen):
            self.screen.status(words, refused=refused)
        else:
            self.screen.app.notify(words, severity="error" if refused else "information")

    # -- the look ------------------------------------------------------------------------------

    def next_theme(self) -> None:
        from parlour.tui.themes import in_order

        app = self.screen.app
        names = in_order(app.available_themes)
        following = (
            names[(names.index(app.theme) + 1) % len(names)] if app.theme in names else names[0]
        )
        app.theme = following  # remembered by the app, as the settings remember it
        place = names.index(following) + 1
        key = self.screen.controls.key("next_theme")
        self.screen.status(f"Theme: {following} ({place} of {len(names)}; {key} for the next).")

    def four_colour(self) -> None:
        app = self.screen.app
        on = not app.four_colour  # type: ignore[attr-defined]
        app.set_four_colour(on)  # type: ignore[attr-defined]
        self.screen.status(
            "Four-colour deck: on (spades, hearts, diamonds and clubs each have a colour; F "
            "switches it off)."
            if on
            else "Four-colour deck: off (red and black; F switches it on)."
        )
