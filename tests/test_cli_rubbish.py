"""The command line with Rubbish Heap: deals print the same way every time, moves apply,
and a bad move is one line on stderr with exit status 2."""

from pathlib import Path

import pytest

from parlour.cli import main
from parlour.tui.opening import OpenGame


def test_deal_prints_the_same_layout_twice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "rubbish", "--seed", "1", "--ascii"]) == 0
    first = capsys.readouterr().out
    assert main(["deal", "rubbish", "--seed", "1", "--ascii"]) == 0
    assert capsys.readouterr().out == first
    assert "Rubbish Heap . seed 1" in first and first.isascii()  # --ascii: ASCII only
    assert "9S   9H   2H   4C   3D   8C   7D   2S  10S   7H  10C  10D   3C" in first
    assert "Discard: three 10s on the board (10S 10C 10D)" in first


def test_play_moves_applies_them_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-moves", "rubbish", "--seed", "1", "--ascii", "d10C", "d10D"]) == 0
    out = capsys.readouterr().out
    assert "Moves played: 2." in out
    assert "Fill the vacancy at position 12: take the stock's next card (s)" in out


def test_an_illegal_move_is_one_line_naming_the_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play-moves", "rubbish", "--seed", "1", "d10C", "w"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("parlour: move 2 (w): w is not allowed:")
    assert "one more of the 10s must be discarded first (R4)" in lines[0]
    assert captured.out == ""


def test_a_record_of_a_game_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    moves = ["d10C", "d10D", "s", "d2H", "d2S"]
    assert main(["play-moves", "rubbish", "--seed", "1", "--record", *moves]) == 0
    record = capsys.readouterr().out
    assert "5. d2S  ; discard 2S; fill position 3 from the stock: AD, which goes out" in record
    path = tmp_path / "game.txt"
    path.write_text(record, encoding="utf-8")
    assert main(["check", str(path), "--ascii"]) == 0
    assert "Moves played: 5. Score so far: 3" in capsys.readouterr().out


def test_play_opens_the_app_on_a_rubbish_heap_deal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: dict[str, object] = {}
    monkeypatch.setattr("parlour.tui.app.ParlourApp.run", lambda app: opened.update(app=app))
    assert main(["play", "rubbish", "--seed", "7", "--data-dir", str(tmp_path)]) == 0
    opening = opened["app"].opening  # type: ignore[attr-defined]
    assert opening == OpenGame("rubbish", 7)
