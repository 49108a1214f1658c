"""The Three Squares solver's end search: positions with the pack empty, best first (see
:mod:`parlour.engine.solve.squares`)."""

from __future__ import annotations

from heapq import heappop
from heapq import heappush
from typing import Final

from parlour.engine.solve.squares_model import ABOVE
from parlour.engine.solve.squares_model import Heaps
from parlour.engine.solve.squares_model import Model
from parlour.engine.solve.squares_model import Pos
from parlour.engine.solve.squares_model import score
from parlour.engine.verdict import Budget

_SUITS: Final = 4
#: the most positions whose children a search remembers (then it forgets them all)
EXPANDED: Final = 200_000
#: what an end search cut short by its cap answers
UNSETTLED: Final[list[Pos]] = []


class Endgame:
    """Best-first search of positions with the pack empty, the longest runs at the heaps'
    bottoms first (:func:`grounded`). Every position of a search that finds no win is
    lost, and is remembered. (Fewest runs first, tried before, wandered wide plateaus of
    positions with as many runs: on seeds 41 to 120 it left 17 deals unknown where this
    order left 11.)"""

    def __init__(self, model: Model, budget: Budget) -> None:
        self.model = model
        self.budget = budget
        self.lost: set[Pos] = set()
        self.best = -1
        self.best_path: list[Pos] = []
        #: each position's children, each with its order (empty when the frozen cards
        #: refute it): end searches cut short at their cap, and those from other entries,
        #: meet the same positions again and again (on seeds 6, 9 and 35, 7,273, 7,496 and
        #: 8,749 positions expanded within the second were 937, 2,744 and 5,962 distinct)
        self.expanded: dict[Heaps, tuple[tuple[int, Pos], ...]] = {}

    def solve(self, entry: Pos, cap: int) -> list[Pos] | None:
        """The positions from ``entry`` (not included) to a win, or None when there is
        none; :data:`UNSETTLED` when ``cap`` positions settled neither."""
        if entry in self.lost:
            return None
        parents: dict[Pos, Pos | None] = {entry: None}
        waiting = [(-grounded(entry[0]), 0, entry)]
        order = 0
        stop = self.budget.nodes + cap
        while waiting:
            _, _, pos = heappop(waiting)
            if self.budget.nodes >= stop:
                return UNSETTLED
            self.budget.tick()
            points = score(pos[0])
            if points > self.best:
                self.best, self.best_path = points, self.path(parents, pos)
            if points == _SUITS:
                return self.path(parents, pos)
            children = self.expanded.get(pos[0])
            if children is None:
                children = self.expand(pos[0])
            for ground, child in children:
                if child in parents or child in self.lost:
                    continue
                parents[child] = pos
                order += 1
                heappush(waiting, (ground, order, child))
        self.lost.update(parents)
        return None

    def expand(self, heaps: Heaps) -> tuple[tuple[int, Pos], ...]:
        """The children of ``heaps``, each with its place in the order (the least first),
        remembered (:attr:`expanded`, emptied when it holds :data:`EXPANDED` positions)."""
        if self.model.frozen_lost(heaps):
            children: tuple[tuple[int, Pos], ...] = ()
        else:
            children = tuple(
                (-grounded(child[0]), child) for child, _ in self.model.end_children(heaps)
            )
        if len(self.expanded) >= EXPANDED:
            self.expanded.clear()
        self.expanded[heaps] = children
        return children

    @staticmethod
    def path(parents: dict[Pos, Pos | None], pos: Pos) -> list[Pos]:
        found = []
        step: Pos | None = pos
        while step is not None:
            found.append(step)
            step = parents[step]
        found.reverse()
        return found[1:]


def grounded(heaps: tuple[bytes, ...]) -> int:
    """How near the heaps look to complete suits: the sum over the heaps of the square of
    the length of the run at the heap's bottom (as the engine's end search orders its
    positions). Only the order of the end search uses it."""
    total = 0
    for heap in heaps:
        square = _grounded.get(heap)
        if square is None:
            length = 1 if heap else 0
            while length < len(heap) and ABOVE[heap[length]] == heap[length - 1]:
                length += 1
            square = length * length
            if len(_grounded) >= 1 << 16:
                _grounded.clear()
            _grounded[heap] = square
        total += square
    return total


#: each heap's part of :func:`grounded`, remembered
_grounded: dict[bytes, int] = {}
