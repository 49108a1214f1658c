"""Deals: a seed or an explicit deck becomes the ordered deck of a game (ruling C2).

Parlour's shuffle is a Fisher–Yates shuffle driven only by
``random.Random(seed).random()``, starting from the fresh order of
:func:`parlour.engine.cards.full_pack` (one pack, or two packs one after the
other). For ``i`` from the last index down to 1, ``j = int(random() * (i + 1))``
and cards ``i`` and ``j`` swap. ``random.shuffle`` is never used: its algorithm
is not promised to stay the same, and this one is pinned by golden tests.

>>> [str(c) for c in deck_from_seed(1)[:5]]
['9S', '9H', '2H', '4C', '3D']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.cards import format_cards
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_cards
from parlour.engine.errors import DealError
from parlour.engine.errors import NotationError

MAX_SEED: Final = 2**63 - 1
_PACK: Final = frozenset(full_pack())


#: the longest text read as a seed (2**63 - 1 has 19 digits; leading zeros and
#: underscores between digits are allowed up to this length)
MAX_SEED_TEXT: Final = 40


def shown(value: object, limit: int = 30) -> str:
    """``value`` as it may appear in a message: its repr, cut short if long."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def check_seed(seed: object) -> int:
    """Return the seed as an int if it is a whole number in 0 … 2**63 − 1, else raise.
    Text must be ASCII digits (``_`` may part them), at most :data:`MAX_SEED_TEXT` long.

    >>> check_seed("1_000")
    1000
    >>> check_seed("²³")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.engine.errors.DealError: a seed must be a whole number ... not '²³'
    """
    wanted = f"a seed must be a whole number from 0 to {MAX_SEED}"
    given = seed  # (named in a refusal as the player wrote it)
    if isinstance(seed, bool):
        raise DealError(f"{wanted}, not {shown(seed)}")
    if isinstance(seed, str):
        text = seed.strip().replace("_", "")
        if len(seed) > MAX_SEED_TEXT:
            raise DealError(f"{wanted}; {shown(seed)} is far too long")
        if not (text.isascii() and text.isdigit()):
            raise DealError(f"{wanted}, not {shown(seed)}")
        seed = int(text)
    if not isinstance(seed, int):
        raise DealError(f"{wanted}, not {shown(seed)}")
    if not 0 <= seed <= MAX_SEED:
        raise DealError(f"{wanted}, not {shown(given)}")
    return seed


def fresh_deck(size: int = 52) -> tuple[Card, ...]:
    """One pack (52) or two packs (104) in fresh order."""
    if size not in (52, 104):
        raise DealError(f"a deck has 52 or 104 cards, not {size}")
    return full_pack() * (size // 52)


def shuffle(cards: Sequence[Card], seed: int) -> tuple[Card, ...]:
    """Parlour's documented shuffle of ``cards`` for ``seed``."""
    rng = random.Random(check_seed(seed))
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def deck_from_seed(seed: int, size: int = 52) -> tuple[Card, ...]:
    """The deck a seed deals: the fresh deck of ``size`` cards, shuffled."""
    return shuffle(fresh_deck(size), seed)


def check_deck(cards: Sequence[Card], size: int = 52) -> tuple[Card, ...]:
    """Raise :class:`DealError` unless ``cards`` is a complete deck of ``size`` cards."""
    deck = tuple(cards)
    copies = size // 52
    if len(deck) != size:
        raise DealError(f"a deck for this game has {size} cards, this one has {len(deck)}")
    distinct = set(deck)
    if len(distinct) == 52 and distinct <= _PACK and copies == 1:
        return deck  # the common case, checked cheaply
    counts = Counter(deck)
    extra = sorted(c for c, n in counts.items() if n > copies)
    if extra:
        times = "once" if copies == 1 else "twice"
        missing = sorted(c for c in fresh_deck(size)[:52] if counts[c] < copies)
        raise DealError(
            f"each card must appear {times}: too many {format_cards(extra)}"
            + (f", missing {format_cards(missing)}" if missing else "")
        )
    return deck


def parse_deck(text: str, size: int = 52) -> tuple[Card, ...]:
    """Read an explicit deck (cards in C1 notation, first dealt first) and check it."""
    try:
        cards = parse_cards(text)
    except NotationError as error:
        raise DealError(f"bad deck: {error}") from None
    return check_deck(cards, size)
