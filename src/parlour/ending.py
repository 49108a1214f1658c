"""How a Parlour that plays (the app, plain mode) ends when it is told to: the terminal
closed (SIGHUP), a polite kill (SIGTERM), Ctrl-C sent as a signal (SIGINT).

A game is saved after every move, so what matters is that the process ends, soon, whatever
it is doing when the signal comes (starting up, drawing, waiting on a terminal that is
gone), and that no process it started lives on. Until the command knows that it will play,
the signals keep their default actions (SIGHUP and SIGTERM end the process at once; Ctrl-C
is status 130, :mod:`parlour.__main__`): nothing has been started or played yet. Python's
Ctrl-C is an exception raised wherever the main thread is, and one raised in code Python
calls by itself (a weak reference's callback, a finaliser) is printed and dropped: so a
Ctrl-C is also noted (:func:`note_interrupts`), and a command that comes to play after a
dropped one ends there, instead of waiting at its prompt. From then on (:func:`installed`)
four nets, each catching what the ones before it miss:

1. **The end.** While the app's event loop runs, it is handed the signal
   (:func:`on_signal`): it saves the game, stops its workers and closes, giving the
   terminal back. At any other moment (the app loading or closing, plain mode, which saves
   every move as it is made) the process ends at once: the workers stopped, the terminal
   given back, status 128 + signal; but a save under way (:class:`Saves`) is let finish
   first, and the watchdog ends the process then. Nothing is raised into whatever code
   was running: an exception from a signal can surface as another one (an import, a
   ``__set_name__``).
2. **The watchdog.** The signal also starts a thread that, if the process is still there
   :data:`GRACE_SECONDS` later (a terminal that has gone can leave a write blocked for
   ever), ends it as above; but first it lets the app's saves already handed over finish
   (:class:`Saves`: moves made while another program holds the database wait for it),
   for up to :data:`SAVE_SECONDS`, as long as ``q`` waits for them.
3. **The kernel.** A timer (``ITIMER_REAL``, its ``SIGALRM`` left at the default action)
   ends the process :data:`LAST_SECONDS` after the signal even if no Python code can run
   (:data:`SAVE_SECONDS` later while saves wait).
4. **The listener.** The three above start in Python's handler, which runs in the main
   thread between two steps of its code: a signal that comes just as the main thread goes
   into a wait the signal does not break (plain mode's read of the terminal, about to
   start) is noted, but its handler waits for that read to end, which may be never (seen
   in the tests: a plain-mode try signalled as its prompt came, still waiting at it when
   killed). So Python also writes each signal's number to a pipe
   (``signal.set_wakeup_fd``), and a thread of its own reads it and starts the watchdog,
   whatever the main thread is doing (:class:`_Listener`), and hears a second signal
   (:func:`again`: a second Ctrl-C does not wait for saves).

Worker processes also end by themselves when the process that started them goes, however
it goes (:func:`parlour.analysis.process_pool`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from collections.abc import Iterator
from types import FrameType
from typing import Any
from typing import Final
from typing import NoReturn
from typing import Protocol

#: the signals that end a Parlour that plays (those the system has)
ENDING_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGHUP", "SIGTERM", "SIGINT") if hasattr(signal, name)
)
#: how long the clean end may take before the watchdog ends the process
GRACE_SECONDS: Final = 1.0
#: how long after the signal the kernel ends the process, whatever it is doing
LAST_SECONDS: Final = 1.5
#: how much longer the end waits for saves handed over and not yet done (a database that
#: another program holds locked): as long as one write waits for it, and q for them
SAVE_SECONDS: Final = 31.0
#: what a terminal is sent to leave full-screen mode as it was: no mouse reports, no
#: bracketed paste, the main screen, the cursor shown
_RESTORE_SCREEN: Final = (
    b"\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?7h\x1b[<u\x1b[?1049l"
    b"\x1b[?25h\x1b[?1004l"
)


class Saves(Protocol):
    """Saves to let finish before the process ends: the app's, run in a thread of their
    own (its store's writer), or a store's write under way (plain mode's)."""

    def pending(self) -> bool:
        """Whether a save handed over is not done yet."""
        ...

    def flush(self, timeout: float | None = None) -> bool:
        """Wait (at most ``timeout`` seconds) until every save handed over is done."""
        ...


class _Ending:
    """What this process knows about ending: the terminal's settings when it began, whether
    the app has it in full-screen mode, who ends it cleanly, and the signal that is ending
    it (None until one has come)."""

    def __init__(self) -> None:
        self.terminal: list[Any] | None = None
        self.full_screen = False
        self.clean: Callable[[int], None] | None = None
        self.saves: Saves | None = None
        self.number: int | None = None
        self.interrupted = False


_state = _Ending()


def on_signal(
    clean: Callable[[int], None] | None, *, full_screen: bool = False, saves: Saves | None = None
) -> None:
    """Hand the signals to ``clean`` (called in the main thread with the signal's number,
    once; it must not block), or, with None, back to ending at once. ``full_screen``: the
    terminal is in the app's full-screen mode, to be left if the process ends at once;
    ``saves``: the saves to let finish before the process is ended."""
    _state.clean = clean
    _state.full_screen = full_screen
    _state.saves = saves


def _saving() -> bool:
    """Whether saves handed over are still waiting to be done."""
    saves = _state.saves
    try:
        return saves is not None and saves.pending()
    except Exception:
        return False


def _kernel_timer(seconds: float) -> None:
    """The kernel ends the process ``seconds`` from now (its SIGALRM at the default
    action), whatever it is doing."""
    with contextlib.suppress(ValueError, OSError, AttributeError):  # (not on Windows)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, seconds)


def stop_workers() -> None:
    """Kill every worker process this process started (their work is never needed once
    the app is ending: hints, pars, the longer end search)."""
    started = sys.modules.get("multiprocessing")  # not loaded: no worker was started
    if started is None:
        return
    with contextlib.suppress(Exception):
        for child in started.active_children():
            with contextlib.suppress(Exception):
                child.kill()


def _restore_terminal() -> None:
    """Give the terminal (standard input and output) back its settings from before the
    app, if it is still there."""
    if _state.terminal is None:
        return
    with contextlib.suppress(Exception):
        import termios

        termios.tcsetattr(0, termios.TCSANOW, _state.terminal)
    if _state.full_screen:
        with contextlib.suppress(Exception):
            os.write(1, _RESTORE_SCREEN)


def end_now(number: int) -> NoReturn:
    """End the process at once: the workers stopped, the terminal given back."""
    stop_workers()
    _restore_terminal()
    os._exit(128 + number)


def _watch(number: int) -> None:
    threading.Event().wait(GRACE_SECONDS)
    saves = _state.saves
    if saves is not None and _saving():
        # moves wait for a database another program holds: they are written once it lets
        # go, as q would write them (the kernel's timer pushed back to let them)
        with contextlib.suppress(ValueError, OSError, AttributeError):
            signal.setitimer(signal.ITIMER_REAL, SAVE_SECONDS + LAST_SECONDS - GRACE_SECONDS)
        with contextlib.suppress(Exception):
            saves.flush(SAVE_SECONDS)
    end_now(number)


def arm(number: int) -> bool:
    """Note that ``number`` is ending the process, and make sure it ends: the watchdog and
    the kernel's timer start. Returns False when an earlier signal has done so already.
    Called in the main thread (where Python runs signal handlers)."""
    if _state.number is not None:
        return False
    _state.number = number
    _kernel_timer(LAST_SECONDS + (SAVE_SECONDS if _saving() else 0.0))
    threading.Thread(target=_watch, args=(number,), name="ending", daemon=True).start()
    return True


class _Listener:
    """The fourth net: a thread that reads the signals' numbers from the pipe Python
    writes them to (the wakeup fd) and starts the watchdog for one that ends the process,
    whatever the main thread is doing; :meth:`close` stops it and gives the wakeup fd back
    as it was."""

    def __init__(self) -> None:
        self.read_end, self.write_end = os.pipe()
        try:
            os.set_blocking(self.write_end, False)  # (Python's handler must never wait)
            self.before = signal.set_wakeup_fd(self.write_end, warn_on_full_buffer=False)
        except BaseException:
            os.close(self.read_end)
            os.close(self.write_end)
            raise
        self.thread = threading.Thread(target=self._listen, name="signals", daemon=True)
        self.thread.start()

    def _listen(self) -> None:
        watching = False
        try:
            while numbers := os.read(self.read_end, 64):
                for number in numbers:
                    if number == 0:  # told to stop
                        return
                    if number not in ENDING_SIGNALS:
                        continue
                    if watching:
                        again(number)
                        continue
                    watching = True
                    threading.Thread(
                        target=_watch, args=(number,), name="ending", daemon=True
                    ).start()
        except OSError:
            pass
        finally:
            os.close(self.read_end)  # (here, so that it is never closed under a read)

    def close(self) -> None:
        """Give the wakeup fd back and tell the thread to stop (not waited for)."""
        signal.set_wakeup_fd(self.before)
        with contextlib.suppress(OSError):
            os.write(self.write_end, b"\0")
        os.close(self.write_end)


@contextlib.contextmanager
def _listening() -> Iterator[None]:
    """While inside: the signals that end the process start the watchdog from a thread of
    their own too (see :class:`_Listener`), where the system lets Python have one."""
    listener: _Listener | None = None
    if os.name == "posix":  # (elsewhere the wakeup fd must be a socket)
        with contextlib.suppress(OSError, ValueError):  # no pipe, or not the main thread
            listener = _Listener()
    try:
        yield
    finally:
        if listener is not None:
            listener.close()


def again(number: int) -> None:
    """Another signal while the first is handled. While saves wait (for a database another
    program holds), a Ctrl-C asked for twice ends the process at once, those saves lost;
    SIGHUP and SIGTERM do not cut the wait short (a closed terminal sends SIGHUP twice,
    from the shell and from the kernel)."""
    if number == getattr(signal, "SIGINT", None) and _saving():
        end_now(number)


def _signalled(number: int, frame: FrameType | None) -> None:
    if not arm(number):
        again(number)  # already ending
        return
    clean = _state.clean
    try:
        if clean is not None:
            clean(number)
            return
    except Exception:  # the app's loop has closed: nothing left to end cleanly
        pass
    if _saving():
        return  # a save under way (plain mode's, in this thread): the watchdog lets it end
    end_now(number)


def _interrupted(number: int, frame: FrameType | None) -> None:
    _state.interrupted = True
    raise KeyboardInterrupt


def _dropped(unraisable: Any) -> None:
    if isinstance(unraisable.exc_value, KeyboardInterrupt) and _state.interrupted:
        return  # noted: no traceback on the terminal for a Ctrl-C
    sys.__unraisablehook__(unraisable)


def note_interrupts() -> None:
    """Ctrl-C (SIGINT) raises KeyboardInterrupt as Python's own handler does, and is noted
    for :func:`installed`, and one that Python drops is not reported as an error; where
    Ctrl-C is ignored (a command started in the background) or already handled, it is left
    as it is."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted)
        sys.unraisablehook = _dropped


@contextlib.contextmanager
def installed() -> Iterator[None]:
    """While a command plays (the app, plain mode): the signals end it as this module
    says, and the terminal's settings are kept to be given back. The handlers that were
    there before are put back afterwards (the command may run inside a test)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with contextlib.suppress(Exception):
        import termios

        if os.isatty(0):
            _state.terminal = termios.tcgetattr(0)
    before = {number: signal.signal(number, _signalled) for number in ENDING_SIGNALS}
    if _state.interrupted:  # a Ctrl-C came, and was dropped on its way (note_interrupts)
        end_now(signal.SIGINT)
    try:
        with _listening():
            yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
