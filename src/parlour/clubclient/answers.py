"""A club's answers taken for what they must be. A club is outside Parlour: a hostile one,
or anything between the player and a club served over plain HTTP, may answer with escape
sequences, markup or text where a number belongs, and with more than a screen can hold
(a 4 MiB answer has room for two million holes). What the command line and the app show
of an answer goes through here: a number is shown only if it is an integer (not
``true``, not text), text only through :func:`shown` and cut to a length, and a board
only as far as its table can be drawn."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any
from typing import Final

from parlour.engine.untrusted import shown
from parlour.store.signing import folded

#: the most holes a board's table has columns for (a round has nine)
MAX_HOLES: Final = 18
#: the most standings of one board shown (the player's own place is found on all of them)
MAX_ROWS: Final = 200
#: the most places of the player's own on one board told (a player has one)
MAX_PLACES: Final = 3
#: the most boards of one course shown (a club has one for each set of rule options)
MAX_BOARDS: Final = 16
#: the longest a player's name is shown (a name has at most 32 characters)
NAME_LENGTH: Final = 40


def number(value: object) -> int | None:
    """``value`` if it is an integer (``True`` and ``False`` are not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def place_words(answer: dict[str, Any]) -> str:
    """Where a round just sent stands, from the club's answer (``": place 3 of 12"``), or
    nothing if the answer gives no place as a number."""
    place, players = number(answer.get("place")), number(answer.get("players"))
    if not place:
        return ""
    return f": place {place} of {'?' if players is None else players}"


def text(value: object, limit: int) -> str:
    """Text (or an integer) from a club's answer as characters only, cut to about
    ``limit`` characters; ``?`` for anything else."""
    if number(value) is not None:
        return str(value)
    if not isinstance(value, str):
        return "?"
    return shown(value[: limit + 1], limit=limit)  # (escapes only make it longer)


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


@dataclass(frozen=True)
class Standing:
    """One row of a board: each number None where the club gave no integer."""

    place: int | None
    #: the name, shown (at most :data:`NAME_LENGTH` characters)
    player: str
    #: the first :data:`MAX_HOLES` holes' scores
    holes: tuple[int | None, ...]
    total: int | None
    versus_bogey: int | None
    versus_par: int | None
    #: whether it is the player's own (the name compared as the club compares names)
    mine: bool


@dataclass(frozen=True)
class Board:
    """One board of a course, as far as it is shown."""

    #: ``book rule``, or the rule options, shown
    rule: str
    #: each hole's par, or none if one of them is not an integer (or there are too many)
    pars: tuple[int, ...]
    #: the first :data:`MAX_ROWS` standings
    standings: tuple[Standing, ...]
    #: how many standings the board has
    played: int
    #: the columns for holes: as many as the longest standing has, at most MAX_HOLES
    holes: int
    #: the places of the player's own standings, shown or not (the first MAX_PLACES)
    places: tuple[int | None, ...]


@dataclass(frozen=True)
class Boards:
    """A club's answer to ``GET /api/board``, as far as it is shown."""

    #: the course's code, shown
    course: str
    daily: bool
    #: the first :data:`MAX_BOARDS` boards
    boards: tuple[Board, ...]


def read_boards(answer: dict[str, Any], me: str) -> Boards:
    """A club's boards of a course, whatever the club answered: what is not of the shape
    a board has is left out, and no more is kept than a screen can show; ``me`` is the
    player whose places are looked for."""
    found = [b for b in _listed(answer.get("boards"))[:MAX_BOARDS] if isinstance(b, dict)]
    return Boards(
        course=text(answer.get("course", "?"), limit=20),
        daily=answer.get("daily") is True,
        boards=tuple(_board(board, folded(me)) for board in found),
    )


def _board(board: dict[str, Any], me: str) -> Board:
    options = board.get("options", "none")
    listed = _listed(board.get("pars"))
    pars = tuple(p for p in listed if number(p) is not None)
    if len(pars) != len(listed) or len(pars) > MAX_HOLES:
        pars = ()  # a par that is not a number: none are shown
    standings = [s for s in _listed(board.get("standings")) if isinstance(s, dict)]
    longest = max((len(_listed(s.get("holes"))) for s in standings), default=9)
    mine = (number(s.get("place")) for s in standings if _is(s.get("player"), me))
    places = tuple(islice(mine, MAX_PLACES))
    return Board(
        rule="book rule" if options == "none" else text(options, limit=40),
        pars=pars,
        standings=tuple(_standing(s, me) for s in standings[:MAX_ROWS]),
        played=len(standings),
        holes=min(longest, MAX_HOLES),
        places=places,
    )


def _is(name: object, me: str) -> bool:
    """Whether ``name`` is the player's whose folded name is ``me``."""
    return isinstance(name, str) and len(name) <= 2 * NAME_LENGTH and folded(name) == me


def _standing(standing: dict[str, Any], me: str) -> Standing:
    name = standing.get("player", "?")
    return Standing(
        place=number(standing.get("place")),
        player=text(name, limit=NAME_LENGTH),
        holes=tuple(map(number, _listed(standing.get("holes"))[:MAX_HOLES])),
        total=number(standing.get("total")),
        versus_bogey=number(standing.get("versus_bogey")),
        versus_par=number(standing.get("versus_par")),
        mine=_is(name, me),
    )
