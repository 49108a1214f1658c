"""The pages of docs/ that say something about each game, built from the games' plug-ins
(``python -m parlour.help`` writes them; a test checks the committed pages are what this
makes). docs/rules.md and docs/keys.md are made whole; in docs/notation.md and
docs/layout.md only the part between a ``<!-- begin: … -->`` and an ``<!-- end: … -->``
line is made, and the rest of the page is written by hand and names no game list."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Final

from parlour.engine.plugin import GameSpec
from parlour.engine.plugin import resolve
from parlour.engine.registry import specs
from parlour.help import rules_document
from parlour.help.keys import keys_document

#: the start screen, which is no game's: its smallest terminal is read from it as a game's
#: is read from the screen its plug-in names
START_SCREEN: Final = "parlour.tui.screens.start:StartScreen"


def read_page(reference: str) -> str:
    """A Markdown page a plug-in names as ``"package:path"``."""
    package, colon, path = reference.partition(":")
    if not colon or not package or not path:
        raise ValueError(f"a page is 'package:path', not {reference!r}")
    return resources.files(package).joinpath(path).read_text(encoding="utf-8")


def notation_page(spec: GameSpec) -> str:
    """A game's notation section: how its moves and positions are written."""
    return read_page(spec.notation_page)


def minimum_size(screen: object) -> tuple[int, int]:
    """The smallest terminal (columns, lines) a screen class says it is laid out for."""
    size = getattr(screen, "MIN_SIZE", None)
    if (
        not isinstance(size, tuple)
        or len(size) != 2
        or not all(isinstance(n, int) and n > 0 for n in size)
    ):
        raise TypeError(f"{screen!r} has no MIN_SIZE (columns, lines)")
    return size[0], size[1]


def notation_part() -> str:
    return "\n".join(notation_page(spec) for spec in specs())


def layout_part() -> str:
    rows = [("start screen", minimum_size(resolve(START_SCREEN)))]
    rows += [(spec.name, minimum_size(spec.screen())) for spec in specs()]
    lines = ["| screen | smallest terminal (columns × lines) |", "| --- | --- |"]
    lines += [f"| {name} | {width} × {height} |" for name, (width, height) in rows]
    return "\n".join(lines) + "\n"


#: each page made in part: the name of its made part, and what makes it
PARTS: Final[dict[str, tuple[str, Callable[[], str]]]] = {
    "notation.md": ("each game's notation", notation_part),
    "layout.md": ("each screen's smallest terminal", layout_part),
}


def fill(page: str, name: str, made: str) -> str:
    """``page`` with the part between its ``begin: name`` and ``end: name`` lines
    replaced by ``made``."""
    begin, end = f"<!-- begin: {name} -->\n", f"<!-- end: {name} -->"
    head, found, rest = page.partition(begin)
    if not found or end not in rest:
        raise ValueError(f"the page has no lines {begin.strip()} … {end}")
    return head + begin + made + rest[rest.index(end) :]


def documents(docs: Path) -> dict[str, str]:
    """Each page of ``docs`` that is made from the plug-ins, by file name, as it should
    read (the pages made in part are read from ``docs`` for their hand-written rest)."""
    made = {"rules.md": rules_document(), "keys.md": keys_document()}
    for file, (name, make) in PARTS.items():
        made[file] = fill((docs / file).read_text(encoding="utf-8"), name, make())
    return made
