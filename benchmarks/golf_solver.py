"""The Golf solver over the 1,000 reference deals: agreement and CPU time per deal.

    python benchmarks/golf_solver.py [--rule book|free-stock|both] [--limit N]

For every deal in tests/data/golf-reference.jsonl (PySolFC deals 1-1000 as Parlour
decks) it solves the opening position exactly, replays the returned line through the
engine, and compares the score with the reference (and, under free-stock, the clear /
no-clear verdict with black-hole-solver's). It prints the disagreements (there should be
none) and the CPU time per deal (time.process_time): median, mean and max.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rule", choices=("book", "free-stock", "both"), default="both")
    parser.add_argument("--limit", type=int, default=1000)
    args = parser.parse_args()
    rows = [json.loads(line) for line in REFERENCE.read_text().splitlines()][: args.limit]
    rules = ("book", "free-stock") if args.rule == "both" else (args.rule,)
    for rule in rules:
        options = ("free-stock",) if rule == "free-stock" else ()
        field = "best_free_stock" if options else "best_book"
        times: list[float] = []
        nodes: list[int] = []
        disagreements: list[int] = []
        for row in rows:
            state = GOLF.start(parse_cards(row["deck"]), options)
            started = time.process_time()
            solution = solve_golf(state)
            times.append(time.process_time() - started)
            nodes.append(solution.nodes)
            end = state
            for move in solution.moves:
                end = GOLF.apply(end, move)
            agrees = solution.score == row[field] == GOLF.score(end)
            if options:
                agrees = agrees and (solution.score <= 0) == row["bhs_clears_free_stock"]
            if not agrees:
                disagreements.append(row["pysol_deal"])
        print(
            f"{rule}: {len(rows)} deals, {len(disagreements)} disagreements {disagreements[:10]}; "
            f"CPU per deal median {statistics.median(times) * 1000:.1f} ms, "
            f"mean {statistics.fmean(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms; "
            f"positions per deal median {statistics.median(nodes):,.0f}; "
            f"mean best score {statistics.fmean(r[field] for r in rows):.2f}"
        )


if __name__ == "__main__":
    main()
