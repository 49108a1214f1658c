"""The rules in our own words, shipped with the package: the app's help screens show
them and docs/rules.md is built from them (``python -m parlour.help``), so the two can
never differ (a test checks)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from parlour.engine.registry import find_spec
from parlour.engine.registry import specs


def _read(name: str) -> str:
    # importlib.resources (and the zipfile it loads) only when a page is read: a board
    # needs none before its first frame (docs/performance.md)
    from importlib import resources

    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def general_rules() -> str:
    return _read("rules/general.md")


def game_rules(game_id: str) -> str:
    """The rules section of one game (the page its plug-in names)."""
    from importlib import resources

    package, _, path = find_spec(game_id).rules_page.partition(":")
    return resources.files(package).joinpath(path).read_text(encoding="utf-8")


def rules_document() -> str:
    """The text of docs/rules.md: the introduction, the general rulings, then each game
    in the registry's order."""
    parts = [_read("intro.md"), general_rules()]
    parts += [game_rules(spec.id) for spec in specs()]
    return "\n".join(parts)


#: a ruling's code (G3, S11 …)
_CODE = re.compile(r"\b([A-Z]\d{1,2})\b")
#: a bold heading of the rules pages: ``**Turning the stock (G3).**``
_HEADING = re.compile(r"\*\*([^*]+)\*\*")
#: a ruling named in a message: ``(G3)``
_NAMED = re.compile(r"\(([A-Z]\d{1,2})\)")


@cache
def ruling_titles() -> dict[str, str]:
    """Each ruling's code with its title in a few words, from the headings of the rules
    pages (``G3``: ``turning the stock``)."""
    titles: dict[str, str] = {}
    for text in (general_rules(), *(game_rules(spec.id) for spec in specs())):
        for heading in _HEADING.findall(text):
            code = _CODE.search(heading)
            if code is None or code.group(1) in titles:
                continue
            words = heading.replace("(Parlour's ruling)", "").replace(f"({code.group(1)})", "")
            words = _CODE.sub("", words, count=1).strip(" .,:")
            if words:
                titles[code.group(1)] = words[0].lower() + words[1:]
    return titles


def with_ruling_words(message: str, *, outside: Sequence[str] = ()) -> str:
    """``message`` with each ruling it names in brackets followed by the ruling's title:
    ``(G3)`` becomes ``(G3: turning the stock)``, so that a code never stands alone (a
    ruling named again in the same message is titled only the first time).
    ``outside``: words in the message that came from outside (a replayed file's name, a
    store's reason), left as they are wherever they stand in it, even where they look
    like a ruling's code."""
    if _NAMED.search(message) is None:
        # no ruling named (most messages, the first board's among them): the rules pages
        # are not read for it (docs/performance.md)
        return message
    titles = ruling_titles()
    kept = [
        (found.start(), found.end())
        for words in outside
        if words
        for found in re.finditer(re.escape(words), message)
    ]

    told: set[str] = set()  # (a ruling named twice is titled once: the first time)

    def titled(match: re.Match[str]) -> str:
        code = match.group(1)
        if code not in titles or code in told or any(a <= match.start() < b for a, b in kept):
            return match.group(0)
        told.add(code)
        return f"({code}: {titles[code]})"

    return _NAMED.sub(titled, message)
