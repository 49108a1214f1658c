"""Three Squares: has the game come to its end? (S7 and Parlour's ruling S10)

Once the pack is empty, the game is over when no position with a higher score can be
reached by legal moves. This module decides that by a bounded search.

With the pack empty, neither the order of the heaps within a square nor the order of the
squares matters any more (runs move between any heaps; a space takes a card only from its
own square; there are no more deals), so a position is reduced to a *canonical* form:
each square a sorted tuple of heaps, the squares sorted. Cards become small numbers and
heaps ``bytes``, which compare and hash quickly.

Two kinds of move are left out of the search, because neither can ever help:

- moving a card off a heap that already holds a complete suit (the cards of a finished
  suit never combine with other cards, so taking them out only uses up a space), and
- moving the only card of a heap into a space of the same square (canonically that is the
  same position).

So the score never falls during the search, and a position scores higher than the start
exactly when one of its heaps has just become a complete suit.

The search is depth first and tries builds before filling spaces, so that a way to a
better position, when there is one, is usually found after a few positions. Its verdict
that the game is over does not depend on that order: if a better position is reachable
the search finds it or runs out of budget (the game goes on either way); if not, it says
the game is over exactly when the reachable positions number at most :data:`BUDGET`.

>>> from parlour.engine.cards import parse_cards
>>> hearts = parse_cards("QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH")
>>> verdict(canonical(((*hearts,), parse_cards("KH"), (), ()), 1))
<Verdict.IMPROVABLE: 'improvable'>
>>> blocked = [(*hearts, *parse_cards("2C")), *map(parse_cards, ["KH 9C", "5D", "7S"])]
>>> verdict(canonical(blocked, 1))
<Verdict.STUCK: 'stuck'>
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import full_pack

#: at most this many canonical positions are examined before the search gives up
BUDGET: Final = 1_000
_SUIT_SIZE: Final = 13
_HEAPS_PER_SQUARE: Final = 4

Node = tuple[tuple[bytes, ...], ...]


class Verdict(StrEnum):
    IMPROVABLE = "improvable"  # a position with a higher score can be reached
    STUCK = "stuck"  # no position with a higher score can be reached: the game is over
    UNDECIDED = "undecided"  # the budget ran out first


def card_code(c: Card) -> int:
    """0–51: suit (C D H S) times 13 plus rank minus one."""
    return SUITS.index(c.suit) * _SUIT_SIZE + c.rank - 1


_CODE: Final[dict[Card, int]] = {c: card_code(c) for c in full_pack()}
#: the code of the card one rank above, same suit, wrapping (king -> ace)
_ABOVE: Final = bytes(
    code - code % _SUIT_SIZE + (code % _SUIT_SIZE + 1) % _SUIT_SIZE for code in range(52)
)


def canonical(heaps: Sequence[Sequence[Card]], squares: int) -> Node:
    """The canonical form of the first ``squares`` squares of ``heaps`` (see above)."""
    codes = _CODE
    return tuple(
        sorted(
            tuple(
                sorted(
                    bytes([codes[c] for c in heaps[i]])
                    for i in range(first, first + _HEAPS_PER_SQUARE)
                )
            )
            for first in range(0, squares * _HEAPS_PER_SQUARE, _HEAPS_PER_SQUARE)
        )
    )


_run_starts: dict[bytes, int] = {}


def run_start(heap: bytes) -> int:
    """Index of the bottom card of the heap's top run (the heap must not be empty).
    Remembered: the same heaps come up in position after position."""
    k = _run_starts.get(heap)
    if k is None:
        k = len(heap) - 1
        while k and heap[k - 1] == _ABOVE[heap[k]]:
            k -= 1
        if len(_run_starts) >= 1 << 18:
            _run_starts.clear()
        _run_starts[heap] = k
    return k


def _with_square(node: Node, s: int, square: list[bytes]) -> list[tuple[bytes, ...]]:
    square.sort()
    squares = list(node)
    squares[s] = tuple(square)
    return squares


def successors(node: Node) -> list[tuple[Node, bool]]:
    """The positions one move away (leaving out the two useless kinds of move), each with
    True when the move completes a suit. Spaces are filled before runs are built, so a
    depth-first search, taking the last first, tries the builds first."""
    tops: dict[int, tuple[int, int]] = {}
    for s, square in enumerate(node):
        for h, heap in enumerate(square):
            if heap:
                tops[heap[-1]] = (s, h)
    fills: list[tuple[Node, bool]] = []
    builds: list[tuple[Node, bool]] = []
    for s, square in enumerate(node):
        # heaps are sorted and b"" sorts first, so a square has a space iff its first is
        has_space = not square[0]
        for h, heap in enumerate(square):
            if not heap:
                continue
            k = run_start(heap)
            size = len(heap)
            if k == 0 and size == _SUIT_SIZE:
                continue  # a complete suit: leave it be
            where = tops.get(_ABOVE[heap[k]])
            if where is not None and where != (s, h):  # not a 13-card run over another card
                onto_s, onto_h = where
                rest, onto = heap[:k], node[onto_s][onto_h] + heap[k:]
                changed = list(square)
                changed[h] = rest
                if onto_s == s:
                    changed[onto_h] = onto
                    squares = _with_square(node, s, changed)
                else:
                    squares = _with_square(node, s, changed)
                    other = list(node[onto_s])
                    other[onto_h] = onto
                    squares[onto_s] = tuple(sorted(other))
                squares.sort()
                completes = (len(onto) == _SUIT_SIZE and run_start(onto) == 0) or (
                    k == _SUIT_SIZE and run_start(rest) == 0
                )
                builds.append((tuple(squares), completes))
            if has_space and size > 1:
                rest = heap[:-1]
                changed = list(square)
                changed[h] = rest
                changed[0] = heap[-1:]
                squares = _with_square(node, s, changed)
                squares.sort()
                completes = size == _SUIT_SIZE + 1 and run_start(rest) == 0
                fills.append((tuple(squares), completes))
    return fills + builds


def search(
    start: Node, budget: int = BUDGET, shortest: bool = False
) -> tuple[Verdict, tuple[Node, ...]]:
    """Look for a position with a higher score than ``start``, depth first (or breadth
    first when ``shortest``). Returns the verdict and, when it is
    :attr:`Verdict.IMPROVABLE`, the positions leading there (after ``start``)."""
    parents: dict[Node, Node | None] = {start: None}
    waiting = deque([start])
    take = waiting.popleft if shortest else waiting.pop
    while waiting:
        current = take()
        for child, completes in successors(current):
            if child in parents:
                continue
            parents[child] = current
            if completes:
                path: list[Node] = []
                step: Node | None = child
                while step is not None and step != start:
                    path.append(step)
                    step = parents[step]
                return Verdict.IMPROVABLE, tuple(reversed(path))
            if len(parents) > budget:
                return Verdict.UNDECIDED, ()
            waiting.append(child)
    return Verdict.STUCK, ()


_verdicts: dict[Node, Verdict] = {}


def verdict(start: Node) -> Verdict:
    """:func:`search`'s verdict, remembered: the same positions come up again and again
    when a game is replayed or searched. A way to a better position is remembered for
    every position along it, so following it costs nothing more; "stuck" is never
    affected (no position on such a way can be stuck), so neither is the game."""
    known = _verdicts.get(start)
    if known is None:
        known, path = search(start)
        if len(_verdicts) >= 1 << 16:
            _verdicts.clear()
        _verdicts[start] = known
        for node in path[:-1]:  # the last has the higher score; its own fate is unknown
            _verdicts[node] = Verdict.IMPROVABLE
    return known
