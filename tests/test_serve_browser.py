"""``parlour serve`` in a real browser: Debian's Chromium, driven by playwright through
``executable_path`` (nothing downloads a browser). The app's output is read from the
page's websocket, as the browser's terminal receives it."""

from __future__ import annotations

import shutil
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.serving import serving
from tests.serving import wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)"
)


def test_the_start_screen_and_a_board_in_chromium(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    data = tmp_path / "data"
    with serving(data) as server:
        assert server.announced[0] == f"Parlour is served at {server.link}"
        assert "Only this computer" in server.announced[1]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{server.base}/", timeout=10)
        assert refused.value.code == 403  # not without the link's token
        page_html = urllib.request.urlopen(server.link, timeout=10).read()
        assert f"/ws/{server.token}".encode() in page_html

        received: list[str] = []

        def on_frame(payload: str | bytes) -> None:
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            received.append(text)

        def seen(text: str) -> bool:
            return text in "".join(received)

        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1100, "height": 720})

            def pump() -> None:
                page.wait_for_timeout(100)

            page.on("websocket", lambda socket_: socket_.on("framereceived", on_frame))
            fetched: list[str] = []
            page.on("requestfinished", lambda request: fetched.append(request.url))
            page.goto(server.link)
            wait_for(lambda: seen("Golf: a single hole"), 60, "the start screen", pump)
            assert len(server.apps()) == 1  # one app for this visitor
            page.mouse.click(550, 360)
            received.clear()
            page.keyboard.press("Enter")  # the first entry: a round of Golf
            wait_for(lambda: seen("Found."), 30, "a Golf board", pump)
            assert seen("Stock")
            page.screenshot(path=str(tmp_path / "board.png"))
            browser.close()
        # the page loaded nothing from elsewhere (its policy keeps it to this server)
        assert fetched and all(url.startswith(f"{server.base}/") for url in fetched), fetched
        # the round the visitor began is in the data directory the server was given
        assert (data / "parlour.db").exists()
    # (serving stops the server with Ctrl-C and checks that every app has ended)
