"""Messages over a served app's websocket that textual-serve's page never sends: a real
server (a subprocess) and a client that sends them (aiohttp)."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from tests.serving import Screen
from tests.serving import serving


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
