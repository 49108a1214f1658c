"""Messages write cards as the board does (issue: cards written two ways): suit symbols
beside a board of suit symbols, letters beside a board of letters; in the CLI's printed
layouts, in plain mode and in the app's status line alike."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from parlour.cli import main
from parlour.engine.games.squares import SQUARES
from parlour.render import cards_as_shown
from parlour.render import render_position

from .engine.squares_helpers import position
from .engine.squares_helpers import suit_run

LETTER_CARD = re.compile(r"\b(10|[2-9AJQK])[CDHS]\b")
SYMBOL_CARD = re.compile(r"(10|[2-9AJQK])[♣♦♥♠]")


def test_cards_in_words_take_the_boards_form() -> None:
    assert cards_as_shown("Play a card one above or below 9C.") == (
        "Play a card one above or below 9♣."
    )
    assert cards_as_shown("10H and AS, KD", ascii_only=False) == "10♥ and A♠, K♦"
    assert cards_as_shown("Play a card one above or below 9C.", ascii_only=True) == (
        "Play a card one above or below 9C."
    )
    # heap names and ordinary words are not cards
    assert cards_as_shown("move 3c-2b; take:1a,2b; DAS AD-hoc") == (
        "move 3c-2b; take:1a,2b; DAS A♦-hoc"
    )


@pytest.mark.parametrize(
    ("arguments", "prompt_part"),
    [
        (["deal", "golf", "--seed", "1"], "Play a card one above or below"),
        (["play-moves", "squares", "--seed", "7"], "choose which starts square 3"),
        (["deal", "golf", "--seed", "1", "--free-stock"], "Play a card"),
        (["deal", "rubbish", "--seed", "7"], "Discard"),
    ],
)
@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_cli_prompt_writes_cards_as_its_layout_does(
    capsys: pytest.CaptureFixture[str], arguments: list[str], prompt_part: str, ascii_only: bool
) -> None:
    assert main([*arguments, *(["--ascii"] if ascii_only else [])]) == 0
    out = capsys.readouterr().out
    prompt = next(line for line in out.splitlines() if prompt_part in line)
    board = out[: out.index(prompt)]
    if ascii_only:
        assert LETTER_CARD.search(board) and LETTER_CARD.search(prompt)
        assert not SYMBOL_CARD.search(out)
    else:
        assert SYMBOL_CARD.search(board) and SYMBOL_CARD.search(prompt)
        assert not LETTER_CARD.search(out), out


def test_a_refused_move_names_its_cards_as_the_board_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play-moves", "squares", "--seed", "1", "1b-2c"]) == 2
    said = capsys.readouterr().err
    assert "7♥ can go only onto 8♥, but 2c shows" in said and not LETTER_CARD.search(said)
    assert main(["play-moves", "squares", "--seed", "1", "--ascii", "1b-2c"]) == 2
    assert "7H can go only onto 8H, but 2c shows" in capsys.readouterr().err


def test_a_king_is_said_to_go_onto_the_ace() -> None:
    state = position({"1a": "5C KD", "1b": "9S", "2a": "AD 4H", "3a": "2S"})
    reason = SQUARES.words.why_illegal(state, SQUARES.parse_move("1a-1b"))
    assert (
        reason
        == "KD can go only onto AD (the ace counts as one above the king), but 1b shows 9S (S4)"
    )


def test_no_next_deal_is_named_while_a_square_is_being_formed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play-moves", "squares", "--seed", "7"]) == 0  # forming square 3
    out = capsys.readouterr().out
    assert "Pack 25" in out and "next deal" not in out
    assert main(["play-moves", "squares", "--seed", "1"]) == 0  # building
    assert "next deal: square 1" in capsys.readouterr().out


def long_heaps_layout(width: int) -> list[str]:
    state = position({"1a": "9C 8H " + suit_run("QS", 12), "1b": suit_run("KD"), "1c": "4H"})
    console = Console(width=width, record=True, color_system=None)
    console.print(render_position(state))
    return console.export_text().splitlines()


def test_long_heaps_stand_one_to_a_row_at_80_columns() -> None:
    lines = long_heaps_layout(80)
    assert all(len(line) <= 80 for line in lines)
    rows = {line.split()[0]: line for line in lines if line.startswith("  1")}
    assert set(rows) == {"1a", "1b", "1c", "1d"}  # every heap starts its own row, unbroken
    assert rows["1a"].split()[1:] == cards_as_shown("9C 8H " + suit_run("QS", 12)).split()
    assert len(rows["1b"].split()) == 14


def test_heaps_stand_two_to_a_row_where_they_fit() -> None:
    lines = long_heaps_layout(140)
    assert any("1a" in line and "1b" in line for line in lines)
    assert any("1c" in line and "1d" in line for line in lines)
