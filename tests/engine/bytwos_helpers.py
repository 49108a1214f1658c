"""Build By Twos positions and decks for rule tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from parlour.engine.cards import Card
from parlour.engine.cards import parse_cards
from parlour.engine.deals import fresh_deck
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_text import FOUNDATION_FIELDS

DOUBLE_PACK = Counter(fresh_deck(104))

#: a deal lost by its packet (B9): seed 2 keeps 2♥ (turn 4), 4♥ (turn 7) and 10♥ (turn
#: 19), so that 10♥ lies above 4♥ above 2♥
LOST_SEED = 2
LOST_AT_TURN = 19
LOST_REASON = (
    "This deal can no longer be won: in the packet 10H lies above 4H and 4H above 2H, but "
    "both hearts piles take 2H before 4H before 10H, so each pile can take only one of the "
    "three (B9)."
)
#: what every prompt says after that
REMINDER = "The packet's hearts rule out a win."


def counts(**piles: int) -> tuple[int, ...]:
    """Foundation counts in display order; every pile holds its base card unless named
    (``hearts_ace=3`` gives the hearts ace pile AH 3H 5H)."""
    names = [name.replace(" ", "_") for name in FOUNDATION_FIELDS]
    unknown = set(piles) - set(names)
    assert not unknown, f"no such pile: {unknown}"
    return tuple(piles.get(name, 1) for name in names)


def leftover(*placed: Card, built: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of the double pack not on the foundations nor among ``placed``, in fresh
    order; fails if a card is placed more than twice."""
    used = Counter(placed)
    for index, count in enumerate(built):
        used.update(foundation_cards(index, count))
    over = [str(card) for card, times in used.items() if times > DOUBLE_PACK[card]]
    assert not over, f"placed more than twice: {over}"
    return tuple((DOUBLE_PACK - used).elements())


def position(
    *,
    packet: str = "",
    stock: str = "",
    waste: str = "",
    built: Mapping[str, int] | None = None,
    deal: int = 1,
    rest: str | None = None,
) -> ByTwosState:
    """A dealing position: piles written bottom to top, except the stock, written top
    first. ``rest`` puts every other card of the double pack under the ``stock`` or under
    the ``waste``, so that the position holds all 104 cards."""
    piles = counts(**(built or {}))
    packet_cards, stock_cards = parse_cards(packet), parse_cards(stock)
    waste_cards = parse_cards(waste)
    others = leftover(*packet_cards, *stock_cards, *waste_cards, built=piles)
    if rest == "stock":
        stock_cards += others
    elif rest == "waste":
        waste_cards = others + waste_cards
    else:
        assert rest is None, rest
    return BYTWOS.position(
        packet=packet_cards, stock=stock_cards, waste=waste_cards, built=piles, deal=deal
    )


def deck_starting(first: str) -> tuple[Card, ...]:
    """A complete double deck whose first cards are ``first``; the rest in fresh order."""
    start = parse_cards(first)
    return start + leftover(*start, built=(0,) * 8)


def pile(state: ByTwosState, name: str) -> tuple[Card, ...]:
    """The cards of a foundation by its position name (``hearts ace``), base first."""
    index = FOUNDATION_FIELDS.index(name)
    return foundation_cards(index, state.built[index])
