"""Players: every game, game in progress and round belongs to one, by name.

A name is what the player types (``--player ann``, the ``player`` setting): one to 32
characters, letters of any alphabet (with the vowel signs and accents written on them: at
most four on a letter, each of the letter's own script), digits, spaces and ``- _ . '``.
Without one, the player is the login name of whoever runs Parlour.

Two names that look the same are one name, or one of them is refused (but for a name
wholly in one alphabet whose letters all pass for another's: Cyrillic ``Ѕаѕһа`` beside
``Sasha``). A name is tidied before anything else: its compatibility forms folded to the
plain ones (Unicode NFKC: full-width ``ｒoot`` is ``root``), spaces at either end dropped
and a run of spaces made one. What could only pass for another name is refused: an
invisible character (the Hangul fillers, the blank Braille pattern, zero-width spaces
and joiners), and letters of two alphabets in one name (Cyrillic ``а`` among Latin
letters, as in ``аnn``), except the mixes a name may really have (Latin letters with
Chinese, Japanese or Korean ones, as Unicode's "highly restrictive" level of UTS #39
allows). And names are told apart without regard to case: ``Ann`` and ``ann`` are one
player (:func:`player_key`), known by the name as first written.

>>> check_player("  Ann   Smith ")
'Ann Smith'
>>> check_player("ｒoot")
'root'
>>> check_player("")
Traceback (most recent call last):
...
ValueError: a player's name needs at least one letter or digit
>>> check_player("\\u0430nn")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: a player's name is written in one alphabet, not Latin and Cyrillic: ...
>>> player_key("ANN") == player_key("ａnn")
True
"""

from __future__ import annotations

import getpass
import re
import unicodedata
from collections.abc import Iterable
from typing import Final

MAX_LENGTH: Final = 32
_ALSO_ALLOWED: Final = frozenset(" -_.'")

#: characters that show as nothing (Unicode's default-ignorable code points, which a
#: terminal draws as nothing or not at all, and the blank Braille pattern), as ranges
_INVISIBLE: Final = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip

#: the first word of a letter's Unicode name that is not its script's name
_SCRIPT_OF_WORD: Final = {
    "CJK": "Han", "IDEOGRAPHIC": "Han", "ARABIC-INDIC": "Arabic", "EXTENDED": "Arabic"
}  # fmt: skip
#: letters of no one script (a modifier letter such as ``ʼ``, the Japanese ``ー``)
_COMMON_WORDS: Final = frozenset({"MODIFIER", "KATAKANA-HIRAGANA"})
#: the scripts one name may mix (UTS #39, highly restrictive); any one script alone
_MIXES: Final = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
    frozenset({"Latin", "Han", "Bopomofo"}),
    frozenset({"Latin", "Han", "Hangul"}),
)


def is_invisible(char: str) -> bool:
    """Whether ``char`` shows as nothing (and so could hide in a name)."""
    code = ord(char)
    return any(low <= code <= high for low, high in _INVISIBLE)


def _described(char: str) -> str:
    """A character as a message names it: quoted, or by its code point and name when it
    cannot be seen."""
    if char.isprintable() and not is_invisible(char) and char != " ":
        return repr(char)
    if not char.isprintable():
        return repr(char)  # a control: written as its escape
    return f"U+{ord(char):04X} {unicodedata.name(char, '')}".rstrip()


def script(char: str) -> str | None:
    """The script (alphabet) of a letter, from its Unicode name (``LATIN SMALL LETTER A``
    is Latin), or None for a letter of no one script."""
    words = unicodedata.name(char, "").split()
    if not words or words[0] in _COMMON_WORDS:
        return None
    return _SCRIPT_OF_WORD.get(words[0], words[0].capitalize())


def _check_scripts(name: str) -> None:
    """Refuse letters of two alphabets in one name (but for the mixes names really have).
    A decimal digit other than 0 to 9 counts as a letter of its script: Devanagari's
    zero passes for an o among Latin letters."""
    letters: dict[str, list[str]] = {}  # script -> its letters in the name, in order
    for char in name:
        kind = script(char) if char.isalpha() or (char.isdecimal() and not char.isascii()) else None
        if kind is not None:
            letters.setdefault(kind, []).append(char)
    if len(letters) <= 1 or any(set(letters) <= mix for mix in _MIXES):
        return
    # the name's alphabet is the one most of its letters are in; the odd letter is the
    # first of another
    ranked = sorted(letters, key=lambda kind: -len(letters[kind]))
    main, other = ranked[0], ranked[1]
    odd = letters[other][0]
    raise ValueError(
        f"a player's name is written in one alphabet, not {main} and {other}: "
        f"{odd!r} (U+{ord(odd):04X} {unicodedata.name(odd, '')}) among {main} letters"
    )


