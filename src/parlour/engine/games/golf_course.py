"""Golf rounds: nine holes from one course seed, scored against bogey 40 (ruling G5).

Golf's round is declared in its plug-in (:data:`ROUNDS`); the machinery is the engine's
own (:mod:`parlour.engine.rounds`). Hole ``n``'s seed is the first 63 bits of SHA-256 of
the text ``parlour golf course <course seed> hole <n>``.

>>> hole_seed(1234567, 1) == hole_seed(1234567, 1) != hole_seed(1234567, 2)
True
>>> golf_round(5, scores=(4, 3)).versus_bogey
-33
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from parlour.engine import rounds
from parlour.engine.cards import Card
from parlour.engine.deals import check_seed
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import Round

HOLES: Final = ROUNDS.holes
BOGEY: Final = ROUNDS.bogey


def hole_seed(course: int, hole: int) -> int:
    """The seed of hole ``hole`` (1–9) of the course with seed ``course``."""
    return rounds.hole_seed(ROUNDS, course, hole)


def hole_deck(course: int, hole: int) -> tuple[Card, ...]:
    return rounds.hole_deck(ROUNDS, course, hole)


def golf_round(course: int, options: Iterable[str] = (), scores: tuple[int, ...] = ()) -> Round:
    """A Golf round on ``course`` with these hole scores so far."""
    return Round(ROUNDS, check_seed(course), frozenset(options), tuple(scores))


def play_round(course: int, scores: Iterable[int], options: Iterable[str] = ()) -> Round:
    """A round with the given hole scores recorded in order."""
    result = golf_round(course, options)
    for score in scores:
        result = result.record_hole(score)
    return result
