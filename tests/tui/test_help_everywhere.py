"""? opens the help on every screen, not only the start screen and the games' (as the
README and docs/accessibility.md say): on the screens around the games it opens the
overview at the part that lists that screen's keys; and the History screen's key bar
shows its main key, Enter (Replay), which the table's own hidden Enter kept off it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Markdown

from parlour.help.keys import OVERVIEW
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.club import ClubScreen
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.help import HelpScreen
from parlour.tui.screens.history import HistoryScreen
from parlour.tui.screens.history import RoundsScreen
from parlour.tui.screens.messages import MessagesScreen
from parlour.tui.screens.pause import PauseScreen
from parlour.tui.screens.player import PlayerScreen
from parlour.tui.screens.settings import SettingsScreen
from parlour.tui.screens.statistics import StatisticsScreen
from tests.serving import wait_until
from tests.tui.menu_helpers import finished_golf_game
from tests.tui.menu_helpers import history_opened

#: each screen around the games, made as the app makes it, with the title of its part of
#: the help's overview
SCREENS: list[tuple[str, Callable[[], Screen[Any]]]] = [
    ("History", HistoryScreen),
    ("Rounds", RoundsScreen),
    ("Statistics", StatisticsScreen),
    ("Club", ClubScreen),
    ("Settings", SettingsScreen),
    ("Choosing the player", PlayerScreen),
    ("Questions", lambda: ConfirmScreen("Give up?")),
    ("Pause", lambda: PauseScreen("0:12")),
    ("Messages", lambda: MessagesScreen(["a message"], ascii_only=False)),
]


def bar_text(app: Any) -> str:
    return str(app.screen.query_one(KeyBar).render())


def heading_at_top(help_screen: HelpScreen, title: str) -> bool:
    """Whether the help's page shows the heading ``title`` (the overview's part of a
    screen's keys) at its top (or on the page's last screenful), scrolled there."""
    page = help_screen.query_one("#help-page")
    text = help_screen.query_one("#help-text", Markdown)
    ids = [ident for level, name, ident in text.table_of_contents if name == title and level == 3]
    if not ids:
        return False
    heading = text.query_one(f"#{ids[0]}")
    below = heading.region.y - page.content_region.y
    # (the heading's margin, a blank line, may come first; the last parts cannot be
    # scrolled to the top, the page ending first)
    at_end = page.scroll_y == page.max_scroll_y and 0 <= below < page.content_region.height
    return page.scroll_y > 0 and (0 <= below <= 1 or at_end)


@pytest.mark.parametrize(("title", "make"), SCREENS, ids=[t for t, _ in SCREENS])
async def test_question_mark_opens_the_help_at_the_screens_keys(
    private_data_dir: Path, title: str, make: Callable[[], Screen[Any]]
) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = make()
        app.push_screen(screen)
        await pilot.pause()
        assert app.screen is screen
        assert " ? Help " in bar_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen), title
        assert help_screen.topic == OVERVIEW
        await wait_until(lambda: heading_at_top(help_screen, title), 5, f"the {title} keys")
        await pilot.press("escape")  # the help closes, back to the screen it was opened on
        await pilot.pause()
        assert app.screen is screen


async def test_the_scorecard_and_the_heap_open_the_help_too(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, course=31, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GameScreen)
        await pilot.press("c")  # the round's scorecard
        await pilot.pause()
        card = app.screen
        assert card is not board and " ? Help " in bar_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        await wait_until(lambda: heading_at_top(help_screen, "Scorecard"), 5, "the card's keys")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is card
    app = make_app(private_data_dir, game="rubbish", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("v")  # the waste heap
        await pilot.pause()
        heap = app.screen
        assert type(heap).__name__ == "WasteHeapScreen"
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.topic == "rubbish"


async def test_history_key_bar_shows_enter_replay_and_enter_replays(tmp_path: Path) -> None:
    """The table's own Enter (hidden) took the key first and kept the screen's off the
    bar: History showed only Esc Back, Rounds no Continue."""
    finished_golf_game(tmp_path, 5)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await history_opened(pilot)
        assert " Enter Replay " in bar_text(app)
        await pilot.press("enter")
        await wait_until(lambda: isinstance(app.screen, GameScreen), 30, "the replay")
        assert not app.screen.in_play
        await pilot.press("m")
        await pilot.pause()
        app.push_screen(RoundsScreen())
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert " Enter Continue " in bar_text(app)  # (greyed: no round is unfinished)
