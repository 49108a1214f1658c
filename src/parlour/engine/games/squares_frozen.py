"""Three Squares' end search: frozen cards, and positions with no hope (section 3 of
:mod:`parlour.engine.games.squares_search`, which proves what this module relies on).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.engine.cards import SUITS
from parlour.engine.games.squares_nodes import ALL_SUITS
from parlour.engine.games.squares_nodes import HEAP_END
from parlour.engine.games.squares_nodes import HEAPS_PER_SQUARE
from parlour.engine.games.squares_nodes import SQUARE_END
from parlour.engine.games.squares_nodes import SUIT_SIZE
from parlour.engine.games.squares_nodes import Node
from parlour.engine.games.squares_nodes import is_packet
from parlour.engine.games.squares_nodes import run_start
from parlour.engine.games.squares_nodes import segments
from parlour.engine.games.squares_nodes import square_info

_places: dict[bytes, dict[int, tuple[int, int]]] = {}


def _places_in(square: bytes) -> dict[int, tuple[int, int]]:
    """Where each card of a square lies: (heap within the square, index). Remembered."""
    found = _places.get(square)
    if found is None:
        found = {
            c: (h, j) for h, heap in enumerate(square.split(HEAP_END)) for j, c in enumerate(heap)
        }
        if len(_places) >= 1 << 16:
            _places.clear()
        _places[square] = found
    return found


def frozen_counts(full: Sequence[bytes]) -> list[int]:
    """For the heaps of squares ``full`` (squares with no space; four heaps each, in
    order), how many cards at each heap's bottom belong to the largest set of frozen cards
    (section 3). Cards of squares with a space are frozen only in packets, which are never
    what a run must go onto, so they play no part.

    Dropping the top card of a heap's part leaves the next one with the same lowest card
    ``b`` of its run, so the same answer to (i): a run is dropped whole."""
    heaps = [heap for square in full for heap in square.split(HEAP_END)]
    places = [_places_in(square) for square in full]
    frozen = [len(heap) for heap in heaps]
    pinned = [is_packet(heap) for heap in heaps]
    runs = [segments(heap) for heap in heaps]
    changed = True
    while changed:
        changed = False
        for first in range(0, len(heaps), HEAPS_PER_SQUARE):
            last = first + HEAPS_PER_SQUARE
            if frozen[first] and frozen[first + 1] and frozen[first + 2] and frozen[last - 1]:
                for i in range(first, last):
                    if not pinned[i]:
                        changed |= _thaw(i, runs[i], places, frozen)
                continue
            for i in range(first, last):  # (ii) fails for all but packets
                if frozen[i] and not pinned[i]:
                    frozen[i] = 0
                    changed = True
    return frozen


def _thaw(
    i: int,
    runs: tuple[tuple[int, int], ...],
    places: list[dict[int, tuple[int, int]]],
    frozen: list[int],
) -> bool:
    """Drop the runs of heap ``i``'s frozen part from the top while (i) fails for them
    (the card each must go onto lies neither below it in its heap nor in another heap
    under that heap's top frozen card); whether any was dropped."""
    count = frozen[i]
    for bottom, wanted in runs:
        if bottom >= count:
            continue  # dropped already
        for t, square in enumerate(places):
            at = square.get(wanted)
            if at is not None:
                other = t * HEAPS_PER_SQUARE + at[0]
                holds = at[1] < bottom if other == i else at[1] + 1 < frozen[other]
                break
        else:
            holds = False
        if holds:
            break
        count = bottom
    return lower_frozen(frozen, i, count)


def _hopeful(full: tuple[bytes, ...], others: bool) -> int:
    """:func:`hopeful_suits` for squares ``full`` with no space, and ``others`` squares
    with a space when True (their frozen cards can only be packets, see the caller)."""
    heaps = [heap for square in full for heap in square.split(HEAP_END)]
    frozen = frozen_counts(full)
    hopeful = ALL_SUITS
    home: dict[int, int] = {}  # suit -> the heap its frozen cards are in
    free = others  # some heap has no frozen card
    for i, heap in enumerate(heaps):
        count = frozen[i]
        if not count:
            free = True
            continue
        part = heap[:count]
        suit = part[0] // SUIT_SIZE
        one_run = run_start(part) == 0
        for c in part:
            s = c // SUIT_SIZE
            if not one_run or s != suit or home.get(s, i) != i:
                hopeful &= ~(1 << s)
            home[s] = i
        if count == SUIT_SIZE and one_run:
            hopeful &= ~(1 << suit)  # complete already
    if not free:
        for s in range(len(SUITS)):
            if s not in home:
                hopeful &= ~(1 << s)
    return hopeful


_hopefuls: dict[tuple[tuple[bytes, ...], bool], int] = {}


def hopeful_suits(node: Node) -> int:
    """The suits (bit ``1 << suit``, suits in the order C D H S) that are not complete and
    not shown hopeless by the frozen cards (section 3).

    In a square with a space, (ii) fails, so only its packets are frozen; and a packet's
    cards are never the card a run must go onto (they are the whole of their suit). So
    the answer depends on the squares with no space, whether there are others, and the
    suits complete in those: it is remembered for the squares with no space."""
    full: list[bytes] = []
    complete = 0
    others = False
    for square in node.split(SQUARE_END):
        _, has_space, _, done, _, _ = square_info(square)
        if has_space:
            others = True
            complete |= done
        else:
            full.append(square)
    return _remembered_hopeful(tuple(full), others) & ~complete


def _remembered_hopeful(full: tuple[bytes, ...], others: bool) -> int:
    key = (full, others)
    hopeful = _hopefuls.get(key)
    if hopeful is None:
        hopeful = _hopeful(*key)
        if len(_hopefuls) >= 1 << 16:
            _hopefuls.clear()
        _hopefuls[key] = hopeful
    return hopeful


def is_dead(node: Node) -> bool:
    """True when no incomplete suit can ever be completed from ``node`` (section 3).
    Quickly False when some square has a space and some incomplete suit has no card in
    the squares without one (such a suit has no frozen card and a heap to be built in)."""
    full: list[bytes] = []
    complete = inside = 0
    others = False
    for square in node.split(SQUARE_END):
        _, has_space, _, done, present, _ = square_info(square)
        complete |= done
        if has_space:
            others = True
        else:
            full.append(square)
            inside |= present
    if not full or (others and ALL_SUITS & ~complete & ~inside):
        return False
    return _remembered_hopeful(tuple(full), others) & ~complete == 0


def lower_frozen(frozen: list[int], i: int, count: int) -> bool:
    """Heap ``i``'s frozen part down to ``count`` cards; whether that dropped any."""
    if count == frozen[i]:
        return False
    frozen[i] = count
    return True
