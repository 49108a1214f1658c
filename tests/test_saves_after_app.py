"""Quitting while another program holds the database: the moves that wait for it are
written after the app has given the terminal back, and the player is told so, rather
than looking at a blank screen that does not answer. The app in a pseudo-terminal, the
lock a real SQLite write of another connection."""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from pathlib import Path

from parlour.store.database import Store
from tests.terminal import Terminal


def locked(data: Path) -> sqlite3.Connection:
    """Another program's write, under way on the player's database."""
    holder = sqlite3.connect(data / "parlour.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    return holder


def test_moves_waiting_for_a_busy_database_at_q_are_saved_and_the_player_is_told(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    app = Terminal(data, "play", "golf", "--seed", "1")
    try:
        app.wait_for("seed 1")
        holder = locked(data)
        try:
            app.press("7")
            app.wait_for("move 1")
            app.press("q")
            app.wait_for("waiting to save your last moves", 15)
            # the app has given the terminal back: it is left and its cursor shown
            assert b"\x1b[?1049l" in app.output
            app.read(2)
            assert app.process.poll() is None, "it ended without the move"
        finally:
            holder.execute("COMMIT")
            holder.close()
        app.wait_for("your last moves are saved", 30)
        assert app.wait_to_end() == 0
    finally:
        app.close()
    store = Store(data)
    try:
        assert [game.moves for game in store.games_in_progress()] == [("7",)]
    finally:
        store.close()


def test_ctrl_c_twice_while_the_moves_wait_quits_without_them(tmp_path: Path) -> None:
    data = tmp_path / "data"
    app = Terminal(data, "play", "golf", "--seed", "1")
    holder = None
    try:
        app.wait_for("seed 1")
        holder = locked(data)
        app.press("7")
        app.wait_for("move 1")
        app.press("q")
        app.wait_for("waiting to save your last moves", 15)
        # (Ctrl-C as the terminal sends it: this pseudo-terminal controls no process)
        os.kill(app.pid, signal.SIGINT)  # the first waits on, as the player was told
        app.read(1.5)
        assert app.process.poll() is None
        started = time.monotonic()
        os.kill(app.pid, signal.SIGINT)
        assert app.wait_to_end(10) == 130
        assert time.monotonic() - started < 5
    finally:
        if holder is not None:
            holder.close()
        app.close()
