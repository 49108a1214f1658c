"""Golf rounds: nine holes from one course seed, scored against bogey 40 (ruling G5).

Hole ``n``'s seed is the first 63 bits of SHA-256 of the text
``parlour golf course <course seed> hole <n>``, so a course deals the same nine holes
to anyone, forever. A course is named by a short code: its seed in Crockford's
base 32 (digits and capitals without I, L, O, U; those letters are read as 1, 1, 0
and refused respectively, and hyphens and spaces are ignored).

>>> course_code(1234567)
'15NM7'
>>> parse_course_code("15nm-7")
1234567
>>> hole_seed(1234567, 1) == hole_seed(1234567, 1) != hole_seed(1234567, 2)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.deals import MAX_SEED, check_seed, deck_from_seed
from parlour.engine.errors import DealError

HOLES: Final = 9
BOGEY: Final = 40
_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS: Final = {"I": "1", "L": "1", "O": "0"}


def hole_seed(course: int, hole: int) -> int:
    """The seed of hole ``hole`` (1–9) of the course with seed ``course``."""
    check_seed(course)
    if not 1 <= hole <= HOLES:
        raise DealError(f"a round has holes 1 to {HOLES}, not {hole}")
    text = f"parlour golf course {course} hole {hole}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def hole_deck(course: int, hole: int) -> tuple[Card, ...]:
    return deck_from_seed(hole_seed(course, hole))


def course_code(course: int) -> str:
    """The code of a course seed (Crockford base 32)."""
    value = check_seed(course)
    digits = []
    while True:
        value, digit = divmod(value, 32)
        digits.append(_ALPHABET[digit])
        if not value:
            return "".join(reversed(digits))


def parse_course_code(text: str) -> int:
    """The course seed a code names; raise :class:`DealError` for a bad code."""
    cleaned = text.strip().upper().replace("-", "").replace(" ", "")
    if not cleaned:
        raise DealError("a course code cannot be empty")
    value = 0
    for char in cleaned:
        char = _READ_AS.get(char, char)
        digit = _ALPHABET.find(char)
        if digit < 0:
            raise DealError(f"{text!r} is not a course code: use digits and letters other than U")
        value = value * 32 + digit
    if value > MAX_SEED:
        raise DealError(f"course code {text!r} is too long")
    return value


@dataclass(frozen=True, slots=True)
class Round:
    """A round in progress or finished: the course, its rule options, the holes' scores."""

    course: int
    options: frozenset[str] = frozenset()
    scores: tuple[int, ...] = ()

    @property
    def code(self) -> str:
        return course_code(self.course)

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def holes_played(self) -> int:
        return len(self.scores)

    @property
    def is_complete(self) -> bool:
        return len(self.scores) == HOLES

    @property
    def next_hole(self) -> int | None:
        return None if self.is_complete else len(self.scores) + 1

    @property
    def versus_bogey(self) -> int:
        """Total minus bogey: negative means under (better than) bogey."""
        return self.total - BOGEY

    @property
    def beat_bogey(self) -> bool:
        return self.is_complete and self.total < BOGEY

    def running_totals(self) -> list[int]:
        totals, running = [], 0
        for score in self.scores:
            running += score
            totals.append(running)
        return totals

    def record_hole(self, score: int) -> Round:
        if self.is_complete:
            raise DealError("the round is complete: all nine holes are played")
        return replace(self, scores=(*self.scores, score))

    def seeds(self) -> list[int]:
        return [hole_seed(self.course, hole) for hole in range(1, HOLES + 1)]


def play_round(course: int, scores: Iterable[int], options: Iterable[str] = ()) -> Round:
    """A round with the given hole scores recorded in order."""
    result = Round(check_seed(course), frozenset(options))
    for score in scores:
        result = result.record_hole(score)
    return result
