"""What ``parlour serve`` tells its owner while it runs: one line for each app started
and ended (who, how many are running, why it ended) and for each request refused (who,
and why). Never the token, a request's address or query, or a keystroke; what came from
the visitor (a Host or Origin header) is written through :func:`shown`, cut short.

Refusals are at most ten lines a minute: a flood of bad requests is counted, not
printed line by line."""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable
from typing import TextIO

from parlour.engine.untrusted import shown

#: the longest header value written into a line
HEADER_LIMIT = 80
#: at most this many refusals are written in any minute
REFUSALS_A_MINUTE = 10


def quoted(value: str) -> str:
    """A header value from a request, safe to print."""
    return f"'{shown(value, limit=HEADER_LIMIT)}'"


class Journal:
    def __init__(
        self, out: TextIO | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._out = out
        self._clock = clock
        #: when the last refusals were written (the monotonic clock)
        self._written: deque[float] = deque(maxlen=REFUSALS_A_MINUTE)
        self._held = 0

    def say(self, peer: str, words: str) -> None:
        out = self._out or sys.stdout
        stamp = time.strftime("%H:%M:%S")
        print(f"{stamp} {shown(peer, limit=HEADER_LIMIT)}: {words}", file=out, flush=True)

    def refused(self, peer: str, words: str, said: str = "refused") -> None:
        """A connection or request refused (or, ``said`` "cut", a connection cut), at
        most :data:`REFUSALS_A_MINUTE` lines a minute."""
        now = self._clock()
        if len(self._written) == REFUSALS_A_MINUTE and now - self._written[0] < 60:
            self._held += 1
            return
        held, self._held = self._held, 0
        self._written.append(now)
        also = f" ({held} more refused or cut since the last line)" if held else ""
        self.say(peer, f"{said}: {words}{also}")
