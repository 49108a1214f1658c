"""Build Golf positions from a picture of the links, for rule tests."""

from __future__ import annotations

from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_cards
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import GolfState


def position(
    columns: list[str],
    foundation: str,
    stock: str = "",
    options: frozenset[str] = frozenset(),
) -> GolfState:
    """A position with the given columns (bottom to top, up to seven), foundation top card
    and stock. Every other card of the pack lies under the foundation, so none is lost."""
    piles = tuple(parse_cards(text) for text in columns) + ((),) * (7 - len(columns))
    top = parse_cards(foundation)
    stock_cards = parse_cards(stock)
    used: set[Card] = {*top, *stock_cards, *(c for pile in piles for c in pile)}
    below = tuple(c for c in full_pack() if c not in used)
    return GOLF.position(piles, (*below, *top), stock_cards, options)
