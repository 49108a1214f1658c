"""A club's answers taken for what they must be. A club is outside Parlour: a hostile one,
or anything between the player and a club served over plain HTTP, may answer with escape
sequences, markup or text where a number belongs, and with more than a screen can hold
(a 4 MiB answer has room for two million holes). What the command line and the app show
of an answer goes through here: a number is shown only if it is an integer (not
``true``, not text, not thousands of digits long), text only through :func:`shown` and
cut to a length, and a board only as far as its table can be drawn.

A name is shown only when it is one the club could have taken: a player's name as the
app and the club accept names, written as the club keeps it (tidied, at most
:data:`MAX_LENGTH` characters); any other, however it draws, is :data:`NOT_A_NAME`. A board
is shown only under rule options its game has, written as a club names them, and once
for each (a club has one board for each set of rule options)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from itertools import islice
from typing import Any
from typing import Final

from parlour.engine.errors import ParlourError
from parlour.engine.notation import format_options
from parlour.engine.notation import read_options
from parlour.engine.registry import round_game
from parlour.engine.registry import rules_words
from parlour.engine.untrusted import shown
from parlour.store.players import MAX_LENGTH
from parlour.store.players import check_player
from parlour.store.players import tidied_key
from parlour.store.signing import folded

#: the most holes a board's table has columns for (a round has nine)
MAX_HOLES: Final = 18
#: the most standings of one board shown (the player's own place is found on all of them)
MAX_ROWS: Final = 200
#: the most places of the player's own on one board told (a player has one)
MAX_PLACES: Final = 3
#: the most boards of one course looked at (a club has one for each set of rule options,
#: and only one for each is shown)
MAX_BOARDS: Final = 16
#: what is shown for a name no club takes (too long, an escape, a character that is no
#: letter, a name not as the club keeps names): the name itself is never drawn
NOT_A_NAME: Final = "(not a name)"


#: the most digits of a number shown (a place, a count of players, a score: a club's are
#: far shorter; JSON lets an integer have 4,300)
MAX_DIGITS: Final = 9


def number(value: object) -> int | None:
    """``value`` if it is an integer (``True`` and ``False`` are not) of at most
    :data:`MAX_DIGITS` digits, else None."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return value if -(10**MAX_DIGITS) < value < 10**MAX_DIGITS else None


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
    #: the name, if a club could have taken it; else :data:`NOT_A_NAME`
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
    #: how many standings the board has (a club sends the first ones and the player's own,
    #: and says how many there are)
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
    boards: dict[str, dict[str, Any]] = {}
    for board in found:
        options = board.get("options", "none")
        if isinstance(options, str) and _is_rule(options):
            boards.setdefault(options, board)  # (a second board of the same rule: not shown)
    return Boards(
        course=text(answer.get("course", "?"), limit=20),
        daily=answer.get("daily") is True,
        boards=tuple(_board(options, board, _Me(me)) for options, board in boards.items()),
    )


def _is_rule(options: str) -> bool:
    """Whether ``options`` names rule options of the game played in rounds as a club
    names a board's (``none``, or the options' names, each once, in order)."""
    if len(options) > 200:
        return False
    try:
        chosen = read_options(options)
    except ParlourError:
        return False
    return chosen <= set(round_game().option_names) and format_options(chosen) == options


def _board(options: str, board: dict[str, Any], me: _Me) -> Board:
    listed = _listed(board.get("pars"))
    pars = tuple(p for p in listed if number(p) is not None)
    if len(pars) != len(listed) or len(pars) > MAX_HOLES:
        pars = ()  # a par that is not a number: none are shown
    standings = [s for s in _listed(board.get("standings")) if isinstance(s, dict)]
    longest = max((len(_listed(s.get("holes"))) for s in standings), default=9)
    mine = (number(s.get("place")) for s in standings if me.named(s.get("player")))
    places = tuple(islice(mine, MAX_PLACES))
    return Board(
        rule=shown(rules_words(round_game().id, options)),
        pars=pars,
        standings=tuple(_standing(s, me) for s in standings[:MAX_ROWS]),
        played=max(len(standings), number(board.get("players")) or 0),
        holes=min(longest, MAX_HOLES),
        places=places,
    )


def is_name(name: object) -> bool:
    """Whether ``name`` is a player's name as a club keeps the names it takes: a name the
    app and the club accept, already tidied (at most :data:`MAX_LENGTH` characters: the
    length is looked at first, so a long text costs nothing)."""
    if not isinstance(name, str) or not 0 < len(name) <= MAX_LENGTH:
        return False
    try:
        return check_player(name) == name
    except ValueError:
        return False


class _Me:
    """The player whose places are looked for on every standing of a board (all of them,
    not only those shown: as many as a club's answer holds). A name is compared by what
    costs least first, and each once: a hostile club's answer of 4 MiB holds some 250,000
    names, and checking each as a player's name would take seconds."""

    def __init__(self, me: str) -> None:
        self.key = folded(me)
        self.letters = sorted(self.key)
        self.marked = any(unicodedata.category(c).startswith("M") for c in self.key)
        self.seen: dict[str, bool] = {}

    def named(self, name: object) -> bool:
        """Whether ``name`` is this player's (compared as the club compares names)."""
        if not isinstance(name, str) or not 0 < len(name) <= MAX_LENGTH:
            return False
        found = self.seen.get(name)
        if found is None:
            found = self.seen[name] = self._named(name)
        return found

    def _named(self, name: str) -> bool:
        if not unicodedata.is_normalized("NFKC", name):
            return False  # (not as a club keeps a name: tidied)
        quick = unicodedata.normalize("NFKC", name.casefold())
        # the key is that without case, each letter's marks in one order: the same
        # characters, and without marks the same text
        if sorted(quick) != self.letters or (quick != self.key and not self.marked):
            return False
        return tidied_key(name) == self.key and is_name(name)


def _standing(standing: dict[str, Any], me: _Me) -> Standing:
    name = standing.get("player", "?")
    return Standing(
        place=number(standing.get("place")),
        player=name if is_name(name) else NOT_A_NAME,
        holes=tuple(map(number, _listed(standing.get("holes"))[:MAX_HOLES])),
        total=number(standing.get("total")),
        versus_bogey=number(standing.get("versus_bogey")),
        versus_par=number(standing.get("versus_par")),
        mine=me.named(name),
    )
