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
from collections.abc import Iterable
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


#: the most characters of a piece of outside text a message quotes where it may be of any
#: length (a value in a settings file of 64 KiB may be nearly that long: each mistake stays
#: a line of a few words)
QUOTED: Final = 60


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


def visible(message: str, *, lines: bool = True) -> str:
    """A message (Parlour's own words, with any outside text in it already passed through
    :func:`shown`) with every character a terminal would act on written as a visible
    escape, line breaks apart unless ``lines`` is false (a message that must stay one
    line). The last guard where a message reaches the screen: what :func:`shown` wrote is
    left as it is (``visible(shown(text)) == shown(text)``), and so are backslashes.

    >>> visible("no file 'a\\\\x1bb': \\x9b31m")
    "no file 'a\\\\x1bb': \\\\x9b31m"
    >>> visible("two\\nlines\\r")
    'two\\nlines\\\\r'
    >>> visible("two\\nlines", lines=False)
    'two\\\\nlines'
    """
    if message.isprintable():
        return message
    kept = "\n" if lines else ""
    return "".join(
        char if char in kept or not needs_escape(char) else _escape(char) for char in message
    )


def is_clean(text: str) -> bool:
    """Whether ``text`` holds nothing :func:`shown` would escape (backslashes aside).

    >>> is_clean("ann")
    True
    >>> is_clean("ann\\x9b")
    False
    """
    return not any(needs_escape(char) for char in text)


#: how a cell begins that a spreadsheet would take for a formula (OWASP, "CSV Injection")
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """One cell of a CSV row as Parlour writes it: a number as a number; text quoted when
    it must be (a comma, a quote, a line break), and text that begins like a formula
    (``= + - @``, a tab or a carriage return) quoted with a single quote before it, as
    OWASP advises, so that a spreadsheet shows it rather than computes it.

    >>> [csv_cell(v) for v in (None, -3, 1.5, True, "golf", "a,b", 'a "b" c')]
    ['', '-3', '1.5', 'True', 'golf', '"a,b"', '"a ""b"" c"']
    >>> [csv_cell(v) for v in ("=1+1", "-A1", "@SUM(A1)", "+1")]
    ['"\\'=1+1"', '"\\'-A1"', '"\\'@SUM(A1)"', '"\\'+1"']
    """
    if value is None:
        return ""
    text = str(value)
    if isinstance(value, int | float):  # bool too: the csv module writes True and False
        return text
    if text.startswith(FORMULA_STARTS):
        text = "'" + text
    elif not any(char in text for char in ',"\r\n'):
        return text
    return '"' + text.replace('"', '""') + '"'


def csv_line(cells: Iterable[object], end: str = "\n") -> str:
    """A CSV row of :func:`csv_cell` cells (one empty cell written ``""``, as the csv
    module does, so that it is not read as a blank line)."""
    return (",".join(map(csv_cell, cells)) or '""') + end
