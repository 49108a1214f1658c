"""Names that look alike, as a club tells them apart: Cyrillic ``Ѕаѕһа`` beside Latin
``Sasha``, or ``Ian`` beside ``lan``.

A name's own checks (``parlour.store.players``) refuse letters of two alphabets in one
name, but a name wholly in one alphabet whose every letter looks like a letter of
another passes them. At a club, where names are what other players read, that lets one
player pass for another. So each player also has a *look-alike key*: the name with every
character replaced by one chosen character of the set of characters it can be mistaken
for, in Unicode's table of confusable characters (UTS #39, as the ``confusable_homoglyphs``
package ships it), case folded between two such passes. Two names with one key look
alike, and a club binds a new name only if no other key's name looks like it.

The sets are the table's pairs of single characters joined wherever they share a
character (``1``, ``I``, ``l`` and ``|`` are one set; ``0`` and ``O`` another), each set
written as its first ASCII character, or its first character if it has none. Pairs of
one character and several (``m`` and ``rn``) are left out: they would make the key
depend on how a name is cut into letters, and such names differ at a glance in most
typefaces.

>>> look_alike_key("Ѕаѕһа") == look_alike_key("Sasha")
True
>>> look_alike_key("Ian") == look_alike_key("lan"), look_alike_key("Olga")
(True, '01ga')
>>> look_alike_key("Анна") == look_alike_key("Anna")
False
"""

from __future__ import annotations

import unicodedata
from functools import cache


@cache
def _written_as() -> dict[str, str]:
    """Each confusable character, and the character its set is written as."""
    from confusable_homoglyphs import confusables  # a 0.9 MB table, read when first needed

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while (up := parent.setdefault(char, char)) != char:
            parent[char] = parent.setdefault(up, up)
            char = up
        return char

    for char, alikes in confusables.confusables_data.items():
        for alike in alikes:
            other = alike["c"]
            if len(char) == 1 and len(other) == 1:
                parent[root(char)] = root(other)
    sets: dict[str, list[str]] = {}
    for char in parent:
        sets.setdefault(root(char), []).append(char)
    written: dict[str, str] = {}
    for members in sets.values():
        first = min(members, key=lambda char: (not char.isascii(), char))
        for char in members:
            written[char] = first
    return written


def look_alike_key(name: str) -> str:
    """The key ``name`` shares with every name that looks like it."""
    written = _written_as()

    def alike(text: str) -> str:
        return "".join(written.get(char, char) for char in text)

    return alike(
        unicodedata.normalize("NFKC", alike(unicodedata.normalize("NFKC", name))).casefold()
    )
