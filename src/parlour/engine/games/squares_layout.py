"""Three Squares: heap names, wrapping runs, exposed sequences and the forming of the
squares (rulings S1–S3 and Parlour's rulings S8, S9). Pure helpers used by
:mod:`parlour.engine.games.squares`.

Heaps are numbered 0–11 and named ``1a`` … ``3d``: square 1 holds heaps 0–3, square 2
heaps 4–7, square 3 heaps 8–11, in heap order a, b, c, d. A heap lists its cards bottom
to top. Ranks wrap round (S1): the card above a king is the ace of its suit, and the card
below an ace is the king.

>>> from parlour.engine.cards import parse_cards
>>> top_run_length(parse_cards("9C 2H AH KH"))
3
>>> [str(c) for c in run_order(parse_cards("AS 2S KS"))]
['2S', 'AS', 'KS']
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.cards import card
from parlour.engine.cards import full_pack

SQUARE_COUNT: Final = 3
HEAPS_PER_SQUARE: Final = 4
HEAP_COUNT: Final = SQUARE_COUNT * HEAPS_PER_SQUARE
SUIT_SIZE: Final = 13
HEAP_NAMES: Final = tuple(
    f"{square}{letter}" for square in range(1, SQUARE_COUNT + 1) for letter in "abcd"
)
HEAP_INDEX: Final = {name: index for index, name in enumerate(HEAP_NAMES)}

Heap = tuple[Card, ...]
Heaps = tuple[Heap, ...]

#: the card one rank above each card in its suit, wrapping (KH -> AH, AH -> 2H)
ABOVE: Final[dict[Card, Card]] = {c: card(c.rank % SUIT_SIZE + 1, c.suit) for c in full_pack()}
#: the card one rank below each card in its suit, wrapping (AH -> KH)
BELOW: Final[dict[Card, Card]] = {above: below for below, above in ABOVE.items()}


def square_of(heap: int) -> int:
    """The square (1–3) that heap index ``heap`` belongs to."""
    return heap // HEAPS_PER_SQUARE + 1


def square_heaps(square: int) -> range:
    """The heap indices of square ``square`` (1–3), in heap order."""
    first = (square - 1) * HEAPS_PER_SQUARE
    return range(first, first + HEAPS_PER_SQUARE)


def top_run_length(heap: Sequence[Card]) -> int:
    """How many cards form the run ending at the heap's top card (S1): each lies one rank
    below the card under it, same suit, ranks wrapping. 0 for an empty heap."""
    k = len(heap) - 1
    if k < 0:
        return 0
    while k and heap[k - 1] == ABOVE[heap[k]]:
        k -= 1
    return len(heap) - k


def is_packet(heap: Sequence[Card]) -> bool:
    """True when the heap holds the thirteen cards of one suit as one run and nothing else
    (S7): a suit standing complete and clear."""
    return len(heap) == SUIT_SIZE and top_run_length(heap) == SUIT_SIZE


def run_order(cards: Iterable[Card]) -> Heap:
    """Cards of one suit with consecutive (wrapping) ranks, highest first: the order they
    lie in a heap once taken up (S2), the lowest on top."""
    group = set(cards)
    heads = [c for c in group if ABOVE[c] not in group]
    if len(heads) != 1:
        raise ValueError("not one run of consecutive cards of one suit")
    ordered = [heads[0]]
    while BELOW[ordered[-1]] in group and len(ordered) < len(group):
        ordered.append(BELOW[ordered[-1]])
    if len(ordered) != len(group):
        raise ValueError("not one run of consecutive cards of one suit")
    return tuple(ordered)


def exposed_sequences(heaps: Heaps, look: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """The sequences among the exposed (top) cards of the heaps ``look`` (S2, S3, S8): each a
    maximal group of exposed cards of one suit with consecutive ranks, wrapping, at least
    two long. Each is given as the heap indices of its cards in heap order; the groups are
    in the order of their first heap.

    Only exposed cards count: a run lying under an exposed card is not looked at.
    """
    exposed: dict[Card, int] = {heaps[i][-1]: i for i in look if heaps[i]}
    found: list[tuple[int, ...]] = []
    for top in exposed:
        if ABOVE[top] in exposed:
            continue  # not the highest card of its group
        members = [exposed[top]]
        below = BELOW[top]
        while below in exposed:
            members.append(exposed[below])
            below = BELOW[below]
        if len(members) >= 2:
            found.append(tuple(sorted(members)))
    return tuple(sorted(found))


def deal_to_square(
    heaps: list[Heap], pack: tuple[Card, ...], square: int, first_letter: int = 0
) -> tuple[Card, ...]:
    """Deal one card to each heap of ``square`` from heap ``first_letter`` (0 = a) on, in
    heap order, while the pack lasts (S3, S6); return what is left of the pack."""
    start = (square - 1) * HEAPS_PER_SQUARE + first_letter
    count = min(HEAPS_PER_SQUARE - first_letter, len(pack))
    for offset in range(count):
        heaps[start + offset] = (*heaps[start + offset], pack[offset])
    return pack[count:]


def take_sequence(
    heaps: list[Heap], pack: tuple[Card, ...], squares: int, sequence: Sequence[int]
) -> tuple[tuple[Card, ...], int]:
    """Take up the exposed cards of ``sequence`` (heap indices), lay them highest at the
    bottom as heap a of a new square and deal to heaps b, c, d of that square (S2, S3).
    Return the pack left and the new number of squares."""
    cards = [heaps[i][-1] for i in sequence]
    for i in sequence:
        heaps[i] = heaps[i][:-1]
    new_square = squares + 1
    heaps[(new_square - 1) * HEAPS_PER_SQUARE] = run_order(cards)
    return deal_to_square(heaps, pack, new_square, first_letter=1), new_square


def form_squares(
    heaps: list[Heap], pack: tuple[Card, ...], squares: int
) -> tuple[tuple[Card, ...], int, tuple[tuple[int, ...], ...]]:
    """Carry the forming of the squares as far as it goes without a choice (S2, S3, C4).

    Square 1 (while it is alone) or square 2 (while there are two) is covered with a
    round of cards until a sequence shows among the exposed cards of the squares there
    are; a single sequence is taken up at once to start the next square, even when the
    pack is too short to complete it (S9). Stops when three squares exist, when the pack
    runs out with no sequence showing, or when several sequences show and the player
    must choose. Returns the pack left, the number of
    squares, and the sequences to choose from (empty unless a choice is needed).
    """
    while squares < SQUARE_COUNT:
        look = range(squares * HEAPS_PER_SQUARE)
        sequences = exposed_sequences(tuple(heaps), look)
        while not sequences and pack:
            pack = deal_to_square(heaps, pack, squares)
            sequences = exposed_sequences(tuple(heaps), look)
        if not sequences:
            break
        if len(sequences) > 1:
            return pack, squares, sequences
        pack, squares = take_sequence(heaps, pack, squares, sequences[0])
    return pack, squares, ()
