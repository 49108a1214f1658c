"""How often the Rubbish Heap, Three Squares and By Twos solvers reach a verdict in a CPU budget.

    python benchmarks/solvers.py [--deals 200] [--seconds 1] [--game rubbish|squares|bytwos]
                                 [--generic]

For each game, each seeded deal 1..N is solved from its opening position with a budget of
``--seconds`` of CPU time (``time.process_time`` as the clock). Prints the verdicts
(winnable, not winnable, unknown), the share of definite ones, the median and largest CPU
time per deal and the share of deals found winnable. Every winning line is replayed
through the engine. ``--generic`` runs the game-independent search
(``engine/solve/search.py``) on the same deals and budget, for comparison.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.squares import SQUARES
from parlour.engine.solve.bytwos import solve_bytwos
from parlour.engine.solve.rubbish import solve_rubbish
from parlour.engine.solve.search import solve
from parlour.engine.solve.squares import solve_squares
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Verdict

Solver = Callable[..., Verdict]
GAMES: dict[str, tuple[Any, Solver]] = {
    "rubbish": (RUBBISH, solve_rubbish),
    "squares": (SQUARES, solve_squares),
    "bytwos": (BYTWOS, solve_bytwos),
}


def generic(rules: Any) -> Solver:
    def run(state: Any, **budget: Any) -> Verdict:
        return solve(rules, state, **budget)

    return run


def measure(rules: Any, solver: Solver, deals: int, seconds: float) -> dict[str, Any]:
    verdicts: Counter[str] = Counter()
    times = []
    for seed in range(1, deals + 1):
        state = rules.start_from_seed(seed)
        started = time.process_time()
        verdict = solver(state, budget_nodes=None, budget_seconds=seconds, clock=time.process_time)
        times.append(time.process_time() - started)
        verdicts[verdict.status] += 1
        if verdict.status == WINNABLE:
            for move in verdict.line:
                state = rules.apply(state, move)
            outcome = rules.outcome(state)
            assert outcome is not None and outcome.won, f"seed {seed}: the line does not win"
    return {"verdicts": verdicts, "times": times}


def report(name: str, figures: dict[str, Any], deals: int) -> None:
    verdicts, times = figures["verdicts"], figures["times"]
    definite = verdicts[WINNABLE] + verdicts[NOT_WINNABLE]
    print(
        f"{name}: {deals} deals | winnable {verdicts[WINNABLE]}, not winnable "
        f"{verdicts[NOT_WINNABLE]}, unknown {verdicts[UNKNOWN]} | definite "
        f"{100 * definite / deals:.1f}% | CPU per deal: median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s | winnable {100 * verdicts[WINNABLE] / deals:.1f}%"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--generic", action="store_true", help="also run the generic search")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {args.seconds:g} s CPU per deal")
    for name in args.game or list(GAMES):
        rules, solver = GAMES[name]
        report(name, measure(rules, solver, args.deals, args.seconds), args.deals)
        if args.generic:
            figures = measure(rules, generic(rules), args.deals, args.seconds)
            report(f"{name} (generic search)", figures, args.deals)


if __name__ == "__main__":
    main()
