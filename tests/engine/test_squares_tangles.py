"""The Three Squares solver's frozen-card bound in a square with one space
(engine/solve/squares_model.py, section 2): a run can be taken apart only with two heaps
of its square that can be empty, so three tangled heaps beside one space never move. The
bound must never refute a position the generic search (every legal move, nothing pruned)
can win; these positions are made to hit it often."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import BELOW
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.solve.search import solve
from parlour.engine.solve.squares import solve_squares
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import WINNABLE

from .squares_helpers import position
from .squares_helpers import suit_run
from .test_solve_squares import GENERIC_NODES
from .test_solve_squares import check_against_generic
from .test_solve_squares import frozen_lost
from .test_solve_squares import replay

#: square 1 (of one) with one space: the clubs from queen to ace wait for their king,
#: under the spades from eight round to ten; those spades wait for their nine, under the
#: clubs; and the diamonds from king to three wait for their ace, under the king of clubs
#: (the hearts lie under them). The two of diamonds is the one card left in the pack, so
#: that the game is not over yet (with the pack empty, the engine's own end search sees
#: that it is).
TANGLED = {
    "1a": "9S " + suit_run("AC", 12),
    "1b": "AD KC " + suit_run("10S", 12),
    "1c": suit_run("2H") + " " + suit_run("3D", 11),
}


def test_three_tangled_heaps_beside_one_space_are_refuted_at_once() -> None:
    state = position(TANGLED, "2D", squares=1)
    assert frozen_lost(state)
    assert solve(SQUARES, state, budget_nodes=GENERIC_NODES).status == NOT_WINNABLE
    verdict = solve_squares(state)
    assert verdict.status == NOT_WINNABLE and verdict.nodes == 1
    replay(state, verdict)


def test_with_a_second_heap_that_can_be_emptied_the_bound_says_nothing() -> None:
    # the hearts and diamonds moved to square 2 leave square 1 two spaces: the spades
    # can be moved whole into one of them (a card into each, then built together),
    # freeing the king; the clubs go onto it, the spades onto their nine, the clubs
    # aside, the diamonds onto their ace
    untangled = {"1a": TANGLED["1a"], "1b": TANGLED["1b"], "2a": TANGLED["1c"]}
    state = position(untangled, "2D", squares=2)
    assert not frozen_lost(state)
    verdict = solve_squares(state, budget_nodes=50_000)
    assert verdict.status == WINNABLE
    replay(state, verdict)


def tangled(rng: random.Random) -> SquaresState:
    """Two suits cut into a few runs each and stacked at random on three or four heaps of
    square 1 (sometimes a run of them in the pack), the two other suits as one or two runs
    in square 2 (or square 1 when there is only one square): square 1 is often a tangle
    beside one space."""
    squares = rng.choice([1, 2, 2])
    suits = list("CDHS")
    rng.shuffle(suits)
    cut: list[list[Card]] = []
    whole: list[list[Card]] = []
    for n, suit in enumerate(suits):
        run = [rng.choice([c for c in full_pack() if c.suit == suit])]
        while len(run) < 13:
            run.append(BELOW[run[-1]])
        k = rng.randint(2, 4) if n < 2 else rng.randint(0, 1)
        cuts = [0, *sorted(rng.sample(range(1, 13), k)), 13]
        (cut if n < 2 else whole).extend(run[a:b] for a, b in pairwise(cuts))
    rng.shuffle(cut)
    pack = cut.pop() if rng.random() < 0.3 else []
    heaps: list[list[Card]] = [[] for _ in range(4 * squares)]
    used = rng.sample(range(4), rng.choice([3, 3, 4]))
    for piece in cut:
        heaps[rng.choice(used)] += piece
    for piece in whole:
        heaps[rng.randrange(4, 8) if squares == 2 else rng.choice(used)] += piece
    return SQUARES.position(
        [tuple(heap) for heap in heaps], tuple(pack), rng.randint(1, squares), squares
    )


def test_tangles_refuted_by_the_bound_are_lost_and_some_have_a_space() -> None:
    # fixed draws, so that the case of the bound with a space is certainly met
    refuted = spaced = 0
    for seed in range(60):
        state = tangled(random.Random(seed))
        if not frozen_lost(state):
            continue
        refuted += 1
        spaced += any(not heap for heap in state.heaps[:4])
        plain = solve(SQUARES, state, budget_nodes=GENERIC_NODES)
        assert plain.status != WINNABLE
    assert refuted >= 5 and spaced >= 3


PARTS = 4
QUARTER = 2**30


@pytest.mark.parametrize("part", range(PARTS))
@settings(max_examples=20 // PARTS, deadline=None)  # 20 tangles in all
@given(drawn=st.integers(0, QUARTER - 1))
def test_the_solver_agrees_with_the_generic_search_on_tangles(part: int, drawn: int) -> None:
    state = tangled(random.Random(part * QUARTER + drawn))
    plain = solve(SQUARES, state, budget_nodes=GENERIC_NODES)
    if frozen_lost(state):
        assert plain.status != WINNABLE  # never refute what the generic search can win
    assume(plain.definite)
    check_against_generic(state)


#: one square, no space: the hearts lie in two runs, 4-3 on the king of spades and 2 down
#: round to 5 on the diamonds (a whole suit), each run's lowest card one below the other's
#: top card; the clubs (a whole suit) lie on the spades from queen to three
MUTUAL = {
    "1a": suit_run("3S", 10) + " " + suit_run("KC"),
    "1b": "2S AS",
    "1c": "KS 4H 3H",
    "1d": suit_run("10D") + " " + suit_run("5H", 11),
}


def test_a_build_onto_a_card_lying_on_its_next_higher_card_is_not_always_safe() -> None:
    # A "safe move" reduction of the end search was measured: with no space anywhere,
    # make only one build of a run onto a card that lies on its own next-higher card,
    # since such builds seem to commute. It is wrong: here both runs of hearts can be
    # built onto each other, and only one order wins (the 4-3 onto the 5 frees the king
    # of spades, which leaves a space). The solver must not make such a choice.
    state = position(MUTUAL, squares=1)
    assert solve(SQUARES, state, budget_nodes=GENERIC_NODES).status == WINNABLE
    verdict = solve_squares(state, budget_nodes=10_000)
    assert verdict.status == WINNABLE
    replay(state, verdict)
    winning = SQUARES.apply(state, SQUARES.parse_move("1c-1d"))
    losing = SQUARES.apply(state, SQUARES.parse_move("1d-1c"))
    assert all(heap for heap in state.heaps[:4])
    assert solve(SQUARES, winning, budget_nodes=GENERIC_NODES).status == WINNABLE
    assert solve(SQUARES, losing, budget_nodes=GENERIC_NODES).status == NOT_WINNABLE
    assert solve_squares(losing, budget_nodes=10_000).status == NOT_WINNABLE
