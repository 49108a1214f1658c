"""What ``parlour serve`` spends, and for how long: a real server (a subprocess), real
clients (aiohttp, and a raw socket for a client that never reads), and the process table
to see which apps are still there."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import socket
import struct
import time
from pathlib import Path

import aiohttp
import pytest

from tests.serving import Screen
from tests.serving import Served
from tests.serving import serving
from tests.serving import visiting
from tests.serving import wait_until


async def test_no_more_apps_than_max_apps(tmp_path: Path) -> None:
    with serving(tmp_path / "data", "--max-apps", "3") as server:
        assert server.announced[-1].startswith("At most 3 apps at once")
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(server.websocket_url()) for _ in range(3)]
            for websocket in sockets:
                await Screen(websocket).wait_for("Golf: a single hole")
            assert len(server.apps()) == 3
            # a fourth: the page says so, and the websocket is refused
            async with session.get(server.link) as response:
                assert response.status == 503
                page = await response.text()
            assert "Parlour is full" in page
            assert "as many games as its owner allows at once (3)" in page
            assert 'http-equiv="refresh"' in page  # it tries again by itself
            for _ in range(7):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(server.websocket_url())
                assert refused.value.status == 503
            assert len(server.apps()) == 3
            # one tab closes: its app ends, and a place comes free
            await sockets.pop().close()
            await wait_until(lambda: len(server.apps()) == 2, 15, "the closed tab's app ending")
            statuses = []
            while len(statuses) < 100 and 200 not in statuses:  # once its ending is done
                async with session.get(server.link) as response:
                    statuses.append(response.status)
                await asyncio.sleep(0.1)
            assert statuses[-1] == 200
            sockets.append(await session.ws_connect(server.websocket_url()))
            await Screen(sockets[-1]).wait_for("Golf: a single hole")
            assert len(server.apps()) == 3
            for websocket in sockets:
                await websocket.close()
    assert "refused: full (3 of 3 apps running)" in server.journal


async def test_an_idle_app_is_ended(tmp_path: Path) -> None:
    with serving(tmp_path / "data", "--idle-timeout", "3") as server:
        async with visiting(server) as screen:
            # a key every half second keeps it going well past the timeout
            for key in ["\x1b[B", "\x1b[A"] * 6:
                await screen.press(key)
                await screen.read(0.5)
            assert not screen.closed
            assert len(server.apps()) == 1
            # then nothing: it ends, and the connection with it
            took = time.monotonic()
            await screen.read(20)
            assert screen.closed
            assert time.monotonic() - took < 12
        await wait_until(lambda: not server.apps(), 10, "the idle app ending")
    assert "ended after" in server.journal
    assert "no key or click for 3 s" in server.journal


def frame(text: str) -> bytes:
    """A websocket text frame as a client sends it (masked)."""
    data, mask = text.encode(), os.urandom(4)
    size = bytes([0x80 | len(data)]) if len(data) < 126 else b"\xfe" + struct.pack(">H", len(data))
    return b"\x81" + size + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(data))


def never_reading(server: Served, query: str) -> socket.socket:
    """A websocket whose client, once the handshake is read, never reads again (a tiny
    receive buffer, so the server's writes back up soon)."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    client.sendall(
        (
            f"GET /ws/{server.token}?{query} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += client.recv(1)
    assert answer.startswith(b"HTTP/1.1 101")
    return client


async def test_an_app_whose_browser_stops_reading_is_ended(tmp_path: Path) -> None:
    """The client keeps the app busy redrawing a large screen (resizes) but never reads
    what it draws; the app is ended within seconds, not left blocked on its output."""
    with serving(tmp_path / "data") as server:
        client = never_reading(server, "width=400&height=150")
        try:
            await wait_until(lambda: len(server.apps()) == 1, 30, "the app starting")
            (app,) = server.apps()
            client.setblocking(False)
            for number in range(300):
                size = {"width": 400 - number % 2, "height": 150}
                try:
                    client.send(frame(json.dumps(["resize", size])))
                except BlockingIOError:
                    break  # the server's writes have backed up: it reads no more
                except ConnectionError:
                    break  # the server has already ended the app and let the client go
                time.sleep(0.02)
            took = await wait_until(lambda: app not in server.apps(), 30, "the app ending")
            # and its process is gone (reaped: on a loaded machine a moment after the
            # server lets it go)
            await wait_until(lambda: not Path(f"/proc/{app}").exists(), 10, "its process gone")
            # the server goes on serving
            async with (
                aiohttp.ClientSession() as session,
                session.ws_connect(server.websocket_url()) as websocket,
            ):
                await Screen(websocket).wait_for("Golf: a single hole")
        finally:
            client.close()
    assert "the browser read nothing for 5 s" in server.journal, server.journal
    assert took < 30


async def test_an_app_whose_silent_browser_never_reads_is_ended(tmp_path: Path) -> None:
    """A client that sends nothing and reads nothing (the app's first screen fits in the
    socket's buffers): the websocket's pings go unanswered and the app is ended."""
    with serving(tmp_path / "data") as server:
        client = never_reading(server, "width=400&height=150")
        try:
            await wait_until(lambda: len(server.apps()) == 1, 30, "the app starting")
            (app,) = server.apps()
            await wait_until(lambda: app not in server.apps(), 40, "the app ending")
        finally:
            client.close()
    assert "the browser stopped answering" in server.journal, server.journal


def terminal_size(pid: int) -> tuple[int, int]:
    environment = dict(
        entry.split(b"=", 1)
        for entry in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        if b"=" in entry
    )
    return int(environment[b"COLUMNS"]), int(environment[b"ROWS"])


async def test_terminal_sizes_are_clamped(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as server:
        async with aiohttp.ClientSession() as session:
            for query, size in (
                ("width=5000&height=5000", (400, 150)),
                ("width=-7&height=0", (1, 1)),
                ("width=1e9&height=%EF%BC%99", (80, 24)),  # not numbers: the default
                ("width=120&height=40", (120, 40)),
            ):
                async with session.ws_connect(server.websocket_url(query)) as websocket:
                    screen = Screen(websocket)
                    await wait_until(lambda: len(server.apps()) == 1, 30, "the app starting")
                    assert terminal_size(server.apps()[0]) == size, query
                    if size == (120, 40):
                        await screen.wait_for("Golf: a single hole")
                        # a resize asks for the same: the app draws at most 400 × 150
                        screen.output.clear()
                        big = {"width": 5000, "height": 5000}
                        await websocket.send_json(["resize", big])
                        await screen.read(4)
                        rows = [int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", screen.output)]
                        assert max(rows) == 150
                await wait_until(lambda: not server.apps(), 15, "the app ending")


async def test_ctrl_c_ends_every_app_it_started(tmp_path: Path) -> None:
    server = Served(tmp_path / "data")
    try:
        async with aiohttp.ClientSession() as session:
            sockets = [await session.ws_connect(server.websocket_url()) for _ in range(2)]
            for websocket in sockets:
                await Screen(websocket).wait_for("Golf: a single hole")
            apps = server.apps()
            assert len(apps) == 2
            assert server.stop() == 0  # Ctrl-C, with both tabs open
            for websocket in sockets:
                screen = Screen(websocket)
                await screen.read(5)
                assert screen.closed
        assert not any(Path(f"/proc/{pid}").exists() for pid in apps)
    finally:
        server.stop()
    assert server.journal.count("the server stopped") == 2


def test_one_app_at_once_is_said_so(tmp_path: Path) -> None:
    with serving(tmp_path / "data", "--max-apps", "1") as server:
        assert server.announced[-1].startswith("At most 1 app at once; ")
