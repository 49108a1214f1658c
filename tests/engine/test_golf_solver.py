"""The exact Golf solver, checked three ways: against a deliberately simple brute force on
small positions (hypothesis), against the reference answers for PySolFC deals 1-1000, and
by replaying every line it returns through the rules."""

from __future__ import annotations

import ast
import doctest
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import parlour.engine.solve.golf as solver_module
from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_cards
from parlour.engine.deals import MAX_SEED
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import GolfMove
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import Phase
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import hole_seed
from parlour.engine.solve.golf import hole_pars
from parlour.engine.solve.golf import nine_hole_par
from parlour.engine.solve.golf import par_for_seed
from parlour.engine.solve.golf import solve_golf
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import Verdict

from .golf_helpers import position

FREE = frozenset({"free-stock"})
REFERENCE = Path(__file__).resolve().parents[1] / "data" / "golf-reference.jsonl"


# -- a deliberately simple brute force -------------------------------------------------------


def brute_force(state: GolfState) -> int:
    """The best score from ``state``: every legal move sequence is played out to the end
    through the public rules (``legal_moves`` and ``apply``), with no bounds, no
    dominance and no search order. Positions met twice (the same columns, top card and
    stock: the cards under the top card never matter) are valued once, which changes
    nothing but the time."""
    known: dict[tuple[object, ...], int] = {}

    def best(state: GolfState) -> int:
        key = (state.columns, state.foundation[-1], state.stock)
        if key not in known:
            moves = GOLF.legal_moves(state)
            if moves:
                known[key] = min(best(GOLF.apply(state, move)) for move in moves)
            else:
                known[key] = GOLF.score(state)
        return known[key]

    return best(state)


def replay(state: GolfState, moves: tuple[GolfMove, ...]) -> GolfState:
    for move in moves:
        state = GOLF.apply(state, move)  # raises if a move is not legal
    return state


def check_solution(state: GolfState, solution: Verdict) -> None:
    """The line replays through the rules to a finished hole scoring exactly ``score``."""
    end = replay(state, solution.line)
    assert end.phase is Phase.FINISHED
    assert GOLF.score(end) == solution.best_score


@st.composite
def small_positions(draw: st.DrawFn) -> GolfState:
    """Seven columns of two to four cards and a short stock. Up to fourteen of the cards come
    from a few neighbouring ranks, so that long runs can be played and the choices
    matter; the rest are drawn from the whole pack."""
    rng = draw(st.randoms(use_true_random=False))
    pack = list(full_pack())
    rng.shuffle(pack)
    centre = draw(st.integers(1, 13))
    spread = draw(st.integers(1, 2))
    near = [card for card in pack if abs(card.rank - centre) <= spread]
    far = [card for card in pack if abs(card.rank - centre) > spread]
    pool = near[: draw(st.integers(0, 14))] + far
    rng.shuffle(pool)
    sizes = draw(st.lists(st.integers(2, 4), min_size=7, max_size=7))
    stock_size = draw(st.integers(0, 4))
    columns: list[tuple[Card, ...]] = []
    taken = 0
    for size in sizes:
        columns.append(tuple(pool[taken : taken + size]))
        taken += size
    stock = tuple(pool[taken : taken + stock_size])
    top = pool[taken + stock_size]
    used = {*stock, top, *(card for column in columns for card in column)}
    under = tuple(card for card in pack if card not in used)
    options = FREE if draw(st.booleans()) else frozenset()
    return GOLF.position(tuple(columns), (*under, top), stock, options)


@settings(max_examples=500, deadline=None)
@given(state=small_positions())
def test_solver_agrees_with_brute_force_on_small_positions(state: GolfState) -> None:
    solution = solve_golf(state)
    assert solution.exact
    assert solution.best_score == brute_force(state)
    check_solution(state, solution)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    free_stock=st.booleans(),
    choices=st.lists(st.integers(0, 10_000), min_size=60, max_size=60),
)
def test_solver_works_from_any_point_of_a_hole(
    seed: int, free_stock: bool, choices: list[int]
) -> None:
    """Random legal play into a real deal, stopped once at most three stock cards are
    left (so that the brute force stays small); the solver takes over from there."""
    state = GOLF.start_from_seed(seed, FREE if free_stock else ())
    for pick in choices:
        moves = state.legal  # (plays and turns: a conceded hole has nothing to solve)
        if not moves or len(state.stock) <= 3:
            break
        state = GOLF.apply(state, moves[pick % len(moves)])
    solution = solve_golf(state)
    assert solution.best_score == brute_force(state)
    check_solution(state, solution)


# -- hand-made positions ---------------------------------------------------------------------


def test_a_finished_hole_needs_no_moves() -> None:
    state = position(["5D", "KS"], "9C")
    assert state.phase is Phase.FINISHED
    solution = solve_golf(state)
    assert solution == Verdict(NOT_WINNABLE, 2, (), nodes=0, seconds=None, exact=True)


def test_g4_clearing_early_beats_clearing_late() -> None:
    # 5D can be played at once (clearing with both stock cards to spare), or later
    state = position(["5D"], "4C", "9H 6S", FREE)
    solution = solve_golf(state)
    assert solution.best_score == -2
    assert [str(move) for move in solution.line] == ["1"]


