"""Pictures (pytest-textual-snapshot) of what item by item must not be cut off: each
game's longest message (found by playing a deal) at the game's smallest terminal and at
60 x 20, 80 x 24 and 200 x 60, and the golf card three holes into a round at 40 x 12,
60 x 20, 80 x 24 and 200 x 60."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from tests.tui.message_helpers import play_for_longest_message
from tests.tui.scorecard_helpers import COURSE
from tests.tui.scorecard_helpers import keep_course_pars
from tests.tui.test_snapshots import finish_hole


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
def test_the_longest_message_at_the_smallest_terminal(
    snap_compare: Any, tmp_path: Path, game: str
) -> None:
    app = make_app(tmp_path, game=game, seed=11, ascii_only=False)
    size = next(spec for spec in specs() if spec.id == game).screen().MIN_SIZE

    async def say_the_longest(pilot: Any) -> None:
        await pilot.pause()
        app.screen.status(play_for_longest_message(app.screen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=say_the_longest)


#: the terminals each game's longest message is pictured at, beyond its smallest
LARGER = ((60, 20), (80, 24), (200, 60))


@pytest.mark.parametrize(
    ("game", "size"),
    [
        (spec.id, size)
        for spec in specs()
        for size in LARGER
        if size != spec.screen().MIN_SIZE  # (pictured above)
    ],
    ids=lambda value: f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value),
)
def test_the_longest_message_at_a_larger_terminal(
    snap_compare: Any, tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, game=game, seed=11, ascii_only=False)

    async def say_the_longest(pilot: Any) -> None:
        await pilot.pause()
        app.screen.status(play_for_longest_message(app.screen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=say_the_longest)


@pytest.mark.parametrize(
    "size", [(40, 12), (60, 20), (80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_the_scorecard_three_holes_in(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
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

    assert snap_compare(app, terminal_size=size, run_before=play_three_holes)
