"""Rubbish Heap as text: move notation, position text, prompts and descriptions."""

import re
from pathlib import Path

import pytest

from parlour.engine import find_game
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_card
from parlour.engine.errors import DealError
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import DISCARDS
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.history import Line

from .rubbish_helpers import position

ROOT = Path(__file__).resolve().parents[2]
KINGS_AND_FOURS = "KC KD 4C 4D 4H 2S 3S 5S 6S 7S 8S 9S 10S"


def test_the_game_is_registered_by_id_and_alias() -> None:
    assert find_game("rubbish") is RUBBISH
    assert find_game("Rubbish-Heap") is RUBBISH


# -- moves ----------------------------------------------------------------------------------


def test_every_move_is_one_word_that_reads_back_as_itself() -> None:
    moves = [FROM_STOCK, FROM_WASTE, GIVE_UP, *(DISCARDS[c] for c in full_pack())]
    for move in moves:
        text = RUBBISH.format_move(move)
        assert len(text.split()) == 1
        assert RUBBISH.parse_move(text) == move
    assert str(DISCARDS[parse_card("10C")]) == "d10C"


def test_move_notation_accepts_case_and_t_for_ten() -> None:
    assert RUBBISH.parse_move(" S ") == FROM_STOCK
    assert RUBBISH.parse_move("W") == FROM_WASTE
    assert RUBBISH.parse_move("GIVE-UP") == GIVE_UP
    assert RUBBISH.parse_move("dtc") == Discard(parse_card("10C"))
    assert RUBBISH.parse_move("D7h") == Discard(parse_card("7H"))


@pytest.mark.parametrize("bad", ["", "x", "d", "d1C", "dZZ", "d7H d8H", "s w", "7H", "giveup"])
def test_text_that_is_not_a_move_is_a_notation_error(bad: str) -> None:
    with pytest.raises(NotationError, match="not a Rubbish Heap move"):
        RUBBISH.parse_move(bad)


def test_illegal_and_malformed_moves_are_different_errors() -> None:
    state = position(KINGS_AND_FOURS)
    with pytest.raises(IllegalMoveError, match=r"AS is not on the board \(R4\)"):
        RUBBISH.apply(state, "dAS")
    with pytest.raises(NotationError):
        RUBBISH.apply(state, "d")
    assert not issubclass(IllegalMoveError, NotationError)


# -- prompts and descriptions ---------------------------------------------------------------


def test_the_filling_prompt_names_the_place_and_the_waste_top() -> None:
    state = position("2S 3S 4S 5S - 6S 7S 8S 9S 10S JS QS KS", waste="KH 9D", stock="QD")
    assert RUBBISH.words.prompt(state) == (
        "Fill the vacancy at position 5: take the stock's next card (s) or the waste's "
        "top card 9D (w)."
    )
    two = position("2D 3D 4D 5D - 6D 7D - 9D 10D JD QD KD", waste="KH 9S", stock="QS")
    assert RUBBISH.words.prompt(two).startswith(
        "Fill the vacancy at position 5 (of 2 empty places):"
    )


def test_the_discarding_prompt_names_the_group_and_what_is_asked() -> None:
    state = position("4C 4D 4H KC KD 2S 3S 5S 6S 7S 8S 9S 10S")
    assert RUBBISH.words.prompt(state) == (
        "Discard: three 4s on the board (4C 4D 4H) — choose the two to throw (d<card>); "
        "the last one thrown lands on top of the waste."
    )
    after = RUBBISH.apply(state, "d4D")
    assert RUBBISH.words.prompt(after) == (
        "Discard: one more of the 4s (4C 4H) must go (d<card>); it lands on top of the waste."
    )
    pair = position("JC JD 2S 3S 4S 5S 6S 7S 8S 9S 10S 2C 3C")
    assert RUBBISH.words.prompt(pair) == (
        "Discard: two jacks on the board (JC JD) — choose the one to throw (d<card>); "
        "the other stays."
    )


def test_describe_tells_the_move_and_the_automatic_steps_after_it() -> None:
    state = position(
        "2D 3D 4D 5D - 6D 7D 8D 9D 10D JD QD KD", waste="KH 2C", stock="AC QS", rest="stock"
    )
    assert RUBBISH.words.describe(state, FROM_STOCK) == (
        "fill position 5 from the stock: AC, which goes out; 2C follows from the waste"
    )
    assert RUBBISH.words.describe(state, FROM_WASTE) == (
        "fill position 5 from the waste: 2C; the board is full: one of the two 2s must go"
    )
    fours = position(KINGS_AND_FOURS, stock="KH JS")
    assert RUBBISH.words.describe(fours, Discard(parse_card("4D"))) == "discard 4D"
    one_thrown = RUBBISH.apply(fours, "d4D")
    assert RUBBISH.words.describe(one_thrown, Discard(parse_card("4C"))) == (
        "discard 4C; fill position 3 from the stock: KH"
    )
    assert RUBBISH.words.describe(fours, GIVE_UP) == "give up with 0 cards home"


def test_describe_says_when_the_game_ends() -> None:
    state = position("- - - - - - - - - - - - -", foundations="KC KD KH JS", waste="KS", stock="QS")
    assert RUBBISH.words.describe(state, FROM_STOCK) == (
        "fill position 1 from the stock: QS, which goes out; KS follows from the waste; "
        "all 52 cards are home"
    )
    board = "KC KD 4C 4D 4H 5S 6S 7S 8S 9S 10S JS -"
    last = position(board, foundations="AC AD AH AS", stock="QH", rest="waste")
    said = RUBBISH.words.describe(last, FROM_STOCK)
    assert said.startswith("fill position 13 from the stock: QH; the board is full")
    assert said.endswith("no card can reach a foundation any more (R5)")


