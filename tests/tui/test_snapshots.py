"""Pictures of fixed-seed screens (pytest-textual-snapshot). Look at a snapshot before
accepting or updating it: ``pytest --snapshot-update`` then open the report."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PlayColumn
from parlour.tui.app import make_app
from tests.tui.scorecard_helpers import COURSE
from tests.tui.scorecard_helpers import keep_course_pars


def finish_hole(screen: Any) -> None:
    """Play the current hole to its end through the screen's own actions."""
    while GOLF.outcome(screen.session.state) is None:
        moves = screen.session.state.legal  # (plays and turns: never conceding)
        plays = [m for m in moves if isinstance(m, PlayColumn)]
        if plays:
            screen.respond(screen.controls.play(plays[-1].column))
        else:
            screen.respond(screen.controls.turn())


def test_golf_board_100x32(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(100, 32), press=["7", "space"])


def test_golf_board_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24), press=["7", "left"])


def test_golf_board_40x12(snap_compare: Any, tmp_path: Path) -> None:
    """The compact board: seven columns, the foundation and the stock in 40 x 12."""
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(40, 12), press=["7", "left"])


def test_golf_board_200x60(snap_compare: Any, tmp_path: Path) -> None:
    """Large cards, the board in the middle of the screen."""
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(200, 60), press=["7"])


def test_golf_board_ascii(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=2, ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24))


def test_scorecard_after_the_first_hole(snap_compare: Any, tmp_path: Path) -> None:
    keep_course_pars(tmp_path)  # (the bests are worked out as the app does)
    app = make_app(tmp_path, course=COURSE, ascii_only=False)

    async def play_first_hole(pilot: Any) -> None:
        await pilot.pause()
        finish_hole(app.screen)
        # the nine bests are worked out in the background; wait for all of them
        await app.workers.wait_for_complete()
        # the card shows new pars on a timer; once it is on screen, redraw it now so that
        # a busy machine cannot lag the picture
        for _ in range(100):
            if app.screen.query("#scorecard-table"):
                break
            await pilot.pause(0.05)
        app.screen.refresh_pars()
        await pilot.pause(0.6)

    assert snap_compare(app, terminal_size=(100, 32), run_before=play_first_hole)


def test_help_screen(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(100, 32), press=["question_mark"])


def test_too_small_screen(snap_compare: Any, tmp_path: Path) -> None:
    # just under Golf's minimum, 40 x 12
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(39, 12))


def test_start_screen(snap_compare: Any, tmp_path: Path) -> None:
    # a fixed player and day: the menu names both (today's course, the player)
    app = make_app(tmp_path, ascii_only=False, player="ann", today=date(2026, 11, 25))
    assert snap_compare(app, terminal_size=(80, 24))


def test_start_screen_40x12(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=False, player="ann", today=date(2026, 11, 25))
    assert snap_compare(app, terminal_size=(40, 12))


def test_a_question_over_the_board_80x24(snap_compare: Any, tmp_path: Path) -> None:
    """The yes-or-no question (conceding) over the dimmed board."""
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24), press=["7", "G"])


def test_a_question_over_the_board_40x12(snap_compare: Any, tmp_path: Path) -> None:
    """At Golf's smallest terminal the question's panel keeps no line around its words and
    buttons, so that it fits whole."""
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(40, 12), press=["7", "G"])
