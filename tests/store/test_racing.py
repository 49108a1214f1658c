"""Many Parlours at once: first starts on a new data directory all succeed, and writers
racing each other lose nothing (real processes, SQLite's own locking); two saving the
settings file at once keep both changes."""

from __future__ import annotations

import multiprocessing
import tomllib
from pathlib import Path

from parlour.store.config import save_changes
from parlour.store.database import Store

PROCESSES = 8


def _first_start(directory: str, worker: int, ready: object) -> None:
    ready.wait()  # type: ignore[attr-defined]
    store = Store(Path(directory))
    round_id = store.start_round(worker, "none")
    store.finish_game(
        None, game="golf", options="none", seed=worker, deck="", moves=[], won=False,
        score=worker + 1, summary="race", round_id=round_id, hole=1,  # (cards left: not won)
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


def _damaged(directory: Path) -> bytes:
    """A database of some hundreds of games whose free-list count was changed (it fails
    SQLite's quick check only once the whole file is read), as the bytes now in the file."""
    store = Store(directory)
    for seed in range(400):
        store.finish_game(
            None, game="golf", options="none", seed=seed, deck="AS " * 52, moves=["1"] * 40,
            won=False, score=seed, summary="before",
        )  # fmt: skip
    store.close()  # (the last connection: the WAL is written back and removed)
    path = directory / "parlour.db"
    data = bytearray(path.read_bytes())
    data[36:40] = (int.from_bytes(data[36:40], "big") + 5).to_bytes(4, "big")
    path.write_bytes(bytes(data))
    return bytes(data)


def _start_on_damage(directory: str, worker: int, ready: object, told: object) -> None:
    ready.wait()  # type: ignore[attr-defined]
    # (a barrier: every process has started, so that they open the file at once)
    store = Store(Path(directory))
    store.start_round(worker, "none")
    told.put((worker, store.notice))  # type: ignore[attr-defined]
    store.close()


def test_parlours_starting_at_once_on_a_damaged_database_move_it_aside_once(
    tmp_path: Path,
) -> None:
    """Each used to move aside whatever was at the path when it had found the damage: the
    new database another had just made (which went on being written where it had been
    moved), and two could pick one name for the damaged file, the second replacing it."""
    context = multiprocessing.get_context("spawn")
    for attempt in range(3):
        directory = tmp_path / f"damaged-{attempt}"
        damaged = _damaged(directory)
        ready, told = context.Barrier(PROCESSES), context.Queue()
        workers = [
            context.Process(target=_start_on_damage, args=(str(directory), worker, ready, told))
            for worker in range(PROCESSES)
        ]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=120)
        assert [worker.exitcode for worker in workers] == [0] * PROCESSES
        notices = [told.get(timeout=10) for _ in workers]
        aside = [
            path
            for path in directory.iterdir()
            if "unreadable" in path.name and not path.name.endswith(("-wal", "-shm"))
        ]  # (the companions SQLite left beside it, if any, are moved with it)
        assert len(aside) == 1, sorted(path.name for path in directory.iterdir())
        assert aside[0].read_bytes() == damaged  # byte for byte, nothing written into it
        assert [notice for _, notice in notices if notice is not None] == [
            "Parlour could not read its database (SQLite reports it damaged), so it started "
            f"a new one. The old file is kept, unchanged, at {aside[0]}."
        ]
        # every process wrote its round into the one new database at the path
        store = Store(directory)
        assert store.notice is None
        assert sorted(r.course for r in store.rounds()) == list(range(PROCESSES))
        assert store.finished_games() == []
        store.close()


#: the two settings two Parlours change at once, and their values in turn
_SETTINGS = {"four_colour": (False, True), "theme": ("textual-light", "nord")}


def _changing(path: str, name: str, rounds: int, turn: object) -> None:
    for number in range(rounds):
        turn.wait()  # type: ignore[attr-defined]
        save_changes(Path(path), **{name: _SETTINGS[name][number % 2]})
        turn.wait()  # type: ignore[attr-defined]


def test_two_parlours_saving_settings_at_once_both_keep_their_change(tmp_path: Path) -> None:
    """Each save reads the file and writes it back with its one change: two at once used
    to lose one of the changes (in 142 of 200 rounds), the second writing back what it
    had read before the first's write."""
    path = tmp_path / "settings" / "config.toml"
    path.parent.mkdir()
    context = multiprocessing.get_context("spawn")
    rounds = 60
    turn = context.Barrier(3)
    workers = [
        context.Process(target=_changing, args=(str(path), name, rounds, turn))
        for name in _SETTINGS
    ]
    for worker in workers:
        worker.start()
    lost = []
    try:
        for number in range(rounds):
            turn.wait(timeout=60)  # both save at once
            turn.wait(timeout=60)  # both saved
            table = tomllib.loads(path.read_text())
            wanted = {name: values[number % 2] for name, values in _SETTINGS.items()}
            if {name: table.get(name, False) for name in _SETTINGS} != wanted:
                lost.append(number)
    finally:
        for worker in workers:
            worker.join(timeout=60)
    assert [worker.exitcode for worker in workers] == [0, 0]
    assert lost == [], f"a change was lost in {len(lost)} of {rounds} rounds"
