"""The By Twos solver's own model of a position: the engine's rules with every card given
an identity, so that the two copies of a card can be told apart, and with the choices the
search has committed to (which copy goes to which pile).

It plays the same moves with the same automatic steps as
:mod:`parlour.engine.games.bytwos_state` (bases laid as they come into view, B2 and B7),
only faster and on small integers; the solver's tests replay every line it finds through
the engine, which stays the one definition of legality.

Cards are numbered; the packet is a fixed tuple of which the first ``p`` cards remain;
the stock and the waste are one sequence, the *talon*, cut at ``cur``: the waste is
``talon[:cur]`` (its top last) and the stock ``talon[cur:]`` (its top first). Dealing moves
the cut, a redeal puts it back to 0 (the waste turned over is the stock in the same order,
B4), and a build removes one card. ``src`` is a bitmask of the cards still in the packet
or the talon; ``to_ace`` and ``to_deuce`` mark cards the search has destined for that pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.games.bytwos_state import ACE_PILE_RANKS
from parlour.engine.games.bytwos_state import BUILDS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import DEUCE_PILE_RANKS
from parlour.engine.games.bytwos_state import PILE_SIZE
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import ByTwosMove

#: WANT[kind][count]: the rank a pile of that kind (0 ace, 1 deuce) needs next; 0 when full
WANT: Final = tuple((*ranks, 0) for ranks in (ACE_PILE_RANKS, DEUCE_PILE_RANKS))
#: PLACE[kind][rank]: where the rank lies in that kind of pile
PLACE: Final = tuple(
    tuple(ranks.index(rank) if rank else -1 for rank in range(14))
    for ranks in (ACE_PILE_RANKS, DEUCE_PILE_RANKS)
)
#: the solver's moves: builds are ``2 * source + kind`` (source 0 stock, 1 waste,
#: 2 packet; kind 0 ace pile, 1 deuce pile), then dealing and turning the waste over
STOCK, WASTE, PACKET = 0, 1, 2
DO_DEAL: Final = 6
DO_REDEAL: Final = 7
ENGINE_MOVES: Final[tuple[ByTwosMove, ...]] = (
    *(BUILDS[source + pile] for source in "swp" for pile in "ad"),
    DEAL,
    REDEAL,
)
FULL: Final = PILE_SIZE
ALL_FULL: Final = (FULL,) * 8


class Layout:
    """The cards of one search, numbered: their suits (0-3), ranks and values (two copies
    share a value), and the packet's cards bottom to top."""

    def __init__(self, cards: Sequence[Card], packet: Sequence[int]) -> None:
        self.cards = tuple(cards)
        self.suit = tuple(SUITS.index(c.suit) for c in cards)
        self.rank = tuple(c.rank for c in cards)
        self.value = tuple(13 * s + r - 1 for s, r in zip(self.suit, self.rank, strict=True))
        masks = [0] * 52
        suit_masks = [0] * 4
        for ident, value in enumerate(self.value):
            masks[value] |= 1 << ident
            suit_masks[self.suit[ident]] |= 1 << ident
        #: the cards of each value, and of each suit, as bitmasks
        self.value_mask = tuple(masks)
        self.suit_mask = tuple(suit_masks)
        self.packet = tuple(packet)


class Pos:
    """A position of the model (see the module docstring)."""

    __slots__ = ("built", "cur", "deal", "p", "src", "talon", "to_ace", "to_deuce")

    def __init__(
        self,
        p: int,
        talon: tuple[int, ...],
        cur: int,
        built: tuple[int, ...],
        deal: int,
        src: int,
        to_ace: int,
        to_deuce: int,
    ) -> None:
        self.p = p
        self.talon = talon
        self.cur = cur
        self.built = built
        self.deal = deal
        self.src = src
        self.to_ace = to_ace
        self.to_deuce = to_deuce

    def key(self) -> tuple[object, ...]:
        """What identifies the position for the search: everything but stale marks."""
        src = self.src
        return (
            self.p,
            self.talon,
            self.cur,
            self.built,
            self.deal,
            self.to_ace & src,
            self.to_deuce & src,
        )

    def score(self) -> int:
        return sum(self.built)

    def won(self) -> bool:
        return self.built == ALL_FULL


