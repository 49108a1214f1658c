"""Rate limits: a token bucket for each address and each key, kept in the server's memory
(one server process; behind a load balancer each worker keeps its own, see docs/club.md).

>>> clock = [0.0]
>>> limits = RateLimits(per_minute=2, clock=lambda: clock[0])
>>> [limits.allow("1.2.3.4") for _ in range(3)]
[True, True, False]
>>> clock[0] += 30  # half a minute: one more
>>> limits.allow("1.2.3.4"), limits.allow("1.2.3.4")
(True, False)
>>> limits.spent("1.2.3.4"), limits.spent("5.6.7.8")  # asked, not taken
(True, False)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from parlour.connections import counted_as

#: buckets kept at most (the least recently used are forgotten, as if full)
MAX_BUCKETS: Final = 100_000

__all__ = ["MAX_BUCKETS", "RateLimits", "counted_as"]


class RateLimits:
    """``per_minute`` actions a minute for each name, in bursts of up to that many."""

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1.0, per_minute)
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, name: str) -> bool:
        """Take one token from ``name``'s bucket; False when it is empty."""
        if self.rate <= 0:
            return True
        now = self.clock()
        tokens, then = self._buckets.pop(name, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[name] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > MAX_BUCKETS:
            self._buckets.popitem(last=False)
        return allowed

    def spent(self, name: str) -> bool:
        """Whether ``name``'s bucket is empty now (nothing is taken from it)."""
        if self.rate <= 0 or name not in self._buckets:
            return False
        tokens, then = self._buckets[name]
        return min(self.burst, tokens + (self.clock() - then) * self.rate) < 1.0

    def retry_after(self, name: str) -> int:
        """Seconds until ``name`` may act again (at least 1)."""
        tokens, _ = self._buckets.get(name, (self.burst, 0.0))
        return max(1, int((1.0 - tokens) / self.rate + 0.999)) if self.rate > 0 else 1
