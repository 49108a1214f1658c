"""The command line with Three Squares: deals print, moves play, bad moves are refused."""

import pytest

from parlour.cli import main


def test_deal_prints_the_same_layout_twice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "squares", "--seed", "1", "--ascii"]) == 0
    first = capsys.readouterr().out
    assert main(["deal", "squares", "--seed", "1", "--ascii"]) == 0
    assert capsys.readouterr().out == first
    assert "Three Squares" in first and "Square 3" in first
    assert "3a  AD  KD" in first  # the sequence that began square 3
    assert "Pack 30" in first


def test_play_moves_applies_moves_in_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-moves", "squares", "--seed", "1", "--ascii", "3a-2a", "d"]) == 0
    out = capsys.readouterr().out
    assert "2a  2D  AD  KD" in out
    assert "Moves played: 2" in out
    assert "deal to square 2" in out


def test_an_illegal_move_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-moves", "squares", "--seed", "1", "1b-2c"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert "move 1 (1b-2c)" in lines[0] and "7♥ can go only onto 8♥, but 2c shows" in lines[0]
    assert "(S4" in lines[0]


def test_a_move_that_is_not_notation_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-moves", "squares", "--seed", "1", "1a+2b"]) == 2
    assert "not a Three Squares move" in capsys.readouterr().err


def test_play_moves_prints_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-moves", "squares", "--seed", "1", "3a-2a", "--record"]) == 0
    out = capsys.readouterr().out
    assert "Game: squares" in out
    assert "1. 3a-2a ; AD KD from 3a onto 2D in 2a" in out


def test_play_moves_declares_the_issues_dead_end_over(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.engine.test_squares_ends import DEAD_END_MOVES
    from tests.engine.test_squares_ends import DEAD_END_SEED

    args = ["play-moves", "squares", "--seed", str(DEAD_END_SEED), "--ascii", *DEAD_END_MOVES]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Game over: no more can be done; 0 suits complete and clear. Score 0." in out
    assert "give up when you are done" not in out
