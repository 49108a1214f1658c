"""Players: every game, game in progress and round belongs to one, by name.

A name is what the player types (``--player ann``, the ``player`` setting): one to 32
characters, letters of any alphabet, digits, spaces and ``- _ . '``, with spaces at
either end dropped. Without one, the player is the login name of whoever runs Parlour.

>>> check_player("  Ann Smith ")
'Ann Smith'
>>> check_player("")
Traceback (most recent call last):
...
ValueError: a player's name needs at least one letter or digit
"""

from __future__ import annotations

import getpass
from typing import Final

MAX_LENGTH: Final = 32
_ALSO_ALLOWED: Final = frozenset(" -_.'")


def check_player(name: str) -> str:
    """The name, tidied, or ``ValueError`` saying what is wrong with it."""
    name = name.strip()
    if not any(c.isalnum() for c in name):
        raise ValueError("a player's name needs at least one letter or digit")
    if len(name) > MAX_LENGTH:
        raise ValueError(f"a player's name has at most {MAX_LENGTH} characters")
    wrong = sorted({c for c in name if not (c.isalnum() or c in _ALSO_ALLOWED)})
    if wrong:
        shown = " ".join(repr(c) for c in wrong)
        raise ValueError(
            f"a player's name has letters, digits, spaces and - _ . ' only, not {shown}"
        )
    return name


def default_player() -> str:
    """The login name (tidied), or ``player`` where there is none usable."""
    try:
        return check_player(getpass.getuser())
    except (ValueError, OSError, KeyError):
        return "player"
