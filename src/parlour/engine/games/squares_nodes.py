"""Three Squares' end search: positions and moves with the pack empty (sections 1 and 2
of :mod:`parlour.engine.games.squares_search`, which explains them).

A position is one ``bytes`` (:data:`Node`): cards are numbers 0–51 (:func:`card_code`),
a heap its cards bottom first, the heaps of a square joined by :data:`HEAP_END` and
sorted, the squares joined by :data:`SQUARE_END` and sorted. :func:`successors` lists
the positions one move away, leaving out the moves that can never help.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import full_pack

SUIT_SIZE: Final = 13
HEAPS_PER_SQUARE: Final = 4
ALL_SUITS: Final = (1 << len(SUITS)) - 1
HEAP_END: Final = b"\xff"
SQUARE_END: Final = b"\xfe"

#: a canonical position (see the module's docstring)
Node = bytes


def card_code(c: Card) -> int:
    """0–51: suit (C D H S) times 13 plus rank minus one."""
    return SUITS.index(c.suit) * SUIT_SIZE + c.rank - 1


CODE: Final[dict[Card, int]] = {c: card_code(c) for c in full_pack()}
#: the code of the card one rank above, same suit, wrapping (king -> ace)
ABOVE: Final = bytes(
    code - code % SUIT_SIZE + (code % SUIT_SIZE + 1) % SUIT_SIZE for code in range(52)
)


def _square(heaps: Sequence[bytes]) -> bytes:
    return HEAP_END.join(sorted(heaps))


def canonical(heaps: Sequence[Sequence[Card]], squares: int) -> Node:
    """The canonical form of the first ``squares`` squares of ``heaps`` (see above)."""
    codes = CODE
    return SQUARE_END.join(
        sorted(
            _square([bytes([codes[c] for c in heaps[i]]) for i in range(first, first + 4)])
            for first in range(0, squares * HEAPS_PER_SQUARE, HEAPS_PER_SQUARE)
        )
    )


_run_starts: dict[bytes, int] = {}


def run_start(heap: bytes) -> int:
    """Index of the bottom card of the heap's top run (the heap must not be empty).
    Remembered: the same heaps come up in position after position."""
    k = _run_starts.get(heap)
    if k is None:
        k = len(heap) - 1
        while k and heap[k - 1] == ABOVE[heap[k]]:
            k -= 1
        if len(_run_starts) >= 1 << 18:
            _run_starts.clear()
        _run_starts[heap] = k
    return k


def is_packet(heap: bytes) -> bool:
    return len(heap) == SUIT_SIZE and run_start(heap) == 0


_segments_of: dict[bytes, tuple[tuple[int, int], ...]] = {}


def segments(heap: bytes) -> tuple[tuple[int, int], ...]:
    """The heap's runs from the top down, each as (index of its lowest card, the card that
    card would go onto). Remembered."""
    found = _segments_of.get(heap)
    if found is None:
        runs = []
        k = len(heap)
        while k:
            bottom = k - 1
            while bottom and heap[bottom - 1] == ABOVE[heap[bottom]]:
                bottom -= 1
            runs.append((bottom, ABOVE[heap[bottom]]))
            k = bottom
        found = tuple(runs)
        if len(_segments_of) >= 1 << 18:
            _segments_of.clear()
        _segments_of[heap] = found
    return found


#: a square's heaps, whether it has a space, for each heap that may move (its place, its
#: cards, its top card, where its top run starts and the card that run would go onto), and
#: the suits complete in it and the suits of its other cards (bits ``1 << suit``), and its
#: progress: the sum over its heaps of the square of the length of the run at the bottom
Mover = tuple[int, bytes, int, int, int]
SquareInfo = tuple[list[bytes], bool, tuple[Mover, ...], int, int, int]
_square_infos: dict[bytes, SquareInfo] = {}


def square_info(encoded: bytes) -> SquareInfo:
    """What :func:`successors` needs of a square, remembered: squares recur far more often
    than positions."""
    info = _square_infos.get(encoded)
    if info is None:
        heaps = encoded.split(HEAP_END)
        movers = []
        complete = present = progress = 0
        for h, heap in enumerate(heaps):
            if not heap:
                continue
            runs = segments(heap)
            progress += (runs[-2][0] if len(runs) > 1 else len(heap)) ** 2
            if is_packet(heap):
                complete |= 1 << (heap[0] // SUIT_SIZE)
                continue
            for c in heap:
                present |= 1 << (c // SUIT_SIZE)
            k = run_start(heap)
            movers.append((h, heap, heap[-1], k, ABOVE[heap[k]]))
        # heaps are sorted and b"" sorts first, so a square has a space iff its first is
        info = (heaps, not heaps[0], tuple(movers), complete, present, progress)
        if len(_square_infos) >= 1 << 16:
            _square_infos.clear()
        _square_infos[encoded] = info
    return info


def successors(node: Node) -> list[tuple[Node, bool]]:
    """The positions one move away (leaving out the two useless kinds of move), each with
    True when the move makes a packet: first the moves into spaces, then the builds."""
    encoded = node.split(SQUARE_END)
    infos = [square_info(square) for square in encoded]
    tops: dict[int, tuple[int, int]] = {}
    for s, (_, _, movers, _, _, _) in enumerate(infos):
        for h, _, top, _, _ in movers:
            tops[top] = (s, h)
    fills: list[tuple[Node, bool]] = []
    builds: list[tuple[Node, bool]] = []
    for s, (heaps, has_space, movers, _, _, _) in enumerate(infos):
        for h, heap, _, k, wanted in movers:
            where = tops.get(wanted)
            if where is not None and where != (s, h):  # not a 13-card run over another card
                onto_s, onto_h = where
                rest, onto = heap[:k], infos[onto_s][0][onto_h] + heap[k:]
                changed = heaps.copy()
                changed[h] = rest
                squares = encoded.copy()
                if onto_s == s:
                    changed[onto_h] = onto
                else:
                    other = infos[onto_s][0].copy()
                    other[onto_h] = onto
                    squares[onto_s] = _square(other)
                squares[s] = _square(changed)
                squares.sort()
                completes = (len(onto) == SUIT_SIZE and run_start(onto) == 0) or (
                    k == SUIT_SIZE and run_start(rest) == 0
                )
                builds.append((SQUARE_END.join(squares), completes))
            if has_space and len(heap) > 1:
                rest = heap[:-1]
                changed = heaps.copy()
                changed[h] = rest
                changed[0] = heap[-1:]
                squares = encoded.copy()
                squares[s] = _square(changed)
                squares.sort()
                completes = len(heap) == SUIT_SIZE + 1 and run_start(rest) == 0
                fills.append((SQUARE_END.join(squares), completes))
    return fills + builds
