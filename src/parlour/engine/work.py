"""Bounded work for what comes from outside: a record replayed may make the rules search
(Three Squares' end search looks at up to 2,500 positions after every move made with the
pack empty), so a hostile record could ask for hours. While a record is replayed
(:func:`parlour.engine.record.replay`) its searches are *metered*: they count the
positions they look at against an allowance, and the search that would go past it stops
with :class:`WorkExceeded`, which names the allowance. (The longer look of Three Squares'
move ``end`` is bounded on its own, and a record can ask for it only once.)

Work is counted in positions, never in seconds (the engine has no clock), and as if
nothing had been worked out before: a metered search keeps what it learns in the meter,
not in the rules' own memory, so the same record costs the same wherever and however often
it is replayed, and is accepted or refused alike.

>>> with metered(10) as meter:
...     spend(4)
...     left()
6
>>> with metered(10):
...     spend(11)
Traceback (most recent call last):
...
parlour.engine.work.WorkExceeded: the end search made after each move has looked at 10 ...
>>> left() is None  # not metered
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from parlour.engine.errors import ParlourError


class WorkExceeded(ParlourError):
    """A metered search would go past the allowance."""

    def __init__(self, allowance: int) -> None:
        super().__init__(
            f"the end search made after each move has looked at {allowance:,} positions in "
            "all, the most that replaying one game record may take (docs/formats.md), so "
            "the record is not replayed further"
        )
        self.allowance = allowance


@dataclass
class Meter:
    """The positions allowed and spent, and what metered searches have worked out."""

    allowance: int
    spent: int = 0
    memos: dict[str, dict[Any, Any]] = field(default_factory=dict)


_meter: ContextVar[Meter | None] = ContextVar("parlour_work_meter", default=None)


@contextmanager
def metered(allowance: int) -> Iterator[Meter]:
    """Meter the searches made inside the block (in this thread or task) against
    ``allowance`` positions."""
    meter = Meter(allowance)
    token = _meter.set(meter)
    try:
        yield meter
    finally:
        _meter.reset(token)


def left() -> int | None:
    """The positions a search may still look at, or None when not metered."""
    meter = _meter.get()
    return None if meter is None else max(0, meter.allowance - meter.spent)


def spend(positions: int) -> None:
    """Count ``positions`` looked at; :class:`WorkExceeded` once past the allowance."""
    meter = _meter.get()
    if meter is None:
        return
    meter.spent += positions
    if meter.spent > meter.allowance:
        raise WorkExceeded(meter.allowance)


def exceeded() -> WorkExceeded:
    """The error for a search that has reached the allowance (raise it)."""
    meter = _meter.get()
    return WorkExceeded(meter.allowance if meter is not None else 0)


def memo(name: str) -> dict[Any, Any] | None:
    """While metered, a memory of the meter's own for what searches work out (``name``
    keeps each kind apart); None when not metered (the rules use their own)."""
    meter = _meter.get()
    return None if meter is None else meter.memos.setdefault(name, {})
