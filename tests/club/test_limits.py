"""Limits: a club refuses, with the reason and when to come back, more rounds from one key
or address than it allows, and more requests from one address; settings come from flags,
then the environment."""

from __future__ import annotations

import base64
import http.client
import json
import os
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from parlour.club.settings import SettingsError
from parlour.club.settings import from_environment
from parlour.clubclient.http import Unreachable
from parlour.clubclient.http import call
from parlour.clubclient.http import submit
from parlour.store.signing import KeyPair
from parlour.store.signing import new_key
from parlour.store.signing import signed_message
from tests.club.helpers import club_server
from tests.club.helpers import round_record
from tests.club.helpers import status_of

pytestmark = pytest.mark.xdist_group("club")


def test_rates_are_limited_per_key_and_per_address(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--submissions-per-minute", "2",
                     "--requests-per-minute", "12") as url:  # fmt: skip
        key = new_key("lou")
        submit(url, round_record(1, "lou", key))
        submit(url, round_record(2, "lou", key))
        with pytest.raises(Unreachable) as limited:
            submit(url, round_record(3, "lou", key))
        assert "too many rounds from your" in str(limited.value)
        assert "wait" in str(limited.value)
        # pages and boards count against the address too
        seen = []
        for _ in range(12):
            try:
                call(url, "/api/board")
                seen.append("ok")
            except Unreachable as error:
                seen.append(str(error))
        assert any("too many requests from your address" in said for said in seen)
        # /healthz answers whatever the limits (a load balancer asks it often)
        assert call(url, "/healthz")[1]["status"] == "ok"


def post_from(url: str, body: str | None, address: str, path: str = "/api/rounds") -> int:
    """POST a round record (GET ``path`` if ``body`` is None) as if from ``address`` (the
    club trusts its proxy's X-Forwarded-For); the status answered."""
    request = urllib.request.Request(
        url + path,
        data=None if body is None else body.encode("utf-8"),
        headers={"X-Forwarded-For": address, "Content-Type": "text/plain; charset=utf-8"},
    )
    return status_of(request)


def test_records_that_only_name_a_key_do_not_use_up_its_rounds(tmp_path: Path) -> None:
    """Anyone can read a player's key off the club's pages: junk that names it, from
    other addresses, is refused without counting against that player's rounds."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--submissions-per-minute", "2",
                     "--trust-proxy") as url:  # fmt: skip
        key = new_key("mo")
        record = round_record(1, "mo", key)
        named = "# not a round\n" + next(
            line for line in record.splitlines() if line.startswith("Key: ")
        )
        junk = [post_from(url, named + "\n", f"192.0.2.{n}") for n in range(1, 7)]
        assert junk == [422] * 6
        assert post_from(url, record, "198.51.100.1") == 201  # the player's own round
        assert post_from(url, round_record(2, "mo", key), "198.51.100.2") == 201
        # and the key's own limit still holds, from any address
        assert post_from(url, round_record(3, "mo", key), "198.51.100.3") == 429


def test_a_players_own_rounds_sent_again_do_not_use_up_its_rounds(tmp_path: Path) -> None:
    """Every round is published: sent again by someone else, it is answered as the round
    sent before, and takes nothing from its player's rounds."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--submissions-per-minute", "2",
                     "--trust-proxy") as url:  # fmt: skip
        key = new_key("flo")
        record = round_record(1, "flo", key)
        assert post_from(url, record, "198.51.100.1") == 201
        again = [post_from(url, record, f"192.0.2.{n}") for n in range(1, 6)]
        assert again == [200] * 5
        assert post_from(url, round_record(2, "flo", key), "198.51.100.2") == 201
        assert post_from(url, round_record(3, "flo", key), "198.51.100.3") == 429


