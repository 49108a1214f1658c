"""A notice (Textual's toast, right of the screen's foot) is shown above a game's status
line, not over its right half: at 80 x 24 the status line's words, what the game asks of
the player, stayed hidden for as long as the notice showed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import StatusLine

NOTICE = "Welcome back: Golf seed 1, 1 move played. (parlour play golf --new deals a new one.)"
#: a status message of several lines (the status line grows to show it)
LONG = "A message long enough to wrap onto more lines than one. " * 3


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (120, 40)])
@pytest.mark.parametrize("message", ["", LONG], ids=["one line", "lines"])
async def test_a_notice_leaves_the_status_line_in_view(
    private_data_dir: Path, size: tuple[int, int], message: str
) -> None:
    app = make_app(private_data_dir, game="golf")
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        status = screen.query_one(StatusLine)
        if message:
            screen.status(message)
            await pilot.pause()
        app.notify(NOTICE, timeout=30)
        await pilot.pause()
        await pilot.pause()
        toasts = list(screen.query(Toast))
        assert toasts
        assert status.region.height >= (2 if message else 1)
        for toast in toasts:
            assert toast.region.height
            assert not toast.region.overlaps(status.region), (toast.region, status.region)
            assert toast.region.bottom <= status.region.y
