"""A hole that ends while another program holds the database locked: the last key makes
its move and redraws the board at once, the screen goes on answering (the round's card
is drawn from what the store reads, which never waits for a write), and once the lock is
let go the finished game and its hole's score reach the disk, in order, and the card of
the round is shown.

Real SQLite: a second connection, in a thread of its own, holds an exclusive lock (as
another Parlour, or any other program, could)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import PlayColumn
from parlour.engine.history import Line
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.scorecard import ScorecardScreen
from tests.tui.test_locked_database import key_to_move
from tests.tui.test_locked_database import take_lock

COURSE = 4242
AFTER_LOCK_SECONDS = 40.0


def move_of(key: str, line: Line[Any, Any]) -> Any:
    return TURN if key == "space" else PlayColumn(int(key))


def ends(line: Line[Any, Any], move: Any) -> bool:
    """Whether playing ``move`` ends the game (with the moves Parlour plays out after it)."""
    after = line.play(move)
    while (forced := GOLF.playing_out(after.current)) is not None:
        after = after.play(forced)
    return GOLF.outcome(after.current) is not None


async def test_a_hole_ends_at_once_while_another_program_holds_the_database(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, course=COURSE, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen) and screen.session is not None
        session = screen.session
        # play up to the last move, with keys
        while True:
            key = key_to_move(screen)
            assert key is not None
            if ends(session.line, move_of(key, session.line)):
                break
            await pilot.press(key)
        assert app.writer.flush(5)  # every move so far is on disk before the lock
        holder = take_lock(private_data_dir)
        await pilot.press(key)
        assert session.is_finished and screen.line is session.line
        assert holder.is_alive()  # the finish shown while the lock is held: it did not wait
        score = session.outcome.score  # type: ignore[union-attr]
        # the finish waits for the lock in the writer; the screen goes on answering: the
        # round's card (its pars and bests read from the store) opens and closes at once
        await pilot.pause(0.5)
        assert app.writer.pending()
        assert app.screen is screen
        await pilot.press("c")
        assert isinstance(app.screen, ScorecardScreen)
        await pilot.press("escape")
        # opened and closed while the lock is held: the card did not wait for it
        assert holder.is_alive()
        assert app.screen is screen and app.writer.pending()
        # the lock is let go: the finish is written, and the card of the round shows it
        holder.let_go()
        deadline = time.monotonic() + AFTER_LOCK_SECONDS
        while not isinstance(app.screen, ScorecardScreen) and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert isinstance(app.screen, ScorecardScreen)
        # the finish is written; the figures worked out during the lock follow it
        assert session.unsaved is None
        assert app.writer.flush(AFTER_LOCK_SECONDS) and not app.writer.pending()
    store = Store(private_data_dir)
    try:
        [game] = store.finished_games()
        assert game.score == score and game.game == "golf"
        [stored] = store.rounds()
        assert stored.scores == (score,)
        assert store.games_in_progress() == []
    finally:
        store.close()
