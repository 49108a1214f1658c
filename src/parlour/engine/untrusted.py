"""Text that came from outside Parlour, made safe to show.

A record's ``Player:`` line, a setting's value, a file's name: anything read from a file,
a setting, a browser or another process may hold characters that a terminal obeys rather
than shows (escape sequences that retitle the window, clear the screen or write the
clipboard; C1 controls; bidirectional overrides that make text read backwards).
:func:`shown` is the one function that turns such text into characters that are only
shown: every control and invisible formatting character is written as a visible escape
(``\\x1b``, ``\\u202e``), as Python's ``repr`` would write it.

It does not escape Rich or Textual markup, which is a matter for the layer that draws
(``rich.markup.escape``, or a ``Text``/``Content`` that is never parsed as markup); the
engine only promises that a string passed through :func:`shown` holds no character a
terminal would act on.

>>> shown("ann\\x1b]0;owned\\x07")
'ann\\\\x1b]0;owned\\\\x07'
>>> shown("bob\\u202etxt.exe")
'bob\\\\u202etxt.exe'
>>> shown("Zoë ♠ 10")
'Zoë ♠ 10'
>>> shown("two\\nlines")
'two\\\\nlines'
"""

from __future__ import annotations

import unicodedata
from typing import Final

#: the categories whose characters are acted on or invisible rather than shown:
#: controls (C0, DEL, C1), formatting (bidi overrides and isolates, zero-width joiners,
#: the byte-order mark), surrogates, private use and unassigned code points, and the
#: line and paragraph separators
_ESCAPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_NAMED: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}


def _escape(char: str) -> str:
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def needs_escape(char: str) -> bool:
    """Whether ``char`` (one character) would be acted on or unseen in a terminal."""
    return unicodedata.category(char) in _ESCAPED_CATEGORIES


def shown(text: str, *, limit: int | None = None) -> str:
    """``text`` with every character a terminal would act on (or not show) written as a
    visible escape, and every backslash doubled so that an escape cannot be forged.
    With ``limit``, the result is cut to about that many characters, ending in ``…``."""
    if text.isprintable() and "\\" not in text:
        out = text
    else:
        out = "".join(
            _escape(char) if char == "\\" or needs_escape(char) or char in _NAMED else char
            for char in text
        )
    if limit is not None and len(out) > limit:
        out = out[: max(limit - 1, 0)] + "…"
    return out


def is_clean(text: str) -> bool:
    """Whether ``text`` holds nothing :func:`shown` would escape (backslashes aside).

    >>> is_clean("ann")
    True
    >>> is_clean("ann\\x9b")
    False
    """
    return not any(needs_escape(char) for char in text)
