"""The statistics screen's plots of games by score count games in whole numbers: plotext's
own ticks on the count axis were fractions (0.17 0.33 0.50 …) at 80x24 and 200x60. The
bars stand side by side, one for each score met, and the axis says so."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual_plotext import PlotextPlot

from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.statistics import StatisticsScreen
from parlour.tui.screens.statistics import whole_ticks

from .test_players_stats_pilot import finish
from .test_terminals_pilot import screen_lines

#: a number written on a plot's axis, before the axis line
TICK = re.compile(r"(-?\d+(?:\.\d+)?) ?[┤┼│]")


def plot_lines(app: Any, plot: PlotextPlot) -> list[str]:
    region = plot.region
    return [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
async def test_games_by_score_counts_in_whole_numbers(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    store = Store(private_data_dir, player="ann")
    for score in (1, 2, 3, 9, 9, 9):  # Golf holes: three scores met once, one three times
        finish(store, "golf", score, False)
    app = make_app(private_data_dir, player="ann")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = StatisticsScreen()
        app.push_screen(screen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        plot = screen.query_one(".scores", PlotextPlot)
        screen.query_one("#statistics", VerticalScroll).scroll_to_widget(plot, animate=False)
        await pilot.pause()
        lines = plot_lines(app, plot)
        ticks = [match.group(1) for line in lines for match in TICK.finditer(line)]
        assert ticks, lines
        assert all("." not in tick for tick in ticks), ticks
        assert {"0", "1", "2", "3"} <= set(ticks)
        assert any("each one met, side by side" in line for line in lines)


def test_whole_ticks_are_round_steps() -> None:
    assert whole_ticks(1) == [0, 1]
    assert whole_ticks(7) == [0, 2, 4, 6, 8]
    assert whole_ticks(30) == [0, 10, 20, 30]
    assert whole_ticks(101) == [0, 50, 100, 150]
