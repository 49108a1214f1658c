"""The information line over the board follows the terminal's width when it is resized,
also when the game's clock stands still (a game over, a replay): it was worked out again
only when the clock's face changed, so a finished game shrunk to a narrower terminal kept
its long line, cut off at the edge, and one widened kept its short one (Textual Pilot)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.golf import GolfScreen
from tests.serving import wait_until


def info(screen: GameScreen) -> str:
    return str(screen.query_one("#info", Static).render())


async def test_a_finished_holes_information_line_follows_a_resize(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, course=1234567, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        await pilot.press("G", "y")  # concede the hole: it is over, its clock stops
        await wait_until(
            lambda: type(app.screen).__name__ == "ScorecardScreen", 30, "the scorecard"
        )
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.session.is_finished
        full = info(screen)
        assert "course" in full and len(full) > 58, full  # the long line, at 100 columns
        # narrower (the cards keep their size): the short line, not the long one cut off
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        narrow = info(screen)
        assert narrow.startswith("Golf · hole 1/9 · score 35"), narrow
        assert len(narrow) <= 58, narrow
        # wider again: the long line comes back
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert info(screen) == full
