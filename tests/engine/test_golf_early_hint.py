"""The Golf hint before the exact end (book rule): the sampled expectimax. It must be
exact when the sample is every order, never peek at the stock, give the same hint
whatever was asked before, and keep to its budget."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfState
from parlour.engine.solve import golf_hint as hints
from parlour.engine.solve.golf_hint import DEFAULT_SAMPLES
from parlour.engine.solve.golf_hint import EARLY_SAMPLES
from parlour.engine.solve.golf_hint import EXACT_STOCK
from parlour.engine.solve.golf_hint import PILOT_SAMPLES
from parlour.engine.solve.golf_hint import SOLVES
from parlour.engine.solve.golf_hint import ExpectedScores
from parlour.engine.solve.golf_hint import golf_hint
from parlour.engine.solve.golf_hint import reachable_before_turning
from parlour.engine.solve.golf_sampled import Stoppages
from parlour.engine.solve.golf_sampled import links_left
from parlour.engine.solve.golf_sampled import pack
from parlour.engine.solve.golf_sampled import sampled_expectimax


def reshuffle_stock(state: GolfState, seed: int) -> GolfState:
    """The same visible position with the stock (the hidden cards) in another order."""
    stock = list(state.stock)
    random.Random(seed).shuffle(stock)
    return GOLF.position(state.columns, state.foundation, tuple(stock), state.options)


def early_choice(seed: int, last: bool = False) -> GolfState | None:
    """The first position of seeded hole ``seed``, played by the first (or ``last``)
    legal move each time, with a choice of plays leading to stopping places with
    different columns while the stock still holds more than ``EXACT_STOCK`` cards; None
    if there is none."""
    state = GOLF.start_from_seed(seed)
    while GOLF.outcome(state) is None and len(state.stock) > EXACT_STOCK:
        stopping_places = {pack(target) for target in reachable_before_turning(state)}
        if len(state.legal) > 1 and len(stopping_places) > 1:
            return state
        state = GOLF.apply(state, state.legal[-1 if last else 0])
    return None


def late_choice(seed: int, stock_left: int) -> GolfState | None:
    """A position of hole ``seed`` with at most ``stock_left`` stock cards, just after a
    turn, reached by the last legal move each time (None if the hole ends first)."""
    state = GOLF.start_from_seed(seed)
    while GOLF.outcome(state) is None:
        if len(state.stock) <= stock_left and state.legal != (TURN,):
            return state
        state = GOLF.apply(state, state.legal[-1])
    return None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, MAX_SEED))
def test_over_every_order_the_sampled_expectimax_is_the_exact_one(seed: int) -> None:
    state = late_choice(seed, 5)
    if state is None or not state.stock:
        return
    table = ExpectedScores(state)
    targets = reachable_before_turning(state)
    every_order = [[card.rank for card in order] for order in itertools.permutations(state.stock)]
    values, positions = sampled_expectimax(
        Stoppages(state), {pack(target) for target in targets}, every_order
    )
    assert positions > 0 or len(state.stock) == 1
    for target in targets:
        assert math.isclose(values[pack(target)], table.of(target), abs_tol=1e-9)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, MAX_SEED), turns=st.integers(0, 12))
def test_the_stoppages_after_a_turn_are_the_engines(seed: int, turns: int) -> None:
    state = GOLF.start_from_seed(seed)
    stoppages = Stoppages(state)
    while GOLF.outcome(state) is None and turns:
        if state.legal == (TURN,):
            turned = GOLF.apply(state, TURN)
            rank = turned.foundation[-1].rank
            assert stoppages.serves(turned)
            found = {pack(target) for target in reachable_before_turning(turned)}
            assert set(stoppages.after_turn(pack(state), rank)) == found
            turns -= 1
        state = GOLF.apply(state, state.legal[-1])
    assert links_left(pack(state)) == state.links_left


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, MAX_SEED), other=st.integers(0, 2**32), last=st.booleans())
def test_early_golf_hints_depend_only_on_what_can_be_seen(
    seed: int, other: int, last: bool
) -> None:
    state = early_choice(seed, last)
    if state is None:
        return
    hint = golf_hint(state, samples=48)
    assert hint.move in GOLF.legal_moves(state)
    assert 0 < hint.samples <= 48
    twin = reshuffle_stock(state, other)
    assert twin.columns == state.columns and sorted(twin.stock) == sorted(state.stock)
    assert golf_hint(twin, samples=48) == hint


@pytest.mark.parametrize("seed", [2, 6])
def test_the_hint_key_does_not_peek_at_full_strength(seed: int) -> None:
    state = early_choice(seed)
    assert state is not None and len(state.stock) > EXACT_STOCK
    hint = golf_hint(state)
    assert hint.move in GOLF.legal_moves(state)
    assert PILOT_SAMPLES <= hint.samples <= EARLY_SAMPLES
    for other in (1, 2):
        assert golf_hint(reshuffle_stock(state, other)) == hint


def test_an_early_hint_is_the_same_whatever_was_asked_before() -> None:
    state = early_choice(6)
    assert state is not None
    hints._stoppages.clear()
    fresh = golf_hint(state, samples=96)
    # a hint of another hole, and of this one again later, leave it as it was
    other = early_choice(2)
    assert other is not None
    golf_hint(other, samples=96)
    assert golf_hint(state, samples=96) == fresh
    later = GOLF.apply(state, fresh.move)
    if GOLF.outcome(later) is None and len(later.stock) > EXACT_STOCK:
        golf_hint(later, samples=96)
    assert golf_hint(state, samples=96) == fresh


def test_the_hint_aims_at_the_stopping_place_the_expectimax_rates_best() -> None:
    checked = 0
    for seed in range(1, 13):
        state = early_choice(seed)
        if state is None:
            continue
        hint = golf_hint(state, samples=32)
        targets = reachable_before_turning(state)
        rng = random.Random(hints.unseen_seed(state))
        orders = [
            [card.rank for card in order]
            for order in hints.sample_orders(state.stock, hint.samples, rng)
        ]
        values, _ = sampled_expectimax(
            Stoppages(state), {pack(target) for target in targets}, orders
        )
        best = min(values.values())
        assert min(values[pack(t)] for t, first in targets.items() if first == hint.move) == best
        assert dict(hint.averages)[hint.move] == best
        checked += 1
    assert checked >= 6


def test_a_small_budget_means_fewer_orders(monkeypatch: pytest.MonkeyPatch) -> None:
    state = early_choice(2)
    assert state is not None
    assert golf_hint(state).samples > PILOT_SAMPLES
    monkeypatch.setattr(hints, "EARLY_POSITIONS", 1)
    hint = golf_hint(state)
    assert hint.samples == PILOT_SAMPLES
    assert hint.move in GOLF.legal_moves(state)


def test_the_earlier_hint_can_still_be_asked_for() -> None:
    state = early_choice(2)
    assert state is not None
    hint = golf_hint(state, early=SOLVES)
    assert hint.samples == DEFAULT_SAMPLES
    assert hint.move in GOLF.legal_moves(state)
    assert golf_hint(reshuffle_stock(state, 9), early=SOLVES) == hint


def test_when_every_stopping_place_leaves_the_same_columns_nothing_is_sampled() -> None:
    for seed in range(1, 200):
        state = GOLF.start_from_seed(seed)
        targets = reachable_before_turning(state)
        if len(GOLF.legal_moves(state)) > 1 and len({pack(t) for t in targets}) == 1:
            hint = golf_hint(state)
            assert hint.samples == 0
            assert hint.move in GOLF.legal_moves(state)
            return
    pytest.fail("no such position among the first holes")
