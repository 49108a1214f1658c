"""Playing cards and their text notation (ruling C1).

A card is written rank then suit: ``AS``, ``7H``, ``10D``, ``QC``. Parsers also
accept ``T`` for ten and lower case; output always uses the canonical form.

>>> parse_card("td")
Card(10D)
>>> str(parse_card("td"))
'10D'
>>> [str(card) for card in parse_cards("as 7h QC")]
['AS', '7H', 'QC']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from parlour.engine.errors import NotationError

SUITS: Final = ("C", "D", "H", "S")
RED_SUITS: Final = frozenset({"D", "H"})
RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_GLYPHS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES: Final = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS: Final = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

_RANK_BY_TEXT: Final = {name: rank for rank, name in enumerate(RANK_NAMES, start=1)} | {"T": 10}


class Card:
    """One playing card. ``rank`` runs 1 (ace) to 13 (king); ``suit`` is C, D, H or S.

    Cards are immutable values; each of the 52 exists once (see :func:`card`), so they
    compare, hash and print cheaply. They order by rank, then suit.
    """

    __slots__ = ("_key", "_text", "rank", "suit")

    rank: int
    suit: str
    _key: int
    _text: str

    def __init__(self, rank: int, suit: str) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "_key", rank * 4 + SUITS.index(suit))
        object.__setattr__(self, "_text", RANK_NAMES[rank - 1] + suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        return (card, (self.rank, self.suit))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._key == other._key
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        return self._key < other._key

    def __le__(self, other: Card) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Card) -> bool:
        return self._key > other._key

    def __ge__(self, other: Card) -> bool:
        return self._key >= other._key

    def __hash__(self) -> int:
        return self._key

    def __repr__(self) -> str:
        return f"Card({self._text})"

    def __str__(self) -> str:
        return self._text

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def rank_name(self) -> str:
        """The rank as written in notation: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return RANK_NAMES[self.rank - 1]

    def glyph(self) -> str:
        """The card with a suit symbol, for display: ``10♦``."""
        return RANK_NAMES[self.rank - 1] + SUIT_GLYPHS[self.suit]

    def words(self) -> str:
        """The card in words: ``seven of hearts``."""
        return f"{RANK_WORDS[self.rank - 1]} of {SUIT_NAMES[self.suit]}"


def _build_cards() -> dict[tuple[int, str], Card]:
    return {(rank, suit): Card(rank, suit) for suit in SUITS for rank in range(1, 14)}


_CARDS: Final = _build_cards()
_BY_TEXT: Final = {
    text + c.suit: c
    for c in _CARDS.values()
    for text, rank in _RANK_BY_TEXT.items()
    if rank == c.rank
}


def card(rank: int, suit: str) -> Card:
    """The (shared) card of this rank and suit."""
    try:
        return _CARDS[rank, suit]
    except KeyError:
        raise NotationError(f"there is no card of rank {rank!r} and suit {suit!r}") from None


def parse_card(text: str) -> Card:
    """Read one card in C1 notation; raise :class:`NotationError` if it is not one."""
    found = _BY_TEXT.get(text)
    if found is not None:
        return found
    cleaned = text.strip().upper()
    found = _BY_TEXT.get(cleaned)
    if found is not None:
        return found
    if len(cleaned) < 2:
        raise NotationError(f"{text!r} is not a card (write rank then suit, like 7H or 10D)")
    rank_text, suit = cleaned[:-1], cleaned[-1]
    if suit not in SUITS:
        raise NotationError(f"{text!r} is not a card: the suit must be one of C, D, H, S")
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise NotationError(
            f"{text!r} is not a card: the rank must be one of A 2 3 4 5 6 7 8 9 10 J Q K"
        )
    return _CARDS[rank, suit]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas."""
    return tuple(parse_card(word) for word in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards separated by single spaces (the inverse of :func:`parse_cards`)."""
    return " ".join([c._text for c in cards])


def full_pack() -> tuple[Card, ...]:
    """One pack in Parlour's fresh order: clubs, diamonds, hearts, spades, each ace to king."""
    return tuple(_CARDS[rank, suit] for suit in SUITS for rank in range(1, 14))
