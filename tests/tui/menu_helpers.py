"""Waiting for the start screen's read of the store: the menu is filled at once from the
store's last answer and again when the read, off the event loop, answers."""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path
from typing import Any

from textual.worker import WorkerCancelled

from parlour.tui.screens.settings import SettingsScreen
from parlour.tui.screens.start import StartScreen


async def menu_read(pilot: Any) -> None:
    """Wait until the start screen (the app's screen) has its menu from the store as it
    is now; then a pause, for the menu to be drawn."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StartScreen), screen
    while screen.reading is not None and not screen.reading.is_finished:
        with suppress(WorkerCancelled):  # (a newer read took its place: wait for that one)
            await screen.reading.wait()
    await pilot.pause()


def finished_golf_game(data: Path, seed: int) -> None:
    """A Golf hole played to its end (the first legal move each time), kept in ``data``."""
    from parlour.engine.games.golf import GOLF
    from parlour.session import Session
    from parlour.store.database import Store

    session = Session.new_game(Store(data), "golf", seed)
    while GOLF.outcome(session.state) is None:
        session.play(GOLF.legal_moves(session.state)[0])


async def history_opened(pilot: Any) -> None:
    """The history screen pushed, and its list read."""
    from parlour.tui.screens.history import HistoryScreen

    pilot.app.push_screen(HistoryScreen())
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_settings(pilot: Any) -> SettingsScreen:
    """``s`` (on the start screen): the Settings screen, once it is in front."""
    await pilot.press("s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen), screen
    return screen
