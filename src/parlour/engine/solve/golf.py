"""The exact Golf solver: the best score perfect play can reach, knowing the stock's order.

Scoring is ruling G4: the fewest cards left on the links, and when the links can be
cleared, the most stock cards left unturned (the most negative score). Both the book
rule (the stock is turned only at a stoppage) and ``free-stock`` are solved, from any
position.

Only a little of a position matters to the future, so the search works on a compact
model: the seven column heights (the cards themselves never move, so a height says
which card is exposed), how much of the stock has been turned, and the foundation's
rank (suits never matter in Golf). These fit in one int, the key of a table of exact
values. The search is a depth-first minimisation over that table, trying plays before
turns, and it stops looking at a position's other moves as soon as one reaches the best
score still possible there (clearing the links without turning another card).

A second implementation of the rules lives here for speed, so the tests replay every
line the solver returns through the engine (:data:`parlour.engine.games.golf.GOLF`) and
compare the solver with a brute-force search over the engine's own ``legal_moves``.

>>> from parlour.engine.games.golf import GOLF
>>> solution = solve_golf(GOLF.start_from_seed(1))
>>> solution.exact, solution.score
(True, 13)
>>> state = GOLF.start_from_seed(1)
>>> for move in solution.moves:
...     state = GOLF.apply(state, move)
>>> GOLF.score(state)
13
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from parlour.engine.course import HOLES, hole_seed
from parlour.engine.games.golf import FREE_STOCK, GOLF, PLAYS, TURN, GolfMove, GolfState

COLUMNS: Final = 7
KING: Final = 13
#: rank of an empty column: never one away from any foundation rank
_EMPTY: Final = -10
#: bits of the key: 3 per column height (0-5 fit; up to 7 from a written position),
#: then the stock position (6 bits), then the foundation rank (4 bits)
_STOCK_SHIFT: Final = 21
_RANK_SHIFT: Final = 27
_RANK_MASK: Final = 0xF << _RANK_SHIFT
_STOCK_AND_RANK_MASK: Final = 0x3FF << _STOCK_SHIFT
#: how often (in positions) a time budget's clock is read
_CLOCK_EVERY: Final = 4096


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True, slots=True)
class GolfSolution:
    """The best score found, a line of engine moves reaching it, and how hard it was."""

    score: int
    moves: tuple[GolfMove, ...]
    exact: bool
    nodes: int

    @property
    def clears(self) -> bool:
        return self.score <= 0


def solve_golf(
    state: GolfState,
    *,
    budget_nodes: int | None = None,
    budget_seconds: float | None = None,
    clock: Callable[[], float] | None = None,
) -> GolfSolution:
    """Solve a Golf position exactly (unless a budget runs out first; then the best line
    found so far, or the position's present score, with ``exact`` false)."""
    search = _Search(state, budget_nodes, budget_seconds, clock)
    return search.run()


class _Search:
    def __init__(
        self,
        state: GolfState,
        budget_nodes: int | None,
        budget_seconds: float | None,
        clock: Callable[[], float] | None,
    ) -> None:
        self.state = state
        self.free = FREE_STOCK in state.options
        self.ranks = [[_EMPTY] + [card.rank for card in column] for column in state.columns]
        self.heights = [len(column) for column in state.columns]
        self.stock = [card.rank for card in state.stock]
        self.values: dict[int, int] = {}
        self.best_move: dict[int, int] = {}  # key -> column index played, or -1 to turn
        self.nodes = 0
        self.budget_nodes = budget_nodes
        self.clock = clock
        self.deadline = (
            clock() + budget_seconds if clock is not None and budget_seconds is not None else None
        )

    def key(self, stock_index: int, rank: int) -> int:
        key = 0
        for column, height in enumerate(self.heights):
            key |= height << (3 * column)
        return key | (stock_index << _STOCK_SHIFT) | (rank << _RANK_SHIFT)

    def run(self) -> GolfSolution:
        state = self.state
        if GOLF.outcome(state) is not None:
            return GolfSolution(GOLF.score(state), (), True, 0)
        start_rank = state.foundation[-1].rank
        start_key = self.key(0, start_rank)
        left = sum(self.heights)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * (left + len(self.stock)) + 200))
        try:
            score = self.best(start_key, start_rank, 0, left)
            exact = True
        except _OutOfBudget:
            score, exact = GOLF.score(state), False
        finally:
            sys.setrecursionlimit(limit)
        moves = self.line(start_key, start_rank) if exact else ()
        return GolfSolution(score, moves, exact, self.nodes)

    def best(self, key: int, rank: int, stock_index: int, left: int) -> int:
        """The best final score from a position (the heights are in ``self.heights``)."""
        # Everything the recursion touches is a local of this closure: attribute lookups
        # on ``self`` would cost a third of the time.
        values, best_move = self.values, self.best_move
        heights, ranks, stock = self.heights, self.ranks, self.stock
        total_stock, free = len(stock), self.free
        budget_nodes, clock, deadline = self.budget_nodes, self.clock, self.deadline
        nodes = self.nodes

        def search(key: int, rank: int, stock_index: int, left: int) -> int:
            nonlocal nodes
            known = values.get(key)
            if known is not None:
                return known
            nodes += 1
            if budget_nodes is not None and nodes > budget_nodes:
                raise _OutOfBudget
            if deadline is not None and not nodes % _CLOCK_EVERY and clock and clock() > deadline:
                raise _OutOfBudget
            remaining = total_stock - stock_index
            if not left:  # the links are clear: minus the unturned stock (G4)
                values[key] = -remaining
                return -remaining
            floor = -remaining  # the best still possible: clear without another turn
            result = 99
            choice = -2
            played = False
            if rank != KING:  # G2: nothing is played on a king
                below, above = rank - 1, rank + 1
                for column in range(COLUMNS):
                    height = heights[column]
                    exposed = ranks[column][height]
                    if exposed in (below, above):
                        played = True
                        heights[column] = height - 1
                        child = ((key - (1 << (3 * column))) & ~_RANK_MASK) | (
                            exposed << _RANK_SHIFT
                        )
                        value = search(child, exposed, stock_index, left - 1)
                        heights[column] = height
                        if value < result:
                            result, choice = value, column
                            if value == floor:
                                break
            if remaining and result != floor and (free or not played):  # G3
                turned = stock[stock_index]
                child = (key & ~_STOCK_AND_RANK_MASK) | ((stock_index + 1) << _STOCK_SHIFT)
                value = search(child | (turned << _RANK_SHIFT), turned, stock_index + 1, left)
                if value < result:
                    result, choice = value, -1
            if choice == -2:  # nothing to play and nothing to turn: the hole is over (G4)
                result = left
            values[key] = result
            best_move[key] = choice
            return result

        try:
            return search(key, rank, stock_index, left)
        finally:
            self.nodes = nodes

    def line(self, key: int, rank: int) -> tuple[GolfMove, ...]:
        """Follow the best moves from the start to the end of the hole."""
        heights = [len(column) for column in self.state.columns]
        self.heights = heights
        stock_index = 0
        moves: list[GolfMove] = []
        while True:
            choice = self.best_move.get(key, -2)
            if choice == -2:
                return tuple(moves)
            if choice == -1:
                rank = self.stock[stock_index]
                stock_index += 1
                key = (key & ~_STOCK_AND_RANK_MASK) | (stock_index << _STOCK_SHIFT)
                key |= rank << _RANK_SHIFT
                moves.append(TURN)
            else:
                rank = self.ranks[choice][heights[choice]]
                heights[choice] -= 1
                key = ((key - (1 << (3 * choice))) & ~_RANK_MASK) | (rank << _RANK_SHIFT)
                moves.append(PLAYS[choice])


def par_for_seed(seed: int, options: frozenset[str] = frozenset()) -> int:
    """The best score perfect play can reach on the deal of ``seed`` (its par)."""
    return solve_golf(GOLF.start_from_seed(seed, options)).score


def nine_hole_par(course: int, options: frozenset[str] = frozenset()) -> int:
    """The sum of the pars of a course's nine holes (G5)."""
    return sum(par_for_seed(hole_seed(course, hole), options) for hole in range(1, HOLES + 1))
