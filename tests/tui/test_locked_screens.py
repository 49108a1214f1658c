"""The screens never wait on the disk either: with the database held locked by another
connection, switching player, opening a round, abandoning one, and the history, rounds,
statistics and player screens all leave the keys answering at once; what was asked for
happens once the lock is let go, nothing lost.

Real SQLite: a second connection, in a thread of its own, holds an exclusive lock (as
another Parlour, or any other program, could)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import DataTable
from textual.widgets import Input
from textual.widgets import OptionList
from textual.widgets import Static

from parlour.store.database import Store
from parlour.tui.app import SWITCH_BUSY
from parlour.tui.app import make_app
from parlour.tui.routing import BUSY_ROUND
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.history import HistoryScreen
from parlour.tui.screens.history import RoundsScreen
from parlour.tui.screens.player import PlayerScreen
from parlour.tui.screens.start import StartScreen
from parlour.tui.screens.statistics import StatisticsScreen
from tests.tui.test_locked_database import LockHolder
from tests.tui.test_locked_database import take_lock
from tests.tui.test_players_stats_pilot import choose
from tests.tui.test_players_stats_pilot import finish
from tests.tui.test_players_stats_pilot import menu_entries

#: these tests wait for a locked database: the app says it is busy after its half second
pytestmark = pytest.mark.opening_grace

#: how long the test waits for what was asked once the lock is let go (a loaded machine)
AFTER_LOCK_SECONDS = 40.0


def locked(directory: Path) -> LockHolder:
    """Another program takes the database, exclusively, until let go."""
    return take_lock(directory)


class Answers:
    """When each message was handled (a message hook of the app). A key has been answered
    once the message it leads to (a row highlighted, the focus moved, an entry chosen …)
    has been handled: when the next message is taken up (a handler that waited on the
    disk would hold that one back)."""

    def __init__(self) -> None:
        self.handled: list[tuple[float, Message]] = []

    def hook(self, message: Message) -> None:
        self.handled.append((time.perf_counter(), message))

    async def answer(
        self,
        pilot: Pilot[Any],
        keys: list[str],
        answer: tuple[type[Message], ...],
        holder: LockHolder,
    ) -> None:
        """Press each key and check that it is answered while ``holder`` still holds the
        lock: its answer handled, and the next message taken up, before the lock is let go
        (a key whose handler waited on the disk would be answered only after it)."""
        for key in keys:
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            after = [(at, message) for at, message in self.handled if at >= start]
            index = next((i for i, (_, m) in enumerate(after) if isinstance(m, answer)), None)
            assert index is not None and index + 1 < len(after), f"{key} had no answer"
            assert holder.is_alive(), f"{key} was answered only once the lock was let go"


async def until(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Wait (answering the app) until ``done()``; fail after AFTER_LOCK_SECONDS."""
    deadline = time.monotonic() + AFTER_LOCK_SECONDS
    while not done():
        assert time.monotonic() < deadline, "what was asked did not happen after the lock"
        await pilot.pause(0.1)


def notices(app: Any) -> list[str]:
    return [str(notification.message) for notification in app._notifications]


async def test_switching_player_while_the_database_is_locked(private_data_dir: Path) -> None:
    finish(Store(private_data_dir, player="ann"), "rubbish", 52, True)
    app, answers = make_app(private_data_dir, player="ann"), Answers()
    async with app.run_test(size=(100, 32), message_hook=answers.hook) as pilot:
        await pilot.pause()
        await choose(pilot, app, "Player: ")
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        screen.query_one("#new-player", Input).value = "bob"
        screen.query_one("#new-player", Input).focus()
        holder = locked(private_data_dir)
        # a new player's store opens: it waits for the lock, the keys do not
        await answers.answer(pilot, ["enter"], (Input.Submitted,), holder)
        await answers.answer(pilot, ["tab", "tab", "tab"] * 4, (events.Focus,), holder)
        said = str(screen.query_one("#player-said", Static).render())
        assert said == "Opening bob's games…"
        assert app.screen is screen and app.store is not None and app.store.player == "ann"
        await pilot.pause(0.6)
        assert SWITCH_BUSY in notices(app)  # it says why nothing has happened yet
        holder.let_go()
        await until(pilot, lambda: app.store is not None and app.store.player == "bob")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "Player: bob (switch to another)" in menu_entries(app)
        assert app.store.finished_games() == []  # ann's game is hers


