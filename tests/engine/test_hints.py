"""Hints never peek: the same visible position gets the same hint whatever the hidden
order of the stock."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.game import GIVE_UP as RUBBISH_GIVE_UP
from parlour.engine.game import GiveUp as SquaresGiveUp
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfState
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.registry import find_spec
from parlour.engine.solve.golf_hint import EXACT_STOCK
from parlour.engine.solve.golf_hint import ExpectedScores
from parlour.engine.solve.golf_hint import golf_hint
from parlour.engine.solve.golf_hint import reachable_before_turning
from parlour.engine.solve.rubbish_hint import rubbish_hint
from parlour.engine.solve.squares_hint import squares_hint


def reshuffle_stock(state: GolfState, seed: int) -> GolfState:
    """The same visible position with the stock (the hidden cards) in another order."""
    stock = list(state.stock)
    random.Random(seed).shuffle(stock)
    return GOLF.position(state.columns, state.foundation, tuple(stock), state.options)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32), moves=st.integers(0, 12))
def test_golf_hints_depend_only_on_what_can_be_seen(seed: int, other: int, moves: int) -> None:
    state = GOLF.start_from_seed(seed)
    for _ in range(moves):
        if GOLF.outcome(state) is not None:
            break
        state = GOLF.apply(state, GOLF.legal_moves(state)[0])
    if GOLF.outcome(state) is not None:
        return
    twin = reshuffle_stock(state, other)
    assert twin.columns == state.columns and sorted(twin.stock) == sorted(state.stock)
    hint = golf_hint(state, samples=6)
    assert hint.move in GOLF.legal_moves(state)
    assert golf_hint(twin, samples=6) == hint


def test_a_golf_hint_aims_at_a_reachable_stopping_place() -> None:
    state = GOLF.start_from_seed(3)
    targets = reachable_before_turning(state)
    assert targets
    for target, first in targets.items():
        assert not target.playable_columns()  # the book rule: a stoppage
        assert first is None or first in GOLF.legal_moves(state)


def test_with_free_stock_every_position_on_the_way_is_a_candidate() -> None:
    state = GOLF.start_from_seed(3, ["free-stock"])
    book = reachable_before_turning(GOLF.start_from_seed(3))
    free = reachable_before_turning(state)
    assert len(free) >= len(book)
    assert state in free and free[state] is None


def test_by_twos_hints_build_before_dealing_and_are_legal() -> None:
    state = BYTWOS.start_from_seed(5)
    while BYTWOS.outcome(state) is None:
        move = find_spec("bytwos").hint()(state)
        assert move in BYTWOS.legal_moves(state)
        builds = [m for m in BYTWOS.legal_moves(state) if str(m)[0] in "swp" and len(str(m)) == 2]
        if builds:
            assert move in builds
        state = BYTWOS.apply(state, move)
    assert BYTWOS.score(state) >= 8


# -- Rubbish Heap and Three Squares: moves judged over sampled orders ------------------------


def wander(rules: Any, state: Any, moves: int, rng: random.Random) -> Any:
    """``state`` after up to ``moves`` random legal moves other than giving up; None if
    the game ends on the way."""
    for _ in range(moves):
        if rules.outcome(state) is not None:
            return None
        playable = [m for m in rules.legal_moves(state) if not rules.is_give_up(m)]
        state = rules.apply(state, rng.choice(playable))
    return None if rules.outcome(state) is not None else state


def random_positions(rules: Any, seeds: range, every: int, limit: int = 400) -> list[Any]:
    """Positions met in seeded random playouts (giving up aside), every ``every`` moves."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.start_from_seed(seed)
        for step in range(limit):
            if rules.outcome(state) is not None:
                break
            if step % every == 0:
                found.append(state)
            moves = [m for m in rules.legal_moves(state) if rules.format_move(m) != "give-up"]
            state = rules.apply(state, rng.choice(moves))
    return found


def play_out(rules: Any, seed: int, player: Any, limit: int = 300) -> tuple[bool, int]:
    """(won, score) of one seeded deal; a game longer than ``limit`` moves stops there."""
    state = rules.start_from_seed(seed)
    for _ in range(limit):
        if rules.outcome(state) is not None:
            break
        state = rules.apply(state, player(state))
    outcome = rules.outcome(state)
    return outcome is not None and outcome.won, rules.score(state)


def first_legal(rules: Any) -> Any:
    return lambda state: rules.legal_moves(state)[0]  # give-up is always listed last


def test_rubbish_hints_are_legal_and_never_give_up() -> None:
    positions = random_positions(RUBBISH, range(1, 9), every=3)
    assert len(positions) > 50
    for state in positions:
        hint = rubbish_hint(state, samples=4)
        legal = RUBBISH.legal_moves(state)
        assert hint.move in legal
        assert hint.move is not RUBBISH_GIVE_UP or legal == (RUBBISH_GIVE_UP,)
        if len(legal) == 2:  # one move besides giving up: hinted without a search
            assert hint.judged == () and hint.move == legal[0]
        else:
            assert {j.move for j in hint.judged} == set(legal) - {RUBBISH_GIVE_UP}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_rubbish_hints_depend_only_on_what_can_be_seen(seed: int, other: int, moves: int) -> None:
    rng = random.Random(other)
    state = wander(RUBBISH, RUBBISH.start_from_seed(seed), moves, rng)
    if state is None:
        return
    stock = list(state.stock)
    rng.shuffle(stock)
    twin = replace(state, stock=tuple(stock))
    assert sorted(twin.stock) == sorted(state.stock)
    assert rubbish_hint(twin, samples=4) == rubbish_hint(state, samples=4)


