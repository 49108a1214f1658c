"""Signals at any moment of the app's life: SIGHUP (with the terminal closed, as closing a
terminal window does), SIGTERM and SIGINT, sent from the first instant of start-up on, end
``parlour`` and every process it started within two seconds; moves played are saved.

Each try is ``parlour …`` in a pseudo-terminal of its own that is its controlling
terminal (as in a terminal window): closing the terminal's side of it hangs the session up.
Tries run a few at a time, each with its own data directory."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

import pytest

from parlour.store.database import Store

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: the promise: gone, with every process it started, this long after the signal
GONE_WITHIN = 2.0
#: tries of each signal, spread over the start-up window
TRIES = 20
#: tries run at once (the machine may have only two cores)
AT_ONCE = 5

COMMANDS = (("play", "golf", "--seed", "1"), (), ("play", "golf", "--seed", "1", "--plain"))


def session_members(session: int) -> set[int]:
    """Live processes of a session (a try's app and everything it started: workers stay
    in the session they were started in)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] not in ("Z", "X"):
            found.add(int(entry.name))
    return found


def what_it_was_doing(pid: int) -> str:
    """A live process's state, its threads, its signals pending, blocked, ignored and
    caught, and where in the kernel it waits (for a try that did not end: why not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        waits = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return ""
    wanted = ("State", "Threads", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
    lines = [line.replace("\t", " ") for line in status if line.startswith(wanted)]
    return f"; when killed: {', '.join(lines)}, waiting in {waits or '-'}"


def _controlling_terminal() -> None:
    """In the child, after ``setsid``: make its standard input (the pseudo-terminal) its
    controlling terminal, so that closing the other side sends the hang-up; and give the
    ending signals their default actions, as a shell in a terminal starts a program (a
    signal ignored by whatever started the tests, as ``nohup`` ignores SIGHUP and a shell
    its background jobs' SIGINT, would stay ignored in the program until it sets its own
    handlers)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    for number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


