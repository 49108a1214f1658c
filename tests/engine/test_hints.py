"""Hints never peek: the same visible position gets the same hint whatever the hidden
order of the stock."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.golf import GOLF, GolfState
from parlour.engine.solve.hint import golf_hint, reachable_before_turning, suggest


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
        move = suggest("bytwos", state)
        assert move in BYTWOS.legal_moves(state)
        builds = [m for m in BYTWOS.legal_moves(state) if str(m)[0] in "swp" and len(str(m)) == 2]
        if builds:
            assert move in builds
        state = BYTWOS.apply(state, move)
    assert BYTWOS.score(state) >= 8