def test_the_addresses_of_one_ipv6_network_are_counted_as_one(tmp_path: Path) -> None:
    """A host is given a whole /64: a new address for every request is no way round the
    limits."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--requests-per-minute", "3",
                     "--trust-proxy") as url:  # fmt: skip
        asked = [post_from(url, None, f"2001:db8:1:2::{n:x}", "/api/board") for n in range(1, 6)]
        assert asked == [200, 200, 200, 429, 429]
        assert post_from(url, None, "2001:db8:1:3::1", "/api/board") == 200  # another one


def test_settings_come_from_flags_then_the_environment() -> None:
    environ = {"PARLOUR_CLUB_PORT": "9000", "PARLOUR_CLUB_TRUST_PROXY": "yes",
               "PARLOUR_CLUB_DATABASE": "postgresql://club@db/club"}  # fmt: skip
    settings = from_environment(environ, {"port": 9100, "host": None})
    assert (settings.port, settings.trust_proxy, settings.host) == (9100, True, "127.0.0.1")
    assert settings.database == "postgresql://club@db/club"
    with pytest.raises(SettingsError, match="PARLOUR_CLUB_BUDGET='lots': should be a float"):
        from_environment({"PARLOUR_CLUB_BUDGET": "lots"}, {})
    with pytest.raises(SettingsError, match="port 0"):
        from_environment({}, {"port": 0})
    # a rate is a number of 0 (no limit) or more: not negative, not infinite, not NaN
    assert from_environment({"PARLOUR_CLUB_REQUESTS_PER_MINUTE": "0"}, {}).requests_per_minute == 0
    for rate in ("-1", "inf", "nan"):
        with pytest.raises(SettingsError, match="0 for no limit"):
            from_environment({"PARLOUR_CLUB_SUBMISSIONS_PER_MINUTE": rate}, {})
        with pytest.raises(SettingsError, match="0 for no limit"):
            from_environment({}, {"requests_per_minute": float(rate)})


def test_a_verification_budget_is_a_number_of_seconds_a_timer_can_keep() -> None:
    """A budget of NaN, infinity or 1e10 s let the club start, and then every round sent
    was an error on the server (the CPU-time timer refused the number); so was -1 before
    (refused), and an hour is still taken."""
    assert from_environment({"PARLOUR_CLUB_BUDGET": "3600"}, {}).budget == 3600
    for budget in ("nan", "inf", "1e10", "3601", "0", "-1"):
        with pytest.raises(SettingsError, match="more than 0 seconds and at most 3600"):
            from_environment({"PARLOUR_CLUB_BUDGET": budget}, {})
        with pytest.raises(SettingsError, match="more than 0 seconds and at most 3600"):
            from_environment({}, {"budget": float(budget)})


def test_a_club_with_a_budget_no_timer_can_keep_does_not_start(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "club", "serve",
               "--port", "1", "--budget", "inf"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        "parlour: a verification budget of inf s: give more than 0 seconds and at most 3600 "
        "(an hour)"
    )


def signed_as_written(text: str, key_line: str, key: KeyPair) -> str:
    """``text`` signed by ``key`` with its ``Key:`` line written as ``key_line`` (a form
    of the key the signature's check reads as the same key, which sign_record would
    write in its own way)."""
    lines = [line for line in text.splitlines() if not line.startswith(("Key:", "Signature:"))]
    at = next(n for n, line in enumerate(lines) if line.startswith("Total:")) + 1
    body = "\n".join([*lines[:at], key_line, *lines[at:]]) + "\n"
    signature = Ed25519PrivateKey.from_private_bytes(key.private).sign(signed_message(body))
    line = f"Signature: {base64.b64encode(signature).decode()}"
    return "\n".join([*lines[:at], key_line, line, *lines[at:]]) + "\n"


def test_a_key_over_its_limit_is_refused_before_verifying_however_its_line_is_written(
    tmp_path: Path,
) -> None:
    """A key's rounds over its limit are refused before the record is verified, whether
    its Key line has one space or several, and whichever of two Key lines the signature's
    check reads."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--submissions-per-minute", "2",
                     "--trust-proxy") as url:  # fmt: skip
        key = new_key("kit")
        assert post_from(url, round_record(1, "kit", key), "198.51.100.1") == 201
        assert post_from(url, round_record(2, "kit", key), "198.51.100.2") == 201
        # a record that does not verify (its total lowered), signed by the spent key:
        # refused for the key's limit (429), not verified (422)
        text = round_record(3, "kit", key)
        total = next(line for line in text.splitlines() if line.startswith("Total: "))
        lowered = text.replace(total, "Total: 1")
        plain = f"Key: {key.public_text}"
        spaced = plain.replace(" ", "   ")
        written = [plain, spaced, f"Key: ed25519 AAAA\n{plain}"]
        sent = [
            post_from(url, signed_as_written(lowered, line, key), f"192.0.2.{n}")
            for n, line in enumerate(written, start=1)
        ]
        # and with its Key line put far down by comments before it
        padded = "# a comment\n" * 1000 + lowered
        sent.append(post_from(url, signed_as_written(padded, plain, key), "192.0.2.9"))
        assert sent == [429, 429, 429, 429]


