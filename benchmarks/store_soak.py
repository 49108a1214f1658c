"""The store under load: processes writing finished games at once, and what a durable
write of a finished hole costs.

    python benchmarks/store_soak.py [--processes 4] [--games 500] [--dir DIR]

Soak: ``--processes`` processes open one new data directory at the same moment and each
writes ``--games`` finished games (a round of nine holes every nine games, as Golf
does) as fast as it can; then the rows are counted. Nothing may be lost.

Durability: the same write of a finished game, timed side by side with the journal's
``synchronous`` at NORMAL (what the saves of a game in progress use) and at FULL (what the
write of a finished game or hole uses), in the data directory's file system.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from parlour.store.database import Store


def _writer(directory: str, worker: int, games: int, ready: object) -> None:
    ready.wait()  # type: ignore[attr-defined]
    store = Store(Path(directory))
    round_id = None
    for number in range(games):
        hole = number % 9 + 1
        if hole == 1:
            round_id = store.start_round(worker * 1_000_000 + number, "none")
        store.finish_game(
            None, game="golf", options="none", seed=number, deck="", moves=["1", "2"],
            won=False, score=hole, summary="soak", round_id=round_id, hole=hole,
        )  # fmt: skip
    store.close()


def soak(directory: Path, processes: int, games: int) -> None:
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    workers = [
        context.Process(target=_writer, args=(str(directory), worker, games, ready))
        for worker in range(processes)
    ]
    for worker in workers:
        worker.start()
    start = time.perf_counter()
    ready.set()
    for worker in workers:
        worker.join()
    seconds = time.perf_counter() - start
    failed = [worker.exitcode for worker in workers if worker.exitcode != 0]
    store = Store(directory)
    written = len(store.finished_games(limit=10**9))
    holes = sum(len(r.scores) for r in store.rounds())
    moved = [p.name for p in directory.iterdir() if "unreadable" in p.name]
    expected = processes * games
    print(f"soak: {processes} processes x {games} finished games in {seconds:.1f} s")
    print(f"  games stored {written} of {expected}; holes on scorecards {holes} of {expected}")
    print(f"  processes that failed: {len(failed)}; files moved aside: {len(moved)}")
    print(f"  lost: {expected - written}")


def durability(directory: Path, repeats: int = 200) -> None:
    store = Store(directory)

    def one() -> float:
        start = time.perf_counter()
        store.finish_game(
            None, game="golf", options="none", seed=1, deck="", moves=[], won=False,
            score=1, summary="timing",
        )  # fmt: skip
        return time.perf_counter() - start

    # finish_game is durable (FULL); the same write at NORMAL, side by side
    connection: sqlite3.Connection = store._connection  # the benchmark's look inside
    normal: list[float] = []
    full: list[float] = []
    for _ in range(repeats):
        full.append(one())
        connection.execute("PRAGMA synchronous = NORMAL")
        start = time.perf_counter()
        with store._transaction(connection) as db:
            db.execute(
                "INSERT INTO games (game, options, seed, deck, moves, won, score, summary,"
                " hints, started, finished) VALUES ('golf', 'none', 1, '', '', 0, 1, 't', 0,"
                " 'x', 'x')"
            )
        normal.append(time.perf_counter() - start)
    n, f = statistics.median(normal), statistics.median(full)
    print(f"durability ({repeats} writes each, medians, in {directory}):")
    print(f"  synchronous NORMAL {n * 1000:.2f} ms; FULL {f * 1000:.2f} ms; ratio {f / n:.2f}")
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--dir", type=Path, default=None, help="where to make the test data")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as base:
        soak(Path(base) / "soak", args.processes, args.games)
        durability(Path(base) / "durability")


if __name__ == "__main__":
    main()
