"""The text forms of positions that every game shares: ``name: value`` fields under the
game's id, piles of cards, and rule options.

>>> format_fields("golf", [("stock", format_pile(())), ("options", format_options({"b", "a"}))])
'golf\\nstock: -\\noptions: a,b\\n'
>>> parse_options("a, b") == frozenset({"a", "b"})
True
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

from parlour.engine.cards import Card
from parlour.engine.cards import format_cards
from parlour.engine.cards import parse_cards
from parlour.engine.errors import NotationError
from parlour.engine.untrusted import shown


def format_fields(game_id: str, fields: Iterable[tuple[str, str]]) -> str:
    """Write a position: the game id on the first line, then ``name: value`` lines."""
    lines = [game_id]
    lines.extend(f"{name}: {value}" if value else f"{name}:" for name, value in fields)
    return "\n".join(lines) + "\n"


def parse_fields(text: str, game_id: str, names: Sequence[str]) -> dict[str, str]:
    """Read a position written by :func:`format_fields`, requiring exactly ``names``."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or lines[0] != game_id:
        found = lines[0] if lines else "nothing"
        raise NotationError(f"a {game_id} position starts with the line {game_id!r}, not {found!r}")
    fields: dict[str, str] = {}
    for number, line in enumerate(lines[1:], start=2):
        name, colon, value = line.partition(":")
        name = name.strip()
        if not colon or name not in names:
            raise NotationError(f"position line {number}: expected one of {', '.join(names)}")
        if name in fields:
            raise NotationError(f"position line {number}: {name} given twice")
        fields[name] = value.strip()
    missing = [name for name in names if name not in fields]
    if missing:
        raise NotationError(f"the position lacks {', '.join(missing)}")
    return fields


def format_pile(cards: Iterable[Card]) -> str:
    """Cards of one pile, first (bottom) to last (top); ``-`` when empty."""
    text = format_cards(cards)
    return text or "-"


def parse_pile(text: str) -> tuple[Card, ...]:
    """Read a pile written by :func:`format_pile`."""
    return () if text.strip() == "-" else parse_cards(text)


def format_options(options: Iterable[str]) -> str:
    return ",".join(sorted(options)) or "none"


def parse_options(text: str) -> frozenset[str]:
    """Rule options as Parlour writes them (:func:`format_options`), read leniently: for
    text from outside (a record's ``Options:`` line) :func:`read_options` is the check."""
    text = text.strip()
    if text in ("", "none", "-"):
        return frozenset()
    return frozenset(part.strip() for part in text.split(",") if part.strip())


def read_options(text: str) -> frozenset[str]:
    """A record's rule options: ``none`` (or nothing), or names separated by commas, each
    named once. :class:`NotationError` at the first name given twice, a name left empty
    between commas, or ``none`` among names (it says there are none); which names a game
    has is its rules' check (``check_options``).

    >>> sorted(read_options("free-stock, b")), read_options("none")
    (['b', 'free-stock'], frozenset())
    >>> read_options("free-stock," * 3)
    Traceback (most recent call last):
    ...
    parlour.engine.errors.NotationError: the rule option free-stock is named twice
    """
    text = text.strip()
    if text in ("", "none", "-"):
        return frozenset()
    chosen: set[str] = set()
    for part in text.split(","):
        name = part.strip()
        if not name:
            raise NotationError("a rule option with no name (a comma with nothing after it?)")
        if name in ("none", "-"):
            raise NotationError(f"{name} (no rule option) named with rule options")
        if name in chosen:
            raise NotationError(f"the rule option {shown(name, limit=40)} is named twice")
        chosen.add(name)
    return frozenset(chosen)


def small_number(text: str, digits: int = 9) -> int | None:
    """The whole number ``text`` writes in at most ``digits`` ASCII digits, else None.
    ``str.isdigit`` alone is not the test: it passes digits that ``int`` refuses ("²"),
    and numbers of thousands of digits, which ``int`` refuses as well.

    >>> small_number("07"), small_number("²"), small_number("1" * 10), small_number("-1")
    (7, None, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None
