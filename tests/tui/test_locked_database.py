"""The board never waits on the disk: with the database held locked by another connection
for ten seconds, every key still makes its move and redraws the board while the lock is
held (a key that waited for the disk would return only after the lock was let go), the
status line says that saving is delayed, and once the lock is let go every move is on disk.

Real SQLite: a second connection, in a thread of its own, holds an exclusive lock (as
another Parlour, or any other program, could)."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import PlayColumn
from parlour.session import DELAYED_WORDS
from parlour.store.database import Store
from parlour.store.paths import DATABASE_NAME
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.widgets import StatusLine

pytestmark = pytest.mark.saving_delay

#: the longest another program holds the lock here, unless the test lets it go before:
#: less than the store's wait for a lock (30 s), so that a key that waited for the disk
#: would be answered only once the lock is let go
LOCKED_SECONDS = 20.0
#: how long keys are pressed while the lock is held (well inside it)
PRESSING_SECONDS = 3.0


class LockHolder(threading.Thread):
    """Another program holding an exclusive lock on the database, from :func:`take_lock`
    until the test lets it go, or for ``seconds`` at most."""

    def __init__(self, path: Path, seconds: float) -> None:
        super().__init__(daemon=True)
        self.path, self.seconds = path, seconds
        self.taken, self._let_go = threading.Event(), threading.Event()

    def run(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None)
        try:
            connection.execute("BEGIN EXCLUSIVE")
            self.taken.set()
            self._let_go.wait(self.seconds)
            connection.execute("ROLLBACK")
        finally:
            connection.close()

    def let_go(self) -> None:
        """Let the lock go, and wait until it has gone."""
        self._let_go.set()
        self.join()


def take_lock(directory: Path, seconds: float = LOCKED_SECONDS) -> LockHolder:
    """Another program takes the database in ``directory``, exclusively."""
    holder = LockHolder(directory / DATABASE_NAME, seconds)
    holder.start()
    assert holder.taken.wait(5)
    return holder


def key_to_move(screen: GolfScreen) -> str | None:
    """A key that makes a move now: a column whose card can be played, else the stock."""
    assert screen.session is not None
    legal = screen.session.state.legal
    plays = [move for move in legal if isinstance(move, PlayColumn)]
    if plays:
        return str(plays[0].column)
    return "space" if TURN in legal else None


async def test_keys_answer_at_once_while_another_program_holds_the_database(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, game="golf", seed=1, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session is not None
        session = screen.session
        assert app.writer.flush(5)  # the new game is on disk before the lock is taken
        holder = take_lock(tmp_path)
        taken = time.monotonic()
        made = 0
        delayed_said = False
        while time.monotonic() - taken < PRESSING_SECONDS:
            key = key_to_move(screen)
            if key is None:
                break
            played = len(session.line.moves)
            await pilot.press(key)
            assert len(session.line.moves) > played  # the engine has the move
            assert screen.line is session.line  # and the board shows it
            # ... while the lock is still held: the key did not wait for the disk
            assert holder.is_alive() and app.writer.pending()
            made += 1
            status = str(screen.query_one(StatusLine).render())
            delayed_said = delayed_said or DELAYED_WORDS.split(":")[0] in status
            await pilot.pause(0.2)
        assert made >= 5, "too few moves made while the lock was held"
        assert delayed_said, "the status line did not say that saving is delayed"
        assert app.writer.pending()  # the moves wait for the lock, in memory
        # the lock is let go: the moves are written, in order, and the screen says so
        holder.let_go()
        assert app.writer.flush(35)
        assert session.unsaved is None
        moves = [GOLF.format_move(move) for move in session.line.moves]
    store = Store(tmp_path)
    try:
        [saved] = store.games_in_progress()
        assert list(saved.moves) == moves
    finally:
        store.close()
