"""The games Parlour knows, by id and alias. An explicit list: nothing registers itself.

A game's rules are imported only when the game is first asked for, so that a program that
plays one game does not load the other three (the start-up of the app is measured).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Final, NamedTuple

from parlour.engine.errors import UnknownGameError
from parlour.engine.game import GameState, Rules

AnyRules = Rules[Any, Any]


class Entry(NamedTuple):
    """A game as the registry lists it: its id, name and aliases, and where its rules
    live (a test checks that these agree with the rules themselves)."""

    id: str
    name: str
    aliases: tuple[str, ...]
    module: str
    attribute: str


#: every playable game, in the book's order
ENTRIES: Final[tuple[Entry, ...]] = (
    Entry("golf", "Golf", ("links",), "parlour.engine.games.golf", "GOLF"),
    Entry("rubbish", "Rubbish Heap", ("rubbish-heap",), "parlour.engine.games.rubbish", "RUBBISH"),
    Entry(
        "squares", "Three Squares", ("three-squares",), "parlour.engine.games.squares", "SQUARES"
    ),
    Entry("bytwos", "By Twos", ("by-twos",), "parlour.engine.games.bytwos", "BYTWOS"),
)

_BY_NAME: Final[dict[str, Entry]] = {
    name: entry for entry in ENTRIES for name in (entry.id, *entry.aliases)
}


def game_ids() -> tuple[str, ...]:
    return tuple(entry.id for entry in ENTRIES)


def game_name(game_id: str) -> str:
    """A game's name, without loading its rules."""
    return _entry(game_id).name


def all_games() -> tuple[AnyRules, ...]:
    """The rules of every game, in the book's order (this loads them all)."""
    return tuple(_load(entry) for entry in ENTRIES)


def find_game(name: str) -> AnyRules:
    """The rules for a game id or alias (case-insensitive); a clear error if unknown."""
    return _load(_entry(name))


def rules_for(state: GameState) -> AnyRules:
    """The rules a state belongs to."""
    return find_game(state.game_id)


def _entry(name: str) -> Entry:
    entry = _BY_NAME.get(name.strip().lower())
    if entry is None:
        listing = ", ".join(f"{e.id} ({e.name})" for e in ENTRIES)
        raise UnknownGameError(f"unknown game {name!r}; the games are: {listing}")
    return entry


def _load(entry: Entry) -> AnyRules:
    rules: AnyRules = getattr(import_module(entry.module), entry.attribute)
    return rules
