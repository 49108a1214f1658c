"""Messages over a served app's websocket that textual-serve's page never sends: a real
server (a subprocess) and a client that sends them (aiohttp)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiohttp

from tests.serving import Screen
from tests.serving import serving
from tests.serving import wait_until


async def test_a_message_nested_too_deep_is_ignored(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as server:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.websocket_url()) as websocket,
        ):
            screen = Screen(websocket)
            await screen.wait_for("Golf: a single hole")
            # within the size allowed, but deeper than Python's JSON reader goes: it was
            # an error in the server, which ended the app (as "the visitor quit")
            await websocket.send_str("[" * 60_000)
            await websocket.send_str('["stdin", [' + "{}," * 20_000 + "{}]]")
            await screen.read(3)
            assert not screen.closed
            assert len(server.apps()) == 1
            # and the app still answers its visitor's keys
            screen.output.clear()
            await screen.press("\x1b[B")
            await screen.read(2)
            assert screen.output
    assert "Traceback" not in server.journal
    assert "the visitor quit" not in server.journal
    assert "the browser left" in server.journal


async def screenshot(websocket: aiohttp.ClientWebSocketResponse) -> str:
    """Take a screenshot with the command palette; the key of its delivery."""
    offered: list[str] = []
    for keys in ("\x10", "screenshot", "\r"):
        await websocket.send_json(["stdin", keys])
        deadline = time.monotonic() + (10 if keys == "\r" else 0.5)
        while not offered and (left := deadline - time.monotonic()) > 0:
            try:
                message = await websocket.receive(timeout=left)
            except TimeoutError:
                break
            if message.type == aiohttp.WSMsgType.TEXT and "deliver_file_start" in message.data:
                offered.append(json.loads(message.data)[1])
    assert offered, "no screenshot was offered"
    return offered[0]


async def test_a_served_app_keeps_only_its_latest_screenshot(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as server:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(server.websocket_url("width=200&height=60")) as websocket:
                screen = Screen(websocket)
                await screen.wait_for("Golf: a single hole")
                # a client that never fetches what it is offered: each picture was kept
                # in the app's memory (about half a megabyte at 400 × 150), as many as it
                # asked, and the server kept an entry for each until it stopped, whether
                # or not its app had ended: now the app's latest only, while it runs
                keys = [await screenshot(websocket) for _ in range(3)]
                answers = []
                for key in keys:
                    async with session.get(f"{server.base}/download/{key}") as response:
                        answers.append((response.status, len(await response.read())))
                assert answers[0][0] == answers[1][0] == 404
                assert answers[2][0] == 200
                assert answers[2][1] > 10_000
                # fetched, it is gone
                async with session.get(f"{server.base}/download/{keys[2]}") as response:
                    assert response.status == 404
                last = await screenshot(websocket)
            # one never fetched is forgotten when its app ends
            await wait_until(lambda: not server.apps(), 30, "the app ending with its tab")
            async with session.get(f"{server.base}/download/{last}") as response:
                assert response.status == 404
