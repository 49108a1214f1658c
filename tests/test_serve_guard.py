"""Who ``parlour serve`` answers: a real server (a subprocess) and a real client
(aiohttp). Without the run's token, from another site's page (Origin) or addressed by
another site's name (DNS rebinding), nothing is served and no app starts."""

from __future__ import annotations

import io
import re
from pathlib import Path

import aiohttp
import pytest

from parlour.cli import main
from parlour.cli.serve.journal import Journal
from parlour.cli.serve.journal import quoted
from tests.serving import Screen
from tests.serving import serving


async def get(url: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(url, headers=headers, allow_redirects=False) as response,
    ):
        return response.status, await response.text(), dict(response.headers)


async def refused_websocket(url: str, **headers: str) -> int:
    """The HTTP status a websocket handshake is refused with (fails if it is accepted)."""
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(url, headers=headers)
    return refused.value.status


async def test_the_page_needs_the_runs_token(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as server:
        assert server.announced[0] == f"Parlour is served at {server.link}"
        assert len(server.token) >= 43  # secrets.token_urlsafe(32)
        for url in (f"{server.base}/", f"{server.base}/?token=", f"{server.base}/?token=wrong"):
            status, text, _ = await get(url)
            assert status == 403
            assert "the whole link it printed" in text
            assert server.token not in text
        status, text, headers = await get(server.link)
        assert status == 200
        # the websocket's address is the one the browser used, with the token in its path
        assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws/{server.token}"' in (
            text
        )
        assert headers["Cache-Control"] == "no-store"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        # reached as localhost, the page says localhost
        status, text, _ = await get(server.link, Host=f"localhost:{server.port}")
        assert status == 200
        assert f'"ws://localhost:{server.port}/ws/{server.token}"' in text
        assert server.apps() == []  # a page starts no app
        # nothing from another server (its policy would refuse it: textual-serve's page
        # linked a font of Google's)
        assert not re.search(r"""(href|src)=["']?(https?:)?//""", text)
        # the icon every browser asks for, with no key: answered, and not a refusal
        before = server.journal.count("refused")
        status, _, _ = await get(f"{server.base}/favicon.ico")
        assert status == 204 and server.journal.count("refused") == before
    # the token is in the link printed at the start, and nowhere in the journal
    assert "refused: no token" in server.journal
    assert "refused: a wrong token" in server.journal
    assert server.token not in server.journal


async def test_the_websocket_needs_the_runs_token(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as server:
        base = server.base.replace("http", "ws")
        assert await refused_websocket(f"{base}/ws") == 403
        assert await refused_websocket(f"{base}/ws?token=wrong&width=80&height=24") == 403
        assert await refused_websocket(f"{base}/ws/{server.token[:-1]}x") == 403
        assert server.apps() == []
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.websocket_url()) as websocket,
        ):
            await Screen(websocket).wait_for("Golf: a single hole")
            assert len(server.apps()) == 1
        # the token may also be given as ?token= (for clients that are not the page)
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(f"{base}/ws?token={server.token}") as websocket,
        ):
            await Screen(websocket).wait_for("Golf: a single hole")
    assert server.token not in server.journal


async def test_a_request_addressed_to_another_sites_name_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a page of evil.example whose name now resolves to this computer
    sends Host: evil.example, even with the right token (which it should not have)."""
    with serving(tmp_path / "data") as server:
        port = server.port
        # the last: a loopback address whose IPv6 zone writes into the page's policy
        zoned = f"[::1%x;script-src *;]:{port}"
        for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil:{port}", zoned):
            status, text, _ = await get(server.link, Host=host)
            assert status == 403
            assert "Open the link it printed" in text
            assert await refused_websocket(server.websocket_url(), Host=host) == 403
        assert server.apps() == []
    assert "refused: a request addressed to 'evil.example:" in server.journal


async def test_a_websocket_opened_by_another_sites_page_is_refused(tmp_path: Path) -> None:
    """Cross-site websocket hijacking: a page of another site the owner visits opens a
    websocket to the server; the browser sends that page's Origin."""
    with serving(tmp_path / "data") as server:
        for origin in ("http://evil.example", "null", f"http://evil.example:{server.port}"):
            assert await refused_websocket(server.websocket_url(), Origin=origin) == 403
            status, _, _ = await get(server.link, Origin=origin)
            assert status == 403
        assert server.apps() == []
        # the server's own page is its own origin
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(
                server.websocket_url(), headers={"Origin": server.base}
            ) as websocket,
        ):
            await Screen(websocket).wait_for("Golf: a single hole")
    assert "refused: a request from a page of 'http://evil.example'" in server.journal


