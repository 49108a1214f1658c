"""How well the hint player plays Golf without peeking, beside the earlier hint, a greedy
player and par.

    python benchmarks/golf_hints.py [--holes 1000] [--first 1] [--jobs 2] [--free-stock]
                                    [--out FILE] [--summary FILE ...]

Each seeded hole (seeds first .. first+holes-1) is played four ways: by following the
hint key (``golf_hint``: the sampled expectimax before the exact end, under the book
rule), by following the earlier hint (``early=SOLVES``: each sampled order solved on its
own, 16 orders), by a greedy player (play the first playable column, else turn), and by
perfect knowledge (the exact solver: the hole's par). Neither hint ever looks at the real
order of the stock. Prints the mean score per hole and per nine holes of each, the
difference between the two hints hole by hole (with its standard error), and the CPU
time of each hint asked for (every move of a hole is asked for; forced moves cost
nothing).

A long run can be made in parts: ``--out`` appends one line per hole (JSON), and
``--summary`` prints the figures of the holes in one or more such files instead of
playing any.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PlayColumn
from parlour.engine.solve.golf import solve_golf
from parlour.engine.solve.golf_hint import EXPECTIMAX
from parlour.engine.solve.golf_hint import SOLVES
from parlour.engine.solve.golf_hint import golf_hint

#: each hint player and how its hint judges the early turns
HINTS = {"hint key": EXPECTIMAX, "earlier hint": SOLVES}


def play_hole(job: tuple[int, tuple[str, ...]]) -> dict[str, Any]:
    seed, options = job
    start = GOLF.start_from_seed(seed, options)
    result: dict[str, Any] = {"seed": seed}
    for name, early in HINTS.items():
        state = start
        seconds = []
        while GOLF.outcome(state) is None:
            started = time.process_time()
            move = golf_hint(state, early=early).move
            seconds.append(time.process_time() - started)
            state = GOLF.apply(state, move)
        result[name] = GOLF.score(state)
        result[name + " seconds"] = seconds
    state = start
    while GOLF.outcome(state) is None:
        moves = GOLF.legal_moves(state)
        plays = [m for m in moves if isinstance(m, PlayColumn)]
        state = GOLF.apply(state, plays[0] if plays else moves[0])
    result["greedy"] = GOLF.score(state)
    result["par"] = solve_golf(start).best_score
    return result


def summarise(results: list[dict[str, Any]], heading: str) -> None:
    results = sorted(results, key=lambda result: result["seed"])
    seeds = [result["seed"] for result in results]
    print(f"{heading}: {len(results)} holes, seeds {min(seeds)}..{max(seeds)}")
    for name in (*HINTS, "greedy", "par"):
        mean = statistics.fmean(result[name] for result in results)
        print(f"  {name:13} mean per hole {mean:6.3f}   per nine holes {9 * mean:6.2f}")
    new, old = HINTS
    gains = [result[new] - result[old] for result in results]
    error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    mean = statistics.fmean(gains)
    print(
        f"  {new} minus {old}: {mean:+.3f} a hole ({9 * mean:+.2f} per nine holes), "
        f"standard error {error:.3f} ({9 * error:.2f}); "
        f"holes better {sum(g < 0 for g in gains)}, worse {sum(g > 0 for g in gains)}"
    )
    for name in HINTS:
        every = [s for result in results for s in result[name + " seconds"]]
        chosen = [s for s in every if s > 0.001]  # hints that had something to work out
        holes = [sum(result[name + " seconds"]) for result in results]
        print(
            f"  {name} CPU: per hint median {statistics.median(every):.4f} s, "
            f"worst {max(every):.2f} s; hints that worked something out ({len(chosen)}) "
            f"median {statistics.median(chosen):.3f} s; per hole median "
            f"{statistics.median(holes):.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--holes", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--free-stock", action="store_true")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", type=Path, nargs="+")
    args = parser.parse_args()
    if args.summary:
        results = [json.loads(line) for path in args.summary for line in path.open()]
        summarise(results, "from " + ", ".join(map(str, args.summary)))
        return
    options = ("free-stock",) if args.free_stock else ()
    jobs = [(seed, options) for seed in range(args.first, args.first + args.holes)]
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(play_hole, jobs, chunksize=1):
            results.append(result)
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps(result) + "\n")
    summarise(results, "free-stock" if options else "book rule")


if __name__ == "__main__":
    main()
