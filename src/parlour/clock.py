"""The time a game is played, as a session saves it with the game (``seconds_played``):
the app's clock (:class:`GameClock`), which runs only while the board is in front and
the game is being played, and plain mode's (:func:`since_now`), which has no pause. Both
go on from the seconds a resumed game was played before; the time between sittings is
never counted."""

from __future__ import annotations

import time
from collections.abc import Callable


class GameClock:
    """Seconds at the board, stopped and started; read from ``now`` (seconds, monotonic).
    It begins at ``played``: the seconds a game resumed was played before."""

    def __init__(self, now: Callable[[], float], played: float = 0.0) -> None:
        self._now = now
        self._banked = played
        self._since: float | None = None

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self) -> None:
        if self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        if self._since is not None:
            self._banked += max(0.0, self._now() - self._since)
            self._since = None

    @property
    def seconds(self) -> float:
        running = 0.0 if self._since is None else max(0.0, self._now() - self._since)
        return self._banked + running


def since_now(played: float, now: Callable[[], float] = time.monotonic) -> Callable[[], float]:
    """The seconds played: ``played``, and the time since this call (a clock started now
    that never stops)."""
    clock = GameClock(now, played)
    clock.start()
    return lambda: clock.seconds
