"""By Twos positions and moves: the state machine behind :mod:`parlour.engine.games.bytwos`.

A position is in one of three phases. While ``forming``, cards are turned from the deck
one at a time (``t``) until thirteen different ranks are kept (B1). Then comes
``dealing``, deal 1, 2 or 3, where cards are built from the stock, the waste or the
packet onto eight foundations (B2, B3), dealt (``d``) and redealt (``r``, B4). The game
is ``finished`` when it is won, blocked (B5) or given up.

The eight foundations are kept as counts: a foundation's cards are always the first
``n`` cards of its sequence, so a count says everything and cannot be wrong.

>>> foundation_card(ACE_PILE_OF["H"], 7)
Card(2H)
>>> foundation_card(ACE_PILE_OF["H"] + 1, 6)
Card(AH)
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from enum import StrEnum
from typing import ClassVar
from typing import Final

from parlour.engine.cards import SUIT_NAMES
from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import card
from parlour.engine.game import GIVE_UP
from parlour.engine.game import GiveUp
from parlour.engine.game import WordMove

DECK_SIZE: Final = 104
RANK_COUNT: Final = 13
DEALS: Final = 3
PILE_SIZE: Final = 13
#: ranks in building order, by twos: the ace pile ends on the queen, the deuce pile on the king
ACE_PILE_RANKS: Final = (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)
DEUCE_PILE_RANKS: Final = (2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13)
PILE_KINDS: Final = ("ace", "deuce")
#: the eight foundations in display order: each suit's ace pile, then its deuce pile
FOUNDATIONS: Final = tuple((suit, kind) for suit in SUITS for kind in PILE_KINDS)
#: index in :data:`FOUNDATIONS` of each suit's ace pile (its deuce pile is the next one)
ACE_PILE_OF: Final = {suit: 2 * index for index, suit in enumerate(SUITS)}
NO_BUILDS: Final = (0,) * len(FOUNDATIONS)

#: _WANTED[i][n]: the rank foundation i needs when it holds n cards; 0 once it is complete
_WANTED: Final = tuple(
    (*(ACE_PILE_RANKS if kind == "ace" else DEUCE_PILE_RANKS), 0) for _suit, kind in FOUNDATIONS
)


def foundation_name(index: int) -> str:
    """``hearts ace pile``, ``clubs deuce pile`` …"""
    suit, kind = FOUNDATIONS[index]
    return f"{SUIT_NAMES[suit]} {kind} pile"


#: each foundation's thirteen cards in building order
_FULL_PILES: Final = tuple(
    tuple(card(rank, suit) for rank in (ACE_PILE_RANKS if kind == "ace" else DEUCE_PILE_RANKS))
    for suit, kind in FOUNDATIONS
)


def foundation_card(index: int, position: int) -> Card:
    """The card at ``position`` (0 = the base) of foundation ``index``."""
    return _FULL_PILES[index][position]


def foundation_cards(index: int, count: int) -> tuple[Card, ...]:
    """The cards of foundation ``index`` when it holds ``count`` cards, base first."""
    return _FULL_PILES[index][:count]


def wanted(index: int, count: int) -> Card | None:
    """The card foundation ``index`` needs next when it holds ``count``; None when complete."""
    return _FULL_PILES[index][count] if count < PILE_SIZE else None


class Phase(StrEnum):
    FORMING = "forming"
    DEALING = "dealing"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class TurnCard(WordMove):
    """Forming: turn the next card of the deck; it is kept if its rank is new (B1)."""

    NOTATION = "t"


@dataclass(frozen=True, slots=True)
class Build:
    """Build the top card of ``source`` (``s`` stock, ``w`` waste, ``p`` packet) onto its
    suit's ``a`` (ace) or ``d`` (deuce) pile (B2, B3)."""

    source: str
    pile: str

    def __str__(self) -> str:
        return self.source + self.pile


@dataclass(frozen=True, slots=True)
class DealCard(WordMove):
    """Deal the stock's top card onto the waste (B3)."""

    NOTATION = "d"


@dataclass(frozen=True, slots=True)
class Redeal(WordMove):
    """Turn the waste over, unshuffled, as the stock of the next deal (B4)."""

    NOTATION = "r"


ByTwosMove = TurnCard | Build | DealCard | Redeal | GiveUp
TURN: Final = TurnCard()
DEAL: Final = DealCard()
REDEAL: Final = Redeal()
SOURCES: Final = {"s": "stock", "w": "waste", "p": "packet"}
PILES: Final = {"a": 0, "d": 1}
#: every build move by its notation, in the order legal moves list them
BUILDS: Final = {source + pile: Build(source, pile) for source in SOURCES for pile in PILES}


