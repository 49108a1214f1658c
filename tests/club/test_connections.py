"""Connections: a club closes a connection that has not sent a whole request in time, and
refuses connections beyond its limits (in all, and from one address), while those
already open go on being answered, and cuts one whose answers go unread. Real
connections to a real club (``parlour club serve`` in a process of its own), its limits
set small through the environment."""

from __future__ import annotations

import http.client
import resource
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path

import pytest

from parlour.club.settings import SettingsError
from parlour.club.settings import from_environment
from tests.club.helpers import club_server
from tests.club.helpers import status_of
from tests.club.postgres import free_port
from tests.connecting import Unread
from tests.connecting import closed_ones
from tests.connecting import hoard
from tests.connecting import requests
from tests.connecting import wait_closed

pytestmark = pytest.mark.xdist_group("club")


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_a_connection_that_sends_no_whole_request_in_time_is_closed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data,
                     env={"PARLOUR_CLUB_REQUEST_TIMEOUT": "1"}) as url:  # fmt: skip
        port = port_of(url)
        half = f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()
        with hoard(port, 3) as silent, hoard(port, 3, sent=half) as slow:
            # the slow ones go on sending a header line every half second (slowloris):
            # data coming does not put the timeout off
            start = time.monotonic()
            while time.monotonic() - start < 15 and len(closed_ones(silent + slow)) < 6:
                for connection in slow:
                    if not connection.closed:
                        connection.client.send(b"X-Slow: 1\r\n")
                time.sleep(0.5)
            took = time.monotonic() - start
            assert len(closed_ones(silent + slow)) == 6, f"open after {took:.0f} s"
            assert all(c.received == b"" for c in silent + slow)
        # a kept-alive connection is answered, then closed when idle as long
        kept = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        kept.request("GET", "/healthz")
        assert kept.getresponse().read() and kept.sock is not None
        kept.sock.settimeout(15)
        assert kept.sock.recv(1) == b""
        kept.close()
        assert status_of(url + "/healthz") == 200


