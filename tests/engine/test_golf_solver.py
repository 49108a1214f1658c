"""The exact Golf solver against an independent brute force, the reference deals, and the
engine (every line it returns is replayed through GOLF.apply)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.engine.cards import Card, full_pack, parse_cards
from parlour.engine.games.golf import GOLF, GolfState
from parlour.engine.solve.golf import nine_hole_par, par_for_seed, solve_golf

REFERENCE = [
    json.loads(line)
    for line in (Path(__file__).parents[1] / "data" / "golf-reference.jsonl")
    .read_text()
    .splitlines()
]
FREE = frozenset({"free-stock"})


def brute_force(state: GolfState) -> int:
    """The best score by trying every sequence of legal moves through the engine itself,
    remembering positions already scored (no pruning, no shortcuts)."""
    memo: dict[GolfState, int] = {}

    def best(position: GolfState) -> int:
        if position in memo:
            return memo[position]
        moves = GOLF.legal_moves(position)
        value = (
            GOLF.score(position)
            if not moves
            else min(best(GOLF.apply(position, move)) for move in moves)
        )
        memo[position] = value
        return value

    return best(state)


def replay_score(state: GolfState, moves: tuple[Any, ...]) -> GolfState:
    for move in moves:
        state = GOLF.apply(state, move)
    return state


@st.composite
def small_positions(draw: st.DrawFn) -> GolfState:
    """Positions with short columns and a short stock, every other card under the
    foundation (so no card is lost)."""
    pack = list(full_pack())
    order = draw(st.permutations(pack))
    heights = draw(st.lists(st.integers(0, 3), min_size=7, max_size=7))
    stock_size = draw(st.integers(0, 6))
    cards = iter(order)
    columns = tuple(tuple(next(cards) for _ in range(h)) for h in heights)
    stock = tuple(next(cards) for _ in range(stock_size))
    top = next(cards)
    used: set[Card] = {top, *stock, *(c for column in columns for c in column)}
    below = tuple(c for c in pack if c not in used)
    options = FREE if draw(st.booleans()) else frozenset()
    return GOLF.position(columns, (*below, top), stock, options)


@settings(max_examples=300, deadline=None)
@given(small_positions())
def test_the_solver_agrees_with_brute_force_on_small_positions(state: GolfState) -> None:
    solution = solve_golf(state)
    assert solution.exact
    assert solution.score == brute_force(state)
    end = replay_score(state, solution.moves)
    assert GOLF.outcome(end) is not None
    assert GOLF.score(end) == solution.score


def test_every_reference_deal_under_the_book_rule() -> None:
    disagreements = []
    for row in REFERENCE:
        state = GOLF.start(parse_cards(row["deck"]))
        solution = solve_golf(state)
        end = replay_score(state, solution.moves)
        if (solution.score, GOLF.score(end)) != (row["best_book"], row["best_book"]):
            disagreements.append(row["pysol_deal"])
    assert len(REFERENCE) == 1000
    assert disagreements == []


@pytest.mark.parametrize("row", REFERENCE[:12], ids=lambda row: f"deal{row['pysol_deal']}")
def test_reference_deals_with_free_stock(row: dict[str, Any]) -> None:
    """A sample in every run (free-stock searches are long); benchmarks/golf_solver.py
    checks all 1,000 and docs/performance.md records the result."""
    state = GOLF.start(parse_cards(row["deck"]), FREE)
    solution = solve_golf(state)
    assert solution.score == row["best_free_stock"]
    assert (solution.score <= 0) == row["bhs_clears_free_stock"]
    assert GOLF.score(replay_score(state, solution.moves)) == solution.score


def test_the_solver_works_from_the_middle_of_a_game() -> None:
    state = GOLF.start_from_seed(11)
    for _ in range(6):
        state = GOLF.apply(state, GOLF.legal_moves(state)[0])
    solution = solve_golf(state)
    assert solution.score == brute_force(state)
    assert GOLF.score(replay_score(state, solution.moves)) == solution.score


def test_a_finished_position_needs_no_moves() -> None:
    state = GOLF.start_from_seed(4)
    while GOLF.legal_moves(state):
        state = GOLF.apply(state, GOLF.legal_moves(state)[-1])
    solution = solve_golf(state)
    assert solution.exact and solution.moves == () and solution.score == GOLF.score(state)


def test_a_node_budget_gives_an_honest_inexact_answer() -> None:
    state = GOLF.start_from_seed(1, FREE)
    solution = solve_golf(state, budget_nodes=100)
    assert not solution.exact
    assert solution.moves == ()
    assert solution.nodes > 100


def test_a_time_budget_reads_only_the_clock_it_is_given() -> None:
    ticks = iter(range(10**9))
    solution = solve_golf(
        GOLF.start_from_seed(1, FREE), budget_seconds=5, clock=lambda: float(next(ticks))
    )
    assert not solution.exact


def test_par_and_nine_hole_par() -> None:
    assert par_for_seed(1) == solve_golf(GOLF.start_from_seed(1)).score
    from parlour.engine.course import hole_seed

    assert nine_hole_par(5) == sum(par_for_seed(hole_seed(5, hole)) for hole in range(1, 10))
