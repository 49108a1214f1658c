"""The app's end when it is told to (SIGHUP, SIGTERM, SIGINT): handed the signal by
:mod:`parlour.ending` while its event loop runs, it saves the game, stops its workers and
closes as q does."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from textual.app import App

from parlour import ending
from parlour.session import Session


class EndsOnSignal(App[None]):
    """An app run with :meth:`run` ends cleanly on SIGHUP, SIGTERM or SIGINT
    (and, should that take too long, :mod:`parlour.ending` ends the process)."""

    def run(self, *args: Any, **options: Any) -> Any:
        """Run the app as ``App.run`` does (its options, but not ``loop``), handed the
        signals that end it (:mod:`parlour.ending`) before anything else runs in its event
        loop; what the app exits with."""
        options.pop("loop", None)

        async def run() -> Any:
            loop = asyncio.get_running_loop()

            def clean(number: int) -> None:
                loop.call_soon_threadsafe(self._signalled, number)

            ending.on_signal(clean, full_screen=True, saves=self.saves())
            try:
                return await self.run_async(*args, **options)
            finally:
                # (saves still waiting are let finish if a signal comes after the app)
                ending.on_signal(None, saves=self.saves())

        return asyncio.run(run())

    def _signalled(self, number: int) -> None:
        """SIGTERM (a polite kill), SIGHUP (the terminal closed) or SIGINT: end the app as
        q does, the game saved and the terminal given back, once its first screen is
        shown (an app closed while its first screen is built can trip over it). If that
        takes too long (a terminal that has gone can block it), :mod:`parlour.ending`
        ends the process anyway."""
        self.save_now()
        ending.stop_workers()
        self._ending_code = 128 + number
        if self._shown:
            self.exit(return_code=self._ending_code)

    def saves(self) -> ending.Saves | None:
        """The saves that run in a thread of their own, let finish before the process is
        ended after a signal (None: the app has none)."""
        return None

    _shown = False
    _ending_code: int | None = None

    def save_now(self) -> None:
        """Save the game on the screen (it is saved after every move already; the app also
        waits, briefly, for the writes that wait to be done)."""
        screens = [s for s in self.screen_stack if isinstance(getattr(s, "session", None), Session)]
        if screens:
            with contextlib.suppress(Exception):
                screens[-1].session.save()  # type: ignore[attr-defined]

    def on_ready(self) -> None:
        self._shown = True
        if self._ending_code is not None:
            self.exit(return_code=self._ending_code)
