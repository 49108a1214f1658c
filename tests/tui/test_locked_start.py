"""The app starts while another program holds the database locked: the store opens in a
thread, the start screen is drawn and answers keys at once, says that the database is
busy, and lists the player's games once the lock is let go (nothing lost). A game asked
for on the command line opens then, in place of the start screen.

Real SQLite: a second connection, in a thread of its own, holds an exclusive lock (as
another Parlour, or any other program, could)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets import Static
from textual.worker import WorkerState

from parlour.session import Session
from parlour.store.database import Store
from parlour.store.unfinished import Unfinished
from parlour.store.unfinished import unfinished
from parlour.tui.app import BUSY_OPENING
from parlour.tui.app import BUSY_WORDS
from parlour.tui.app import make_app
from parlour.tui.screens import start
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.start import StartScreen
from tests.tui.menu_helpers import menu_read
from tests.tui.test_locked_database import LOCKED_SECONDS
from tests.tui.test_locked_database import LockHolder
from tests.tui.test_locked_database import take_lock

#: these tests wait for a locked database: the app says it is busy after its half second
pytestmark = pytest.mark.opening_grace

#: how long the test waits for the store once the lock is let go (a loaded machine)
AFTER_LOCK_SECONDS = 40.0


def a_game_in_progress(directory: Path) -> list[str]:
    """Keep a game with two moves in the store (the player's unfinished game); its moves."""
    store = Store(directory)
    try:
        session = Session.new_game(store, "golf", 1)
        for _ in range(2):
            session.play(session.rules.legal_moves(session.state)[0])
        return [session.rules.format_move(move) for move in session.line.moves]
    finally:
        store.close()


def locked(directory: Path) -> LockHolder:
    """Another program takes the database, exclusively, until let go."""
    return take_lock(directory)


def notice(screen: StartScreen) -> str:
    return str(screen.query_one("#start-notice", Static).render())


async def test_the_start_screen_answers_keys_while_the_database_is_locked(
    private_data_dir: Path,
) -> None:
    moves = a_game_in_progress(private_data_dir)
    holder = locked(private_data_dir)
    taken = time.monotonic()
    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert app.store is None  # still opening, in its thread
        assert notice(screen) == BUSY_WORDS
        menu = screen.query_one("#menu", OptionList)
        answered = 0
        for key in ["down", "up"] * 10:
            if time.monotonic() - taken > LOCKED_SECONDS / 2:
                break
            was = menu.highlighted
            await pilot.press(key)
            assert menu.highlighted != was  # the key reached the menu
            # ... while the store still waits for the lock: the key did not wait for it
            assert app.store is None and holder.is_alive()
            answered += 1
            await pilot.pause(0.1)
        assert answered >= 5, "too few keys answered while the lock was held"
        # a choice that needs the store is refused politely, and the app goes on
        await pilot.press("enter")
        assert app.screen is screen
        # the lock is let go: the store opens and the start screen lists the game
        holder.let_go()
        deadline = time.monotonic() + AFTER_LOCK_SECONDS
        while app.store is None and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert app.store is not None
        await menu_read(pilot)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        assert any(entry.startswith("resume-") for entry in ids), ids
        assert notice(screen) == ""
        [saved] = app.store.games_in_progress()
        assert list(saved.moves) == moves


async def test_a_game_asked_for_opens_once_the_locked_database_answers(
    private_data_dir: Path,
) -> None:
    moves = a_game_in_progress(private_data_dir)
    holder = locked(private_data_dir)
    app = make_app(private_data_dir, game="golf", ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen) and app.store is None
        assert notice(screen) == BUSY_OPENING
        holder.let_go()
        deadline = time.monotonic() + AFTER_LOCK_SECONDS
        while not isinstance(app.screen, GameScreen) and time.monotonic() < deadline:
            await pilot.pause(0.1)
        await pilot.pause()
        # the player's unfinished game of it, in place of the start screen
        game = app.screen
        assert isinstance(game, GameScreen) and game.session is not None
        assert [game.session.rules.format_move(m) for m in game.session.line.moves] == moves
        assert len(app.screen_stack) == 2


def held_reads(
    monkeypatch: pytest.MonkeyPatch, directory: Path
) -> tuple[list[threading.Thread], threading.Event, list[bool]]:
    """A game kept in progress in ``directory``, and the start screen's read of the
    unfinished games held back until let go (a slow disk): the threads that began it, the
    event that lets it go, and a mark per read done."""
    a_game_in_progress(directory)
    readers: list[threading.Thread] = []
    let_go = threading.Event()
    read: list[bool] = []

    def slow(store: Store) -> list[Unfinished]:
        readers.append(threading.current_thread())
        let_go.wait(LOCKED_SECONDS)
        read.append(True)
        return unfinished(store)

    monkeypatch.setattr(start, "unfinished", slow)
    return readers, let_go, read


async def read_begun(pilot: Pilot[None], readers: list[threading.Thread]) -> float:
    """Wait until the start screen's held read has begun; the test's deadline."""
    deadline = time.monotonic() + AFTER_LOCK_SECONDS
    while not readers and time.monotonic() < deadline:
        await pilot.pause(0.05)
    return deadline


async def test_the_start_screens_list_is_read_off_the_event_loop(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow store (a disk that answers late) does not hold the start screen: the menu
    shows at once and answers keys, and lists the unfinished game when the read answers,
    keeping the entry the player had moved to."""
    readers, let_go, read = held_reads(monkeypatch, private_data_dir)
    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await read_begun(pilot, readers)
        screen = app.screen
        assert isinstance(screen, StartScreen) and readers
        assert threading.main_thread() not in readers
        menu = screen.query_one("#menu", OptionList)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        assert not any(entry.startswith("resume-") for entry in ids)  # not read yet
        for key in ["down", "down", "up"]:
            was = menu.highlighted
            await pilot.press(key)
            assert menu.highlighted != was  # the key reached the menu ...
            assert not read  # ... while the read is still held back: it did not wait for it
        chosen = menu.get_option_at_index(menu.highlighted or 0).id
        let_go.set()
        await menu_read(pilot)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        assert ids[0].startswith("resume-"), ids
        assert menu.get_option_at_index(menu.highlighted or 0).id == chosen


class Lingering(Widget):
    """A part of a screen that takes its time to go (its unmount waits to be let go), so
    that the screen's other parts are gone while the screen itself is still there."""

    def __init__(self) -> None:
        super().__init__()
        self.going = asyncio.Event()
        self.let_go = asyncio.Event()

    async def on_unmount(self) -> None:
        self.going.set()
        await self.let_go.wait()


async def test_an_answer_for_a_start_screen_taken_away_is_let_go(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start screen's read of the store may answer while the screen is being taken
    away (a game asked for on the command line opens in its place once a slow database
    answers): its menu is gone by then, and filling it ended the app with an error."""
    readers, let_go, read = held_reads(monkeypatch, private_data_dir)
    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        deadline = await read_begun(pilot, readers)
        screen = app.screen
        assert isinstance(screen, StartScreen) and readers and not read
        lingering = Lingering()
        await screen.mount(lingering)
        app.pop_screen()  # (as the game asked for takes the start screen's place)
        # (the app waits for the screen to go, so the test waits by the clock meanwhile)
        while not lingering.going.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert lingering.going.is_set() and not screen.query("#menu")  # its menu is gone
        let_go.set()  # ... and now the read answers
        while not read and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert read
        reading = screen.reading
        assert reading is not None
        while not reading.is_finished and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        answered = reading.state
        lingering.let_go.set()  # (first: a failing test must not leave the screen waiting)
        assert answered is WorkerState.SUCCESS  # the answer let go, not an error
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert not isinstance(app.screen, StartScreen)
        assert not [w for w in app.workers if w.error is not None]