@dataclass(frozen=True, slots=True)
class ByTwosState:
    """A By Twos position. The packet and the waste list their cards bottom to top (the
    last is on top); the stock and the forming deck list theirs in the order they come
    (the first is on top). ``built`` counts the cards on each of the eight foundations,
    in :data:`FOUNDATIONS` order. ``deal`` is 1, 2 or 3, or 0 while forming. ``kept``,
    ``rejected`` and ``deck`` are the cards of the packet being formed, and are empty
    afterwards. ``legal`` holds the legal moves, worked out once when the state is made."""

    game_id: ClassVar[str] = "bytwos"

    phase: Phase
    options: frozenset[str]
    deal: int
    packet: tuple[Card, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    built: tuple[int, ...]
    kept: tuple[Card, ...] = ()
    rejected: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()
    legal: tuple[ByTwosMove, ...] = field(default=(), compare=False, repr=False)

    @property
    def on_foundations(self) -> int:
        return sum(self.built)

    def available(self) -> tuple[tuple[str, Card], ...]:
        """The cards that may be built now (B3), each with its source letter."""
        found = []
        if self.stock:
            found.append(("s", self.stock[0]))
        if self.waste:
            found.append(("w", self.waste[-1]))
        if self.packet:
            found.append(("p", self.packet[-1]))
        return tuple(found)

    def top_of(self, source: str) -> Card | None:
        """The card on top of ``s``, ``w`` or ``p``, or None when that pile is empty."""
        pile = self.stock[:1] if source == "s" else self.waste if source == "w" else self.packet
        return pile[-1] if pile else None


def forming(
    options: frozenset[str],
    kept: tuple[Card, ...],
    rejected: tuple[Card, ...],
    deck: tuple[Card, ...],
) -> ByTwosState:
    """A position while the packet is being formed: turning a card is the only move."""
    return ByTwosState(
        Phase.FORMING, options, 0, (), (), (), NO_BUILDS, kept, rejected, deck, (TURN,)
    )


def turn_card(state: ByTwosState) -> ByTwosState:
    """B1: turn the deck's next card; keep it if its rank is new, else reject it. The
    thirteenth rank kept completes the packet (the first kept at the bottom), the
    rejected cards go under the rest of the deck in the order rejected, and deal 1
    begins."""
    turned, rest = state.deck[0], state.deck[1:]
    kept, rejected = state.kept, state.rejected
    if any(other.rank == turned.rank for other in kept):
        return forming(state.options, kept, (*rejected, turned), rest)
    kept = (*kept, turned)
    if len(kept) < RANK_COUNT:
        return forming(state.options, kept, rejected, rest)
    return dealing_position(state.options, 1, kept, rest + rejected, (), NO_BUILDS)


def _base_pile(top: Card, built: list[int]) -> int:
    """The foundation ``top`` starts if it is an ace or deuce whose place is empty, else -1."""
    if top.rank > 2:
        return -1
    index = ACE_PILE_OF[top.suit] + top.rank - 1
    return index if built[index] == 0 else -1


def lay_base_cards(
    packet: tuple[Card, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    built: tuple[int, ...],
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[int, ...]]:
    """B2 and B7 (C4): lay each first ace and first deuce of a suit on its place as soon
    as it comes into view, in the order the cards came into view. Each round looks once at
    the top of the packet, of the waste and of the stock, in that order; a card uncovered
    by laying a base came into view later, so it waits for the next round. Two copies of
    one base card in view together (only possible as the first deal starts) therefore
    leave the packet's copy laid."""
    counts = list(built)
    while True:
        laid = False
        if packet and (index := _base_pile(packet[-1], counts)) >= 0:
            packet, counts[index], laid = packet[:-1], 1, True
        if waste and (index := _base_pile(waste[-1], counts)) >= 0:
            waste, counts[index], laid = waste[:-1], 1, True
        if stock and (index := _base_pile(stock[0], counts)) >= 0:
            stock, counts[index], laid = stock[1:], 1, True
        if not laid:
            return packet, stock, waste, tuple(counts)


def card_fits(card: Card, built: tuple[int, ...]) -> bool:
    """Whether ``card`` could go on a foundation as they stand: built on one, or laid as
    the base of its empty place."""
    return bool(_build_mask(card, built)) or _base_pile(card, list(built)) >= 0


def _build_mask(top: Card, built: tuple[int, ...]) -> int:
    """Bit 0: ``top`` may go on its suit's ace pile; bit 1: on its deuce pile."""
    index = ACE_PILE_OF[top.suit]
    rank = top.rank
    return (_WANTED[index][built[index]] == rank) | (
        _WANTED[index + 1][built[index + 1]] == rank
    ) << 1


def _legal_table() -> tuple[tuple[tuple[ByTwosMove, ...], ...], ...]:
    """_LEGAL[extra][mask]: the legal moves when ``mask`` says which builds are possible
    (bits in the order of :data:`BUILDS`) and ``extra`` is 0 (nothing else), 1 (deal) or
    2 (redeal); giving up comes last, and is left out when nothing else is possible."""
    builds = tuple(BUILDS.values())
    table = []
    for extra in (None, DEAL, REDEAL):
        row = []
        for mask in range(1 << len(builds)):
            moves: list[ByTwosMove] = [move for bit, move in enumerate(builds) if mask >> bit & 1]
            if extra is not None:
                moves.append(extra)
            row.append((*moves, GIVE_UP) if moves else ())
        table.append(tuple(row))
    return tuple(table)


_LEGAL: Final = _legal_table()


def dealing_moves(
    deal: int,
    packet: tuple[Card, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    built: tuple[int, ...],
) -> tuple[ByTwosMove, ...]:
    """Every legal move of the dealing phase, in a stable order; empty when the game is
    over. This is the one definition of what may be done: a top card builds on a pile of
    its suit that needs exactly that card next, and on either when both need it (B2, B3,
    B8); the stock's top card may be dealt (B3); an empty stock is refilled from a
    non-empty waste while fewer than three deals have begun (B4); and the game may be
    given up while anything else can be done."""
    mask = 0
    if stock:
        mask = _build_mask(stock[0], built)
    if waste:
        mask |= _build_mask(waste[-1], built) << 2
    if packet:
        mask |= _build_mask(packet[-1], built) << 4
    extra = 1 if stock else 2 if waste and deal < DEALS else 0
    return _LEGAL[extra][mask]


_new_object: Final = object.__new__
#: each slot's own setter, which a frozen dataclass does not block
_SET: Final = {name: getattr(ByTwosState, name).__set__ for name in ByTwosState.__slots__}
_SET_PHASE, _SET_OPTIONS, _SET_DEAL = _SET["phase"], _SET["options"], _SET["deal"]
_SET_PACKET, _SET_STOCK, _SET_WASTE = _SET["packet"], _SET["stock"], _SET["waste"]
_SET_BUILT, _SET_KEPT, _SET_REJECTED = _SET["built"], _SET["kept"], _SET["rejected"]
_SET_DECK, _SET_LEGAL = _SET["deck"], _SET["legal"]


def _make_state(
    phase: Phase,
    options: frozenset[str],
    deal: int,
    packet: tuple[Card, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    built: tuple[int, ...],
    legal: tuple[ByTwosMove, ...],
) -> ByTwosState:
    """A dealing or finished state, made the fast way: setting every slot directly gives
    the same value as the frozen dataclass's own ``__init__`` (a test checks) in a third
    less time, and this runs for every move of every search."""
    state: ByTwosState = _new_object(ByTwosState)
    _SET_PHASE(state, phase)
    _SET_OPTIONS(state, options)
    _SET_DEAL(state, deal)
    _SET_PACKET(state, packet)
    _SET_STOCK(state, stock)
    _SET_WASTE(state, waste)
    _SET_BUILT(state, built)
    _SET_KEPT(state, ())
    _SET_REJECTED(state, ())
    _SET_DECK(state, ())
    _SET_LEGAL(state, legal)
    return state


def dealing_position(
    options: frozenset[str],
    deal: int,
    packet: tuple[Card, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    built: tuple[int, ...],
) -> ByTwosState:
    """A dealing position after its automatic moves, with its phase and legal moves: the
    game is over (B5) when nothing is left to do, which is also the case once all 104
    cards are built."""
    if 0 in built:
        packet, stock, waste, built = lay_base_cards(packet, stock, waste, built)
    legal = dealing_moves(deal, packet, stock, waste, built)
    phase = Phase.DEALING if legal else Phase.FINISHED
    return _make_state(phase, options, deal, packet, stock, waste, built, legal)


def build(state: ByTwosState, move: Build) -> ByTwosState:
    """Move the top card of the move's source onto the named pile of its suit."""
    stock, waste, packet = state.stock, state.waste, state.packet
    if move.source == "s":
        top, stock = stock[0], stock[1:]
    elif move.source == "w":
        top, waste = waste[-1], waste[:-1]
    else:
        top, packet = packet[-1], packet[:-1]
    index = ACE_PILE_OF[top.suit] + PILES[move.pile]
    built = state.built
    built = (*built[:index], built[index] + 1, *built[index + 1 :])
    return dealing_position(state.options, state.deal, packet, stock, waste, built)
