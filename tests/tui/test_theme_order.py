"""The themes come in one order wherever the player meets them: T's round of them in a
game went alphabetically while the settings screen listed Textual's themes in its own
order, then Parlour's; ``parlour config`` lists them in the same order as well."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.themes import theme_names
from tests.tui.menu_helpers import open_settings


async def test_t_goes_through_the_themes_in_the_settings_screens_order(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = await open_settings(pilot)
        select = screen.query_one("#setting-theme", Select)
        listed = [str(value) for _, value in select._options]
        await pilot.press("escape")
        await pilot.pause()
    assert listed == theme_names()

    app = make_app(tmp_path, game="golf", ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        start = listed.index(app.theme)
        seen = []
        for _ in listed:
            await pilot.press("T")
            await pilot.pause()
            seen.append(app.theme)
    assert seen == [*listed[start + 1 :], *listed[: start + 1]]
