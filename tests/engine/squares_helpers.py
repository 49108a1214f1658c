"""Build Three Squares positions and decks from pictures, for rule tests."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_state import SquaresState


def position(
    heaps: Mapping[str, str],
    pack: str = "",
    *,
    rest: str = "pack",
    next_deal: int = 1,
    squares: int = 3,
) -> SquaresState:
    """A building position. ``heaps`` maps heap names (``1a`` …) to their cards, bottom to
    top; unnamed heaps are empty. ``pack`` lists the first cards of the pack, next first.
    Every card not named goes to the end of the pack (``rest="pack"``) or under the cards
    of the heap named by ``rest``, in Parlour's fresh order (ace to king, so no two of
    them form a run)."""
    piles = [parse_cards(heaps.get(name, "")) for name in HEAP_NAMES[: 4 * squares]]
    unknown = set(heaps) - set(HEAP_NAMES[: 4 * squares])
    assert not unknown, f"no such heaps: {unknown}"
    pack_cards = parse_cards(pack)
    used = {*pack_cards, *(c for pile in piles for c in pile)}
    leftover = tuple(c for c in full_pack() if c not in used)
    if rest == "pack":
        pack_cards += leftover
    else:
        piles[HEAP_INDEX[rest]] = leftover + piles[HEAP_INDEX[rest]]
    return SQUARES.position(piles, pack_cards, next_deal, squares)


def deck(text: str) -> tuple[Card, ...]:
    """A whole deck: the cards written, then every other card in fresh order."""
    first = parse_cards(text)
    return first + tuple(c for c in full_pack() if c not in first)


def heap(state: SquaresState, name: str) -> str:
    """A heap's cards as text, bottom to top (``""`` when empty)."""
    return " ".join(str(c) for c in state.heaps[HEAP_INDEX[name]])


def suit_run(top: str, length: int = 13) -> str:
    """A run of one suit, written bottom to top, that ends with the card ``top``:
    ``suit_run("8H", 3)`` is ``"10H 9H 8H"`` (ranks wrap: ``suit_run("AS", 3)`` is
    ``"3S 2S AS"``)."""
    last = parse_card(top)
    ranks = [(last.rank - 1 + offset) % 13 + 1 for offset in range(length)]
    return " ".join(
        str(parse_card(f"{'A23456789TJQK'[r - 1]}{last.suit}")) for r in reversed(ranks)
    )


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def ascending(suit: str) -> str:
    """A whole suit, lowest at the bottom: no card of it lies on its next-higher card."""
    return " ".join(f"{rank}{suit}" for rank in RANKS)
