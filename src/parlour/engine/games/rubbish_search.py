"""The search behind Rubbish Heap's ruling R5: can any sequence of legal moves still bring
another card to a foundation?

The search is written for any game whose positions are hashable values. It visits each
position at most once, so it cannot go round in a circle even if moves could lead back to
a position seen before, and it ends because a game has finitely many positions. In Rubbish
Heap it only runs once the stock is empty, where ruling R7 leaves nothing to choose but the
order of one round of discards, so it looks at a few dozen positions at most.

>>> steps = {0: [1, 2], 1: [0], 2: [3], 3: [2]}
>>> foundation_play_reachable(0, lambda n: steps[n], lambda n: int(n == 3))
True
>>> foundation_play_reachable(0, lambda n: steps[n], lambda n: int(n == 9))
False
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Iterable
from typing import TypeVar

PositionT = TypeVar("PositionT", bound=Hashable)


def foundation_play_reachable(
    start: PositionT,
    next_positions: Callable[[PositionT], Iterable[PositionT]],
    cards_home: Callable[[PositionT], int],
) -> bool:
    """True if some position reachable from ``start`` by ``next_positions`` (each player's
    move followed by its automatic steps) has more cards home than ``start``.

    Depth-first, with a set of positions already seen: no position is expanded twice, so
    the search ends after at most as many steps as there are reachable positions.
    """
    target = cards_home(start) + 1
    seen = {start}
    waiting = [start]
    while waiting:
        position = waiting.pop()
        for following in next_positions(position):
            if cards_home(following) >= target:
                return True
            if following not in seen:
                seen.add(following)
                waiting.append(following)
    return False