def position_after(
    lay: Layout,
    p: int,
    talon: tuple[int, ...],
    cur: int,
    built: list[int],
    deal: int,
    src: int,
    to_ace: int,
    to_deuce: int,
    bases: bool,
) -> Pos:
    """The position after a move: with ``bases``, each first ace and deuce on view laid on
    its empty pile, looking at the packet, the waste and the stock in turn, round after
    round, exactly as the engine does (B2, B7)."""
    if bases and 0 in built:
        rank, suit, packet = lay.rank, lay.suit, lay.packet
        laid = True
        while laid:
            laid = False
            if p:
                card = packet[p - 1]
                pile = 2 * suit[card] + rank[card] - 1
                if rank[card] <= 2 and built[pile] == 0:
                    p, built[pile], src, laid = p - 1, 1, src & ~(1 << card), True
            if cur:
                card = talon[cur - 1]
                pile = 2 * suit[card] + rank[card] - 1
                if rank[card] <= 2 and built[pile] == 0:
                    talon = talon[: cur - 1] + talon[cur:]
                    cur, built[pile], src, laid = cur - 1, 1, src & ~(1 << card), True
            if cur < len(talon):
                card = talon[cur]
                pile = 2 * suit[card] + rank[card] - 1
                if rank[card] <= 2 and built[pile] == 0:
                    talon = talon[:cur] + talon[cur + 1 :]
                    built[pile], src, laid = 1, src & ~(1 << card), True
    return Pos(p, talon, cur, tuple(built), deal, src, to_ace, to_deuce)


def top(lay: Layout, pos: Pos, source: int) -> int:
    """The card on top of a source, or -1 when it is empty."""
    if source == STOCK:
        return pos.talon[pos.cur] if pos.cur < len(pos.talon) else -1
    if source == WASTE:
        return pos.talon[pos.cur - 1] if pos.cur else -1
    return lay.packet[pos.p - 1] if pos.p else -1


def under(lay: Layout, pos: Pos, source: int) -> int:
    """The card that taking the top of ``source`` would uncover, or -1."""
    if source == STOCK:
        return pos.talon[pos.cur + 1] if pos.cur + 1 < len(pos.talon) else -1
    if source == WASTE:
        return pos.talon[pos.cur - 2] if pos.cur >= 2 else -1
    return lay.packet[pos.p - 2] if pos.p >= 2 else -1


def play(lay: Layout, pos: Pos, move: int, bases: bool) -> Pos:
    """The position after one of the solver's moves, which must be legal."""
    talon, cur, p = pos.talon, pos.cur, pos.p
    built = list(pos.built)
    src, to_ace, to_deuce = pos.src, pos.to_ace, pos.to_deuce
    if move == DO_DEAL:
        cur += 1
    elif move == DO_REDEAL:
        cur, deal = 0, pos.deal + 1
        return position_after(lay, p, talon, cur, built, deal, src, to_ace, to_deuce, bases)
    else:
        source, kind = divmod(move, 2)
        if source == STOCK:
            card, talon = talon[cur], talon[:cur] + talon[cur + 1 :]
        elif source == WASTE:
            card, talon, cur = talon[cur - 1], talon[: cur - 1] + talon[cur:], cur - 1
        else:
            card, p = lay.packet[p - 1], p - 1
        built[2 * lay.suit[card] + kind] += 1
        # once a copy is built the other's pile is known: forget what was decided
        same = lay.value_mask[lay.value[card]]
        src, to_ace, to_deuce = src & ~(1 << card), to_ace & ~same, to_deuce & ~same
    return position_after(lay, p, talon, cur, built, pos.deal, src, to_ace, to_deuce, bases)


def legal(lay: Layout, pos: Pos) -> list[int]:
    """The solver's legal moves (the engine's, giving up aside), builds first."""
    moves = []
    built, rank, suit = pos.built, lay.rank, lay.suit
    for source in (STOCK, WASTE, PACKET):
        card = top(lay, pos, source)
        if card >= 0:
            pile = 2 * suit[card]
            if WANT[0][built[pile]] == rank[card]:
                moves.append(2 * source)
            if WANT[1][built[pile + 1]] == rank[card]:
                moves.append(2 * source + 1)
    if pos.cur < len(pos.talon):
        moves.append(DO_DEAL)
    elif pos.cur and pos.deal < DEALS:
        moves.append(DO_REDEAL)
    return moves
