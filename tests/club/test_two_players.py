"""Two new players, each with a data directory of their own, join a club, play today's
course in plain mode, send their rounds, and find both ranked: by ``parlour club board``
and on the club's web page in Chromium. A third, under a name already taken, is refused."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from pathlib import Path

import pytest

from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from tests.club.helpers import first
from tests.club.helpers import last
from tests.club.helpers import plain_input

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


pytestmark = pytest.mark.xdist_group("club")


@dataclass(frozen=True)
class Player:
    name: str
    home: Path

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "PARLOUR_DATA_DIR": str(self.home / "data"),
            "PARLOUR_CONFIG": str(self.home / "config.toml"),
            "COLUMNS": "120",
        }

    def parlour(self, *words: str, given: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "parlour", "--player", self.name, *words],
            input=given,
            capture_output=True,
            text=True,
            env=self.env(),
            timeout=120,
        )


def today() -> str:
    return course_code(daily_course("golf", datetime.now(UTC).date()))


@pytest.fixture(scope="module")
def played(sqlite_club: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[Player]]:
    """Ada and Bert have joined a club (on SQLite: the server's own tests run on both
    databases), played today's course and sent their rounds."""
    home = tmp_path_factory.mktemp("players")
    players = [Player("Ada", home / "ada"), Player("Bert", home / "bert")]
    club = sqlite_club
    course = daily_course("golf", datetime.now(UTC).date())
    for player, pick in zip(players, (first, last), strict=True):
        joined = player.parlour("club", "join", club + "/")
        assert joined.returncode == 0, joined.stderr
        assert f"Joined the club at {club}" in joined.stdout
        play = player.parlour("play", "golf", "--daily", "--plain", given=plain_input(course, pick))
        assert play.returncode == 0, play.stderr
        assert "The round is over" in play.stdout
        sent = player.parlour("club", "submit")
        assert sent.returncode == 0, sent.stderr + sent.stdout
        assert f"Sent round of course {today()}" in sent.stdout
        # nothing is sent twice
        again = player.parlour("club", "submit")
        assert again.returncode == 0 and "Nothing to send" in again.stdout
    return club, players


def test_both_rounds_are_on_the_board_in_the_terminal(played: tuple[str, list[Player]]) -> None:
    _, (ada, bert) = played
    shown = ada.parlour("club", "board")
    assert shown.returncode == 0, shown.stderr
    assert f"Course {today()} (today's course)" in shown.stdout
    rows = [
        line
        for line in shown.stdout.splitlines()
        if line.startswith("│") and ("Ada" in line or "Bert" in line)
    ]
    assert len(rows) == 2
    answer = json.loads(bert.parlour("club", "board", "--daily", "--json").stdout)
    (board,) = answer["boards"]
    names = [standing["player"] for standing in board["standings"]]
    assert sorted(names) == ["Ada", "Bert"]
    places = {s["player"]: s["place"] for s in board["standings"]}
    assert f"Ada: place {places['Ada']} of 2" in shown.stdout
    # the totals are those the players' own scorecards show
    for player in (ada, bert):
        card = json.loads(player.parlour("scorecard", "--json").stdout)
        mine = next(s for s in board["standings"] if s["player"] == player.name)
        assert card["rounds"][0]["total"] == mine["total"]
        assert card["rounds"][0]["holes"] == mine["holes"]


def test_a_taken_name_under_another_key_is_refused(
    played: tuple[str, list[Player]], tmp_path: Path
) -> None:
    club, _ = played
    other = Player("ada", tmp_path / "impostor")  # another machine, another key
    assert other.parlour("club", "join", club).returncode == 0
    course = daily_course("golf", datetime.now(UTC).date())
    assert (
        other.parlour("play", "golf", "--daily", "--plain", given=plain_input(course)).returncode
        == 0
    )
    sent = other.parlour("club", "submit")
    assert sent.returncode == 2
    assert "Refused" in sent.stdout and "belongs to another player here" in sent.stdout
    # with Ada's key (exported on her machine, imported here) the same name is taken
    key = tmp_path / "ada.key"
    ada = played[1][0]
    exported = ada.parlour("club", "key", "export", "--out", str(key))
    assert exported.returncode == 0
    assert key.stat().st_mode & 0o777 == 0o600
    assert other.parlour("club", "key", "import", str(key)).returncode == 2  # has one already
    assert other.parlour("club", "key", "import", str(key), "--replace").returncode == 0
    again = other.parlour("club", "submit", "--course", today())
    assert again.returncode == 0, again.stdout
    assert "(it had it already)" in again.stdout or "Sent round" in again.stdout


@pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)"
)
def test_both_rounds_are_on_the_web_page_in_chromium(
    played: tuple[str, list[Player]], tmp_path: Path
) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    club, _ = played
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
        )
        # a phone's screen
        page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        page.goto(club + "/")
        assert today() in page.inner_text("h1")
        standings = page.locator("table.standings").first.inner_text()
        assert "Ada" in standings and "Bert" in standings
        assert page.locator("table.card").count() >= 2  # each round's golf card
        # the page is no wider than the phone (the cards scroll inside their box)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        page.screenshot(path=str(tmp_path / "club-phone.png"), full_page=True)
        page.get_by_role("link", name="Ada").first.click()
        page.wait_for_load_state()
        assert page.inner_text("h1") == "Ada"
        page.locator("a.more").first.click()
        page.wait_for_load_state()
        assert "Signed by key" in page.inner_text(".signature")
        browser.close()


async def test_the_club_screen_shows_the_board_and_my_place(
    played: tuple[str, list[Player]],
) -> None:
    import io

    from rich.console import Console
    from textual.widgets import OptionList

    from parlour.store.config import Loaded
    from parlour.store.config import Settings
    from parlour.tui.app import make_app
    from parlour.tui.screens.club import ClubScreen

    club, (ada, _) = played
    config = Loaded(Settings(club_url=club), ada.home / "config.toml", True)
    app = make_app(ada.home / "data", player="Ada", config=config)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("club")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ClubScreen)
        screen = app.screen
        for _ in range(200):  # the board comes from a worker; its call has a timeout
            await pilot.pause(0.05)
            if screen.view is not None:
                break
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(screen.view)
        shown = console.export_text()
        assert "Ada" in shown and "Bert" in shown
        assert "Ada: place " in shown and " of 2." in shown
