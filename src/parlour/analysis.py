"""Solving deals and analysing ranges of seeds, for ``parlour solve`` and ``parlour analyse``.

This is where solvers meet the clock and the process pool; the solvers themselves are
pure engine code in :mod:`parlour.engine.solve`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from parlour.engine import find_game
from parlour.engine.solve.search import NOT_WINNABLE, UNKNOWN, WINNABLE, Verdict, solve

#: the default budget per deal, in CPU seconds, for the games without an exact solver
DEFAULT_BUDGET = 1.0


@dataclass(frozen=True, slots=True)
class Solution:
    """A solver's answer about one position, in terms every game shares."""

    game: str
    status: str  # winnable | not winnable | unknown
    best_score: int
    exact: bool  # True when best_score is proven to be the best possible
    moves: tuple[str, ...]
    nodes: int
    seconds: float


def solve_state(game: str, state: Any, *, budget: float | None = DEFAULT_BUDGET) -> Solution:
    """Solve a position with the best solver Parlour has for its game."""
    rules = find_game(game)
    clock = time.process_time
    started = clock()
    if rules.id == "golf":
        from parlour.engine.solve.golf import solve_golf

        golf = solve_golf(state, budget_seconds=budget, clock=clock)
        status = WINNABLE if golf.score <= 0 else NOT_WINNABLE
        if not golf.exact:
            status = WINNABLE if golf.score <= 0 else UNKNOWN
        return Solution(
            rules.id,
            status,
            golf.score,
            golf.exact,
            tuple(rules.format_move(m) for m in golf.moves),
            golf.nodes,
            clock() - started,
        )
    verdict: Verdict = _solver_for(rules.id)(rules, state, budget, clock)
    return Solution(
        rules.id,
        verdict.status,
        verdict.best_score,
        verdict.status == WINNABLE,
        tuple(rules.format_move(m) for m in verdict.line),
        verdict.nodes,
        clock() - started,
    )


def _solver_for(game: str) -> Callable[[Any, Any, float | None, Callable[[], float]], Verdict]:
    """The game's own solver if it has one, else the generic search."""
    from importlib import import_module

    try:
        module = import_module(f"parlour.engine.solve.{game}")
        special: Callable[..., Verdict] = getattr(module, f"solve_{game}")
    except (ImportError, AttributeError):
        special = solve

    def run(rules: Any, state: Any, budget: float | None, clock: Callable[[], float]) -> Verdict:
        if special is solve:
            return solve(rules, state, budget_nodes=None, budget_seconds=budget, clock=clock)
        return special(state, budget_nodes=None, budget_seconds=budget, clock=clock)

    return run


def solve_seed(
    game: str, seed: int, options: frozenset[str] = frozenset(), budget: float | None = None
) -> Solution:
    rules = find_game(game)
    return solve_state(rules.id, rules.start_from_seed(seed, options), budget=budget)


# -- batch analysis ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealResult:
    seed: int
    status: str
    best_score: int
    exact: bool
    nodes: int
    seconds: float


def _analyse_one(job: tuple[str, int, tuple[str, ...], float | None]) -> DealResult:
    game, seed, options, budget = job
    solution = solve_seed(game, seed, frozenset(options), budget)
    return DealResult(
        seed,
        solution.status,
        solution.best_score,
        solution.exact,
        solution.nodes,
        solution.seconds,
    )


def analyse(
    game: str,
    seeds: range,
    *,
    options: frozenset[str] = frozenset(),
    budget: float | None = DEFAULT_BUDGET,
    jobs: int = 1,
) -> Iterator[DealResult]:
    """Solve every seed, in a pool of ``jobs`` processes, yielding results as they come."""
    work = [(game, seed, tuple(sorted(options)), budget) for seed in seeds]
    if jobs <= 1:
        yield from map(_analyse_one, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_analyse_one, work, chunksize=max(1, len(work) // (jobs * 20)))


@dataclass(frozen=True, slots=True)
class Summary:
    game: str
    options: str
    deals: int
    winnable: int
    not_winnable: int
    unknown: int
    mean_best_score: float
    mean_nine_hole_par: float | None
    median_seconds: float
    mean_seconds: float
    max_seconds: float

    @property
    def winnable_share(self) -> float:
        return self.winnable / self.deals if self.deals else 0.0

    @property
    def definite_share(self) -> float:
        return (self.winnable + self.not_winnable) / self.deals if self.deals else 0.0

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["winnable_share"] = self.winnable_share
        data["definite_share"] = self.definite_share
        return data


def summarise(game: str, options: frozenset[str], results: list[DealResult]) -> Summary:
    times = [r.seconds for r in results] or [0.0]
    mean_best = statistics.fmean(r.best_score for r in results) if results else 0.0
    return Summary(
        game,
        ",".join(sorted(options)) or "none",
        len(results),
        sum(r.status == WINNABLE for r in results),
        sum(r.status == NOT_WINNABLE for r in results),
        sum(r.status == UNKNOWN for r in results),
        mean_best,
        9 * mean_best if game == "golf" else None,
        statistics.median(times),
        statistics.fmean(times),
        max(times),
    )
