"""The command line with By Twos: deals print the same layout every time, moves apply,
and a bad move is one line on stderr with exit status 2."""

import pytest

from parlour.cli import main
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.history import Line
from parlour.engine.record import parse_record
from parlour.engine.record import replay


def forming_turns(seed: int) -> list[str]:
    """The turns that form seed ``seed``'s packet."""
    state = BYTWOS.start_from_seed(seed)
    turns = []
    while state.phase.value == "forming":
        state = BYTWOS.apply(state, "t")
        turns.append("t")
    return turns


def test_deal_prints_the_same_layout_twice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "bytwos", "--seed", "1", "--ascii"]) == 0
    first = capsys.readouterr().out
    assert main(["deal", "by-twos", "--seed", "1", "--ascii"]) == 0
    assert capsys.readouterr().out == first
    assert "By Twos . seed 1" in first and first.isascii()  # --ascii: ASCII only
    assert "Forming the packet: 0 ranks kept, 0 rejected; turn the next card (t)." in first


def test_play_moves_forms_the_packet_and_deals(capsys: pytest.CaptureFixture[str]) -> None:
    moves = [*forming_turns(1), "d"]
    assert main(["play-moves", "bytwos", "--seed", "1", "--ascii", *moves]) == 0
    out = capsys.readouterr().out
    assert "Deal 1 of 3" in out and "ace pile" in out and "deuce pile" in out
    expected = Line.from_seed(BYTWOS, 1)
    for move in moves:
        expected = expected.play(move)
    assert BYTWOS.words.prompt(expected.current) in out


def test_play_moves_record_replays(capsys: pytest.CaptureFixture[str]) -> None:
    moves = [*forming_turns(2), "d", "d"]
    assert main(["play-moves", "bytwos", "--seed", "2", "--record", *moves]) == 0
    line = replay(parse_record(capsys.readouterr().out))
    assert [str(move) for move in line.moves] == moves


def test_an_illegal_move_exits_2_with_one_line_naming_the_problem(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play-moves", "bytwos", "--seed", "1", "t", "d"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert "move 2 (d)" in lines[0] and "still being formed" in lines[0] and "(B1)" in lines[0]


def test_a_move_that_is_not_notation_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play-moves", "bytwos", "--seed", "1", "xz"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not a By Twos move" in err
