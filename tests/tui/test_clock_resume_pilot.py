"""The game's clock goes on from the time a game was played before when it is resumed,
after quitting or after the program was killed, and never counts the time away from it
(Textual Pilot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PlayColumn
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.sitting import IDLE_SECONDS
from tests.tui.menu_helpers import menu_read
from tests.tui.test_clock_share_pilot import board
from tests.tui.test_clock_share_pilot import clocked
from tests.tui.test_clock_share_pilot import info


def stored_seconds(data: Path) -> int | None:
    store = Store(data)
    try:
        saved = store.saved_deal("golf", "none")
        assert saved is not None
        return saved.seconds_played
    finally:
        store.close()


async def first_column(pilot: Any, screen: GameScreen) -> None:
    """Play the first column the rules allow (Golf)."""
    first = next(m for m in GOLF.legal_moves(screen.session.state) if isinstance(m, PlayColumn))
    await pilot.press(str(first.column))
    await pilot.pause()


async def test_the_clock_goes_on_from_the_time_played_before(private_data_dir: Path) -> None:
    app, clock = clocked(private_data_dir, "golf", 3)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        clock.now += 65
        await first_column(pilot, screen)  # saved after the move, with 1:05 played
        assert app.writer.flush(10)
        # what a Parlour killed now (kill -9) would leave: the time of the last move
        assert stored_seconds(private_data_dir) == 65
        clock.now += 20
        await pilot.press("q")  # quitting saves the time up to now
    assert stored_seconds(private_data_dir) == 85

    clock.now += 23 * 60  # away
    app = make_app(private_data_dir, resume=True, ascii_only=True)
    app.clock_source = clock
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert len(screen.session.line.moves) == 1
        assert info(screen).endswith("· 1:25")
        clock.now += 5
        assert info(screen).endswith("· 1:30")
        # to the start screen, and the game resumed from it: the time on the start
        # screen is not counted
        await pilot.press("escape")
        await menu_read(pilot)
        clock.now += 600
        await pilot.press("enter")  # the first entry resumes the game
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.session.line.moves) == 1
        clock.now += 1
        assert info(screen).endswith("· 1:31")


async def test_the_clock_stops_when_the_player_has_gone(private_data_dir: Path) -> None:
    """A board left open is not time played: after five minutes without a key, a click or
    a move, the clock stops (those five minutes counted) and the game is saved with it; the
    next key starts it again."""
    app, clock = clocked(private_data_dir, "golf", 3)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        clock.now += 30
        await first_column(pilot, screen)
        screen.sitting.tick()  # (as the second's tick does)
        clock.now += IDLE_SECONDS - 1
        screen.sitting.tick()
        assert screen.sitting.clock.running  # thinking, perhaps
        clock.now += 1
        screen.sitting.tick()
        assert not screen.sitting.clock.running
        assert info(screen).endswith("· 5:30 paused")
        assert app.writer.flush(10)
        assert stored_seconds(private_data_dir) == 330
        clock.now += 8 * 3600  # the night away
        screen.sitting.tick()
        assert info(screen).endswith("· 5:30 paused")
        await pilot.press("h")  # back: any key
        await pilot.pause()
        assert screen.sitting.clock.running
        clock.now += 10
        assert info(screen).endswith("· 5:40")
        # a move made by the demo is activity too
        clock.now += IDLE_SECONDS - 5
        state = screen.session.state
        screen.session.play(next(m for m in GOLF.legal_moves(state) if isinstance(m, PlayColumn)))
        screen.sitting.tick()
        clock.now += 10
        screen.sitting.tick()
        assert screen.sitting.clock.running


async def test_the_clock_stops_while_the_window_is_behind_another(private_data_dir: Path) -> None:
    """Where the terminal reports it, a window put behind another stops the clock at once
    (and the game is saved with its time), not five minutes later; the clock goes on as the
    window comes back in front with the board, and not while the pause is in front."""
    app, clock = clocked(private_data_dir, "golf", 3)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await board(app, pilot)
        clock.now += 30
        await first_column(pilot, screen)
        clock.now += 12
        app.post_message(events.AppBlur())
        await pilot.pause()
        assert not screen.sitting.clock.running
        assert info(screen).endswith("· 0:42 paused")
        assert app.writer.flush(10)
        assert stored_seconds(private_data_dir) == 42
        clock.now += 3600  # elsewhere
        app.post_message(events.AppFocus())
        await pilot.pause()
        assert screen.sitting.clock.running
        clock.now += 8
        assert info(screen).endswith("· 0:50")
        # behind, then back while the pause is in front: the clock waits for the board
        await pilot.press("p")
        await pilot.pause()
        app.post_message(events.AppBlur())
        await pilot.pause()
        app.post_message(events.AppFocus())
        await pilot.pause()
        assert not screen.sitting.clock.running
        clock.now += 100
        await pilot.press("p")  # the pause ends: the board is back
        await pilot.pause()
        assert screen.sitting.clock.running
        clock.now += 1
        assert info(screen).endswith("· 0:51")
