"""Small pieces of English the games' words share.

>>> counted(1, "card"), counted(3, "card")
('1 card', '3 cards')
>>> listing(["a"]), listing(["a", "b"]), listing(["a", "b", "c"], "and")
('a', 'a or b', 'a, b and c')
>>> rank_plural(4), rank_plural(11), NUMBER_WORDS[3]
('4s', 'jacks', 'three')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import RANK_NAMES

#: small counts as words
NUMBER_WORDS: Final = ("no", "one", "two", "three", "four")


def counted(number: int, noun: str) -> str:
    """``1 card``, ``2 cards``: a number and its noun, plural unless the number is one."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def listing(items: Sequence[str], last: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c`` (``last`` joins the last two)."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def rank_plural(rank: int) -> str:
    """``4s``, ``10s``, ``jacks`` …: cards of one rank."""
    return {11: "jacks", 12: "queens", 13: "kings"}.get(rank, f"{RANK_NAMES[rank - 1]}s")