def test_g3_free_stock_may_turn_early_to_keep_a_card_for_later() -> None:
    # book rule: the 5C must go on the 6S at once, then the 6H, and the 4S is stranded.
    # With free-stock, turning the 7C first lets 6H, 5C and 4S go in one run.
    book = position(["4S 6H", "5C"], "6S", "7C")
    free = position(["4S 6H", "5C"], "6S", "7C", FREE)
    book_solution = solve_golf(book)
    assert book_solution.best_score == brute_force(book) == 1
    assert [str(move) for move in book_solution.line] == ["2", "1", "s"]
    solution = solve_golf(free)
    assert solution.best_score == brute_force(free) == 0
    assert [str(move) for move in solution.line] == ["s", "1", "2", "1"]


def test_g2_the_solver_never_plays_on_a_king() -> None:
    state = position(["QS", "JD"], "KC", "10H", FREE)
    solution = solve_golf(state)
    assert [str(move) for move in solution.line] == ["s", "2", "1"]
    assert solution.best_score == 0


def test_budget_of_nodes_gives_the_best_line_found_so_far() -> None:
    state = GOLF.start(parse_cards(reference_lines()[0]["deck"]), FREE)
    exact = solve_golf(state)
    cut = solve_golf(state, budget_nodes=50)
    assert not cut.exact
    assert cut.nodes <= 50
    assert cut.best_score >= exact.best_score
    check_solution(state, cut)


def test_budget_of_seconds_uses_the_callers_clock() -> None:
    ticks = iter(range(10**6))

    def clock() -> float:
        return float(next(ticks))  # one "second" a reading: out of time at once

    state = GOLF.start(parse_cards(reference_lines()[1]["deck"]), FREE)
    solution = solve_golf(state, budget_seconds=0.5, clock=clock)
    assert not solution.exact
    assert solution.seconds is not None and solution.seconds >= 1
    check_solution(state, solution)
    timed = solve_golf(state, clock=clock)
    assert timed.exact and timed.seconds is not None
    with pytest.raises(ValueError, match="clock"):
        solve_golf(state, budget_seconds=1.0)


def test_the_solver_reads_no_clock_and_touches_nothing_outside() -> None:
    tree = ast.parse(Path(solver_module.__file__).read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & {"time", "datetime", "os", "io", "pathlib", "random", "threading"}
    assert imported <= {
        "__future__",
        "collections",
        "dataclasses",
        "itertools",
        "typing",
        "parlour",
    }


def test_module_examples() -> None:
    assert doctest.testmod(solver_module).failed == 0


# -- pars ------------------------------------------------------------------------------------


def test_par_for_seed_is_the_solvers_score_for_that_deal() -> None:
    for seed in (0, 1, 2026):
        for options in ((), ("free-stock",)):
            expected = solve_golf(GOLF.start_from_seed(seed, options)).best_score
            assert par_for_seed(seed, options) == expected


def test_g5_nine_hole_par_adds_the_pars_of_the_course_holes() -> None:
    course = 1234567
    pars = hole_pars(course)
    assert len(pars) == ROUNDS.holes
    assert list(pars) == [
        par_for_seed(hole_seed(ROUNDS, course, hole)) for hole in range(1, ROUNDS.holes + 1)
    ]
    assert nine_hole_par(course) == sum(pars)
    assert nine_hole_par(course) == nine_hole_par(course)  # pure: same course, same par


def test_g5_nine_hole_par_under_free_stock_is_no_worse() -> None:
    course = 99
    free = hole_pars(course, ["free-stock"])
    assert all(f <= b for f, b in zip(free, hole_pars(course), strict=True))


# -- the reference deals ---------------------------------------------------------------------


def reference_lines() -> list[dict[str, object]]:
    with REFERENCE.open(encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def test_reference_file_is_complete() -> None:
    lines = reference_lines()
    assert [line["pysol_deal"] for line in lines] == list(range(1, 1001))
    assert len({line["deck"] for line in lines}) == 1000


CHUNKS = 40  # (small parts, so that no one part holds up the end of a parallel run)


def chunk(index: int) -> Iterator[dict[str, object]]:
    lines = reference_lines()
    size = len(lines) // CHUNKS
    yield from lines[index * size : (index + 1) * size]


@pytest.mark.slow
@pytest.mark.parametrize("index", range(CHUNKS))
def test_solver_matches_every_reference_deal(index: int) -> None:
    """Both rule options, every deal: the exact best scores and the clear/no-clear verdict
    of black-hole-solver, with every line replayed. Zero disagreements."""
    disagreements = []
    for line in chunk(index):
        deck = parse_cards(str(line["deck"]))
        for options, field in (((), "best_book"), (("free-stock",), "best_free_stock")):
            state = GOLF.start(deck, options)
            solution = solve_golf(state)
            check_solution(state, solution)
            if not solution.exact or solution.best_score != line[field]:
                disagreements.append((line["pysol_deal"], field, solution.best_score, line[field]))
            if options and (solution.best_score <= 0) != line["bhs_clears_free_stock"]:
                disagreements.append((line["pysol_deal"], "bhs", solution.best_score, None))
    assert disagreements == []


def test_reference_means_match_the_data() -> None:
    lines = reference_lines()
    mean_free = sum(int(str(line["best_free_stock"])) for line in lines) / len(lines)
    mean_book = sum(int(str(line["best_book"])) for line in lines) / len(lines)
    assert round(mean_free, 2) == 2.21
    assert round(mean_book, 2) == 3.76
