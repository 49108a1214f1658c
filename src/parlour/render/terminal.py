"""What the player's terminal can show: glyphs or ASCII only, colour or none.

Parlour draws suit symbols, box corners and a few marks (``·``, ``—``, ``▸``) unless told
not to (``--ascii``, the settings file's ``ascii``), and it stops by itself when the
output cannot carry them: an encoding that cannot write them (``PYTHONIOENCODING=ascii``,
a pipe with an ASCII encoding) or a C or POSIX locale (``LANG=C``, ``LC_ALL=C``), where
Python writes UTF-8 but the terminal may not show it. In ASCII mode every character
written is ASCII: :func:`to_ascii` turns each other character into ASCII of the same
width on the screen (box lines into ``-``, ``|`` and ``+``, arrows into ``<`` ``>``, a
wide character into two), and the ``parlour-ascii`` codec error handler does the same for
anything printed, so that nothing can end in an encoding error.

``NO_COLOR`` (any value but empty, https://no-color.org) means no colour at all: red and
black suits are then told apart by shape, the red ones drawn in outline (``♡ ♢``) against
the solid black ones (``♠ ♣``); in ASCII their letters tell them apart already.

>>> to_ascii("╭─ 9♠ · 10♥ ─╮ ▸next◂ — fin…")
'+- 9S . 10H -+ >next< - fin.'
>>> locale_shows_glyphs({"LANG": "C"}, coerced=False)
False
>>> locale_shows_glyphs({"LANG": "en_GB.UTF-8", "LC_ALL": "POSIX"}, coerced=False)
False
>>> locale_shows_glyphs({"LANG": "de_DE.utf8"}, coerced=False)
True
"""

from __future__ import annotations

import codecs
import os
import sys
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Final
from typing import TextIO

from rich.cells import cell_len

#: the suit symbols with colour, and without: red suits in outline
SOLID_SUITS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
OUTLINE_SUITS: Final = {"C": "♣", "D": "♢", "H": "♡", "S": "♠"}

#: the error handler that writes any character an encoding lacks as ASCII
ERRORS: Final = "parlour-ascii"

_BOX_ACROSS: Final = frozenset("─━┄┅┈┉╌╍═╴╶╸╺╼╾▔▁")
_BOX_DOWN: Final = frozenset("│┃┆┇┊┋╎╏║╵╷╹╻╽╿▏▎▍▌▋▊▉▐▕")
#: characters with an ASCII stand-in of one column
_ONE: Final = {
    **dict.fromkeys("·•∙●◦", "."),
    **dict.fromkeys("…", "."),
    **dict.fromkeys("—–‒−―", "-"),
    **dict.fromkeys("‘’ʼ′", "'"),
    **dict.fromkeys("“”″", '"'),
    **dict.fromkeys("←◂◀◄‹«⇐", "<"),
    **dict.fromkeys("→▸▶►›»⇒", ">"),
    **dict.fromkeys("↑▲▴⇑", "^"),
    **dict.fromkeys("↓▼▾⇓", "v"),
    **dict.fromkeys("⏎↵↩", "<"),
    **dict.fromkeys("⋮┆", ":"),
    **dict.fromkeys("×✕✗✘", "x"),
    **dict.fromkeys("✓✔", "v"),
    **dict.fromkeys("±", "+"),
    **dict.fromkeys("≤", "<"),
    **dict.fromkeys("≥", ">"),
    **dict.fromkeys("░▒▓█▀▄▆▇▅▃▂", "#"),
    **{glyph: suit for suit, glyph in SOLID_SUITS.items()},
    **{glyph: suit for suit, glyph in OUTLINE_SUITS.items()},
    "♤": "S",
    "♧": "C",
    "µ": "u",
    "\u00a0": " ",
}


@lru_cache(4096)
def ascii_char(char: str) -> str:
    """One character as ASCII as wide on the screen: itself if ASCII, else a stand-in."""
    if char < "\x80":
        return char
    width = cell_len(char)
    if width == 0:
        return ""
    found = _ONE.get(char)
    if found is None:
        if char in _BOX_ACROSS:
            found = "-"
        elif char in _BOX_DOWN:
            found = "|"
        elif "\u2500" <= char <= "\u257f":  # the other box-drawing pieces: corners, joins
            found = "+"
        elif "\u2580" <= char <= "\u259f":  # block elements (bars, shades)
            found = "#"
        else:
            # a letter with an accent keeps its letter; anything else is a question mark
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            found = plain[:1] if plain.isprintable() and plain else "?"
    if width > 1:  # a wide letter and a space, or a wide mark twice
        return found.ljust(width) if found.isalnum() else (found * width)[:width]
    return found


def to_ascii(text: str) -> str:
    """``text`` with every character ASCII, each as wide on the screen as before."""
    if text.isascii():
        return text
    return "".join(map(ascii_char, text))


def _write_ascii(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return to_ascii(error.object[error.start : error.end]), error.end


codecs.register_error(ERRORS, _write_ascii)


def _coerced() -> bool:
    """Whether Python replaced a C locale with C.UTF-8 when it started (PEP 538): it then
    sets LC_CTYPE itself, and the locale the player chose is the one under it."""
    return bool(sys.flags.utf8_mode) and os.environ.get("LC_CTYPE") == "C.UTF-8"


def locale_shows_glyphs(environ: Mapping[str, str], *, coerced: bool) -> bool:
    """Whether the locale the player chose can show more than ASCII: False for C or
    POSIX, or a locale whose character set is named and is not UTF-8. No locale named at
    all leaves it to the output's encoding."""
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environ.get(name, "")
        if not value or (name == "LC_CTYPE" and coerced):
            continue
        if value in ("C", "POSIX"):
            return False
        charset = value.partition(".")[2].partition("@")[0].replace("-", "").lower()
        return not charset or charset == "utf8"
    return True


def shows_glyphs(stream: object) -> bool:
    """Whether ``stream`` can take the suit symbols and box corners (else ASCII): its
    encoding can write them and the locale is not C or POSIX (nor another character set)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣♡♢╭─╮·—▸".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return locale_shows_glyphs(os.environ, coerced=_coerced())


def no_colour(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the player asked for no colour (``NO_COLOR`` set, and not empty)."""
    return bool((os.environ if environ is None else environ).get("NO_COLOR", ""))


def suit_glyphs() -> Mapping[str, str]:
    """The suit symbols to draw: red suits in outline when there is no colour."""
    return OUTLINE_SUITS if no_colour() else SOLID_SUITS


def write_ascii(*streams: TextIO) -> None:
    """From now on, everything written to these streams is ASCII: their encoding becomes
    ASCII and any other character is written as :func:`to_ascii` writes it (never an
    encoding error). A stream that cannot be reconfigured is left as it is."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            stream.flush()
            reconfigure(encoding="ascii", errors=ERRORS)


__all__ = [
    "ERRORS",
    "OUTLINE_SUITS",
    "SOLID_SUITS",
    "ascii_char",
    "locale_shows_glyphs",
    "no_colour",
    "shows_glyphs",
    "suit_glyphs",
    "to_ascii",
    "write_ascii",
]
