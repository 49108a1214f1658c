"""Connections to ``parlour serve``: one that sends no whole request in time is closed,
and connections beyond its limits (in all, and from one address when it listens beyond
this computer) are refused at once, while a visitor's app already open plays on; one
whose answers go unread is cut. A real server, real websockets, and raw sockets for a
client that hoards connections."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp

from tests.connecting import Unread
from tests.connecting import closed_ones
from tests.connecting import closing
from tests.connecting import hoard
from tests.connecting import requests
from tests.serving import Screen
from tests.serving import serving
from tests.serving import visiting


async def still_plays(screen: Screen) -> None:
    """The app answers a key: the start screen's cursor moves and it redraws."""
    assert not screen.closed
    before = len(screen.output)
    await screen.press("\x1b[B")
    await screen.read(1)
    deadline = time.monotonic() + 30
    while len(screen.output) == before and time.monotonic() < deadline and not screen.closed:
        await screen.read(0.5)
    assert len(screen.output) > before, "the app drew nothing after a key"
    assert not screen.closed


async def test_a_connection_that_sends_no_whole_request_in_time_is_closed(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "data", "--header-timeout", "1") as server:
        async with visiting(server) as screen:
            half = f"GET /?token={server.token} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            with hoard(server.port, 3) as silent, hoard(server.port, 3, sent=half.encode()) as slow:
                # the slow ones send a header line every half second (slowloris): data
                # coming does not put the timeout off
                start = time.monotonic()
                while time.monotonic() - start < 15 and len(closed_ones(silent + slow)) < 6:
                    for connection in slow:
                        if not connection.closed:
                            connection.client.send(b"X-Slow: 1\r\n")
                    await screen.read(0.5)
                took = time.monotonic() - start
                assert len(closed_ones(silent + slow)) == 6, f"open after {took:.0f} s"
            # the app's websocket, open all along and idle for longer than the timeout
            # since, is not a request waiting for its headers: it plays on
            await screen.read(3)
            await still_plays(screen)
            assert len(server.apps()) == 1


async def test_connections_beyond_the_limit_are_refused_and_an_open_app_plays_on(
    tmp_path: Path,
) -> None:
    options = ["--max-apps", "2", "--max-connections", "12", "--header-timeout", "120"]
    with serving(tmp_path / "data", *options) as server:
        async with visiting(server) as screen:
            # the app's websocket is one of the 12: 11 of these are taken, 5 refused
            with hoard(server.port, 16) as hoarded:
                await closing(hoarded, 5, 15)
                await screen.read(1)
                refused = closed_ones(hoarded)
                assert len(refused) == 5
                assert all(c.received.startswith(b"HTTP/1.1 503 ") for c in refused)
                # a new visitor is turned away at once, the one playing is not
                async with aiohttp.ClientSession() as other:
                    try:
                        async with other.get(server.link) as response:
                            status = response.status
                    except aiohttp.ClientConnectionError:
                        status = 0
                assert status in (0, 503)
                await still_plays(screen)
            # the hoard gone, the page is served again
            statuses: list[int] = []
            async with aiohttp.ClientSession() as other:
                while len(statuses) < 100 and 200 not in statuses:
                    try:
                        async with other.get(server.link) as response:
                            statuses.append(response.status)
                    except aiohttp.ClientConnectionError:  # refused before it was counted out
                        statuses.append(0)
                    await asyncio.sleep(0.1)
            assert statuses[-1] == 200
            await still_plays(screen)
    assert "refused: too many connections (12 open, at most 12)" in server.journal


async def test_beyond_this_computer_one_address_has_half_the_connections(
    tmp_path: Path,
) -> None:
    options = ["--max-connections", "20", "--header-timeout", "120"]
    with (
        serving(tmp_path / "data", *options, host="0.0.0.0") as server,
        hoard(server.port, 14) as mine,
    ):
        await closing(mine, 4, 15)
        await asyncio.sleep(1)
        assert len(closed_ones(mine)) == 4
        # another address has its own half
        with hoard(server.port, 8, source="127.0.0.2") as theirs:
            await asyncio.sleep(1)
            assert closed_ones(theirs) == []
            assert len(closed_ones(mine)) == 4
    assert "refused: too many connections from its address (10 open, at most 10)" in (
        server.journal
    )


async def test_a_connection_whose_answers_go_unread_is_cut_and_a_slow_reader_is_not(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "data", "--write-timeout", "1") as server:
        async with visiting(server) as screen:
            # some ten megabytes asked for (the page's script, half a megabyte, sent as a
            # file is), more than the kernel holds for a connection
            asked = requests(server.port, "/static/js/textual.js", 20)
            deaf, slow = Unread(server.port, asked), Unread(server.port, asked)
            try:
                start = time.monotonic()
                while not deaf.was_reset() and time.monotonic() - start < 30:
                    slow.take(4096)
                    await screen.read(0.2)
                took = time.monotonic() - start
                assert deaf.was_reset(), f"a client that reads nothing held on for {took:.0f} s"
                # one that reads, however slowly (some 20 kB a second), is not cut
                for _ in range(15):
                    slow.take(4096)
                    await screen.read(0.2)
                assert not slow.was_reset()
                assert slow.taken > 20_000
            finally:
                deaf.client.close()
                slow.client.close()
            await still_plays(screen)
    assert "cut: its answers went unread for 1 s" in server.journal
