"""What the app opens on, one type per way to open: the start screen, a new game, a round,
a record to replay or to play on, or the game in progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.engine.history import Line


@dataclass(frozen=True)
class StartMenu:
    """The start screen."""


@dataclass(frozen=True)
class OpenGame:
    """A game of ``game``: the player's unfinished one under these options (of deal
    ``seed``, if given) where it was left, unless ``fresh``; else a new deal (a random one
    unless ``seed``)."""

    game: str
    seed: int | None = None
    options: frozenset[str] = frozenset()
    fresh: bool = False


@dataclass(frozen=True)
class OpenRound:
    """A round of ``course`` (a new course unless given): the player's unfinished round of
    it goes on unless ``fresh``; with no course and not ``fresh``, the app asks first
    whether to go on with an unfinished round."""

    course: int | None = None
    options: frozenset[str] = frozenset()
    fresh: bool = False


@dataclass(frozen=True)
class Replay:
    """A record replayed from its deal (``title`` names it)."""

    line: Line[Any, Any]
    title: str = ""


@dataclass(frozen=True)
class PlayOn:
    """A record played on from where it stops."""

    line: Line[Any, Any]


@dataclass(frozen=True)
class Resume:
    """The latest game in progress."""


Opening = StartMenu | OpenGame | OpenRound | Replay | PlayOn | Resume
