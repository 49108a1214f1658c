"""By Twos: when the packet's order already rules out a win, and why (ruling B9).

Nearly every deal of By Twos is lost, and about half of them are lost the moment the
packet is made, by its order alone. This module finds that out from what the player has
seen: the packet's cards in their order (every one of them was shown as it was kept, B6)
and the foundations. It never looks at the stock or the waste.

**The argument.** Take one suit. Its ace pile takes the ranks A 3 5 7 9 J K 2 4 6 8 10 Q
and its deuce pile 2 4 6 8 10 Q A 3 5 7 9 J K, each exactly in that order, one card to a
*place*; a pile holding ``n`` cards has its first ``n`` places filled for good.

*Claim.* Let ``c1, c2, …, cm`` be the packet's cards of that suit, top first. If a line
of play from this position builds every one of them, then each ``ci`` can be given a pile
``Pi`` of its suit so that (a) the place of ``ci``'s rank on ``Pi`` is not yet filled, and
(b) whenever ``i < j`` and ``Pi = Pj``, the place of ``ci`` on that pile comes before the
place of ``cj``.

*Proof.* A card leaves the packet only by being built (a base laid from the packet is
built too), and only the top card can be, so the line builds ``c1``, then ``c2`` and so
on, each at a later move than the one before. Let ``Pi`` be the pile ``ci`` is built on.
It goes on the first empty place of ``Pi``, which is the place of its rank there, so that
place was empty in this position: (a). If ``i < j`` and both go on the same pile, ``ci``
is built first; a pile fills its places in order, so ``ci``'s place comes first: (b).

A win builds all 104 cards, the packet's among them. So when no choice of piles meets (a)
and (b) for some suit, no line of play wins: the deal is lost, whatever the hidden cards
are. The converse is not claimed: a deal this finds no fault with may still be lost (it
almost always is), by the order of the stock.

*While the packet is formed.* The cards kept so far will lie at the bottom of the packet,
in their order, with the foundations still empty; every card kept later goes on top. A
choice of piles for the whole packet gives one for the cards kept so far, so when these
cannot be shared out, neither can the packet: the deal is lost before the packet is made.

*It stays lost.* If a position is lost by this test, so is every position after it. A
card kept goes on top of the others (above). Dealing and turning the waste over change
neither the packet nor the foundations. A card built from the stock or the waste only
fills a place, which takes choices away from (a). Building the packet's top card ``c1``
on a pile (by hand, or as a base laid for the player) fills its place there; a choice of
piles for ``c2 … cm`` that met (a) and (b) afterwards would meet them before too with
``c1`` on that pile (its place was the first empty one, before every other empty place),
so there is none. Undoing a move is the only way back. Hence the player is told once, at
the first position lost by this test, and reminded in a few words after that.

**Checking it.** The packet's cards of a suit are read top first, keeping every way of
sharing them out so far as the last place taken on each pile: a card may follow on a pile
whose last place taken comes before its own. The reason given names a smallest set of the
suit's packet cards that cannot be shared out (the lowest in the packet of its size, so
that it stays the same while cards are kept on top of it), in one of four wordings:

- Same-parity ranks lie in the same order on both piles (3 before 5 before 9 on each), so
  two of them lying the wrong way round in the packet (9 above 3) need a pile each, and
  three (9 above 5 above 3) would need three piles. Most packets that lose lose this way
  (3,641 of the 4,785 lost when made in seeds 1 to 10,000; docs/analysis.md).
- Two such pairs of different parity, one pair above the other: the pile that takes the
  lower pair's parity first (odd cards on the ace pile, even ones on the deuce pile) gets
  a card of the upper pair before the lower pair comes off, and can then take neither of
  it. Nearly all the other packets that lose when they are made lose this way (1,055).
- A chain: the first card can go on one pile only (the other pile already has its copy,
  or must take a card above it in the packet that comes later on the pile), then so can
  the next, given where the ones before it went, until a card can go on neither. This is
  how a build of the player's loses a deal, by filling a place a packet card needed (all
  4,486 times the hint player's builds did so in those deals).
- Any other set is named with what each pile still takes.

>>> from parlour.engine.cards import parse_cards
>>> can_share(parse_cards("9S 5S 3S"), 1, 1)  # top first: each pile takes 3 before 9
False
>>> can_share(parse_cards("3S 5S 9S"), 1, 1)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from parlour.engine.cards import RANK_NAMES
from parlour.engine.cards import SUIT_NAMES
from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import ACE_PILE_RANKS
from parlour.engine.games.bytwos_state import DEUCE_PILE_RANKS
from parlour.engine.games.bytwos_state import PILE_KINDS
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase

#: the ranks of an ace pile (kind 0) and of a deuce pile (kind 1), in building order
_PILE_RANKS: Final = (ACE_PILE_RANKS, DEUCE_PILE_RANKS)
#: _PLACE[kind][rank]: where a rank lies on a pile of that kind
_PLACE: Final = tuple({rank: place for place, rank in enumerate(ranks)} for ranks in _PILE_RANKS)


@dataclass(frozen=True, slots=True)
class PacketBlock:
    """Why the packet rules out a win: ``cards``, some of its cards of ``suit`` (top
    first), cannot be built on that suit's piles, which hold ``ace`` and ``deuce`` cards;
    no card can be left out of ``cards`` without that changing."""

    suit: str
    cards: tuple[Card, ...]
    ace: int
    deuce: int


def can_share(cards: Sequence[Card], ace: int, deuce: int) -> bool:
    """Whether ``cards``, of one suit and in the order they come off the packet, can be
    given the suit's piles, holding ``ace`` and ``deuce`` cards, so that each card's place
    on its pile is still empty and each pile takes its cards in its own order."""
    # every way of sharing out the cards so far, as the last place taken on each pile
    ways = {(ace - 1, deuce - 1)}
    for card in cards:
        on_ace, on_deuce = _PLACE[0][card.rank], _PLACE[1][card.rank]
        ways = {
            way
            for last_ace, last_deuce in ways
            for way, fits in (
                ((on_ace, last_deuce), on_ace > last_ace),
                ((last_ace, on_deuce), on_deuce > last_deuce),
            )
            if fits
        }
        if not ways:
            return False
    return True


def packet_cards(state: ByTwosState) -> tuple[Card, ...]:
    """The packet's cards top first: while it is being formed, the cards kept so far (the
    cards still to be kept will lie on top of them)."""
    pile = state.kept if state.phase is Phase.FORMING else state.packet
    return tuple(reversed(pile))


def packet_block(state: ByTwosState) -> PacketBlock | None:
    """Why the packet's order rules out a win from ``state`` (module docstring), or None
    when it does not. Of the suits that block, the one with the fewest cards to show."""
    if state.phase is Phase.FINISHED:
        return None
    packet = packet_cards(state)
    found: PacketBlock | None = None
    for suit in SUITS:
        ace_pile = ACE_PILE_OF[suit]
        ace, deuce = state.built[ace_pile], state.built[ace_pile + 1]
        own = tuple(card for card in packet if card.suit == suit)
        if can_share(own, ace, deuce):
            continue
        cards = _fewest(own, ace, deuce)
        if found is None or len(cards) < len(found.cards):
            found = PacketBlock(suit, cards, ace, deuce)
    return found


def _fewest(cards: tuple[Card, ...], ace: int, deuce: int) -> tuple[Card, ...]:
    """A smallest set of ``cards`` (top first, and kept so) that cannot be shared out: of
    those of its size, the one lying lowest in the packet, so that the same set is named
    while cards are kept on top of it and while cards above it are built."""
    for size in range(1, len(cards) + 1):
        for chosen in combinations(reversed(cards), size):
            if not can_share(chosen[::-1], ace, deuce):
                return chosen[::-1]
    raise ValueError("the cards can be shared out")  # pragma: no cover - checked before


def lost_reason(state: ByTwosState) -> str | None:
    """The sentence saying why the packet's order rules out a win from ``state``, or
    None when it does not (or the game is over)."""
    block = packet_block(state)
    return None if block is None else explain(block)


def explain(block: PacketBlock) -> str:
    """``block`` in words the player can check against the packet and the foundations."""
    suit, named = SUIT_NAMES[block.suit], [str(card) for card in block.cards]
    shape = block_shape(block)
    if shape == "triple":
        high, middle, low = named
        return (
            f"This deal can no longer be won: in the packet {high} lies above {middle} and "
            f"{middle} above {low}, but both {suit} piles take {low} before {middle} before "
            f"{high}, so each pile can take only one of the three (B9)."
        )
    if shape == "pairs":
        return _explain_pairs(block)
    if len(named) == 1:
        lying = f"{named[0]} is in the packet"
    elif len(named) == 2:
        lying = f"in the packet {named[0]} lies above {named[1]}"
    else:
        listed = f"{', '.join(named[:-1])} and {named[-1]}"
        lying = f"in the packet {listed} lie in that order from the top"
    steps = _forced_steps(block)
    if steps is not None:
        return f"This deal can no longer be won: {lying}. {_chain_words(block, steps)} (B9)."
    return (
        f"This deal can no longer be won: {lying}, and there is no sharing them between "
        f"the {suit} ace pile ({_still_takes(0, block.ace)}) and the {suit} deuce pile "
        f"({_still_takes(1, block.deuce)}) that gives each pile its cards in its own order "
        f"(B9)."
    )


def block_shape(block: PacketBlock) -> str:
    """How ``block`` is explained: ``triple`` (three cards of one parity, higher above
    lower), ``pairs`` (two such pairs of different parities, one above the other),
    ``chain`` (card after card has only one pile left, until one has none) or ``other``
    (the cards, with what each pile still takes)."""
    if _falling_triple(block):
        return "triple"
    if _falling_pairs(block):
        return "pairs"
    return "other" if _forced_steps(block) is None else "chain"


#: why a pile cannot take a card: its place is filled, or it comes before a card of the
#: packet's that the pile must take first (named)
_Why = tuple[int, Card | None]


def _forced_steps(block: PacketBlock) -> list[tuple[Card, int, tuple[_Why, ...]]] | None:
    """When each card of ``block`` in turn can go on one pile only, given where the cards
    before it had to go, until a card can go on neither: each card with that pile (or -1
    for the last) and why the other piles cannot take it. None when some card has a
    choice."""
    counts = (block.ace, block.deuce)
    last: list[Card | None] = [None, None]
    steps: list[tuple[Card, int, tuple[_Why, ...]]] = []
    for card in block.cards:
        barred: list[_Why] = []
        for kind in (0, 1):
            place, before = _PLACE[kind][card.rank], last[kind]
            if place < counts[kind]:
                barred.append((kind, None))
            elif before is not None and place < _PLACE[kind][before.rank]:
                barred.append((kind, before))
        if not barred:
            return None
        if len(barred) == 2:
            steps.append((card, -1, tuple(barred)))
            return steps
        pile = 1 - barred[0][0]
        steps.append((card, pile, tuple(barred)))
        last[pile] = card
    return None  # pragma: no cover - a block cannot be shared out


def _chain_words(block: PacketBlock, steps: list[tuple[Card, int, tuple[_Why, ...]]]) -> str:
    """``2D can go only on the diamonds ace pile (the deuce pile has its 2D); JD then only
    on the deuce pile (…); and 7D on neither (…)``."""
    suit = SUIT_NAMES[block.suit]
    said = []
    for number, (card, pile, barred) in enumerate(steps):
        why = ", ".join(_why_not(card, kind, before) for kind, before in barred)
        if pile < 0:
            where = f"{card} on neither" if number else f"{card} can go on neither {suit} pile"
        elif number:
            where = f"{card} then only on the {PILE_KINDS[pile]} pile"
        else:
            where = f"{card} can go only on the {suit} {PILE_KINDS[pile]} pile"
        said.append(f"{where} ({why})")
    text = said[0] if len(said) == 1 else "; ".join(said[:-1]) + f"; and {said[-1]}"
    return text[:1].upper() + text[1:]


def _why_not(card: Card, kind: int, before: Card | None) -> str:
    pile = f"the {PILE_KINDS[kind]} pile"
    if before is None:
        return f"{pile} has its {card}"
    return f"{pile} takes {card} before {before}"


def _explain_pairs(block: PacketBlock) -> str:
    """Each pair needs both piles; the pile that takes the lower pair's parity first gets
    one of the upper pair before the lower pair comes off, and then takes neither of it."""
    suit = SUIT_NAMES[block.suit]
    high, low, high2, low2 = (str(card) for card in block.cards)
    if block.cards[0].rank % 2:  # odd cards above: the deuce pile takes its even cards first
        pile, upper, lower, first = "deuce", "odd", "even", "2 to Q"
    else:
        pile, upper, lower, first = "ace", "even", "odd", "A to K"
    return (
        f"This deal can no longer be won: in the packet {high} lies above {low}, and below "
        f"them {high2} above {low2}. Each {suit} pile takes {low} before {high} and {low2} "
        f"before {high2}, so it can take only one card of each pair. So the {pile} pile "
        f"takes {high} or {low} before {high2} and {low2} come off, and after an {upper} "
        f"card it takes no {lower} one (its {lower} cards, {first}, come first): it can "
        f"take neither {high2} nor {low2} (B9)."
    )


def _free(block: PacketBlock) -> bool:
    """Whether each card of ``block`` still has its place empty on both piles."""
    return all(
        _PLACE[0][card.rank] >= block.ace and _PLACE[1][card.rank] >= block.deuce
        for card in block.cards
    )


def _falling_triple(block: PacketBlock) -> bool:
    """Three cards of one parity, higher above lower, each free to go on either pile."""
    cards = block.cards
    if len(cards) != 3 or len({card.rank % 2 for card in cards}) != 1:
        return False
    return cards[0].rank > cards[1].rank > cards[2].rank and _free(block)


def _falling_pairs(block: PacketBlock) -> bool:
    """Two pairs, each of one parity and higher above lower, the pair above of the other
    parity than the pair below, each card free to go on either pile."""
    cards = block.cards
    if len(cards) != 4:
        return False
    upper, lower = cards[:2], cards[2:]
    parities = [{card.rank % 2 for card in pair} for pair in (upper, lower)]
    if len(parities[0]) != 1 or len(parities[1]) != 1 or parities[0] == parities[1]:
        return False
    return upper[0].rank > upper[1].rank and lower[0].rank > lower[1].rank and _free(block)


def _still_takes(kind: int, count: int) -> str:
    """``which still takes 5 7 9 J K 2 4 6 8 10 Q``, or ``which is complete``."""
    ranks = _PILE_RANKS[kind][count:]
    if not ranks:
        return "which is complete"
    return "which still takes " + " ".join(RANK_NAMES[rank - 1] for rank in ranks)


def lost_reminder(state: ByTwosState) -> str:
    """A short sentence for every prompt once the packet rules out a win, or ""."""
    block = packet_block(state)
    return "" if block is None else f"The packet's {SUIT_NAMES[block.suit]} rule out a win."


def lost_news(before: ByTwosState, after: ByTwosState) -> str:
    """What to tell the player once (B9): the reason, with leave to play on, at the first
    position whose packet rules out a win (a packet still being formed included); ""
    before and after that."""
    if packet_block(before) is not None:
        return ""  # said already: a lost position stays lost (module docstring)
    reason = lost_reason(after)
    if reason is None:
        return ""
    if before.phase is Phase.DEALING:  # a move of the player's did it
        return f"{reason} You can take the move back, or play on for the score."
    return f"{reason} You can play on for the score."