@dataclass
class Try:
    """One ``parlour`` in a terminal of its own, signalled ``delay`` seconds after start."""

    args: tuple[str, ...]
    number: signal.Signals
    delay: float
    data_dir: Path
    output: bytearray = field(default_factory=bytearray)
    process: subprocess.Popen[bytes] | None = None
    fd: int | None = None
    started: float = 0.0
    signalled: float | None = None
    gone: float | None = None
    #: how much had been written when the signal was sent
    mark: int = 0
    #: what the process was doing when it was killed, if it had not ended by then
    last_seen: str = ""

    def start(self) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        env = dict(os.environ, PARLOUR_DATA_DIR=str(self.data_dir), TERM="xterm-256color")
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "parlour", *self.args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
            start_new_session=True,
            preexec_fn=_controlling_terminal,
        )
        os.close(slave)
        self.fd = master

    def read(self) -> None:
        if self.fd is None:
            return
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            chunk = b""
        if chunk:
            self.output.extend(chunk)

    def send(self) -> None:
        assert self.process is not None
        self.signalled = time.monotonic()
        self.mark = len(self.output)
        os.kill(self.process.pid, self.number)
        if self.number == signal.SIGHUP:  # the terminal is closed, as a window is
            self.close_terminal()

    def close_terminal(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def check_gone(self) -> bool:
        assert self.process is not None
        if (
            self.gone is None
            and self.process.poll() is not None
            and not session_members(self.process.pid)
        ):
            self.gone = time.monotonic()
        return self.gone is not None

    def end(self) -> None:
        """Kill whatever is left of the try (after the verdict) and close its terminal;
        what the process was doing, if it was still there, is kept for :meth:`describe`."""
        assert self.process is not None
        if self.process.poll() is None:
            self.last_seen = what_it_was_doing(self.process.pid)
        for pid in session_members(self.process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait()
        self.close_terminal()

    @property
    def said_after(self) -> bytes:
        """What was written after the signal (nothing can be read once the terminal is
        closed)."""
        return bytes(self.output[self.mark :])

    @property
    def took(self) -> float | None:
        if self.gone is None or self.signalled is None:
            return None
        return self.gone - self.signalled

    def describe(self) -> str:
        assert self.process is not None
        said = bytes(self.output[-400:])
        return (
            f"parlour {' '.join(self.args)}: {self.number.name} {self.delay:.2f} s after start; "
            f"exit {self.process.poll()}, left {sorted(session_members(self.process.pid))}; "
            f"the terminal ended with {said!r}{self.last_seen}"
        )


def run_batch(tries: list[Try], patience: float = 10.0) -> None:
    """Start the tries together, signal each at its moment, and wait (reading what they
    write: an app whose terminal is not read cannot finish) until each has gone or
    ``GONE_WITHIN`` has long passed."""
    for one in tries:
        one.start()
    try:
        while True:
            now = time.monotonic()
            for one in tries:
                if one.signalled is None and now - one.started >= one.delay:
                    one.send()
                if one.signalled is not None:
                    one.check_gone()
            if all(one.gone is not None for one in tries):
                return
            if all(one.signalled is not None for one in tries) and all(
                one.gone is not None or now - (one.signalled or now) > patience for one in tries
            ):
                return
            fds = [one.fd for one in tries if one.fd is not None]
            ready, _, _ = select.select(fds, [], [], 0.02) if fds else ([], [], [])
            if not fds:
                time.sleep(0.02)
            for one in tries:
                if one.fd in ready:
                    one.read()
    finally:
        for one in tries:
            one.end()


def start_up_seconds(tmp_path: Path) -> float:
    """How long the app takes here to show its first board, with ``AT_ONCE`` starting
    together (a slow or busy machine takes longer than a second)."""
    tries = [
        Try(COMMANDS[0], signal.SIGTERM, 60.0, tmp_path / f"calibrate-{n}") for n in range(AT_ONCE)
    ]
    shown: dict[int, float] = {}
    for one in tries:
        one.start()
    try:
        deadline = time.monotonic() + 60
        while len(shown) < len(tries) and time.monotonic() < deadline:
            fds = [one.fd for one in tries if one.fd is not None]
            ready, _, _ = select.select(fds, [], [], 0.05)
            for index, one in enumerate(tries):
                if one.fd in ready:
                    one.read()
                    if index not in shown and b"seed 1" in one.output:
                        shown[index] = time.monotonic() - one.started
    finally:
        for one in tries:
            one.end()
    assert len(shown) == len(tries), "the board never appeared"
    return max(shown.values())


@pytest.fixture(scope="module")
def window(tmp_path_factory: pytest.TempPathFactory) -> float:
    """Signals are sent from 0.1 s after start to this long after it: a second, or, where
    the board takes longer to appear, until a little after it has."""
    return max(1.0, 1.25 * start_up_seconds(tmp_path_factory.mktemp("calibrate")))


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_a_signal_at_any_moment_of_start_up_ends_everything_within_two_seconds(
    tmp_path: Path, number: signal.Signals, window: float
) -> None:
    # spread over the window, the three ways of starting taking turns
    delays = [0.1 + (window - 0.1) * index / (TRIES - 1) for index in range(TRIES)]
    tries = [
        Try(COMMANDS[index % len(COMMANDS)], number, delay, tmp_path / f"data-{index}")
        for index, delay in enumerate(delays)
    ]
    for first in range(0, len(tries), AT_ONCE):
        run_batch(tries[first : first + AT_ONCE])
    late = [one for one in tries if one.took is None or one.took > GONE_WITHIN]
    assert not late, "\n".join(one.describe() for one in late)
    # an end, not a crash: no traceback on the terminal
    crashed = [one for one in tries if b"Traceback" in one.said_after]
    assert not crashed, "\n".join(one.describe() for one in crashed)


def wait_for(one: Try, text: bytes, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while text not in one.output:
        assert time.monotonic() < deadline, f"{text!r} never appeared: {one.describe()}"
        assert one.fd is not None
        ready, _, _ = select.select([one.fd], [], [], 0.1)
        if ready:
            one.read()


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("plain", [False, True], ids=["app", "plain"])
def test_a_signal_after_moves_ends_everything_with_the_moves_saved(
    tmp_path: Path, number: signal.Signals, plain: bool
) -> None:
    args = ("play", "golf", "--seed", "1", *(["--plain"] if plain else []))
    one = Try(args, number, 0.0, tmp_path / "data")
    one.start()
    try:
        if plain:
            wait_for(one, b"Play a card")
            os.write(one.fd or -1, b"7\n")
            wait_for(one, b"from column 7 onto")
        else:
            wait_for(one, b"seed 1")
            os.write(one.fd or -1, b"7")
            wait_for(one, b"move 1")
        one.send()
        deadline = time.monotonic() + 2 * GONE_WITHIN
        while not one.check_gone() and time.monotonic() < deadline:
            if one.fd is not None and select.select([one.fd], [], [], 0.02)[0]:
                one.read()
            time.sleep(0.01)
    finally:
        one.end()
    assert one.took is not None and one.took <= GONE_WITHIN, one.describe()
    assert b"Traceback" not in one.said_after, one.describe()
    assert one.process is not None and one.process.returncode == 128 + number
    store = Store(one.data_dir)
    try:
        assert [game.moves for game in store.games_in_progress()] == [("7",)]
    finally:
        store.close()


#: a Ctrl-C at its worst moment: raised while Python runs a finaliser of its own accord
#: (during start-up: an import's lock, a weak reference's callback), where Python prints
#: the KeyboardInterrupt and drops it; then the command goes on to play, as in one run of
#: the test above, whose plain mode then waited at its prompt
DROPPED_CTRL_C = """
import signal, sys
from parlour.ending import note_interrupts

# Python's own Ctrl-C, as in a terminal (a run started in the background by a shell, such
# as this test's, inherits Ctrl-C ignored, which the entry point leaves as it is)
signal.signal(signal.SIGINT, signal.default_int_handler)
note_interrupts()  # as the entry point does, first


class Finalised:
    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


Finalised()
from parlour.cli import main

sys.exit(main())
"""


@pytest.mark.parametrize("plain", [False, True], ids=["app", "plain"])
def test_a_ctrl_c_that_python_drops_still_ends_a_command_that_comes_to_play(
    tmp_path: Path, plain: bool
) -> None:
    args = ["--data-dir", str(tmp_path), "play", "golf", "--seed", "1", *(["--plain"] * plain)]
    process = subprocess.run(
        [sys.executable, "-c", DROPPED_CTRL_C, *args],
        stdin=subprocess.PIPE if plain else subprocess.DEVNULL,  # (plain mode would wait on it)
        capture_output=True,
        timeout=20,
    )
    # ended as a Ctrl-C ends a command that plays, before playing, and without a traceback
    assert process.returncode == 128 + signal.SIGINT, process
    assert b"Traceback" not in process.stderr and b"KeyboardInterrupt" not in process.stderr
    assert b"Golf" not in process.stdout


#: a command that plays whose main thread cannot take the signal (it blocks it, as a main
#: thread does that is just going into a read of the terminal when the signal comes: Python
#: notes the signal, but its handler waits for the read to end), waiting on a read that
#: never ends
MAIN_THREAD_DEAF = """
import os, signal
from parlour.ending import installed
with installed():
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGHUP, signal.SIGINT})
    print("waiting", flush=True)
    os.read(0, 1)
"""


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_a_signal_whose_handler_cannot_run_still_ends_a_command_that_plays(
    number: signal.Signals,
) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", MAIN_THREAD_DEAF],
        stdin=subprocess.PIPE,  # (never written: the read waits for ever)
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == b"waiting\n"
        sent = time.monotonic()
        process.send_signal(number)
        status = process.wait(timeout=2 * GONE_WITHIN)
        took = time.monotonic() - sent
    finally:
        process.kill()
        process.wait()
    # ended by the watchdog the listener started, as the handler would have ended it
    assert status == 128 + number, process.stderr
    assert took <= GONE_WITHIN


def read_for(one: Try, seconds: float) -> None:
    """Go on reading what the try writes (an app whose terminal is not read cannot go on)
    for ``seconds``, or until it has gone."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not one.check_gone():
        if one.fd is not None and select.select([one.fd], [], [], 0.05)[0]:
            one.read()
        else:
            time.sleep(0.02)


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_moves_waiting_for_a_locked_database_are_saved_when_a_signal_ends_the_app(
    tmp_path: Path, number: signal.Signals
) -> None:
    """Moves made while another program holds the database are handed to the app's writer,
    which waits for the lock; a signal then (the terminal closed, a polite kill) lets those
    saves finish once the lock goes, as q does, and ends the app after them."""
    one = Try(("play", "golf", "--seed", "1"), number, 0.0, tmp_path / "data")
    one.start()
    holder: sqlite3.Connection | None = None
    try:
        wait_for(one, b"seed 1")
        holder = sqlite3.connect(one.data_dir / "parlour.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another program's write, under way
        os.write(one.fd or -1, b"7")
        wait_for(one, b"move 1")
        os.write(one.fd or -1, b" ")
        wait_for(one, b"move 2")
        one.send()
        # well past the moment the process used to be ended, the saves still waiting
        read_for(one, 3 * GONE_WITHIN)
        holder.execute("COMMIT")
        read_for(one, 60)
    finally:
        if holder is not None:
            holder.close()
        one.end()
    assert one.gone is not None, one.describe()
    assert one.process is not None and one.process.returncode == 128 + number, one.describe()
    assert b"Traceback" not in one.said_after, one.describe()
    if number != signal.SIGHUP:  # (its terminal is gone)
        # told on the terminal given back, not left before a blank screen
        assert b"waiting to save your last moves" in one.said_after, one.describe()
    store = Store(one.data_dir)
    try:
        assert [game.moves for game in store.games_in_progress()] == [("7", "s")]
    finally:
        store.close()


def main_thread_sleeps(pid: int) -> bool:
    """Whether the process's main thread is asleep on a timer (SQLite's wait for a lock
    sleeps a little at a time), rather than reading or running."""
    try:
        return "nanosleep" in Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False


@contextlib.contextmanager
def plain_saving_under_lock(
    tmp_path: Path,
) -> Iterator[tuple[subprocess.Popen[bytes], sqlite3.Connection]]:
    """Plain mode, its first move typed while another program holds the database: the
    command, once its save waits for the lock, and that program's connection (in a write
    the caller ends, or not)."""
    data = tmp_path / "data"
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data))
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "play", "golf", "--seed", "1", "--plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    holder: sqlite3.Connection | None = None
    try:
        assert process.stdin is not None and process.stdout is not None
        while b"Play a card" not in process.stdout.readline():
            assert process.poll() is None
        holder = sqlite3.connect(data / "parlour.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another program's write, under way
        process.stdin.write(b"7\n")
        process.stdin.flush()
        deadline = time.monotonic() + 60
        while not main_thread_sleeps(process.pid):  # (waiting for the lock)
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.01)
        yield process, holder
    finally:
        process.kill()
        process.wait()
        if holder is not None:
            holder.close()


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_a_move_plain_mode_is_saving_when_a_signal_comes_is_saved(
    tmp_path: Path, number: signal.Signals
) -> None:
    """Plain mode saves each move before it answers it; while another program holds the
    database, the save waits. A signal then lets that save finish once the lock goes (it
    ended the command a second later, the move never written), and ends the command."""
    with plain_saving_under_lock(tmp_path) as (process, holder):
        process.send_signal(number)
        # well past the moment the process used to be ended, the save still waiting
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=3 * GONE_WITHIN)
        holder.execute("COMMIT")
        status = process.wait(timeout=60)
    assert status == 128 + number
    assert process.stderr is not None and b"Traceback" not in process.stderr.read()
    store = Store(tmp_path / "data")
    try:
        assert [game.moves for game in store.games_in_progress()] == [("7",)]
    finally:
        store.close()


def test_a_second_ctrl_c_ends_plain_mode_without_waiting_for_its_save(tmp_path: Path) -> None:
    """The first Ctrl-C lets the save of the move in hand finish; a player who presses it
    again while the save still waits for a database another program holds is not made to
    wait: the command ends at once, status 130, the move not saved (the second Ctrl-C was
    ignored, and the command waited for the lock, up to the store's 30 s)."""
    with plain_saving_under_lock(tmp_path) as (process, _):  # (the lock held to the end)
        process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=GONE_WITHIN)  # (still saving: it waits for the lock)
        process.send_signal(signal.SIGINT)
        # ended while the lock is still held: without waiting for the save
        status = process.wait(timeout=20)
    assert status == 128 + signal.SIGINT
    assert process.stderr is not None and b"Traceback" not in process.stderr.read()