def check_player(name: str) -> str:
    """The name, tidied, or ``ValueError`` saying what is wrong with it."""
    name = re.sub(" {2,}", " ", unicodedata.normalize("NFKC", name).strip())
    if not any(c.isalnum() for c in name):
        raise ValueError("a player's name needs at least one letter or digit")
    if len(name) > MAX_LENGTH:
        raise ValueError(f"a player's name has at most {MAX_LENGTH} characters")
    invisible = sorted({c for c in name if is_invisible(c)})
    if invisible:
        listed = ", ".join(map(_described, invisible))
        raise ValueError(
            f"a player's name cannot hold a character that shows as nothing ({listed})"
        )
    wrong = sorted({c for c in name if not (c.isalnum() or c in _ALSO_ALLOWED or _is_mark(c))})
    if wrong:
        listed = " ".join(map(_described, wrong))
        raise ValueError(
            f"a player's name has letters, digits, spaces and - _ . ' only, not {listed}"
        )
    _check_marks(name)
    _check_scripts(name)
    return name


#: the most marks one letter may carry (a Burmese syllable has four, ``ကြိုး``; ever more
#: stacked on one letter hide what is under them), and of them accents of no script
MAX_MARKS: Final = 4
MAX_ACCENTS: Final = 2


def _is_mark(char: str) -> bool:
    """A mark written on a letter: the vowel signs of Devanagari, Bengali, Tamil, Thai and
    the rest, and the accents that have no composed form."""
    return unicodedata.category(char).startswith("M")


def _check_marks(name: str) -> None:
    """Marks only on a letter of their own script (an accent of no script on any letter),
    at most :data:`MAX_MARKS` on one (:data:`MAX_ACCENTS` of them accents), and none twice
    on one letter (``ศิิริ`` would pass for ``ศิริ``)."""
    base, marks = None, ""
    for char in name:
        if not _is_mark(char):
            base, marks = char, ""
            continue
        kind = None if unicodedata.name(char, "").startswith("COMBINING") else script(char)
        if base is None or not base.isalpha():
            raise ValueError(f"a player's name has {_described(char)} only on a letter")
        if char in marks:
            raise ValueError(f"a player's name has {_described(char)} twice on {base!r}")
        marks += char
        accents = sum(unicodedata.name(m, "").startswith("COMBINING") for m in marks)
        if len(marks) > MAX_MARKS or accents > MAX_ACCENTS:
            raise ValueError(
                f"a player's name has at most {MAX_MARKS} marks on one letter, "
                f"{MAX_ACCENTS} of them accents"
            )
        if kind is not None and kind != script(base):
            raise ValueError(f"a player's name cannot have {_described(char)} on {base!r}")


def _marks_in_order(name: str) -> str:
    """``name`` with each letter's marks in one order (Thai's vowel and tone marks may be
    typed in either order and look the same; Unicode's normal forms do not order them)."""
    out: list[str] = []
    marks: list[str] = []
    for char in name:
        if _is_mark(char):
            marks.append(char)
            continue
        out += sorted(marks)
        marks = []
        out.append(char)
    return "".join(out + sorted(marks))


def is_player(name: str) -> bool:
    """Whether ``name`` (read from the database, where it may have been changed by hand)
    can be a player's: a store can be opened for it."""
    try:
        check_player(name)
    except ValueError:
        return False
    return True


def player_key(name: str) -> str:
    """What a name is told apart by: the tidied name without regard to case (``Ann``,
    ``ANN`` and ``ａnn`` are one player)."""
    return tidied_key(check_player(name))


def tidied_key(name: str) -> str:
    """:func:`player_key` of a name already tidied (one :func:`check_player` returned),
    without checking it again: for comparing many names, the one that matches checked."""
    return _marks_in_order(unicodedata.normalize("NFKC", name.casefold()))


def spellings(first_written: Iterable[tuple[str, str]]) -> dict[str, str]:
    """For names stored as several spellings of one player (``ann`` and ``Ann``), each
    later spelling -> the one first written. ``first_written``: each stored name with when
    it was first written (names that are no longer a player's are left alone).

    >>> spellings([("Ann", "2026-02"), ("ann", "2026-01"), ("bob", "2026-03")])
    {'Ann': 'ann'}
    """
    by_key: dict[str, list[tuple[str, str]]] = {}
    for name, when in first_written:
        try:
            key = player_key(name)
        except ValueError:
            continue
        by_key.setdefault(key, []).append((when or "", name))
    folded = {}
    for written in by_key.values():
        if len(written) > 1:
            first = min(written)[1]
            folded.update({name: first for _, name in written if name != first})
    return folded


def default_player() -> str:
    """The login name (tidied), or ``player`` where there is none usable."""
    try:
        return check_player(getpass.getuser())
    except (ValueError, OSError, KeyError):
        return "player"
