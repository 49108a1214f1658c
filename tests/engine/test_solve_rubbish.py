"""The Rubbish Heap solver (engine/solve/rubbish.py): its lines replay through the engine
to the result it claims, its bound never calls a winnable position lost, and its verdicts
agree with the plain generic search on every late-game position that search can finish."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import SUITS
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_cards
from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.solve.rubbish import position_key
from parlour.engine.solve.rubbish import solve_rubbish
from parlour.engine.solve.rubbish import suffix_lows
from parlour.engine.solve.rubbish import waste_stuck
from parlour.engine.solve.search import solve
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Verdict

from .rubbish_helpers import position

#: how far the generic search may go before a case is skipped as too big for it
GENERIC_NODES = 5_000


def replay(state: RubbishState, verdict: Verdict) -> RubbishState:
    """Play the verdict's line through the engine, which checks every move, and check that
    it reaches what the verdict claims."""
    for move in verdict.line:
        state = RUBBISH.apply(state, move)
    if verdict.status == WINNABLE:
        outcome = RUBBISH.outcome(state)
        assert outcome is not None and outcome.won
    else:
        assert RUBBISH.score(state) == verdict.best_score
    return state


@pytest.mark.parametrize(
    ("seed", "status"),
    [(1, WINNABLE), (3, WINNABLE), (9, WINNABLE), (6, NOT_WINNABLE), (10, NOT_WINNABLE)],
)
def test_a_seeded_deal_is_settled_and_its_line_replays(seed: int, status: str) -> None:
    start = RUBBISH.start_from_seed(seed)
    verdict = solve_rubbish(start, budget_nodes=200_000)
    assert verdict.status == status
    replay(start, verdict)


def test_an_exhausted_budget_says_unknown_with_a_line_to_the_best_score() -> None:
    start = RUBBISH.start_from_seed(148)
    verdict = solve_rubbish(start, budget_nodes=300)
    assert verdict.status == UNKNOWN and verdict.nodes == 300
    replay(start, verdict)


def test_where_the_board_places_are_does_not_matter_to_the_search() -> None:
    one = position("2D 3D 4D 5D - 6D 7D 8D 9D 10D JD QD KD", waste="KH 3C 2C", stock="AC QS")
    other = position("KD QD JD 10D 9D 8D 7D 6D 5D - 4D 3D 2D", waste="KH 3C 2C", stock="AC QS")
    assert one != other
    assert position_key(one) == position_key(other)


def test_a_waste_card_that_would_need_more_than_the_board_stays_buried() -> None:
    # The 2 of diamonds can leave the waste only once the nine diamonds above it have gone
    # to the board, and the thirteen hearts and diamonds there now cannot go home before
    # the 2s do: 22 cards for 13 places, however the last clubs come.
    state = RUBBISH.position(
        parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 3D 4D"),
        (10, 1, 1, 13),
        parse_cards("2H 2D 5D 6D 7D 8D 9D 10D JD QD KD"),
        parse_cards("JC QC KC"),
    )
    assert waste_stuck(state)
    assert solve(RUBBISH, state).status == NOT_WINNABLE
    # with the 2s on top instead, nothing is buried
    free = RUBBISH.position(
        parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 3D 4D"),
        (10, 1, 1, 13),
        parse_cards("5D 6D 7D 8D 9D 10D JD QD KD 2D 2H"),
        parse_cards("JC QC KC"),
    )
    assert not waste_stuck(free)


def random_position(rng: random.Random) -> RubbishState:
    """A position late in a game: some cards of each suit still out, shared at random
    between the board, the waste and a short stock."""
    while True:
        built = [13] * 4
        for _ in range(rng.randint(14, 28)):
            suit = rng.randrange(4)
            built[suit] = max(0, built[suit] - 1)
        out = [c for c in full_pack() if c.rank > built[SUITS.index(c.suit)]]
        rng.shuffle(out)
        on_board = min(13, len(out), rng.randint(6, 13))
        in_stock = min(len(out) - on_board, rng.randint(0, 5))
        board = [*out[:on_board], *[None] * (13 - on_board)]
        rng.shuffle(board)
        stock = out[on_board : on_board + in_stock]
        waste = out[on_board + in_stock :]
        state = RUBBISH.position(board, built, waste, stock, rng.random() < 0.2)
        if RUBBISH.legal_moves(state):
            return state


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_solver_and_its_bound_agree_with_the_exhaustive_generic_search(seed: int) -> None:
    state = random_position(random.Random(seed))
    plain = solve(RUBBISH, state, budget_nodes=GENERIC_NODES)
    assume(plain.definite)
    if waste_stuck(state):
        assert plain.status == NOT_WINNABLE
    verdict = solve_rubbish(state, budget_nodes=None)
    assert verdict.status == plain.status
    replay(state, verdict)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(1, 10_000), choice_seed=st.integers(0, 2**32 - 1))
def test_the_bound_reads_the_same_with_the_stock_lows_given_or_worked_out(
    seed: int, choice_seed: int
) -> None:
    choices = random.Random(choice_seed)
    state = RUBBISH.start_from_seed(seed)
    lows = suffix_lows(state.stock)
    while moves := [move for move in RUBBISH.legal_moves(state) if move is not GIVE_UP]:
        assert waste_stuck(state, lows) == waste_stuck(state)
        state = RUBBISH.apply(state, choices.choice(moves))
