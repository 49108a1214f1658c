"""A notice belongs to the screen it was said on: when the player moves to another screen
(a game opened from the start screen, the next round after the scorecard), the notices
said before that move go, rather than cover the new screen's words (its status line at
80 x 24) for their last seconds. What is said as the new screen opens stays, as do the
app's own notices (the settings file's problems)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets._toast import Toast

from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from parlour.tui.screens.start import StartScreen
from tests.tui.test_golf_pilot import play_hole_with_actions
from tests.tui.test_players_stats_pilot import choose
from tests.tui.test_round_export import COURSE
from tests.tui.test_round_export import holes_played
from tests.tui.test_settings_pilot import write_config

SIZE = (80, 24)
IDLE = "m does nothing here"


def notices(app: Any) -> list[str]:
    return [notice.message for notice in app._notifications]


def toasts(app: Any) -> list[str]:
    """The notices drawn on the screen in view."""
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def test_the_start_screens_notice_goes_when_a_game_opens(private_data_dir: Path) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("m")
        await pilot.pause()
        assert any(IDLE in said for said in toasts(app))
        await choose(pilot, app, "Golf: a single hole")
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
        assert not [said for said in notices(app) if IDLE in said]
        assert not [said for said in toasts(app) if IDLE in said]
        # and back on the start screen, a notice said on the game goes too
        app.notify("Said on the game.")
        await pilot.pause()
        assert "Said on the game." in notices(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "Said on the game." not in notices(app)


async def test_the_round_records_notice_goes_when_the_next_round_opens(
    private_data_dir: Path,
) -> None:
    holes_played(private_data_dir, 8)
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        first = app.screen
        assert isinstance(first, GolfScreen)
        play_hole_with_actions(first)
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        await pilot.press("e")
        await pilot.pause()
        assert any("Round record written to" in said for said in notices(app))
        await pilot.press("enter")  # a new round
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, GolfScreen) and app.screen is not first:
                break
        assert isinstance(app.screen, GolfScreen) and app.screen is not first
        assert not [said for said in notices(app) if "Round record written to" in said]
        assert not [said for said in toasts(app) if "Round record written to" in said]


async def test_what_is_said_as_a_screen_opens_stays(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(private_data_dir)
    show = app._show

    def said_then_shown(screen: Any, replace: Any = None) -> None:
        # as the routing says why, then opens what it can (a game could not be read …)
        app.notify("Said as the game opens.", severity="error")
        show(screen, replace)

    monkeypatch.setattr(app, "_show", said_then_shown)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        await choose(pilot, app, "Golf: a single hole")
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
        assert "Said as the game opens." in notices(app)
        assert not [said for said in notices(app) if IDLE in said]


async def test_the_settings_files_problems_stay_when_a_game_opens(
    private_data_dir: Path,
) -> None:
    write_config('theme = "no-such-theme"\n')
    app = make_app(private_data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any("no theme 'no-such-theme'" in said for said in notices(app))
        await choose(pilot, app, "Golf: a single hole")
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
        assert any("no theme 'no-such-theme'" in said for said in notices(app))


async def test_the_settings_files_problems_stay_after_the_terminal_was_too_small(
    private_data_dir: Path,
) -> None:
    """Held back while the terminal was too small, they came back as the start screen's
    own notice, and went when a game opened."""
    write_config('theme = "no-such-theme"\n')
    app = make_app(private_data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert any("no theme 'no-such-theme'" in said for said in notices(app))
        await pilot.press("x")  # (a key: what was said before it goes with the screen)
        await choose(pilot, app, "Golf: a single hole")
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
        assert any("no theme 'no-such-theme'" in said for said in notices(app))


async def test_the_scorecards_notice_goes_when_it_closes_over_the_board(
    private_data_dir: Path,
) -> None:
    """Enter on the scorecard while the hole is in play says so; back on the board, that
    notice went on covering the status line (the hint asked for next) at 80 x 24."""
    app = make_app(private_data_dir, course=COURSE)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GolfScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert any("still in play" in said for said in toasts(app))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board
        assert not [said for said in notices(app) if "still in play" in said]
        assert not [said for said in toasts(app) if "still in play" in said]
