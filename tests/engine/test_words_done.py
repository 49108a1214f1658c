"""What a move did, told once it is made (``Words.done``): in every game, for every kind of
move, a sentence in the past tense, not the instruction a hint gives (``describe``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.games.squares_state import END
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import find_spec
from parlour.engine.registry import specs
from tests.engine.test_words import random_game

#: the past tenses a move's words may start with that do not end in "ed"
IRREGULAR = frozenset({"took", "dealt", "gave", "built", "put", "made"})


def first_verb(said: str) -> str:
    """The word a move's words start with (after "Parlour", when Parlour made the move)."""
    return said.removeprefix("Parlour ").split()[0]


@pytest.mark.parametrize("spec", specs(), ids=lambda spec: spec.id)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32))
def test_every_legal_move_of_every_game_says_what_it_did_in_the_past_tense(
    spec: GameSpec, seed: int, other: int
) -> None:
    rules = spec.rules()
    words = rules.words
    for state in random_game(rules, seed, random.Random(other)):
        for move in rules.legal_moves(state):
            said = words.done(state, move)
            assert isinstance(said, str) and said.strip() and said == said.strip()
            assert not said.endswith("."), said  # the caller ends the sentence
            verb = first_verb(said)
            assert verb.endswith("ed") or verb in IRREGULAR, said
            assert said != words.describe(state, move)


def played(game: str, seed: int, moves: str) -> tuple[Any, Any]:
    """The rules and the position after ``moves`` (notation, space-separated) from the
    deal of ``seed``."""
    rules = find_spec(game).rules()
    state = rules.start_from_seed(seed)
    for move in moves.split():
        state = rules.apply(state, move)
    return rules, state


@pytest.mark.parametrize(
    ("game", "seed", "moves", "move", "said"),
    [
        ("golf", 1, "", "7", "played 8H from column 7 onto 9C"),
        ("golf", 1, "7", "s", "turned AH from the stock"),
        ("golf", 1, "", "give-up", "conceded the hole with 35 cards on the links"),
        ("rubbish", 1, "", "d10S", "discarded 10S"),
        (
            "rubbish",
            1,
            "d10S",
            "d10C",
            "discarded 10C; filled position 9 from the stock with 2D",
        ),
        (
            "rubbish",
            1,
            "d10S d10C",
            "s",
            "filled the last empty place, position 11, from the stock with 6D",
        ),
        (
            "rubbish",
            1,
            "d10S d10C w d2H d2D",
            "s",
            "filled position 9 from the stock with AD, which went out; 2D followed from the "
            "waste; 3D followed from position 5",
        ),
        ("rubbish", 1, "", "give-up", "gave up with 0 cards home"),
        ("squares", 1, "", "d", "dealt JH JC 6C 6H to square 1"),
        ("squares", 1, "", "p-2b", "filled the space 2b with JH from the pack"),
        ("squares", 1, "", "2a-2b", "moved 2D from 2a into the space 2b"),
        ("squares", 1, "", "3a-2a", "moved AD KD from 3a onto 2D in 2a"),
        ("squares", 7, "", "take:1a,2b", "took up 9D 8D from 1a 2b to start square 3"),
        ("squares", 1, "", "give-up", "gave up"),
        ("bytwos", 1, "", "t", "turned 6C and kept it"),
        ("bytwos", 1, "t t t t t t", "t", "turned 4C and rejected it: a four is kept already"),
    ],
)
def test_what_a_move_did_reads(game: str, seed: int, moves: str, move: str, said: str) -> None:
    rules, state = played(game, seed, moves)
    assert rules.words.done(state, rules.parse_move(move)) == said


def test_by_twos_tells_the_packet_made_the_deals_and_the_bases_laid() -> None:
    rules, state = played("bytwos", 1, "")
    told = {}
    draw = random.Random(1)
    while rules.legal_moves(state) and len(told) < 6:
        moves = [move for move in rules.legal_moves(state) if not rules.is_give_up(move)]
        move = draw.choice(moves)
        said = rules.words.done(state, move)
        for part in ("which made", "was laid", "were laid", "for deal", "played", "dealt"):
            if part in said:
                told.setdefault(part, said)
        state = rules.apply(state, move)
    assert told == {
        "which made": "turned 8C and kept it, which made the packet and began deal 1",
        "dealt": "dealt 7S from the stock",
        "was laid": "dealt 5C from the stock; then 2C was laid as a base",
        "were laid": "dealt KC from the stock; then AC and 2S were laid as bases",
        "played": "played 3C from the stock onto the clubs ace pile (after AC)",
        "for deal": "turned the waste over for deal 2",
    }


def test_parlour_ending_three_squares_is_told_as_done_by_parlour() -> None:
    rules, state = played("squares", 1, "")
    said = rules.words.done(state, END)
    assert said == "Parlour ended the game: no higher score can be reached (S11)"