def test_connections_beyond_the_limits_are_refused_and_the_others_go_on(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    limits = {
        "PARLOUR_CLUB_MAX_CONNECTIONS": "20",
        "PARLOUR_CLUB_MAX_CONNECTIONS_PER_ADDRESS": "8",
        # (long enough that none of the connections held here times out meanwhile)
        "PARLOUR_CLUB_REQUEST_TIMEOUT": "120",
    }
    with club_server(str(data / "club.db"), data, env=limits) as url:
        port = port_of(url)
        # a player's kept-alive connection, open before the flood
        player = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        player.request("GET", "/healthz")
        assert player.getresponse().read()
        with hoard(port, 12) as mine:
            # its address has 8 at most: the player's one and 7 of these
            wait_closed(mine, 5, 15)
            time.sleep(1)
            refused = closed_ones(mine)
            assert len(refused) == 5
            assert all(c.received.startswith(b"HTTP/1.1 503 ") for c in refused)
            with hoard(port, 8, source="127.0.0.2") as theirs:
                # another address is not held back by the first one's
                time.sleep(1)
                assert closed_ones(theirs) == []
                # 16 open: a third address has 4 before the club's 20
                with hoard(port, 8, source="127.0.0.3") as third:
                    wait_closed(third, 4, 15)
                    time.sleep(1)
                    assert len(closed_ones(third)) == 4
                    assert len(closed_ones(mine + theirs)) == 5
                    # the player's connection is answered as before
                    player.request("GET", "/healthz")
                    assert player.getresponse().status == 200
                    # a new one is refused at once
                    started = time.monotonic()
                    try:
                        status = status_of(url + "/healthz", timeout=15)
                    except (OSError, http.client.HTTPException):  # closed before the answer
                        status = 0
                    assert status in (0, 503)
                    assert time.monotonic() - started < 10
        player.close()
        # the hoard gone, the club answers again
        statuses = []
        while len(statuses) < 100 and 200 not in statuses:
            try:
                statuses.append(status_of(url + "/healthz"))
            except (OSError, http.client.HTTPException):  # refused before it was counted out
                statuses.append(0)
            time.sleep(0.1)
        assert statuses[-1] == 200
    log = (data.parent / f"club-{port}.log").read_text()
    assert '"event": "connection refused"' in log
    assert "too many connections from its address (8 open, at most 8)" in log


def test_connection_limits_are_checked() -> None:
    settings = from_environment({}, {})
    assert (settings.max_connections, settings.max_connections_per_address) == (256, 32)
    assert (settings.request_timeout, settings.write_timeout) == (10, 30)
    for given in (
        {"max_connections": 0},
        {"max_connections": 10**6},
        {"max_connections": 8, "max_connections_per_address": 9},
        {"max_connections_per_address": 0},
        {"request_timeout": 0.0},
        {"request_timeout": float("nan")},
        {"request_timeout": 301.0},
        {"write_timeout": 0.0},
        {"write_timeout": float("nan")},
        {"write_timeout": 301.0},
    ):
        with pytest.raises(SettingsError):
            from_environment({}, given)
    assert from_environment({"PARLOUR_CLUB_REQUEST_TIMEOUT": "2.5"}, {}).request_timeout == 2.5
    assert from_environment({"PARLOUR_CLUB_WRITE_TIMEOUT": "45"}, {}).write_timeout == 45


def test_a_request_whose_body_comes_too_slowly_is_answered_and_closed(tmp_path: Path) -> None:
    """Headers in time, then a round record a few bytes at a time (slow POST): the club
    stops waiting for it."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data,
                     env={"PARLOUR_CLUB_REQUEST_TIMEOUT": "1"}) as url:  # fmt: skip
        port = port_of(url)
        headers = (
            f"POST /api/rounds HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 4000\r\n\r\n"
        )
        with hoard(port, 3, sent=headers.encode()) as slow:
            start = time.monotonic()
            while time.monotonic() - start < 30 and len(closed_ones(slow)) < 3:
                for connection in slow:
                    if not connection.closed:
                        connection.client.send(b"# a comment\n")
                time.sleep(0.5)
            took = time.monotonic() - start
            assert len(closed_ones(slow)) == 3, f"open after {took:.0f} s"
            for connection in slow:
                assert connection.received.startswith(b"HTTP/1.1 408 "), connection.received
                assert b"did not come within 1 s" in connection.received
        assert status_of(url + "/healthz") == 200


def test_the_connections_allowed_fit_the_open_file_limit(tmp_path: Path) -> None:
    """With a soft open-file limit of 200 (macOS gives 256), the 256 connections the club
    allows by default would run it out of file descriptors: it raises its own limit
    to hold them (as far as the hard limit lets it)."""
    data = tmp_path / "data"
    hoarding = {"PARLOUR_CLUB_REQUEST_TIMEOUT": "120"}
    with club_server(str(data / "club.db"), data, env=hoarding, open_files=200) as url:
        port = port_of(url)
        with ExitStack() as stack:
            # 240 connections, 24 from each of ten addresses: all within the limits
            hoards = [stack.enter_context(hoard(port, 24, f"127.0.0.{n}")) for n in range(1, 11)]
            time.sleep(1)
            assert sum(len(closed_ones(h)) for h in hoards) == 0
            assert status_of(url + "/healthz", timeout=15) == 200


def test_a_club_that_cannot_hold_its_connections_says_so(tmp_path: Path) -> None:
    def low_hard_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (200, 200))

    data = tmp_path / "data"
    command = [sys.executable, "-m", "parlour", "--data-dir", str(data), "club", "serve",
               "--port", str(free_port()), "--workers", "1"]  # fmt: skip
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=120, preexec_fn=low_hard_limit
    )
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("parlour: cannot serve the club: 256 connections at once need ")
    assert "this process may open 200 (ulimit -Hn): allow at most" in last


def test_a_connection_whose_answers_go_unread_is_cut_and_a_slow_reader_is_not(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    limits = {"PARLOUR_CLUB_WRITE_TIMEOUT": "1", "PARLOUR_CLUB_REQUESTS_PER_MINUTE": "0"}
    with club_server(str(data / "club.db"), data, env=limits) as url:
        port = port_of(url)
        # the stylesheet, many times over: more than the kernel holds for a connection
        with urllib.request.urlopen(url + "/club.css", timeout=30) as answer:
            size = len(answer.read()) + 200  # (and its headers)
        asked = requests(port, "/club.css", 6_000_000 // size)
        deaf, slow = Unread(port, asked), Unread(port, asked)
        try:
            start = time.monotonic()
            while not deaf.was_reset() and time.monotonic() - start < 60:
                slow.take(4096)
                time.sleep(0.2)
            took = time.monotonic() - start
            assert deaf.was_reset(), f"a client that reads nothing held on for {took:.0f} s"
            # one that reads, however slowly (some 20 kB a second), is not cut
            for _ in range(15):
                slow.take(4096)
                time.sleep(0.2)
            assert not slow.was_reset()
            assert slow.taken > 20_000
        finally:
            deaf.client.close()
            slow.client.close()
        assert status_of(url + "/healthz") == 200
    log = (data.parent / f"club-{port}.log").read_text()
    assert '"event": "connection cut"' in log
    assert "its answers went unread for 1 s" in log