async def test_opening_a_round_while_the_database_is_locked(private_data_dir: Path) -> None:
    app, answers = make_app(private_data_dir, player="ann"), Answers()
    async with app.run_test(size=(100, 32), message_hook=answers.hook) as pilot:
        await pilot.pause()
        holder = locked(private_data_dir)
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = next(
            i for i, entry in enumerate(menu_entries(app)) if entry.startswith("Golf: a round")
        )
        # the round is written: it waits for the lock, the keys do not
        await answers.answer(pilot, ["enter"], (OptionList.OptionSelected,), holder)
        highlighted = (OptionList.OptionHighlighted,)
        await answers.answer(pilot, ["down", "up"] * 6, highlighted, holder)
        assert isinstance(app.screen, StartScreen)
        await pilot.pause(0.6)
        assert BUSY_ROUND in notices(app)
        holder.let_go()
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert session is not None and session.round is not None and session.round.hole == 1
        assert app.store is not None
        [stored] = app.store.rounds()
        assert stored.id == session.round.round_id and stored.is_unfinished


async def test_abandoning_a_round_while_the_database_is_locked(private_data_dir: Path) -> None:
    ann = Store(private_data_dir, player="ann")
    ann.start_round(77, "none")
    ann.close()
    app, answers = make_app(private_data_dir, player="ann"), Answers()
    async with app.run_test(size=(100, 32), message_hook=answers.hook) as pilot:
        await pilot.pause()
        await choose(pilot, app, "Scorecards")
        screen = app.screen
        assert isinstance(screen, RoundsScreen)
        await until(pilot, lambda: screen.query_one(DataTable).row_count == 1)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        holder = locked(private_data_dir)
        # abandoned through the writer: it waits for the lock, the keys do not
        await answers.answer(pilot, ["y"], (events.Key,), holder)
        await pilot.pause()
        assert app.screen is screen
        await answers.answer(pilot, ["down", "up"] * 6, (events.Key,), holder)
        assert screen.rounds[0].abandoned is None  # not yet
        holder.let_go()
        await until(pilot, lambda: bool(screen.rounds) and screen.rounds[0].abandoned is not None)
        table = screen.query_one(DataTable)
        assert "abandoned" in str(table.get_row_at(0)[3])


async def test_the_reading_screens_answer_while_the_database_is_locked(
    private_data_dir: Path,
) -> None:
    ann = Store(private_data_dir, player="ann")
    for score in (30, 52):
        finish(ann, "rubbish", score, score > 40)
    ann.start_round(77, "none")
    ann.close()
    finish(Store(private_data_dir, player="bob"), "rubbish", 40, False)
    app, answers = make_app(private_data_dir, player="ann"), Answers()
    async with app.run_test(size=(100, 32), message_hook=answers.hook) as pilot:
        await pilot.pause()
        holder = locked(private_data_dir)
        for entry, kind, read in (
            ("History", HistoryScreen, lambda s: s.query_one(DataTable).row_count == 2),
            ("Scorecards", RoundsScreen, lambda s: s.query_one(DataTable).row_count == 1),
            (
                "Statistics",
                StatisticsScreen,
                lambda s: "Reading" not in str(s.query_one("#figures", Static).render()),
            ),
            (
                "Player: ",
                PlayerScreen,
                lambda s: s.query_one("#players", OptionList).option_count == 2,
            ),
        ):
            assert isinstance(app.screen, StartScreen)
            await choose(pilot, app, entry)
            screen = app.screen
            assert isinstance(screen, kind)
            # the screen is there at once, and answers keys while its figures are read
            await answers.answer(pilot, ["down", "up"] * 3, (events.Key,), holder)
            await until(pilot, lambda: read(screen))  # noqa: B023 (used at once)
            assert holder.is_alive(), "the lock was let go too soon to show anything"
            await pilot.press("escape")
            await pilot.pause()
        holder.let_go()
