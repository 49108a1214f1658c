"""The help's row of topics is whole at the app's least width: at 60 columns "By Twos"
was cut and "Rulings" out of sight (the row scrolled). There, the games with long names
go by their short ones and the help takes the whole width; wider, the names are whole."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from textual.widgets import Tab
from textual.widgets import Tabs

from parlour.tui.app import make_app
from parlour.tui.screens.help import HelpScreen


@pytest.mark.parametrize(
    ("size", "titles"),
    [
        ((60, 20), ["Parlour", "Golf", "Rubbish", "Squares", "By Twos", "Rulings"]),
        ((100, 30), ["Parlour", "Golf", "Rubbish Heap", "Three Squares", "By Twos", "Rulings"]),
    ],
)
async def test_every_topic_is_in_sight(
    private_data_dir: Path, size: tuple[int, int], titles: list[str]
) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        row = app.screen.query_one("#help-topics", Tabs)
        tabs = list(row.query(Tab))
        assert [tab.label_text for tab in tabs] == titles
        for tab in tabs:
            assert row.region.contains_region(tab.region), (tab.label_text, tab.region)
        # the topics one after another
        assert all(a.region.right <= b.region.x for a, b in pairwise(tabs))
