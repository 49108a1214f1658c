"""The Golf solver's lower bound: link cards that can never be played from a position.

Kept apart from the search (:mod:`parlour.engine.solve.golf`), whose docstring explains
where it is used. Ranks are packed four bits a rank in one int (rank 0 and 14 never hold
a card)."""

from __future__ import annotations

from typing import Final

from parlour.engine.cards import KING

_FIELD: Final = 4  # bits per rank in the packed rank counts


def unmatched(counts: int, carriers: int) -> int:
    """How many of the link cards (rank counts packed four bits a rank in ``counts``)
    cannot each get a card of their own to be played on. A card of rank r goes on r - 1
    or r + 1, and any card but a king can carry one card: the ``carriers`` (packed the
    same way: the top card and stock cards) and the link cards themselves. Odd ranks are
    carried by even ones and the other way round, so this is two transport problems on a
    line, and a greedy pass from the aces up solves each exactly: a rank's cards first
    take what the rank below has left, then the rank above.

    Unrolled, and so one function of radon's grade D: it is the search's innermost loop.
    Written as two loops over the ranks it takes 2.4 µs a call against 1.8 µs, and the
    free-stock solver spends about an eighth of its time here."""
    both = counts + carriers
    # odd ranks, carried by the even ranks beside them
    need = counts >> 4 & 15
    above = both >> 8 & 15
    if need <= above:
        left, missing = above - need, 0
    else:
        left, missing = 0, need - above
    need = (counts >> 12 & 15) - left
    above = both >> 16 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 20 & 15) - left
    above = both >> 24 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 28 & 15) - left
    above = both >> 32 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 36 & 15) - left
    above = both >> 40 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 44 & 15) - left
    above = both >> 48 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 52 & 15) - left  # kings: only a queen carries one
    if need > 0:
        missing += need
    # even ranks, carried by the odd ranks beside them (a king carries nothing)
    left = both >> 4 & 15
    need = (counts >> 8 & 15) - left
    above = both >> 12 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 16 & 15) - left
    above = both >> 20 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 24 & 15) - left
    above = both >> 28 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 32 & 15) - left
    above = both >> 36 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 40 & 15) - left
    above = both >> 44 & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (counts >> 48 & 15) - left  # queens: a king cannot carry one
    if need > 0:
        missing += need
    return missing


_ONES: Final = sum(1 << (_FIELD * rank) for rank in range(1, KING + 1))
_KING_FIELD: Final = 1 << (_FIELD * KING)


def bound(counts: int, carriers: int, cut_offs: dict[int, int] | None = None) -> int:
    """A lower bound on the link cards (packed ``counts``) that can never be played, given
    the ``carriers`` that will reach the foundation from outside the links.

    Play moves the foundation one rank at a time, so a rank can be reached only along
    ranks that still have cards (in the links or among the carriers), starting from a
    carrier, and never down from a king. Link cards of ranks cut off like that are lost;
    the others must still find a carrier each (:func:`unmatched`). The ranks cut off
    depend only on the ranks the links hold: a caller that always passes the same
    carriers may pass a dictionary ``cut_offs`` for them to be remembered in."""
    present = counts | counts >> 1 | counts >> 2 | counts >> 3
    cut_off = None if cut_offs is None else cut_offs.get(present & _ONES)
    if cut_off is None:
        cut_off = _cut_off(present & _ONES, carriers)
        if cut_offs is not None:
            cut_offs[present & _ONES] = cut_off
    if not cut_off:
        return unmatched(counts, carriers)
    fields = cut_off * 15
    lost = counts & fields
    missing = 0
    while lost:
        missing += lost & 15
        lost >>= _FIELD
    return missing + unmatched(counts & ~fields, carriers)


def _cut_off(links: int, carriers: int) -> int:
    """The ranks (a bit at each rank's field) that no carrier can reach, ``links``
    holding a bit at the field of each rank the links hold."""
    present = carriers | carriers >> 1 | carriers >> 2 | carriers >> 3
    reach = present & _ONES
    present = reach | links
    while True:
        grown = (reach | reach << _FIELD | (reach & ~_KING_FIELD) >> _FIELD) & present
        if grown == reach:
            return present & ~reach
        reach = grown
