"""Share codes: one short word that names a deal (or a course of rounds) for another
player to play — the game, its rule options, and the seed or the course.

A code is the game's id, each rule option switched on after a ``+``, then ``/`` and the
seed in Crockford's base 32 (as course codes are written, :mod:`parlour.engine.rounds`);
a course of rounds has ``/round/`` before its code. The options are in a fixed order, so
that one deal has one code: seed 42 of a game ``g`` is ``g/1A``, and course 1234567 of a
game played in rounds with option ``o`` is ``g+o/round/15NM7``.

A code comes from outside (another player, a message, a web page): it is read as hostile
text, and anything but a well-formed code is refused with a :class:`DealError` that shows
it only as visible characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from parlour.engine.errors import DealError
from parlour.engine.errors import UnknownGameError
from parlour.engine.registry import find_spec
from parlour.engine.rounds import course_code
from parlour.engine.rounds import parse_course_code
from parlour.engine.untrusted import shown

#: the longest code read (a game id, every option, "/round/" and 13 digits fit well within)
MAX_CODE: Final = 80
_ROUND: Final = "round"
_SAFE: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-/")


@dataclass(frozen=True, slots=True)
class Shared:
    """What a share code names: a game, its rule options, and either the seed of one deal
    or the course of a round (exactly one of the two)."""

    game: str
    options: frozenset[str]
    seed: int | None = None
    course: int | None = None


def share_code(shared: Shared) -> str:
    """The code of a deal or a course."""
    head = "+".join((shared.game, *sorted(shared.options)))
    if shared.course is not None:
        return f"{head}/{_ROUND}/{course_code(shared.course)}"
    if shared.seed is None:
        raise DealError("a deal given card by card has no share code (only a seed has)")
    return f"{head}/{course_code(shared.seed)}"


def read_share_code(text: str) -> Shared:
    """What a share code names; :class:`DealError`, in one line, for anything else."""
    cleaned = text.strip()

    def bad(why: str) -> DealError:
        return DealError(f"share code {shown(cleaned[:MAX_CODE])}: {why}")

    if not cleaned:
        raise DealError("a share code cannot be empty")
    if len(cleaned) > MAX_CODE:
        raise bad(f"too long (a share code has at most {MAX_CODE} characters)")
    if not set(cleaned) <= _SAFE:
        raise bad("a share code has only letters, digits and + - /")
    parts = cleaned.split("/")
    if len(parts) not in (2, 3) or (len(parts) == 3 and parts[1].lower() != _ROUND):
        raise bad("not a share code (one is a game, / and a seed: GAME/1A or GAME/round/15NM7)")
    game, *options = parts[0].split("+")
    if not game or "" in options:
        raise bad("a game or a rule option with no name (GAME+OPTION/1A)")
    try:
        spec = find_spec(game)
    except UnknownGameError:
        raise bad(f"no game {shown(game)}") from None
    for option in options:
        if option.lower() not in spec.option_names:
            known = ", ".join(spec.option_names) or "none"
            raise bad(f"{spec.name} has no rule option {shown(option)} (its options: {known})")
    chosen = frozenset(option.lower() for option in options)
    if len(chosen) != len(options):
        raise bad("a rule option is named twice")
    try:
        number = parse_course_code(parts[-1])
    except DealError as error:
        # (past the largest seed, or not base 32 at all)
        why = "larger than any seed" if "too long" in str(error) else "not a seed in base 32"
        raise bad(f"{shown(parts[-1])} is {why}") from None
    if len(parts) == 3:
        if spec.rounds is None:
            raise bad(f"{spec.name} is not played in rounds")
        return Shared(spec.id, chosen, course=number)
    return Shared(spec.id, chosen, seed=number)
