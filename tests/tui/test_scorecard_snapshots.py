"""Pictures of the golf card in the app (pytest-textual-snapshot), at fixed courses and
sizes: a round three holes in at 80 x 24, the smallest terminal the app is laid out for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.tui.app import make_app
from tests.tui.scorecard_helpers import COURSE
from tests.tui.scorecard_helpers import keep_course_pars
from tests.tui.test_snapshots import finish_hole


def test_scorecard_three_holes_in_80x24(snap_compare: Any, tmp_path: Path) -> None:
    keep_course_pars(tmp_path)  # (the bests are worked out as the app does)
    app = make_app(tmp_path, course=COURSE, ascii_only=False)

    async def play_three_holes(pilot: Any) -> None:
        await pilot.pause()
        for hole in (1, 2, 3):
            finish_hole(app.screen)
            for _ in range(100):
                if app.screen.query("#scorecard-table"):
                    break
                await pilot.pause(0.05)
            if hole < 3:
                await pilot.press("enter")
                await pilot.pause()
        await app.workers.wait_for_complete()
        app.screen.refresh_pars()
        await pilot.pause(0.6)

    assert snap_compare(app, terminal_size=(80, 24), run_before=play_three_holes)
