"""On the screens around the games a letter bound to nothing said nothing (q on the
history, the statistics, a question), where the start screen and the games say that it
does nothing there and where the keys are listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.tui.app import make_app
from parlour.tui.screens.history import HistoryScreen
from parlour.tui.screens.statistics import StatisticsScreen
from tests.tui.menu_helpers import finished_golf_game
from tests.tui.menu_helpers import history_opened


def notices(app: Any) -> list[str]:
    return [notice.message for notice in app._notifications]


@pytest.mark.parametrize("where", ["history", "statistics"])
async def test_a_letter_that_does_nothing_around_the_games_says_so(
    private_data_dir: Path, where: str
) -> None:
    finished_golf_game(private_data_dir, 5)
    app = make_app(private_data_dir)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        if where == "history":
            await history_opened(pilot)
            assert isinstance(app.screen, HistoryScreen)
        else:
            app.push_screen(StatisticsScreen())
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, StatisticsScreen)
        screen = app.screen
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen  # (q does not quit here)
        assert any("q does nothing here: ? lists the keys." in said for said in notices(app))
