"""``parlour serve`` in a real browser: Debian's Chromium, driven by playwright through
``executable_path`` (nothing downloads a browser). The app's output is read from the
page's websocket, as the browser's terminal receives it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def processes_using(data: Path) -> list[int]:
    """Processes whose command line names ``data`` (the server's apps)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if str(data).encode() in words:
            found.append(int(entry.name))
    return found


def wait_for(
    condition: Callable[[], bool],
    seconds: float,
    what: str,
    pause: Callable[[], object] = lambda: time.sleep(0.1),
) -> None:
    """Wait until ``condition`` holds; ``pause`` lets the browser's events in meanwhile
    (playwright's synchronous API delivers them only while it is called)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        pause()
    raise AssertionError(f"{what} did not happen within {seconds} s")


def test_the_start_screen_and_a_board_in_chromium(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    data = tmp_path / "data"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "parlour", "--data-dir", str(data), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        announced = server.stdout.readline()
        assert announced.strip() == f"Parlour is served at http://127.0.0.1:{port}"
        assert "Only this computer" in server.stdout.readline()
        page_html = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read()
        assert b"/ws" in page_html

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
            page.goto(f"http://127.0.0.1:{port}/")
            wait_for(lambda: seen("Golf: a single hole"), 60, "the start screen", pump)
            apps = [pid for pid in processes_using(data) if pid != server.pid]
            assert len(apps) == 1  # one app for this visitor
            page.mouse.click(550, 360)
            received.clear()
            page.keyboard.press("Enter")  # the first entry: a round of Golf
            wait_for(lambda: seen("Found."), 30, "a Golf board", pump)
            assert seen("Stock")
            page.screenshot(path=str(tmp_path / "board.png"))
            browser.close()
        # the round the visitor began is in the data directory the server was given
        assert (data / "parlour.db").exists()
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl-C
        try:
            server.wait(timeout=20)
        finally:
            if server.poll() is None:
                os.killpg(server.pid, signal.SIGKILL)
    assert server.returncode == 0
    wait_for(lambda: not processes_using(data), 10, "every app stopping with the server")
