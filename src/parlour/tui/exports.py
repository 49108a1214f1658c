"""How often an app served to a browser (``parlour serve``) may write what its visitor
asks for on the computer that serves it: records exported (a visitor holding the export key
wrote a file at every press) and games dealt (a visitor conceding and dealing again added
a finished game to the player's history some three times a second, about a kilobyte each,
without end). Each is counted over the last minute; the player's own app is not counted."""

from __future__ import annotations

import io
import math
import time
from collections import deque
from collections.abc import Callable
from typing import Final

#: the most records (games' and rounds') an app served to a browser exports in a minute
EXPORTS_A_MINUTE: Final = 6
#: the most games (new deals, holes of a round, replays taken over) it deals in a minute
DEALS_A_MINUTE: Final = 12
#: the minute, in seconds
MINUTE: Final = 60.0


class Allowance:
    """What one app may do a few times a minute: counted in a served app, over the last
    minute; ``words`` says why not, given the seconds to wait."""

    def __init__(
        self,
        served: bool,
        most: int,
        words: Callable[[int], str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.served, self.most, self._words, self._clock = served, most, words, clock
        self._times: deque[float] = deque()

    def refusal(self) -> str:
        """Why it cannot be done now, or "" when it can (and it is counted)."""
        if not self.served:
            return ""
        now = self._clock()
        while self._times and now - self._times[0] >= MINUTE:
            self._times.popleft()
        if len(self._times) >= self.most:
            return self._words(max(1, math.ceil(MINUTE - (now - self._times[0]))))
        self._times.append(now)
        return ""


def exports(served: bool, clock: Callable[[], float] = time.monotonic) -> Allowance:
    """The exports of one app."""
    return Allowance(
        served,
        EXPORTS_A_MINUTE,
        lambda wait: (
            f"Not exported: an app played in a browser exports at most {EXPORTS_A_MINUTE} "
            f"records a minute (each is a file on the computer that serves it); try "
            f"again in {wait} s."
        ),
        clock,
    )


def deals(served: bool, clock: Callable[[], float] = time.monotonic) -> Allowance:
    """The games one app deals."""
    return Allowance(
        served,
        DEALS_A_MINUTE,
        lambda wait: (
            f"Not dealt: an app played in a browser deals at most {DEALS_A_MINUTE} games a "
            f"minute (each is kept on the computer that serves it); try again in {wait} s."
        ),
        clock,
    )


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
