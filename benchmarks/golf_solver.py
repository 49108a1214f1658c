"""CPU time of the exact Golf solver on the 1,000 reference deals, under both rule options.

    python benchmarks/golf_solver.py [--runs 3] [--limit N] [--rule book|free-stock]

The deals are PySolFC's Golf deals 1-1000 (``tests/data/golf-reference.jsonl``). Each deal
is solved from its opening position and timed with ``time.process_time``; every answer is
checked against the file. For each rule the script prints the median, mean and maximum
CPU time per deal, the positions searched, and the mean best score and share of holes
cleared. With ``--runs N`` the whole set is solved N
times and the per-run figures are printed with their median across runs (the machine's
speed varies from run to run).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from parlour.engine.cards import parse_cards
from parlour.engine.games.golf import GOLF
from parlour.engine.solve.golf import solve_golf

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "data" / "golf-reference.jsonl"
RULES = {"book": ((), "best_book"), "free-stock": (("free-stock",), "best_free_stock")}


def one_run(lines: list[dict[str, object]], rule: str) -> tuple[list[float], list[int], list[int]]:
    options, field = RULES[rule]
    seconds: list[float] = []
    nodes: list[int] = []
    scores: list[int] = []
    for line in lines:
        state = GOLF.start(parse_cards(str(line["deck"])), options)
        solution = solve_golf(state, clock=time.process_time)
        assert solution.seconds is not None
        if not solution.exact or solution.best_score != line[field]:
            raise SystemExit(f"deal {line['pysol_deal']}: {solution.best_score} != {line[field]}")
        seconds.append(solution.seconds)
        nodes.append(solution.nodes)
        scores.append(solution.best_score)
    return seconds, nodes, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals")
    parser.add_argument("--rule", choices=[*RULES, "both"], default="both")
    args = parser.parse_args()
    with REFERENCE.open(encoding="utf-8") as file:
        lines = [json.loads(text) for text in file if text.strip()][: args.limit]
    rules = list(RULES) if args.rule == "both" else [args.rule]
    print(f"{len(lines)} deals, {args.runs} run(s) per rule; CPU time per deal")
    for rule in rules:
        medians, means, maxima = [], [], []
        nodes: list[int] = []
        scores: list[int] = []
        for run in range(1, args.runs + 1):
            seconds, nodes, scores = one_run(lines, rule)
            medians.append(statistics.median(seconds))
            means.append(statistics.mean(seconds))
            maxima.append(max(seconds))
            print(
                f"  {rule} run {run}: median {medians[-1] * 1000:.1f} ms, "
                f"mean {means[-1] * 1000:.1f} ms, max {maxima[-1] * 1000:.0f} ms, "
                f"total {sum(seconds):.1f} s"
            )
        print(
            f"{rule}: median {statistics.median(medians) * 1000:.1f} ms, "
            f"mean {statistics.median(means) * 1000:.1f} ms, "
            f"max {statistics.median(maxima) * 1000:.0f} ms (medians over runs); "
            f"positions per deal: median {statistics.median(nodes):.0f}, "
            f"mean {statistics.mean(nodes):.0f}, max {max(nodes)}; total {sum(nodes)}"
        )
        cleared = sum(score <= 0 for score in scores)
        print(
            f"{rule}: every answer agrees with the file; best score per hole: mean "
            f"{statistics.mean(scores):.3f}, cleared {cleared} of {len(scores)} "
            f"({100 * cleared / len(scores):.1f} %)"
        )


if __name__ == "__main__":
    main()