# -- position text --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 77])
def test_position_text_round_trips(seed: int) -> None:
    line = Line.from_seed(RUBBISH, seed)
    for _ in range(12):
        state = line.current
        text = RUBBISH.format_position(state)
        assert RUBBISH.parse_position(text) == state
        line = line.play(RUBBISH.legal_moves(state)[-2])  # never give-up
    given_up = RUBBISH.apply(line.current, "give-up")
    assert RUBBISH.parse_position(RUBBISH.format_position(given_up)) == given_up


def test_position_text_has_the_documented_fields() -> None:
    state = RUBBISH.apply(position(KINGS_AND_FOURS, stock="KH JS"), "d4C")
    lines = RUBBISH.format_position(state).splitlines()
    assert lines[0] == "rubbish"
    assert lines[2] == "phase: discarding"
    assert lines[3] == "board: KC KD - 4D 4H 2S 3S 5S 6S 7S 8S 9S 10S"
    assert lines[4] == "foundations: - - - -"
    assert lines[-2:] == ["waste locked: yes", "discard: 4, 1 left"]


def test_the_notation_page_example_is_seed_1_after_its_moves() -> None:
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = page[page.rindex("### Rubbish Heap") :]
    moves = re.search(r"after the moves `([^`]*)`", section)
    block = re.search(r"```\n(rubbish\n.*?)```", section, re.DOTALL)
    assert moves is not None and block is not None
    line = Line.from_seed(RUBBISH, 1)
    for move in moves.group(1).split():
        line = line.play(move)
    assert RUBBISH.parse_position(block.group(1)) == line.current


def mid_round_text() -> str:
    return RUBBISH.format_position(RUBBISH.apply(position(KINGS_AND_FOURS, stock="KH"), "d4C"))


def test_position_text_refuses_a_phase_its_cards_do_not_give() -> None:
    text = RUBBISH.format_position(position(KINGS_AND_FOURS))
    with pytest.raises(NotationError, match="phase"):
        RUBBISH.parse_position(text.replace("phase: discarding", "phase: filling"))
    # "finished" with moves still open reads as a game given up
    given_up = RUBBISH.parse_position(text.replace("phase: discarding", "phase: finished"))
    assert given_up.gave_up and given_up.phase is Phase.FINISHED


def test_position_text_refuses_an_incomplete_pack() -> None:
    text = RUBBISH.format_position(position(KINGS_AND_FOURS))
    with pytest.raises(DealError):
        RUBBISH.parse_position(text.replace("board: KC", "board: KH"))


def test_position_text_refuses_an_automatic_step_left_undone() -> None:
    filling = position("2D 3D 4D 5D - 6D 7D 8D 9D 10D JD QD KD", waste="KH", stock="AC QS")
    text = RUBBISH.format_position(filling)
    # swap the stock's AC with the board's 2D: the ace would have gone out at once
    changed = text.replace("board: 2D", "board: AC").replace("stock: AC", "stock: 2D")
    with pytest.raises(NotationError, match="automatic step"):
        RUBBISH.parse_position(changed)


def test_position_text_checks_a_round_in_progress() -> None:
    text = mid_round_text()
    assert "discard: 4, 1 left" in text
    assert RUBBISH.parse_position(text).discards_left == 1
    with pytest.raises(NotationError, match="3 4s must be on the board"):
        RUBBISH.parse_position(text.replace("discard: 4, 1 left", "discard: 4, 2 left"))
    with pytest.raises(NotationError, match="locks the waste"):
        RUBBISH.parse_position(text.replace("waste locked: yes", "waste locked: no"))
    with pytest.raises(NotationError, match="'4, 2 left' or '-'"):
        RUBBISH.parse_position(text.replace("discard: 4, 1 left", "discard: four"))
    # three kings and four 4s: R4 thins the 4s, so a round of kings cannot be under way
    quartet = RUBBISH.format_position(position("KC KD KH 4C 4D 4H 4S 2S 3S 5S 6S 7S 8S"))
    pretended = (
        quartet.replace("board: KC KD KH", "board: KC KD -")
        .replace("waste: -", "waste: KH")
        .replace("waste locked: no", "waste locked: yes")
        .replace("discard: 4, 3 left", "discard: K, 1 left")
    )
    with pytest.raises(NotationError, match="did not call for discarding kings"):
        RUBBISH.parse_position(pretended)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("foundations: - - - -", "foundations: - - -", "four entries"),
        ("foundations: - - - -", "foundations: AD - - -", "out of place"),
        ("waste locked: yes", "waste locked: maybe", "yes or no"),
        ("phase: discarding", "phase: thinking", "filling, discarding or finished"),
        ("board: KC KD -", "board: KC KD", "13 places"),
        ("options: none", "options: free-stock", "no option free-stock"),
        ("discard: 4, 1 left", "discard: 4, \u00b9 left", "1 to 3 cards"),  # int() refuses it
    ],
)
def test_position_text_reports_what_is_wrong(old: str, new: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        RUBBISH.parse_position(mid_round_text().replace(old, new))
