"""Pictures of fixed-seed Three Squares screens (pytest-textual-snapshot). Look at a
snapshot before accepting or updating it: ``pytest --snapshot-update`` then open the
report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.engine.record import format_record
from parlour.tui.app import make_app

from .squares_helpers import SEED
from .squares_helpers import player_line

#: building, the pack nearly out: a long run cut short in 1a, two spaces in square 3
BUILDING = 20
#: a deal whose pack ran out before square 2 was formed: one square, and the game over
NEVER_FORMED = 17
#: a game the simple player wins (58 moves)
WON = 26


def test_squares_forming_choice_80x24(snap_compare: Any, tmp_path: Path) -> None:
    # two sequences on offer to start square 3; the arrow selects the second
    app = make_app(tmp_path, game="squares", seed=SEED, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24), press=["right"])


def test_squares_building_board_100x32(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, record_text=format_record(player_line(SEED, BUILDING)))
    assert snap_compare(app, terminal_size=(100, 32))


def test_squares_building_board_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, record_text=format_record(player_line(SEED, BUILDING)))
    assert snap_compare(app, terminal_size=(80, 24))


def test_squares_choosing_where_a_run_goes_80x24(snap_compare: Any, tmp_path: Path) -> None:
    # 1c chosen: its 7♣ may go onto the 8♣ in 3d, and only there
    app = make_app(tmp_path, record_text=format_record(player_line(SEED, BUILDING + 5)))
    assert snap_compare(app, terminal_size=(80, 24), press=["1", "c"])


def test_squares_game_over_ascii_60x20(snap_compare: Any, tmp_path: Path) -> None:
    # the smallest terminal the app accepts, in ASCII
    app = make_app(tmp_path, record_text=format_record(player_line(SEED)), ascii_only=True)
    assert snap_compare(app, terminal_size=(60, 20))


def test_squares_never_formed_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="squares", seed=NEVER_FORMED, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24))


def test_squares_won_80x24(snap_compare: Any, tmp_path: Path) -> None:
    # four suits complete and clear, each a long run cut short on the board
    app = make_app(tmp_path, record_text=format_record(player_line(WON)), ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24))
