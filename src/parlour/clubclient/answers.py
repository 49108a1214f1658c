"""A club's answers taken for what they must be. A club is outside Parlour: a hostile one,
or anything between the player and a club served over plain HTTP, may answer with escape
sequences, markup or text where a number belongs. What the command line and the app
show of an answer goes through here: a number is shown only if it is an integer (not
``true``, not text), and text only through :func:`shown`."""

from __future__ import annotations

from typing import Any


def number(value: object) -> int | None:
    """``value`` if it is an integer (``True`` and ``False`` are not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def place_words(answer: dict[str, Any]) -> str:
    """Where a round just sent stands, from the club's answer (``": place 3 of 12"``), or
    nothing if the answer gives no place as a number."""
    place, players = number(answer.get("place")), number(answer.get("players"))
    if not place:
        return ""
    return f": place {place} of {'?' if players is None else players}"