def test_a_round_sent_again_under_another_name_counts_against_its_key(tmp_path: Path) -> None:
    """The same play sent again is free only as the round it was: under another of the
    key's names it is a new round (and a new player), and counts as one."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--submissions-per-minute", "2",
                     "--trust-proxy") as url:  # fmt: skip
        key = new_key("nia")
        first = round_record(1, "nia", key)
        assert post_from(url, first, "198.51.100.1") == 201
        assert post_from(url, first, "198.51.100.2") == 200  # the same round: free
        renamed = [
            post_from(url, round_record(1, f"nia {n}", key), f"192.0.2.{n}") for n in range(1, 4)
        ]
        assert renamed == [201, 429, 429]


def status_with_forwarded(url: str, *values: str) -> int:
    """GET the board with one X-Forwarded-For header line for each of ``values``, in
    order (a proxy that adds its own line after the client's); the status answered."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.putrequest("GET", "/api/board")
        for value in values:
            connection.putheader("X-Forwarded-For", value)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_the_last_of_several_forwarded_for_lines_is_the_address(tmp_path: Path) -> None:
    """Header lines of one name are one list, in order: behind a proxy that adds a line
    of its own, what a client put in a line before it is not its address."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--requests-per-minute", "3",
                     "--trust-proxy") as url:  # fmt: skip
        asked = [status_with_forwarded(url, f"10.0.0.{n}", "203.0.113.9") for n in range(1, 6)]
        assert asked == [200, 200, 200, 429, 429]


def test_a_flood_of_refused_requests_is_logged_at_most_ten_a_minute(tmp_path: Path) -> None:
    """Every request is logged, but one address refused by its rate limit gets at most
    ten lines a minute: a flood must not grow the log as fast as it comes."""
    data = tmp_path / "data"
    with club_server(str(data / "club.db"), data, "--requests-per-minute", "3") as url:
        asked = [status_of(f"{url}/api/board") for _ in range(40)]
    assert asked[:3] == [200, 200, 200] and set(asked[3:]) == {429}
    lines = [
        json.loads(line) for line in next(tmp_path.glob("club-*.log")).read_text().splitlines()
    ]
    requests = [line for line in lines if line["event"] == "request"]
    assert [entry["status"] for entry in requests] == [200] * 3 + [429] * 10


def test_a_club_with_more_workers_or_a_larger_body_than_can_be_does_not_start(
    tmp_path: Path,
) -> None:
    """100,000 workers broke the process pool as the club started (a traceback, then
    "handle is closed", status 0); a request size limit of a terabyte held no limit."""
    most = 4 * (os.cpu_count() or 1)
    assert from_environment({}, {"workers": most}).workers == most
    assert from_environment({"PARLOUR_CLUB_MAX_BYTES": str(16 * 1024 * 1024)}, {})
    with pytest.raises(SettingsError, match=f"give at most {most}"):
        from_environment({"PARLOUR_CLUB_WORKERS": str(most + 1)}, {})
    with pytest.raises(SettingsError, match="at most 16777216"):
        from_environment({}, {"max_bytes": 10**12})
    command = [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "club", "serve",
               "--port", "1", "--workers", "100000"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr.startswith("parlour: 100000 workers: give at most")
        and "Traceback" not in done.stderr
    )
