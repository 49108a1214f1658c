"""Many Parlours at once: first starts on a new data directory all succeed, and writers
racing each other lose nothing (real processes, SQLite's own locking)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from parlour.store.database import Store

PROCESSES = 8


def _first_start(directory: str, worker: int, ready: object) -> None:
    ready.wait()  # type: ignore[attr-defined]
    store = Store(Path(directory))
    round_id = store.start_round(worker, "none")
    store.finish_game(
        None, game="golf", options="none", seed=worker, deck="", moves=[], won=False,
        score=worker, summary="race", round_id=round_id, hole=1,
    )  # fmt: skip
    store.close()


def test_parlours_starting_at_once_on_a_new_data_directory_all_succeed(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    for attempt in range(3):
        directory = tmp_path / f"new-{attempt}"
        ready = context.Event()
        workers = [
            context.Process(target=_first_start, args=(str(directory), worker, ready))
            for worker in range(PROCESSES)
        ]
        for worker in workers:
            worker.start()
        ready.set()  # all at once
        for worker in workers:
            worker.join(timeout=120)
        assert [worker.exitcode for worker in workers] == [0] * PROCESSES
        assert not [path for path in directory.iterdir() if "unreadable" in path.name]
        store = Store(directory)
        assert sorted(r.course for r in store.rounds()) == list(range(PROCESSES))
        assert len(store.finished_games()) == PROCESSES
        store.close()
