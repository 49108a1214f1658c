"""The games' clocks stand still in the app's tests, so that a picture of the board does not
depend on how fast the machine is (a test of the clock gives the app its own); and a test
goes on once the app has opened what it was asked to open, however long the database took
to open in its thread on a busy machine. A write that waits half a second on a loaded
machine makes the status line add that saving is delayed, and a database that takes half
a second to open puts the start screen up first, saying it is busy; only the tests of
that news keep the half second."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.pilot import Pilot

import parlour.session
import parlour.tui.app
from parlour.tui.app import ParlourApp

#: the longest a test waits for the app to open what it was asked to (a busy machine's
#: thread may take seconds; an app that cannot open ends, and is not waited for)
OPENING_SECONDS = 20
#: how long a write waits before a test's status line says that saving is delayed
DELAYED_IN_TESTS = 60.0


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ParlourApp, "clock_source", staticmethod(lambda: 0.0))


@pytest.fixture(autouse=True)
def saving_delayed_only_where_tested(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture of a board, or a message compared whole, would otherwise hold the news
    of a write that a loaded machine kept waiting (as the CI's once did); the tests of
    that news are marked ``saving_delay``."""
    if request.node.get_closest_marker("saving_delay") is None:
        monkeypatch.setattr(parlour.session, "DELAYED_SECONDS", DELAYED_IN_TESTS)


@pytest.fixture(autouse=True)
def busy_opening_only_where_tested(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game asked for would otherwise open over the start screen, saying that the
    database is busy, on a machine so loaded that the database took half a second to open
    (a picture of the board, or a test's first key, would meet the start screen); the
    tests of that wait, with the database held locked, are marked ``opening_grace``."""
    if request.node.get_closest_marker("opening_grace") is None:
        monkeypatch.setattr(parlour.tui.app, "OPENING_GRACE", float(OPENING_SECONDS))


@pytest.fixture(autouse=True)
def opened_before_the_test_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_test`` gives the test its pilot once the app's opening is over and a first
    screen is up (what was asked for, or the start screen saying the store is busy), not
    merely once it is mounted: one ``pilot.pause()`` waits neither for the store's thread
    nor for the worker that reads a game to open."""
    run_test = ParlourApp.run_test

    @contextlib.asynccontextmanager
    async def opened(app: ParlourApp, *args: Any, **kwargs: Any) -> AsyncIterator[Pilot[Any]]:
        async with run_test(app, *args, **kwargs) as pilot:
            deadline = time.monotonic() + OPENING_SECONDS
            while (
                not (app._settings_ready and len(app.screen_stack) > 1)
                and app.is_running
                and time.monotonic() < deadline
            ):
                await pilot.pause(0.02)
            yield pilot

    monkeypatch.setattr(ParlourApp, "run_test", opened)
