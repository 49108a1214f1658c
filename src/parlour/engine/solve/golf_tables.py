"""The Golf solver's tables: one position in the compact form its search works on.

Made once per solve by :mod:`parlour.engine.solve.golf`, whose docstring explains the
search; kept apart so that each module stays short. Ranks are packed four bits a rank
in one int (rank 0 and 14 never hold a card); the exposed cards are a bit mask of seven
bits a rank, as in the engine's states."""

from __future__ import annotations

from typing import Final

from parlour.engine.cards import KING
from parlour.engine.games.golf import COLUMNS
from parlour.engine.games.golf import GolfState

RANKS: Final = 15  # rank fields 0 … 14; 0 and 14 never hold a card
FIELD: Final = 4  # bits per rank in the packed rank counts
COLS_BY_MASK: Final = tuple(
    tuple(c for c in range(COLUMNS) if mask >> c & 1) for mask in range(1 << COLUMNS)
)
NK: Final = tuple(1 << (FIELD * rank) for rank in range(RANKS))
#: the count fields of the ranks next to each rank (the cards that could go on it)
NEIGHBOURS: Final = tuple(
    (15 << (FIELD * (rank - 1)) | 15 << (FIELD * (rank + 1))) if 1 <= rank <= KING else 0
    for rank in range(RANKS)
)


class Tables:
    """One position's tables for the search, made once for both rules."""

    def __init__(self, state: GolfState) -> None:
        columns = [tuple(card.rank for card in column) for column in state.columns]
        width = max(3, max(len(column) for column in columns).bit_length())
        self.height_mask = (1 << width) - 1
        self.shifts = tuple(width * c for c in range(COLUMNS))
        self.units = tuple(1 << shift for shift in self.shifts)
        self.ranks = tuple((0, *column) for column in columns)  # the card at height k
        self.h0 = sum(len(column) << self.shifts[c] for c, column in enumerate(columns))
        self.counts0 = sum(NK[rank] for column in columns for rank in column)
        self.links0 = sum(len(column) for column in columns)
        self._columns(columns)
        self._stock(tuple(card.rank for card in state.stock))

    def _columns(self, columns: list[tuple[int, ...]]) -> None:
        # deltas[c][k]: the exposed-mask change when column c goes from height k to k - 1
        self.deltas = deltas = tuple(
            tuple(
                (1 << (7 * column[k - 1] + c)) ^ ((1 << (7 * column[k - 2] + c)) if k > 1 else 0)
                if k
                else 0
                for k in range(len(column) + 1)
            )
            for c, column in enumerate(columns)
        )
        # cards[c][k]: what playing column c at height k involves: the change to the
        # exposed mask, the change to the heights, the card in the packed counts, the
        # counts of the ranks next to it (none for a king: it never carries a card), and
        # the shifts that find the columns playable on it (beyond the mask for a king)
        self.cards = tuple(
            tuple(
                (deltas[c][k], unit, NK[rank], NEIGHBOURS[rank], 7 * rank - 7, 7 * rank + 7)
                if rank < KING
                else (deltas[c][k], unit, NK[rank], 0, 99, 99)
                for k, rank in enumerate(ranks)
            )
            for c, (ranks, unit) in enumerate(zip(self.ranks, self.units, strict=True))
        )

    def _stock(self, stock: tuple[int, ...]) -> None:
        self.stock = stock
        self.total = total = len(stock)
        self.last = stock[-1] if stock else KING
        # supply[a][b]: packed rank counts of stock cards a … b-1
        self.supply = supply = [[0] * (total + 1) for _ in range(total + 1)]
        for a in range(total + 1):
            for b in range(a, total):
                supply[a][b + 1] = supply[a][b] + NK[stock[b]]
        self.suffix = tuple(supply[a][total] for a in range(total + 1))
        # sweeps[s]: the first card of each rank in the stock from s on (its position and
        # rank) with the shifts that find the columns playable on it (beyond the mask for
        # a king: nothing goes on it)
        self.sweeps = tuple(
            tuple(
                (j, stock[j], 7 * stock[j] - 7, 7 * stock[j] + 7)
                if stock[j] < KING
                else (j, stock[j], 99, 99)
                for j in range(s, total)
                if stock[j] not in stock[s:j]
            )
            for s in range(total + 1)
        )


__all__ = ["COLS_BY_MASK", "NK", "Tables"]
