"""The Golf hint's early turns (book rule): expectimax over sampled orders of the stock.

From a full stock the exact expected score of a stopping place (over every order of the
unseen cards, every later choice made without seeing them: ``ExpectedScores``) means
tens of millions of positions, out of reach in Python. :func:`sampled_expectimax` works
out the same expectimax over a sample of orders instead of all of them: the orders are
equally likely, the player knows which ranks have been turned so far (so which sampled
orders still fit) but not which of those is the real one, and every choice is made for
all the orders that still fit at once. Where only one sampled order still fits, the
player "knows" the rest of it, and the best line for that order is found exactly.

The more orders are sampled, the later that happens: with many samples the expectimax
tends to the exact one, whereas solving each sampled order on its own (perfect-information
Monte Carlo, the hint's earlier method) assumes from the next turn on that the player
knows the whole order, however many orders are sampled. Suits never matter, so a
position is the height of each column, packed three bits a column in one int, and an
order is a sequence of ranks.

:class:`Stoppages` remembers, for one hole, where a run can stop after each turn; it
serves every later position of the hole, since the columns only lose cards from the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import KING
from parlour.engine.games.golf import COLUMNS
from parlour.engine.games.golf import GolfState

#: the columns (0-based) in each mask of columns
_BITS: Final = tuple(
    tuple(column for column in range(COLUMNS) if mask >> column & 1) for mask in range(1 << COLUMNS)
)
#: cards left on four columns of packed heights, by their twelve bits
_CARDS: Final = tuple(sum(h >> (3 * i) & 7 for i in range(4)) for h in range(1 << 12))


def pack(state: GolfState) -> int:
    """The column heights of ``state`` in one int, three bits a column."""
    packed = 0
    for index, column in enumerate(state.columns):
        packed |= len(column) << (3 * index)
    return packed


def links_left(heights: int) -> int:
    """How many cards the packed ``heights`` leave on the links."""
    return _CARDS[heights & 4095] + _CARDS[heights >> 12]


class Stoppages:
    """Where a run can stop, for every set of heights of one hole's columns (book rule:
    plays go on until none is left)."""

    def __init__(self, state: GolfState) -> None:
        self._ranks = tuple(tuple(card.rank for card in column) for column in state.columns)
        # heights -> for each rank on the foundation, the mask of the columns that can go on it
        self._near: dict[int, tuple[int, ...]] = {}
        # heights << 3 | column -> the stoppages reached by playing that column, and on
        self._played: dict[int, tuple[int, ...]] = {}
        # heights << 4 | rank -> the stoppages to choose between once that rank is turned
        self._turned: dict[int, tuple[int, ...]] = {}

    def serves(self, state: GolfState) -> bool:
        """Whether ``state``'s columns are this hole's columns with cards taken off."""
        return all(
            len(column) <= len(ranks)
            and all(card.rank == rank for card, rank in zip(column, ranks, strict=False))
            for column, ranks in zip(state.columns, self._ranks, strict=True)
        )

    def _playable(self, heights: int) -> tuple[int, ...]:
        near = self._near.get(heights)
        if near is None:
            masks = [0] * (KING + 2)
            for index, ranks in enumerate(self._ranks):
                height = heights >> (3 * index) & 7
                if height:
                    rank = ranks[height - 1]
                    masks[rank - 1] |= 1 << index
                    masks[rank + 1] |= 1 << index
            masks[KING] = 0  # G2: nothing goes on a king
            near = self._near[heights] = tuple(masks)
        return near

    def _play(self, heights: int, column: int) -> tuple[int, ...]:
        key = heights << 3 | column
        found = self._played.get(key)
        if found is None:
            shift = 3 * column
            rank = self._ranks[column][(heights >> shift & 7) - 1]
            after = heights - (1 << shift)
            found = self._played[key] = self._run(
                after, self._playable(after)[rank] if after else 0
            )
        return found

    def _run(self, heights: int, playable: int) -> tuple[int, ...]:
        """The stoppages reachable from ``heights`` when the columns in ``playable`` can
        go on the foundation."""
        if not playable:
            return (heights,)
        columns = _BITS[playable]
        if len(columns) == 1:
            return self._play(heights, columns[0])
        ends: set[int] = set()
        for column in columns:
            ends.update(self._play(heights, column))
        return tuple(sorted(ends))

    def after_turn(self, heights: int, rank: int) -> tuple[int, ...]:
        """The stoppages the player may choose between once ``rank`` is turned at the
        stoppage ``heights`` (just ``heights`` itself when nothing can go on it)."""
        key = heights << 4 | rank
        found = self._turned.get(key)
        if found is None:
            found = self._turned[key] = self._run(heights, self._playable(heights)[rank])
        return found


def sampled_expectimax(
    stoppages: Stoppages,
    roots: Iterable[int],
    orders: Sequence[Sequence[int]],
    known: list[dict[int, int]] | None = None,
) -> tuple[dict[int, float], int]:
    """The expected score (ruling G4: cards left, or minus the stock to spare) of each
    stoppage in ``roots`` (packed heights) over the rank ``orders`` of the stock (all of
    one length, each equally likely), every choice made knowing only the ranks turned so
    far; and how many positions that took.

    ``known`` keeps, order by order, the best scores once that order alone is left
    (they do not depend on the other orders): a later call on more orders that begin
    with the same ones may pass the same list and skip that work."""
    length = len(orders[0]) if orders else 0
    after_turn = stoppages.after_turn
    # one order alone: the best score with that order known (its memo, by position)
    alone_memo = known if known is not None else []
    alone_memo.extend({} for _ in range(len(orders) - len(alone_memo)))
    # several orders still fitting: keyed by position and the first of those orders
    together_memo: dict[tuple[int, int], float] = {}
    # the orders fitting the ranks turned so far, split by the next rank
    splits: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
    positions = 0

    def alone(order: Sequence[int], memo: dict[int, int], heights: int, turned: int) -> int:
        nonlocal positions
        # turns that leave one stoppage need no choice: follow them to the next choice
        while True:
            if not heights:
                return turned - length  # G4: the links are clear, the rest of the stock spare
            if turned == length:
                return links_left(heights)
            stops = after_turn(heights, order[turned])
            if len(stops) > 1:
                break
            heights = stops[0]
            turned += 1
            positions += 1
        key = heights << 5 | turned
        best = memo.get(key)
        if best is None:
            positions += 1
            turned += 1
            best = memo[key] = min([alone(order, memo, stop, turned) for stop in stops])
        return best

    def together(heights: int, turned: int, fitting: tuple[int, ...]) -> float:
        nonlocal positions
        if len(fitting) == 1:
            first = fitting[0]
            return alone(orders[first], alone_memo[first], heights, turned)
        if not heights:
            return float(turned - length)
        if turned == length:
            return float(links_left(heights))
        key = (heights << 5 | turned, fitting[0])
        value = together_memo.get(key)
        if value is None:
            positions += 1
            split = splits.get((turned, fitting[0]))
            if split is None:
                by_rank: dict[int, list[int]] = {}
                for index in fitting:
                    by_rank.setdefault(orders[index][turned], []).append(index)
                split = splits[(turned, fitting[0])] = [
                    (rank, tuple(group)) for rank, group in by_rank.items()
                ]
            total = 0.0
            for rank, group in split:
                total += len(group) * min(
                    [together(stop, turned + 1, group) for stop in after_turn(heights, rank)]
                )
            value = together_memo[key] = total / len(fitting)
        return value

    everyone = tuple(range(len(orders)))
    values = {root: together(root, 0, everyone) for root in roots}
    return values, positions
