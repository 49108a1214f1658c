"""One visitor's app: textual-serve's ``AppService`` (which runs a Textual app as a
process and speaks its packet protocol), with the bounds ``parlour serve`` promises.

- The app runs in a process group of its own, so that it and any worker it starts can
  be ended together.
- Its terminal is never larger than a screen can use (:func:`clamped`).
- Every write to the browser and to the app is given a few seconds (``SEND_SECONDS``).
  A browser that stops reading (or has gone without closing its connection) is dropped,
  and what the app writes after that is read and thrown away, so the app never blocks
  on a full pipe.
- Ending it (:meth:`ServedApp.stop`) asks the app to quit, then SIGTERM (the app saves
  and exits), then SIGKILL, for the group: within seconds nothing is left of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shlex
import signal
from asyncio.subprocess import Process
from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any
from typing import Final

from aiohttp import web
from textual_serve._binary_encode import DecodeError
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from parlour.cli.serve.journal import Journal
from parlour.engine.untrusted import shown

#: the largest terminal an app is given: a 4K screen (3840 × 2160 pixels) at the page's
#: usual 16-pixel font is about 400 × 113 cells (docs/reliability.md has the memory)
MAX_WIDTH: Final = 400
MAX_HEIGHT: Final = 150
#: what textual-serve's page asks for when it gives no size
DEFAULT_SIZE: Final = (80, 24)
#: how long one write to the browser or to the app may take before the other end is
#: taken to have stopped reading
SEND_SECONDS: Final = 5.0
#: after the app is asked to quit, and after SIGTERM, how long it has before the next
QUIT_SECONDS: Final = 3.0
TERM_SECONDS: Final = 2.0
#: how much of the app's standard error is kept to show the owner when it ends
STDERR_KEPT: Final = 16 * 1024


def clamped(value: object, default: int, largest: int) -> int:
    """A terminal dimension from a browser: a whole number from 1 to ``largest``
    (``default`` when it is not a number at all).

    >>> clamped("5000", 80, 400), clamped("-3", 80, 400), clamped("x", 80, 400)
    (400, 1, 80)
    """
    if isinstance(value, bool):
        return default
    if isinstance(value, str):
        text = value.strip()
        if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) < 12):
            return default
        value = int(text)
    if not isinstance(value, int):
        return default
    return max(1, min(value, largest))


class ServedApp(AppService):
    """A visitor's app, speaking to one websocket."""

    def __init__(
        self,
        argv: list[str],
        websocket: web.WebSocketResponse,
        request: web.Request,
        download_manager: DownloadManager,
        journal: Journal,
    ) -> None:
        super().__init__(
            shlex.join(argv),
            write_bytes=self._send_bytes_to_browser,
            write_str=self._send_str_to_browser,
            close=self.close_browser,
            download_manager=download_manager,
        )
        self.argv = argv
        self.websocket = websocket
        self.request = request
        self.journal = journal
        self.peer = request.remote or "?"
        #: why the app is ending (None while it runs)
        self.ending: str | None = None
        #: when the visitor last typed or clicked (the event loop's clock), or when the
        #: app first drew (before that they cannot)
        self.last_input = asyncio.get_running_loop().time()
        self._drawn = False
        self._stopping: asyncio.Task[None] | None = None
        #: the browser's connection was cut: what the app writes is thrown away
        self._dropped = False

    # -- the app's process -------------------------------------------------------------

    async def start(self, width: object, height: object) -> None:
        await super().start(
            clamped(width, DEFAULT_SIZE[0], MAX_WIDTH), clamped(height, DEFAULT_SIZE[1], MAX_HEIGHT)
        )

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,  # its own process group: ended as one
        )
        assert process.stdin is not None
        self._process, self._stdin = process, process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def set_terminal_size(self, width: object, height: object) -> None:
        await super().set_terminal_size(
            clamped(width, DEFAULT_SIZE[0], MAX_WIDTH), clamped(height, DEFAULT_SIZE[1], MAX_HEIGHT)
        )

    async def run(self) -> None:
        """Read the app's packets until it ends, passing them to the browser (or, once
        the browser has gone, throwing them away so the app is never blocked)."""
        process = self._process
        assert process is not None and process.stdout is not None
        stdout, stderr = process.stdout, process.stderr
        kept = bytearray()

        async def keep_stderr() -> None:
            assert stderr is not None
            while chunk := await stderr.read(4096):
                kept.extend(chunk[: max(0, STDERR_KEPT - len(kept))])

        errors = asyncio.create_task(keep_stderr())
        handlers: dict[bytes, Callable[[bytes], Awaitable[None]]] = {
            b"D": self.on_data,
            b"M": self.on_meta,
            b"P": self.on_packed,
        }
        try:
            for _ in range(10):  # the app's first line says it speaks the protocol
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                handler = handlers.get(kind)
                # a packet the server does not understand is skipped
                with contextlib.suppress(ValueError, KeyError, TypeError, DecodeError):
                    if handler is not None:
                        await handler(payload)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # the app's output has ended
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(errors, 1.0)
            errors.cancel()
            self.end("the app ended")
            await self.close_browser()
        if kept:
            text = bytes(kept).decode("utf-8", "replace").strip()
            for said in text.splitlines()[-20:]:
                self.journal.say(self.peer, f"the app said: {shown(said, limit=200)}")

    async def on_data(self, payload: bytes) -> None:
        if not self._drawn:
            self._drawn, self.last_input = True, asyncio.get_running_loop().time()
        await super().on_data(payload)

    async def on_meta(self, data: bytes) -> None:
        if json.loads(data).get("type") == "exit":
            self.end("the visitor quit")
        await super().on_meta(data)

    # -- the browser ---------------------------------------------------------------------

    def end(self, reason: str, *, drop: bool = False) -> None:
        """Note why the app is ending (the first reason stands); with ``drop``, cut the
        browser's connection at once (it has stopped reading)."""
        if self.ending is None:
            self.ending = reason
        if drop:
            self._dropped = True
            transport = self.request.transport
            if transport is not None:
                transport.abort()

    async def _to_browser(self, send: Callable[[], Awaitable[Any]]) -> None:
        if self._dropped or self.websocket.closed:
            return  # thrown away: the app's output is still read, so it never blocks
        try:
            await asyncio.wait_for(send(), SEND_SECONDS)
        except TimeoutError:
            self.end(f"the browser read nothing for {SEND_SECONDS:g} s", drop=True)
        except (ConnectionError, RuntimeError):
            self.end("the browser left", drop=True)

    async def _send_bytes_to_browser(self, data: bytes) -> None:
        await self._to_browser(lambda: self.websocket.send_bytes(data))

    async def _send_str_to_browser(self, text: str) -> None:
        await self._to_browser(lambda: self.websocket.send_str(text))

    async def send_to_browser_json(self, value: object) -> None:
        await self._to_browser(lambda: self.websocket.send_json(value))

    async def close_browser(self) -> None:
        """Close the websocket politely if the browser takes it within a second; cut it
        otherwise."""
        if not self.websocket.closed:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.websocket.close(), 1.0)
        transport = self.request.transport
        if transport is not None and not transport.is_closing():
            transport.abort()

    # -- the app's input -----------------------------------------------------------------

    async def _to_app(self, sending: Awaitable[bool]) -> bool:
        try:
            return await asyncio.wait_for(sending, SEND_SECONDS)
        except TimeoutError:
            self.end(f"the app read nothing for {SEND_SECONDS:g} s")
            return False

    async def send_bytes(self, data: bytes) -> bool:
        return await self._to_app(super().send_bytes(data))

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        return await self._to_app(super().send_meta(data))

    # -- ending ----------------------------------------------------------------------------

    async def stop(self) -> None:
        """End the app and everything it started; safe to call more than once, and from
        more than one task (the first call's work is shared)."""
        if self._stopping is None:
            self._stopping = asyncio.create_task(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        process = self._process
        if process is not None:
            if process.returncode is None:
                await self.send_meta({"type": "quit"})  # the app saves and exits
                if not await _exits(process, QUIT_SECONDS):
                    self._signal(signal.SIGTERM)  # the app saves and exits, too
                    if not await _exits(process, TERM_SECONDS):
                        self._signal(signal.SIGKILL)
                        await process.wait()
            await self._sweep_group(process.pid)
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._task, 2.0)
        await self.close_browser()

    def _signal(self, number: int) -> None:
        if self._process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._process.pid, number)

    async def _sweep_group(self, group: int) -> None:
        """Anything the app started and left behind (a worker) has a second to go by
        itself, then is killed."""
        for _ in range(10):
            try:
                os.killpg(group, 0)
            except (ProcessLookupError, PermissionError):
                return
            await asyncio.sleep(0.1)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)


async def _exits(process: Process, seconds: float) -> bool:
    """Whether ``process`` ends within ``seconds``."""
    try:
        await asyncio.wait_for(process.wait(), seconds)
    except TimeoutError:
        return False
    return True
