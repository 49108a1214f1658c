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

    The counts are read as bytes, two ranks a byte (rank r in byte r // 2, the high half
    for an odd rank), so that every step works on small ints; and the passes are unrolled.
    It is the search's innermost loop, and so one function of radon's grade D: as two
    loops it took 2.4 µs a call against 1.8 µs unrolled; reading bytes instead of
    shifting the packed ints takes a fifth less again (1.6–2.5 µs against 2.2–3.0 µs in
    four runs side by side on the same 20,000 random positions, on a busy machine)."""
    # no field holds more than 4 (four cards a rank), so the sum never carries over
    link = counts.to_bytes(7, "little")
    both = (counts + carriers).to_bytes(7, "little")
    # odd ranks (high halves), carried by the even ranks beside them (low halves)
    need = link[0] >> 4
    above = both[1] & 15
    if need <= above:
        left, missing = above - need, 0
    else:
        left, missing = 0, need - above
    need = (link[1] >> 4) - left
    above = both[2] & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[2] >> 4) - left
    above = both[3] & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[3] >> 4) - left
    above = both[4] & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[4] >> 4) - left
    above = both[5] & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[5] >> 4) - left
    above = both[6] & 15
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[6] >> 4) - left  # kings: only a queen carries one
    if need > 0:
        missing += need
    # even ranks (low halves), carried by the odd ranks beside them (a king carries nothing)
    left = both[0] >> 4
    need = (link[1] & 15) - left
    above = both[1] >> 4
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[2] & 15) - left
    above = both[2] >> 4
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[3] & 15) - left
    above = both[3] >> 4
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[4] & 15) - left
    above = both[4] >> 4
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[5] & 15) - left
    above = both[5] >> 4
    if need <= 0:
        left = above
    elif need <= above:
        left = above - need
    else:
        left, missing = 0, missing + need - above
    need = (link[6] & 15) - left  # queens: a king cannot carry one
    if need > 0:
        missing += need
    return missing


_ONES: Final = sum(1 << (_FIELD * rank) for rank in range(1, KING + 1))
_KING_FIELD: Final = 1 << (_FIELD * KING)
_LOW_FIELDS: Final = 0x0F0F_0F0F_0F0F_0F0F  # the low field of each of eight bytes
_BYTE_ONES: Final = 0x0101_0101_0101_0101


def bound(counts: int, carriers: int, cut_offs: dict[int, int]) -> int:
    """A lower bound on the link cards (packed ``counts``) that can never be played, given
    the ``carriers`` that will reach the foundation from outside the links.

    Play moves the foundation one rank at a time, so a rank can be reached only along
    ranks that still have cards (in the links or among the carriers), starting from a
    carrier, and never down from a king. Link cards of ranks cut off like that are lost;
    the others must still find a carrier each (:func:`unmatched`). The ranks cut off
    depend only on the ranks the links hold, so they are remembered in ``cut_offs``, a
    dictionary the caller keeps for these carriers."""
    held = (counts | counts >> 1 | counts >> 2 | counts >> 3) & _ONES
    cut_off = cut_offs.get(held)
    if cut_off is None:
        cut_off = cut_offs[held] = _cut_off(held, carriers)
    if not cut_off:
        return unmatched(counts, carriers)
    fields = cut_off * 15
    lost = counts & fields
    # the cards lost: the sum of the fields, added up two fields a byte (at most 8 each)
    # and the bytes summed in the top byte of one product (at most 52, so nothing carries)
    pairs = (lost & _LOW_FIELDS) + (lost >> _FIELD & _LOW_FIELDS)
    return (pairs * _BYTE_ONES >> 56 & 255) + unmatched(counts & ~fields, carriers)


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
