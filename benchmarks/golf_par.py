"""Golf's par and best, measured: per hole over a range of seeds, and per nine-hole round
over a range of courses.

    python benchmarks/golf_par.py [--holes 1000] [--first 1] [--courses 0] [--jobs 1]
                                  [--free-stock] [--out FILE] [--summary FILE ...]

A deal's **par** is the score Parlour's own play makes on it, following the hint from
the deal to the end without ever looking at the stock's order (``analysis.hint_par``,
what the app and ``parlour scorecard`` show); its **best** is the fewest cards perfect
play knowing every card leaves (the exact solver). ``--holes N`` measures seeded holes
first .. first+N-1; ``--courses N`` measures the nine holes of courses first ..
first+N-1 (each round's par and best are its holes' sums). Prints the mean, standard
deviation and range of each, and the CPU seconds par took a hole.

A long run can be made in parts: ``--out`` appends one line per hole or course (JSON),
and ``--summary`` prints the figures of one or more such files instead of playing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from parlour.analysis import hint_par
from parlour.analysis import solve_seed
from parlour.engine.registry import find_spec
from parlour.engine.rounds import hole_seed

GAME = "golf"


def measure(seed: int, options: frozenset[str]) -> tuple[int, int, float]:
    started = time.process_time()
    par = hint_par(GAME, seed, options)
    seconds = time.process_time() - started
    return par, solve_seed(GAME, seed, options).best_score, seconds


def hole(job: tuple[int, frozenset[str]]) -> dict[str, Any]:
    seed, options = job
    par, best, seconds = measure(seed, options)
    return {"kind": "hole", "seed": seed, "par": par, "best": best, "seconds": seconds}


def course(job: tuple[int, frozenset[str]]) -> dict[str, Any]:
    number, options = job
    rounds = find_spec(GAME).rounds
    assert rounds is not None
    found = [measure(hole_seed(rounds, number, h), options) for h in range(1, rounds.holes + 1)]
    return {
        "kind": "course",
        "course": number,
        "pars": [par for par, _, _ in found],
        "bests": [best for _, best, _ in found],
        "par": sum(par for par, _, _ in found),
        "best": sum(best for _, best, _ in found),
        "seconds": sum(seconds for _, _, seconds in found),
    }


def summarise(results: list[dict[str, Any]]) -> None:
    for kind, unit in (("hole", "seeds"), ("course", "courses")):
        found = [result for result in results if result["kind"] == kind]
        if not found:
            continue
        key = "seed" if kind == "hole" else "course"
        numbers = [result[key] for result in found]
        print(f"{len(found)} {kind}s ({unit} {min(numbers)}..{max(numbers)})")
        for name in ("par", "best"):
            values = [result[name] for result in found]
            spread = statistics.stdev(values) if len(values) > 1 else 0.0
            print(
                f"  {name:4} mean {statistics.fmean(values):6.3f}  sd {spread:5.2f}  "
                f"range {min(values)}..{max(values)}"
            )
        seconds = [result["seconds"] for result in found]
        median, most = statistics.median(seconds), max(seconds)
        print(f"  par's CPU a {kind}: median {median:.2f} s, most {most:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--holes", type=int, default=1000)
    parser.add_argument("--courses", type=int, default=0)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--free-stock", action="store_true")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", type=Path, nargs="+")
    args = parser.parse_args()
    if args.summary:
        summarise([json.loads(line) for path in args.summary for line in path.open()])
        return
    options = frozenset({"free-stock"}) if args.free_stock else frozenset()
    if args.courses:
        work, jobs = course, range(args.first, args.first + args.courses)
    else:
        work, jobs = hole, range(args.first, args.first + args.holes)
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(work, [(number, options) for number in jobs], chunksize=1):
            results.append(result)
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps(result) + "\n")
    summarise(results)


if __name__ == "__main__":
    main()
