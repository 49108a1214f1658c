"""Beam searches for a Three Squares win: a go of the solver's building search
(:class:`parlour.engine.solve.squares._Search`) that looks wide where the others look deep.

The exact goes spend their budget under their first choices, and the short tries under
the choices of a few orders, so a deal whose win lies far from where those look first
stays unknown. A beam goes through the positions by how many cards of the pack they have
used, and of those with as many used it keeps only the ``width`` tidiest (the fewest cards
lying on a card that is not their next-higher one,
:func:`~parlour.engine.solve.squares_model.tangles`). From them it makes the moves that use
no card of the pack (builds, and cards moved into spaces), tidiest first, expanding at
most :data:`CLOSURE` positions for each of its width, and hands every deal and fill they
offer on to the positions with more cards used. With the pack empty, the ``width``
tidiest positions get an end search each. Beams of growing width follow one another;
each proves nothing lost (the exact goes do that), and one that drops no position has
seen every position there is, so that no wider beam can find more.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Generator
from heapq import heappop
from heapq import heappush
from typing import Final

from parlour.engine.solve.squares_model import Pos
from parlour.engine.solve.squares_model import tangles
from parlour.engine.verdict import Budget

#: the width of the first beam, and how much wider each next one is
FIRST_BEAM: Final = 4
BEAM_GROWTH: Final = 2
#: how many positions with as many cards used a beam expands, for each of its width
CLOSURE: Final = 10
#: the most positions each end search of a beam may see
BEAM_END_CAP: Final = 1_000
#: how many positions a beam sees before it pauses (the other goes have their turn)
SLICE: Final = 200


def _tidiness(pos: Pos) -> tuple[int, Pos]:
    """The order of a beam's positions: the tidiest first, then by the position itself
    (so that a beam is the same each time it is made)."""
    return tangles(pos[0]), pos


class Beams:
    """Beam searches from ``root``, each wider than the last: ``children`` gives a
    position's children (none for a position the frozen cards refute), ``finish`` makes
    the end search from the end of a path (True on a win, as
    :meth:`~parlour.engine.solve.squares._Search.finish`)."""

    def __init__(
        self,
        root: Pos,
        n: int,
        budget: Budget,
        children: Callable[[Pos], tuple[Pos, ...]],
        finish: Callable[[list[Pos], int], object],
    ) -> None:
        self.root = root
        self.n = n
        self.budget = budget
        self.children = children
        self.finish = finish
        self.pause = 0

    def run(self) -> Generator[None, None, None]:
        """The beams in turn, pausing every :data:`SLICE` positions; it ends only on a win
        (then ``finish`` has been given the path to it)."""
        width = FIRST_BEAM
        self.pause = self.budget.nodes + SLICE
        while True:
            found = yield from self.beam(width)
            if found is True:
                return
            if found is False:  # nothing dropped: every position seen, no win
                while True:
                    yield
            width *= BEAM_GROWTH

    def beam(self, width: int) -> Generator[None, None, object]:
        """One beam: True on a win, False when it dropped nothing and found none, None
        when it dropped some."""
        parents: dict[Pos, Pos | None] = {self.root: None}
        later: dict[int, set[Pos]] = {self.root[1]: {self.root}}
        dropped = False
        for used in range(self.root[1], self.n + 1):
            found = later.pop(used, None)
            if not found:
                continue
            start = sorted(found, key=_tidiness)
            dropped |= len(start) > width
            if used == self.n:  # the pack empty: an end search from each
                for pos in start[:width]:
                    answer = self.finish(self._path(parents, pos), BEAM_END_CAP)
                    if answer is True:
                        return True
                    dropped |= answer is not False
                    if self.budget.nodes >= self.pause:
                        yield
                        self.pause = self.budget.nodes + SLICE
            else:
                dropped |= yield from self.close(start[:width], width * CLOSURE, parents, later)
        return None if dropped else False

    def close(
        self,
        start: list[Pos],
        most: int,
        parents: dict[Pos, Pos | None],
        later: dict[int, set[Pos]],
    ) -> Generator[None, None, bool]:
        """Expand the positions reached from ``start`` without a card of the pack, tidiest
        first, at most ``most`` of them, adding the children that use the pack to
        ``later``; whether some were left unexpanded."""
        waiting = [(_tidiness(pos), pos) for pos in start]
        waiting.sort()
        budget = self.budget
        for _ in range(most):
            if not waiting:
                return False
            _, pos = heappop(waiting)
            budget.tick()
            for child in self.children(pos):
                if child in parents:
                    continue
                parents[child] = pos
                if child[1] == pos[1]:
                    heappush(waiting, (_tidiness(child), child))
                else:
                    later.setdefault(child[1], set()).add(child)
            if budget.nodes >= self.pause:
                yield
                self.pause = budget.nodes + SLICE
        return bool(waiting)

    @staticmethod
    def _path(parents: dict[Pos, Pos | None], pos: Pos) -> list[Pos]:
        """The positions from the root to ``pos``, both included."""
        found = []
        step: Pos | None = pos
        while step is not None:
            found.append(step)
            step = parents[step]
        found.reverse()
        return found
