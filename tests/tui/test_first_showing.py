"""A panel shown over a screen (the settings, a yes-or-no question) looks the first time
it is shown in a session as every time after: centred, over the screen below (a
question over the dimmed board). Their own stylesheets (``CSS_PATH``) were read by
Textual only after the screen had been styled, so the first showing was drawn without
them: the panel in the top-left corner over a blank screen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.settings import SettingsScreen
from parlour.tui.screens.start import StartScreen

SIZES = [(100, 32), (80, 24)]


def shown(app: Any) -> list[str]:
    """The terminal's lines as the app draws them now (the game's clock, which may tick
    between two looks, as 0:00)."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    return [re.sub(r"\b\d+:\d\d\b", "0:00", line) for line in lines]


def centred(panel: Widget, size: tuple[int, int]) -> bool:
    region = panel.region
    width, height = size
    return (
        abs(region.x - (width - region.right)) <= 1
        and abs(region.y - (height - region.bottom)) <= 2  # (the key bar at the foot)
    )


async def shown_twice(pilot: Pilot[Any], key: str, close: str) -> list[list[str]]:
    """What the terminal shows with the panel ``key`` opens, the first time and the second
    (``close`` closes it)."""
    shots = []
    for _ in range(2):
        await pilot.press(key)
        shots.append(await settled(pilot))
        await pilot.press(close)
        await pilot.pause()
    return shots


async def settled(pilot: Pilot[Any]) -> list[str]:
    """What the terminal shows once two looks in a row agree (a loaded machine may draw a
    panel over more than one pause; an unstyled first showing is drawn so for good)."""
    shot = shown(pilot.app)
    for _ in range(50):
        await pilot.pause(0.02)
        again = shown(pilot.app)
        if again == shot:
            return shot
        shot = again
    return shot


@pytest.mark.parametrize("size", SIZES)
async def test_the_first_settings_panel_is_centred_over_the_start_screen(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        first, second = await shown_twice(pilot, "s", "escape")
        assert first == second
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert centred(app.screen.query_one("#settings"), size)


@pytest.mark.parametrize("size", SIZES)
async def test_the_first_question_is_centred_over_the_dimmed_board(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, game="golf", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("7")  # a move: a new deal is asked about now
        await pilot.pause()
        board = shown(app)
        assert board[0].strip().startswith("Golf · seed 1 · move 1")
        first, second = await shown_twice(pilot, "n", "n")
        assert first == second
        # the board is there under the question
        assert first[0].strip().startswith("Golf · seed 1 · move 1")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert centred(app.screen.query_one("#confirm"), size)
        # dimmed, not hidden: the question's screen lets the board through
        assert app.screen.styles.background.a < 1