async def test_listening_on_every_address_the_page_names_the_address_used(
    tmp_path: Path,
) -> None:
    """With --host 0.0.0.0 the page must not send a browser to ws://0.0.0.0: it names
    the address the browser reached the server by."""
    with serving(tmp_path / "data", host="0.0.0.0") as server:
        assert "anyone who can reach this computer and has this link" in server.announced[1]
        assert any(
            line == f"Also at http://127.0.0.1:{server.port}/?token={server.token}"
            for line in server.announced
        )
        status, text, _ = await get(server.link, Host=f"192.0.2.7:{server.port}")
        assert status == 200
        assert f'"ws://192.0.2.7:{server.port}/ws/{server.token}"' in text
        assert "0.0.0.0" not in text
        # an address is fine beyond loopback; another site's name still is not
        status, _, _ = await get(server.link, Host=f"evil.example:{server.port}")
        assert status == 403


async def test_a_name_the_owner_allows_is_answered(tmp_path: Path) -> None:
    with serving(tmp_path / "data", "--allow-host", "parlour.home") as server:
        status, text, _ = await get(server.link, Host=f"parlour.home:{server.port}")
        assert status == 200
        assert f'"ws://parlour.home:{server.port}/ws/{server.token}"' in text
        # loopback only: another address is not this server
        status, _, _ = await get(server.link, Host=f"192.0.2.7:{server.port}")
        assert status == 403


def test_the_journal_escapes_what_came_from_outside_and_counts_floods() -> None:
    out = io.StringIO()
    now = [0.0]
    journal = Journal(out, clock=lambda: now[0])
    hostile = "evil\x1b]0;owned\x07"
    journal.refused("192.0.2.1", f"a request addressed to {quoted(hostile)}")
    assert "'evil\\x1b]0;owned\\x07'" in out.getvalue()
    assert "\x1b" not in out.getvalue()
    for _ in range(30):
        journal.refused("192.0.2.1", "no token")
    assert len(out.getvalue().splitlines()) == 10  # ten a minute
    now[0] = 61.0
    journal.refused("192.0.2.1", "no token")
    last = out.getvalue().splitlines()[-1]
    assert last.endswith("refused: no token (21 more refused or cut since the last line)")


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--port", "70000"], "--port 70000: a port is a number from 1 to 65535"),
        (["--max-apps", "0"], "--max-apps 0: a number from 1 to 64"),
        (["--idle-timeout", "0"], "--idle-timeout 0: seconds, more than 0"),
        (["--idle-timeout", "nan"], "--idle-timeout nan: seconds, more than 0"),
        (["--max-connections", "11"], "--max-connections 11: a number from 12 (--max-apps"),
        (["--max-connections", "5000"], "--max-connections 5000: a number from 12"),
        (["--header-timeout", "0"], "--header-timeout 0: seconds, more than 0"),
        (["--header-timeout", "nan"], "--header-timeout nan: seconds, more than 0"),
        (["--header-timeout", "301"], "--header-timeout 301: seconds, more than 0"),
        (["--write-timeout", "0"], "--write-timeout 0: seconds, more than 0"),
        (["--write-timeout", "nan"], "--write-timeout nan: seconds, more than 0"),
        (["--write-timeout", "301"], "--write-timeout 301: seconds, more than 0"),
        (["--allow-host", "a b"], "--allow-host 'a b': a host name"),
        (["--allow-host", "parlour.home:80"], "--allow-host 'parlour.home:80': a host name"),
    ],
)
def test_a_bad_option_is_one_line(
    option: list[str], words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", *option]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"parlour: {words}")
    assert len(err.splitlines()) == 1
