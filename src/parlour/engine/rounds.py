"""Rounds: several deals from one course seed, scored against bogey (ruling G5 for Golf).

A game whose plug-in declares :class:`~parlour.engine.plugin.Rounds` is played in rounds.
Deal ``n``'s seed is the first 63 bits of SHA-256 of the plug-in's ``seed_text`` with the
course seed and ``n`` put in, so a course deals the same deals to anyone, forever. A course
is named by a short code: its seed in Crockford's base 32 (digits and capitals without I,
L, O, U; those letters are read as 1, 1, 0 and refused respectively, and hyphens and
spaces are ignored).

>>> course_code(1234567)
'15NM7'
>>> parse_course_code("15nm-7")
1234567
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace
from datetime import date
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.deals import MAX_SEED
from parlour.engine.deals import check_seed
from parlour.engine.deals import deck_from_seed
from parlour.engine.deals import shown
from parlour.engine.errors import DealError
from parlour.engine.plugin import Rounds

_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS: Final = {"I": "1", "L": "1", "O": "0"}


def _sha256(text: bytes) -> bytes:
    """The SHA-256 digest of ``text`` (hashlib loaded only when a round is dealt: a single game
    opened from the command line does not need it before its first board)."""
    import hashlib

    return hashlib.sha256(text).digest()


def hole_seed(kind: Rounds, course: int, hole: int) -> int:
    """The seed of deal ``hole`` (from 1) of the course with seed ``course``."""
    check_seed(course)
    if not 1 <= hole <= kind.holes:
        raise DealError(f"a round has {kind.unit}s 1 to {kind.holes}, not {hole}")
    text = kind.seed_text.format(course=course, hole=hole).encode()
    return int.from_bytes(_sha256(text)[:8], "big") >> 1


#: the text whose SHA-256 names the course of a day (the game's id, the date as YYYY-MM-DD)
DAILY_TEXT: Final = "parlour daily {game} {date}"
#: a day's course seed has as many bits as a course dealt at random
COURSE_BITS: Final = 40


def daily_course(game: str, day: date) -> int:
    """The course of ``day`` (a UTC date) for the game with id ``game``: the first five
    bytes of SHA-256 of :data:`DAILY_TEXT`, read as a big-endian number. The same for
    everyone, forever.

    >>> course_code(daily_course("golf", date(2026, 11, 25)))
    'BPV45VJ1'
    """
    text = DAILY_TEXT.format(game=game, date=day.isoformat()).encode()
    return int.from_bytes(_sha256(text)[: COURSE_BITS // 8], "big")


def hole_deck(kind: Rounds, course: int, hole: int) -> tuple[Card, ...]:
    return deck_from_seed(hole_seed(kind, course, hole))


def course_code(course: int) -> str:
    """The code of a course seed (Crockford base 32)."""
    value = check_seed(course)
    digits = []
    while True:
        value, digit = divmod(value, 32)
        digits.append(_ALPHABET[digit])
        if not value:
            return "".join(reversed(digits))


@dataclass(frozen=True, slots=True)
class CourseHole:
    """A round's hole named by its course and number, as the History names it: a replay of
    one, and a game taken over from that replay (a game of its own, named where it came
    from).

    >>> str(CourseHole(1234567, 2))
    'course 15NM7 · hole 2'
    """

    course: int
    hole: int

    def __str__(self) -> str:
        return f"course {course_code(self.course)} · hole {self.hole}"


def parse_course_code(text: str) -> int:
    """The course seed a code names; raise :class:`DealError` for a bad code."""
    cleaned = text.strip().upper().replace("-", "").replace(" ", "")
    if not cleaned:
        raise DealError("a course code cannot be empty")
    if len(cleaned) > 13:  # 13 digits of base 32 hold 65 bits, more than a seed's 63
        raise DealError(f"course code {shown(text)} is too long")
    value = 0
    for char in cleaned:
        char = _READ_AS.get(char, char)
        digit = _ALPHABET.find(char) if char.isascii() else -1
        if digit < 0:
            raise DealError(
                f"{shown(text)} is not a course code: use digits and letters other than U"
            )
        value = value * 32 + digit
    if value > MAX_SEED:
        raise DealError(f"course code {shown(text)} is too long")
    return value


@dataclass(frozen=True, slots=True)
class Round:
    """A round in progress or finished: what kind of round, the course, its rule options,
    and the scores of the deals played so far."""

    kind: Rounds
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
        return len(self.scores) == self.kind.holes

    @property
    def next_hole(self) -> int | None:
        return None if self.is_complete else len(self.scores) + 1

    @property
    def versus_bogey(self) -> int:
        """Total minus bogey: negative means under (better than) bogey."""
        return self.total - self.kind.bogey

    @property
    def holes(self) -> int:
        return self.kind.holes

    @property
    def bogey(self) -> int:
        return self.kind.bogey

    def record_hole(self, score: int) -> Round:
        if self.is_complete:
            raise DealError(
                f"the round is complete: all {self.kind.holes} {self.kind.unit}s are played"
            )
        return replace(self, scores=(*self.scores, score))

    def seeds(self) -> list[int]:
        return [hole_seed(self.kind, self.course, hole) for hole in range(1, self.kind.holes + 1)]
