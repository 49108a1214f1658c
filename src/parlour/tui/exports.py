"""How often an app may export records. An app served to a browser (``parlour serve``)
writes its visitor's exports on the computer that serves it, so it writes at most
:data:`EXPORTS_A_MINUTE` a minute: a visitor holding the export key wrote a file at every
press. The player's own app exports at every press."""

from __future__ import annotations

import io
import math
import time
from collections import deque
from collections.abc import Callable
from typing import Final

#: the most records (games' and rounds') an app served to a browser exports in a minute
EXPORTS_A_MINUTE: Final = 6
#: the minute, in seconds
MINUTE: Final = 60.0


class Exports:
    """The exports of one app: counted in a served app, over the last minute."""

    def __init__(self, served: bool, clock: Callable[[], float] = time.monotonic) -> None:
        self.served = served
        self._clock = clock
        self._times: deque[float] = deque()

    def refusal(self) -> str:
        """Why an export cannot be written now, or "" when it can (and it is counted)."""
        if not self.served:
            return ""
        now = self._clock()
        while self._times and now - self._times[0] >= MINUTE:
            self._times.popleft()
        if len(self._times) >= EXPORTS_A_MINUTE:
            wait = max(1, math.ceil(MINUTE - (now - self._times[0])))
            return (
                f"Not exported: an app played in a browser exports at most {EXPORTS_A_MINUTE} "
                f"records a minute (each is a file on the computer that serves it); try "
                f"again in {wait} s."
            )
        self._times.append(now)
        return ""


def drop_undelivered(driver: object) -> None:
    """Empty every file a served app has offered its browser and the browser has not
    fetched (Textual's web driver keeps each in memory until it is fetched). A served app
    does so before each screenshot, so that it holds at most one: a visitor's client that
    never fetched them grew the app by some 0.5 MB a screenshot at 400 × 150, without
    end. Each is swapped for an empty file rather than removed, so that a fetch already
    under way (in the driver's own thread) ends cleanly, with what it has."""
    deliveries = getattr(driver, "_deliveries", None)
    if isinstance(deliveries, dict):
        for key, held in list(deliveries.items()):
            deliveries[key] = io.StringIO() if isinstance(held, io.TextIOBase) else io.BytesIO()
