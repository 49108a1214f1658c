"""Any terminal size: below a screen's minimum the app shows one line asking for a larger
terminal (that screen's minimum), nothing crashes down to a single cell, and play goes on
when it grows."""

from __future__ import annotations

from pathlib import Path
from time import time

import pytest
from textual.notifications import Notification

from parlour.engine.games.golf import GOLF
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.small import OneLine
from parlour.tui.screens.small import TooSmallScreen
from parlour.tui.screens.start import StartScreen

SIZES = [(1, 1), (10, 5), (20, 8), (2, 40), (120, 1)]


@pytest.mark.parametrize("start", [{}, {"game": "golf", "seed": 1}])
async def test_resizing_through_tiny_sizes_and_back(
    private_data_dir: Path, start: dict[str, object]
) -> None:
    app = make_app(private_data_dir, ascii_only=True, **start)  # type: ignore[arg-type]
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        shown = type(app.screen)
        assert shown in (StartScreen, GolfScreen)
        need = shown.MIN_SIZE
        for width, height in [*SIZES, (need[0] - 1, need[1]), (need[0], need[1] - 1)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen)
            line = app.screen.query_one("#too-small", OneLine).text
            assert f"at least {need[0]}×{need[1]}" in line and f"{width}×{height}" in line
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert type(app.screen) is shown
        if shown is GolfScreen:  # play goes on where it was
            await pilot.press("7")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GolfScreen) and screen.session is not None
            assert screen.session.state == GOLF.apply(GOLF.start_from_seed(1), "7")


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (1, 30)])
async def test_starting_in_a_tiny_terminal_shows_the_notice(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    app = make_app(private_data_dir, game="golf", seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)


def notices(app: object) -> list[str]:
    return [str(notice.message) for notice in app._notifications]  # type: ignore[attr-defined]


def record_shown(app: object) -> list[Notification]:
    """Every notice the app puts up from now on, in order (kept here even after its time
    runs out and the app takes it down)."""
    shown: list[Notification] = []
    notifications = app._notifications  # type: ignore[attr-defined]
    add = notifications.add

    def adding(notification: Notification) -> object:
        shown.append(notification)
        return add(notification)

    notifications.add = adding
    return shown


async def test_notices_wait_while_the_size_notice_shows(private_data_dir: Path) -> None:
    """A notice (a toast) would cover the few words asking for a larger terminal: one
    showing when the terminal shrinks, and one that comes while it is too small, are held
    back and shown, whole, when it grows again."""
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.notify("before it shrank")
        await pilot.pause()
        assert notices(app) == ["before it shrank"]
        shown = record_shown(app)
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert notices(app) == []
        app.notify("while it was small", timeout=1.0)
        await pilot.pause(1.2)  # longer than that notice's time: it does not run out unseen
        assert notices(app) == [] and shown == []
        assert "40×12" in app.screen.query_one("#too-small", OneLine).text
        grown_at = time()
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
        # both are put up again, in order, each for its whole time from then on (the
        # second's one second may run out before this line on a busy machine: the record
        # of what was put up, not what is still up, is what this asserts)
        assert [(str(n.message), n.timeout) for n in shown] == [
            ("before it shrank", app.NOTIFICATION_TIMEOUT),
            ("while it was small", 1.0),
        ]
        assert all(notice.raised_at >= grown_at for notice in shown)
        assert "before it shrank" in notices(app)


@pytest.mark.parametrize(
    ("start", "size", "keys"),
    [
        ({}, (30, 10), "q quit"),  # over the menu itself: Esc does nothing there
        ({"game": "rubbish", "seed": 1}, (50, 16), "Esc menu · q quit"),
        ({"game": "rubbish", "seed": 1}, (30, 10), "q quit"),  # (the menu would not fit)
    ],
)
async def test_the_notice_offers_esc_only_where_it_leads_to_the_menu(
    private_data_dir: Path, start: dict[str, object], size: tuple[int, int], keys: str
) -> None:
    """Over the start screen the notice offered "Esc menu", which only rang the bell."""
    app = make_app(private_data_dir, ascii_only=True, **start)  # type: ignore[arg-type]
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        shown = type(app.screen)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert app.screen.query_one("#too-small-keys", OneLine).text == keys
        await pilot.press("escape")
        await pilot.pause()
        if keys.startswith("Esc"):
            assert isinstance(app.screen, StartScreen)
        else:
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.resize_terminal(100, 32)
            await pilot.pause()
            assert type(app.screen) is shown
