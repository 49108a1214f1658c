"""Statistics over a large history: how long ``parlour stats`` takes with 100,000 stored
games of one player (and as many of another, which the queries must skip).

    python benchmarks/stats_speed.py [--games 100000] [--runs 5] [--dir DIR]

The games are written straight into a new database made by the store (so the schema and
its indexes are the real ones): a quarter each of the four games, Golf's in rounds of nine
holes with their pars known, a second player with as many games. Then, side by side in
one run, the medians of ``--runs`` timings of: the statistics of every game in-process
(:func:`parlour.statistics.game_statistics`), and the whole command ``parlour stats
--json`` as a player would run it (a new process each time, start-up included).
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from parlour.engine.registry import specs
from parlour.engine.rounds import hole_seed
from parlour.statistics import game_statistics
from parlour.store.database import Store

STAMP = "2026-01-01T10:{:02d}:{:02d}+00:00"


def fill(directory: Path, games: int, player: str) -> None:
    """``games`` finished games of ``player``, written in one transaction."""
    Store(directory, player=player).close()
    rng = random.Random(player)
    db = sqlite3.connect(directory / "parlour.db")
    ids = [spec.id for spec in specs()]
    golf_spec = next(spec for spec in specs() if spec.rounds is not None)
    golf, course = golf_spec.id, 0
    with db:
        round_id = None
        for number in range(games):
            game = ids[number % len(ids)]
            hole, seed = None, number
            if game == golf:
                hole = (number // len(ids)) % 9 + 1
                if hole == 1:
                    round_id = db.execute(
                        "INSERT INTO rounds (player, course, options, started) "
                        "VALUES (?, ?, 'none', ?)",
                        (player, number, STAMP.format(0, 0)),
                    ).lastrowid
                    course = number
                seed = hole_seed(golf_spec.rounds, course, hole)  # type: ignore[arg-type]
            # (a result the game can give: the store reads no other)
            scores = next(spec.scores for spec in specs() if spec.id == game)
            wins = next(spec.wins for spec in specs() if spec.id == game)
            assert scores is not None and wins is not None
            score = rng.choice(scores)
            db.execute(
                "INSERT INTO games (player, game, options, seed, deck, moves, won, score, "
                "summary, hints, round_id, hole, started, finished) "
                "VALUES (?, ?, 'none', ?, '', '1 2 3', ?, ?, '', ?, ?, ?, ?, ?)",
                (player, game, seed, int(score in wins), score, rng.randrange(3),
                 round_id if hole else None, hole, STAMP.format(0, 0),
                 STAMP.format(number % 60, rng.randrange(60))),
            )  # fmt: skip
            if hole is not None:
                db.execute(
                    "INSERT INTO holes (round_id, hole, score) VALUES (?, ?, ?)",
                    (round_id, hole, score),
                )
                db.execute(
                    "INSERT OR REPLACE INTO pars (seed, options, par) VALUES (?, 'none', ?)",
                    (seed, rng.randrange(-3, 8)),
                )
                if hole == 9:
                    db.execute(
                        "UPDATE rounds SET finished = ?, total = 40 WHERE id = ?",
                        (STAMP.format(59, 0), round_id),
                    )
    db.close()


def timed(job: object, runs: int, clock: object = time.perf_counter) -> float:
    found = []
    for _ in range(runs):
        start = clock()  # type: ignore[operator]
        job()  # type: ignore[operator]
        found.append(clock() - start)  # type: ignore[operator]
    return statistics.median(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    directory = args.dir or Path(tempfile.mkdtemp(prefix="parlour-stats-"))
    started = time.perf_counter()
    fill(directory, args.games, "ann")
    fill(directory, args.games, "bob")
    print(
        f"load average {os.getloadavg()[0]:.1f}; wrote {2 * args.games:,} games in "
        f"{time.perf_counter() - started:.1f} s"
    )
    store = Store(directory, player="ann")
    figures = game_statistics(store)
    assert sum(s.played for s in figures) == args.games
    in_process = timed(lambda: game_statistics(store, work_out_pars=True), args.runs)
    cpu = timed(lambda: game_statistics(store, work_out_pars=True), args.runs, time.process_time)
    command = [sys.executable, "-m", "parlour", "--data-dir", str(directory),
               "--player", "ann", "stats", "--json"]  # fmt: skip
    whole = timed(lambda: subprocess.run(command, check=True, capture_output=True), args.runs)
    bare = timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), args.runs)
    print(
        f"statistics of {args.games:,} games, in-process: {1000 * in_process:.0f} ms "
        f"(median; CPU time {1000 * cpu:.0f} ms)"
    )
    print(f"parlour stats --json, whole command: {1000 * whole:.0f} ms "
          f"(Python itself starts in {1000 * bare:.0f} ms)")  # fmt: skip


if __name__ == "__main__":
    main()