def test_the_rubbish_hint_player_beats_the_first_legal_move_player() -> None:
    seeds = range(1, 7)
    hinted = [play_out(RUBBISH, seed, lambda s: rubbish_hint(s).move) for seed in seeds]
    first = [play_out(RUBBISH, seed, first_legal(RUBBISH)) for seed in seeds]
    assert sum(won for won, _ in hinted) >= sum(won for won, _ in first)
    assert sum(score for _, score in hinted) > sum(score for _, score in first)


def small_squares_hint(state: SquaresState) -> SquaresMove:
    return squares_hint(state)


def test_squares_hints_are_legal_and_never_give_up() -> None:
    positions = random_positions(SQUARES, range(1, 7), every=7, limit=120)
    assert len(positions) > 40
    for state in positions:
        move = small_squares_hint(state)
        legal = SQUARES.legal_moves(state)
        assert move in legal
        assert not isinstance(move, SquaresGiveUp) or len(legal) == 1


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32), moves=st.integers(0, 30))
def test_squares_hints_depend_only_on_what_can_be_seen(seed: int, other: int, moves: int) -> None:
    rng = random.Random(other)
    state = wander(SQUARES, SQUARES.start_from_seed(seed), moves, rng)
    if state is None:
        return
    pack = list(state.pack)
    rng.shuffle(pack)
    twin = replace(state, pack=tuple(pack))
    assert sorted(twin.pack) == sorted(state.pack)
    assert squares_hint(twin) == squares_hint(state)


def test_the_squares_hint_player_does_at_least_as_well_as_the_first_legal_move_player() -> None:
    seeds = range(1, 4)
    hinted = [play_out(SQUARES, seed, small_squares_hint, limit=150) for seed in seeds]
    first = [play_out(SQUARES, seed, first_legal(SQUARES), limit=150) for seed in seeds]
    assert sum(won for won, _ in hinted) >= sum(won for won, _ in first)
    assert sum(score for _, score in hinted) >= sum(score for _, score in first)


# -- the exact Golf hint once the stock is small --------------------------------------------


def late_in_the_hole(seed: int, stock_left: int) -> GolfState | None:
    """A stoppage of seeded hole ``seed`` with at most ``stock_left`` stock cards, reached
    by playing the last legal move each time (None if the hole ends first)."""
    state = GOLF.start_from_seed(seed)
    while GOLF.outcome(state) is None:
        if len(state.stock) <= stock_left and state.legal == (TURN,):
            return state
        state = GOLF.apply(state, state.legal[-1])
    return None


def expected_by_the_rules(state: GolfState, memo: dict[Any, float]) -> float:
    """The best expected score without seeing the stock's order, worked out slowly with
    the engine's own moves: at a stoppage each unseen card is equally likely to be
    turned next; otherwise the best play."""
    key = (state.columns, state.foundation[-1].rank, tuple(sorted(c.rank for c in state.stock)))
    if key in memo:
        return memo[key]
    if GOLF.outcome(state) is not None:
        value = float(GOLF.score(state))
    elif state.legal == (TURN,):
        cards = state.stock
        value = 0.0
        for index, card in enumerate(cards):
            order = (card, *cards[:index], *cards[index + 1 :])
            turned = GOLF.apply(GOLF.position(state.columns, state.foundation, order), TURN)
            value += expected_by_the_rules(turned, memo)
        value /= len(cards)
    else:
        value = min(expected_by_the_rules(GOLF.apply(state, m), memo) for m in state.legal)
    memo[key] = value
    return value


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, MAX_SEED))
def test_the_exact_expected_score_agrees_with_a_slow_search_by_the_rules(seed: int) -> None:
    state = late_in_the_hole(seed, 4)
    if state is None:
        return
    table = ExpectedScores(state)
    assert table.serves(state)
    assert math.isclose(table.of(state), expected_by_the_rules(state, {}), abs_tol=1e-9)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32))
def test_the_exact_golf_hint_does_not_peek_either(seed: int, other: int) -> None:
    state = GOLF.start_from_seed(seed)
    # a position late in the hole with plays to choose between
    while GOLF.outcome(state) is None and (len(state.stock) > EXACT_STOCK or len(state.legal) < 2):
        state = GOLF.apply(state, state.legal[-1])
    if GOLF.outcome(state) is not None:
        return
    hint = golf_hint(state)
    assert hint.samples == 0  # exact, not sampled
    assert golf_hint(reshuffle_stock(state, other)) == hint
    assert hint.move in GOLF.legal_moves(state)


@pytest.mark.parametrize("seeds", [range(1, 21), range(21, 41), range(41, 60)])
def test_the_exact_hint_picks_the_stopping_place_with_the_best_expected_score(
    seeds: range,
) -> None:
    # (in three parts, run side by side; each part checks a hundred or so positions)
    # (one table of expected scores serves every later position of the hole, as in play)
    checked = 0
    for seed in seeds:
        state = GOLF.start_from_seed(seed)
        table: ExpectedScores | None = None
        while GOLF.outcome(state) is None:
            targets = reachable_before_turning(state)
            if len(state.stock) <= EXACT_STOCK and len({*targets.values()}) > 1:
                if table is None or not table.serves(state):
                    table = ExpectedScores(state)
                best = min(table.of(target) for target in targets)
                hint = golf_hint(state)
                chosen = [t for t, first in targets.items() if first == hint.move]
                assert min(table.of(target) for target in chosen) == best
                assert dict(hint.averages)[hint.move] == best
                checked += 1
            state = GOLF.apply(state, GOLF.legal_moves(state)[0])
    assert checked >= 10
