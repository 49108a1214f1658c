"""The store's writer: writes run in one thread of their own, in the order they were
handed over; flush waits for them; a write that fails does not stop those after it."""

from __future__ import annotations

import threading
from pathlib import Path

from parlour.engine.games.golf import GOLF
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.writer import Writer


def test_writes_run_in_order_in_another_thread_and_flush_waits_for_them() -> None:
    writer = Writer()
    done: list[int] = []
    threads: set[str] = set()
    gate = threading.Event()

    def write(number: int) -> None:
        gate.wait(5)
        threads.add(threading.current_thread().name)
        done.append(number)

    for number in range(20):
        writer.submit(lambda number=number: write(number))
    assert writer.pending() and done == []  # handed over, not yet run: nothing waited here
    gate.set()
    assert writer.flush(5)
    assert done == list(range(20))
    assert threads == {"parlour-writer"}
    assert not writer.pending() and writer.waited() == 0.0


def test_a_failing_write_is_kept_and_the_next_still_runs() -> None:
    writer = Writer()
    done: list[str] = []

    def fail() -> None:
        raise ValueError("broken")

    writer.submit(fail)
    writer.submit(lambda: done.append("after"))
    assert writer.close(5)
    assert done == ["after"]
    assert isinstance(writer.failure, ValueError)
    writer.submit(lambda: done.append("closed"))  # once closed: at once, in this thread
    assert done == ["after", "closed"]


def test_flush_gives_up_after_its_timeout() -> None:
    writer = Writer()
    gate = threading.Event()
    writer.submit(lambda: gate.wait(5) and None)
    assert not writer.flush(0.05)
    assert writer.waited() > 0
    gate.set()
    assert writer.flush(5)


def test_a_session_saves_through_the_writer_and_an_abandoned_game_is_not_left(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    store.writer = Writer()
    try:
        session = Session.new_game(store, "golf", 1)
        for _ in range(3):
            session.play(session.state.legal[0])
        assert store.writer.flush(10)
        [saved] = store.games_in_progress()
        assert list(saved.moves) == [GOLF.format_move(move) for move in session.line.moves]
        # dropped for another game at once: the write that waits does not bring it back
        other = Session.new_game(store, "golf", 2)
        other.play(other.state.legal[0])
        other.abandon()
        assert store.writer.flush(10)
        assert [game.seed for game in store.games_in_progress()] == [1]
    finally:
        store.close()
