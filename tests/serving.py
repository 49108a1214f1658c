"""A real ``parlour serve`` for the tests: a subprocess listening on a free port, its
announced link (with the run's token), the app processes it has started (found in the
process table by the data directory on their command line), and aiohttp clients."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import asynccontextmanager
from contextlib import contextmanager
from pathlib import Path

import aiohttp


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def processes_using(data: Path, *, also: bytes = b"") -> list[int]:
    """Processes whose command line names ``data`` (the server and its apps, which are
    given it as ``--data-dir=DATA``), and ``also`` if given."""
    named = {str(data).encode(), f"--data-dir={data}".encode()}
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if named.intersection(words) and (not also or also in words):
            found.append(int(entry.name))
    return found


def wait_for(
    condition: Callable[[], bool],
    seconds: float,
    what: str,
    pause: Callable[[], object] = lambda: time.sleep(0.1),
) -> float:
    """Wait until ``condition`` holds (``pause`` between looks); the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():
            return time.monotonic() - start
        pause()
    raise AssertionError(f"{what} did not happen within {seconds} s")


async def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> float:
    """:func:`wait_for` for a test that runs an event loop."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if condition():
            return time.monotonic() - start
        await asyncio.sleep(0.1)
    raise AssertionError(f"{what} did not happen within {seconds} s")


class Served:
    """``parlour --data-dir DATA serve --port P OPTIONS…``, started and announced."""

    def __init__(self, data: Path, *options: str, host: str = "127.0.0.1") -> None:
        self.data = data
        self.port = free_port()
        command = [sys.executable, "-m", "parlour", "--data-dir", str(data), "serve"]
        self.process = subprocess.Popen(
            [*command, "--host", host, "--port", str(self.port), *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        assert self.process.stdout is not None
        #: the lines it printed when it began listening
        self.announced: list[str] = []
        while not self.announced or not self.announced[-1].startswith("At most"):
            line = self.process.stdout.readline()
            assert line, f"the server ended: {''.join(self.announced)}"
            self.announced.append(line.rstrip("\n"))
        found = re.search(r"\?token=([A-Za-z0-9_-]+)$", self.announced[0])
        assert found is not None, self.announced
        self.token = found.group(1)
        self.base = f"http://127.0.0.1:{self.port}"
        self.link = f"{self.base}/?token={self.token}"
        #: what it printed after its announcement (filled in by :meth:`stop`)
        self.journal = ""

    def apps(self) -> list[int]:
        """The app processes it has started and that are still there (a process it has
        forked but that is not yet an app, whose command line is still the server's, is
        not one)."""
        return processes_using(self.data, also=b"--served")

    def websocket_url(self, query: str = "width=100&height=30") -> str:
        return f"{self.base}/ws/{self.token}?{query}"

    def stop(self) -> int:
        """Ctrl-C; its exit status (its later output is in :attr:`journal`)."""
        if self.process.returncode is not None:
            return self.process.returncode  # stopped already
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            rest, _ = self.process.communicate(timeout=30)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.journal += rest or ""
        return self.process.returncode


@contextmanager
def serving(data: Path, *options: str, host: str = "127.0.0.1") -> Iterator[Served]:
    """A server for the length of a test: stopped with Ctrl-C at the end, which must
    succeed and leave none of its apps behind."""
    served = Served(data, *options, host=host)
    try:
        yield served
    finally:
        status = served.stop()
        print(served.journal)  # shown by pytest when the test fails
        wait_for(lambda: not processes_using(data), 10, "every app ending with the server")
        for pid in processes_using(data):
            os.kill(pid, signal.SIGKILL)
    assert status == 0, served.journal


class Screen:
    """What one websocket has received from its app, as text."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.output = bytearray()
        self.closed = False

    async def read(self, seconds: float) -> None:
        """Take in what comes for up to ``seconds`` (less if the socket closes)."""
        deadline = time.monotonic() + seconds
        while not self.closed and (left := deadline - time.monotonic()) > 0:
            try:
                message = await self.websocket.receive(timeout=left)
            except TimeoutError:
                return
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output.extend(message.data)
            elif message.type != aiohttp.WSMsgType.TEXT:
                self.closed = True

    async def wait_for(self, text: str, seconds: float = 60) -> None:
        """Read until ``text`` has come since the last wait (or fail)."""
        needle = text.encode()
        start = max(0, len(self.output) - len(needle))
        deadline = time.monotonic() + seconds
        while needle not in self.output[start:]:
            if self.closed or time.monotonic() > deadline:
                raise AssertionError(
                    f"{text!r} never came; the last output was {bytes(self.output[-300:])!r}"
                )
            await self.read(0.2)

    async def press(self, keys: str) -> None:
        await self.websocket.send_json(["stdin", keys])


@asynccontextmanager
async def visiting(server: Served) -> AsyncIterator[Screen]:
    """A visitor's app, opened in a websocket of its own and shown (its start screen up)
    while the block runs."""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(server.websocket_url()) as websocket,
    ):
        screen = Screen(websocket)
        await screen.wait_for("Golf: a single hole")
        yield screen
