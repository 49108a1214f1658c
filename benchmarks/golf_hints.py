"""How well the hint player plays Golf without peeking, beside a greedy player and par.

    python benchmarks/golf_hints.py [--holes 1000] [--samples 16] [--free-stock]

Each seeded hole (seeds 1..holes) is played three ways: by following the hint key's
suggestions (perfect-information Monte Carlo over the unseen stock order; it never looks
at the real order), by a greedy player (play the first playable column, else turn), and
by perfect knowledge (the exact solver: the hole's par). Prints the mean score per hole
and per nine holes for each.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PlayColumn
from parlour.engine.solve.golf import solve_golf
from parlour.engine.solve.golf_hint import golf_hint


def play_hole(job: tuple[int, int, tuple[str, ...]]) -> tuple[int, int, int, float]:
    seed, samples, options = job
    start = GOLF.start_from_seed(seed, options)
    started = time.process_time()
    state = start
    while GOLF.outcome(state) is None:
        state = GOLF.apply(state, golf_hint(state, samples=samples).move)
    hinted = GOLF.score(state)
    seconds = time.process_time() - started
    state = start
    while GOLF.outcome(state) is None:
        moves = GOLF.legal_moves(state)
        plays = [m for m in moves if isinstance(m, PlayColumn)]
        state = GOLF.apply(state, plays[0] if plays else moves[0])
    greedy = GOLF.score(state)
    return hinted, greedy, solve_golf(start).best_score, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--holes", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--free-stock", action="store_true")
    args = parser.parse_args()
    options = ("free-stock",) if args.free_stock else ()
    jobs = [(seed, args.samples, options) for seed in range(1, args.holes + 1)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play_hole, jobs, chunksize=4))
    hinted, greedy, par, seconds = (list(column) for column in zip(*results, strict=True))
    print(
        f"{args.holes} holes, {'free-stock' if options else 'book rule'}, "
        f"{args.samples} samples per decision"
    )
    for name, scores in (("hint player", hinted), ("greedy", greedy), ("par", par)):
        mean = statistics.fmean(scores)
        print(f"  {name:12} mean per hole {mean:5.2f}   per nine holes {9 * mean:6.1f}")
    print(f"  hint player CPU per hole: median {statistics.median(seconds):.2f} s")


if __name__ == "__main__":
    main()
