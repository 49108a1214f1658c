"""Rules apart from words: every game's words speak to every position and move its rules
make, a refusal carries the words' reason, the one optional capability belongs to the one
game that needs it, and a plug-in part that is not what its type says is refused."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.errors import IllegalMoveError
from parlour.engine.game import Rules
from parlour.engine.game import SettlesEndLater
from parlour.engine.game import Words
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import specs

#: moves a random game makes at most (Three Squares' end search runs after each move
#: with the pack empty, so its games are cut shorter)
MOST_MOVES = {"squares": 60}


def random_game(rules: Rules[Any, Any], seed: int, draw: random.Random) -> list[Any]:
    """The positions of a game of random legal moves from ``seed``, giving up only when
    nothing else is left."""
    state = rules.start_from_seed(seed)
    positions = [state]
    for _ in range(MOST_MOVES.get(rules.id, 400)):
        moves = rules.legal_moves(state)
        if not moves:
            break
        kept = [move for move in moves if not rules.is_give_up(move)] or list(moves)
        state = rules.apply(state, draw.choice(kept))
        positions.append(state)
    return positions


@pytest.mark.parametrize("spec", specs(), ids=lambda spec: spec.id)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32))
def test_the_words_say_something_of_every_position_and_every_move(
    spec: GameSpec, seed: int, other: int
) -> None:
    rules = spec.rules()
    words = rules.words
    assert isinstance(words, Words) and words is spec.words()
    positions = random_game(rules, seed, random.Random(other))
    seen: dict[str, Any] = {}  # every move made legal somewhere in the game, by notation
    for state in positions:
        for move in rules.legal_moves(state):
            seen.setdefault(rules.format_move(move), move)
    for state in positions:
        assert words.prompt(state).strip()
        legal = set(rules.legal_moves(state))
        for move in seen.values():
            said = words.describe(state, move)
            assert isinstance(said, str) and said.strip()
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as refused:
                rules.apply(state, move)
            reason = words.why_illegal(state, move)
            assert reason.strip() and reason in str(refused.value)
    last = positions[-1]
    if rules.outcome(last) is not None:
        assert words.ending(last).strip()
        assert words.ending(last) in words.prompt(last)


@pytest.mark.parametrize("spec", specs(), ids=lambda spec: spec.id)
def test_a_game_played_out_by_parlour_is_told_why(spec: GameSpec) -> None:
    rules = spec.rules()
    told = 0
    for seed in range(1, 40):
        for state in random_game(rules, seed, random.Random(seed)):
            if rules.playing_out(state) is not None:
                assert rules.words.played_out(state).strip()
                told += 1
    # Golf turns the stock out and By Twos deals the rest; the others never play out
    assert (told > 0) == (spec.id in ("golf", "bytwos"))


def test_only_three_squares_settles_its_end_later() -> None:
    having = [spec.id for spec in specs() if isinstance(spec.rules(), SettlesEndLater)]
    assert having == ["squares"]


@pytest.mark.parametrize("part", ["rules", "words", "solver", "hint", "renderer", "screen", "keys"])
def test_a_part_that_is_not_what_its_type_says_is_refused(part: str) -> None:
    golf = specs()[0]
    wrong = "parlour.engine.cards:SUITS"  # a tuple of strings: none of the parts
    spec = replace(golf, **{f"{part}_at": wrong}, _cache={})
    with pytest.raises(TypeError, match=wrong):
        getattr(spec, part)()
    assert getattr(golf, part)() is not None  # the real one is what it says
