"""Pictures of fixed-seed By Twos screens (pytest-textual-snapshot). Look at a snapshot
before accepting or updating it: ``pytest --snapshot-update`` then open the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.engine.record import format_record
from parlour.tui.app import make_app

from .bytwos_helpers import CHOICE_AT
from .bytwos_helpers import SEED
from .bytwos_helpers import greedy_line

#: the middle of the second deal
MID_GAME = 150


def test_bytwos_forming_part_way(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="bytwos", seed=SEED, ascii_only=False)
    assert snap_compare(app, terminal_size=(100, 32), press=["t"] * 9)


def test_bytwos_board_100x32(snap_compare: Any, tmp_path: Path) -> None:
    record = format_record(greedy_line(MID_GAME))
    app = make_app(tmp_path, record_text=record, ascii_only=False)
    assert snap_compare(app, terminal_size=(100, 32), press=["right"])


def test_bytwos_board_80x24(snap_compare: Any, tmp_path: Path) -> None:
    record = format_record(greedy_line(MID_GAME))
    app = make_app(tmp_path, record_text=record, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24))


def test_bytwos_choosing_a_pile_80x24(snap_compare: Any, tmp_path: Path) -> None:
    record = format_record(greedy_line(CHOICE_AT))
    app = make_app(tmp_path, record_text=record, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24), press=["s"])


def test_bytwos_game_over_ascii_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, record_text=format_record(greedy_line()), ascii_only=True)
    assert snap_compare(app, terminal_size=(80, 24))
