"""Parlour run as a player runs it: a new process in a pseudo-terminal of a given size,
whose output is read as it comes and whose keyboard is written to."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import ClassVar


class Terminal:
    """``parlour ARGS…`` in a pseudo-terminal of ``width`` × ``height``."""

    #: every app started and not yet closed (a test that fails part-way leaves its apps
    #: here, and the conftest fixture ends them)
    started: ClassVar[list[Terminal]] = []

    def __init__(
        self,
        data_dir: Path,
        *args: str,
        width: int = 100,
        height: int = 32,
        program: tuple[str, ...] = ("-m", "parlour"),
        environment: dict[str, str] | None = None,
    ) -> None:
        """``program`` is what Python runs (Parlour itself, or a script that runs it);
        ``environment``, variables set besides the data directory."""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        env = dict(os.environ, PARLOUR_DATA_DIR=str(data_dir), TERM="xterm-256color")
        env.update(environment or {})
        self.process = subprocess.Popen(
            [sys.executable, *program, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        self.fd = master
        self.output = bytearray()
        Terminal.started.append(self)

    @property
    def pid(self) -> int:
        return self.process.pid

    def read(self, seconds: float) -> None:
        """Take in what the app writes for up to ``seconds``."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                return
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the app has gone and the terminal with it
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def wait_for(self, text: str, seconds: float = 30) -> None:
        """Read until ``text`` has been written since the last wait (or fail)."""
        needle = text.encode()
        start = len(self.output)
        deadline = time.monotonic() + seconds
        while needle not in self.output[start - len(needle) if start > len(needle) else 0 :]:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{text!r} never appeared; the screen ended with {bytes(self.output[-300:])!r}"
                )
            self.read(0.1)

    def press(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait_to_end(self, seconds: float = 20) -> int:
        """Keep reading (an app whose output nobody reads cannot finish) until it ends."""
        deadline = time.monotonic() + seconds
        while self.process.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError("the app did not end")
            self.read(0.05)
        self.read(0.2)
        return self.process.wait()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self in Terminal.started:
            Terminal.started.remove(self)
            os.close(self.fd)


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (not gone, not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def session_of(pid: int) -> int | None:
    """The session ``pid`` is in (None once it is gone)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[3])
    except (OSError, IndexError, ValueError):
        return None


def in_session(session: int) -> set[int]:
    """The running processes of ``session``: what an app started in its own session
    started, however far down, even once its parent is gone."""
    return {
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit() and session_of(int(entry.name)) == session
    }


def outlived(
    pids: set[int],
    seconds: float = 20,
    session: int | None = None,
    terminal: Terminal | None = None,
) -> list[str]:
    """What each of ``pids``, and each process of ``session`` (those started after
    ``pids`` were listed too: a worker the app was starting as it was killed), still runs
    after waiting up to ``seconds`` for them to end (none: all ended). Each ends on its own
    once what started it is killed: a pool's workers at once, by the signal Linux sends
    them when their parent dies (one still starting, once it finds its parent gone), and
    multiprocessing's resource tracker when the last of them has closed its pipe; on a
    loaded machine that can take seconds. The tracker then warns, on the app's
    ``terminal``, of the semaphores the killed app left: what that terminal shows is read
    meanwhile, as a player's terminal reads it. What still runs is told with its state
    and what it waits in (``/proc``), so that a process left says why."""

    def running() -> set[int]:
        found = {pid for pid in pids if alive(pid)}
        return found | {pid for pid in in_session(session) if alive(pid)} if session else found

    deadline = time.monotonic() + seconds
    while running() and time.monotonic() < deadline:
        if terminal is None:
            time.sleep(0.1)
        else:
            terminal.read(0.1)
            time.sleep(0.02)  # (a terminal closed on every side reads nothing at once)
    left = []
    for pid in sorted(running()):
        with contextlib.suppress(OSError):  # (ended just now)
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            waits = Path(f"/proc/{pid}/wchan").read_text()
            command += f" [state {state}, waiting in {waits or '-'}]"
            left.append(command if pid in pids else f"{command} (started as it was killed)")
    return left
