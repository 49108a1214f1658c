"""What Parlour's database holds: its tables (schema 5), and the rows read back from them
as values. docs/formats.md describes every column."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from parlour.engine.registry import round_game
from parlour.engine.registry import specs
from parlour.engine.rounds import CourseHole

#: 3: rounds may be abandoned (``rounds.abandoned``); 4: every game, game in progress and
#: round belongs to a player (``player``); 5: a game keeps the seconds it was played
#: (``seconds_played``: null in a game stored before), and a game taken over from a replay
#: of a round's hole the course and hole it came from (``origin_course``, ``origin_hole``)
SCHEMA_VERSION = 5

#: the tables whose rows belong to a player
PLAYER_TABLES = ("rounds", "games", "in_progress")

#: the columns that say which deal a game is and how it was played, in games and in_progress
_DEAL_COLUMNS = """
    player TEXT NOT NULL DEFAULT '',
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    deck TEXT NOT NULL,
    moves TEXT NOT NULL,"""

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL DEFAULT '',
    course INTEGER NOT NULL,
    options TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    total INTEGER,
    abandoned TEXT
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,{_DEAL_COLUMNS}
    won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    summary TEXT NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    started TEXT NOT NULL,
    finished TEXT NOT NULL,
    seconds_played INTEGER,
    origin_course INTEGER,
    origin_hole INTEGER
);
CREATE TABLE IF NOT EXISTS holes (
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    hole INTEGER NOT NULL,
    score INTEGER NOT NULL,
    game_id INTEGER REFERENCES games(id),
    PRIMARY KEY (round_id, hole)
);
CREATE TABLE IF NOT EXISTS pars (
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    par INTEGER NOT NULL,
    PRIMARY KEY (seed, options)
);
CREATE TABLE IF NOT EXISTS hint_pars (
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    par INTEGER NOT NULL,
    PRIMARY KEY (seed, options)
);
CREATE TABLE IF NOT EXISTS in_progress (
    id INTEGER PRIMARY KEY,{_DEAL_COLUMNS}
    undone TEXT NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    started TEXT NOT NULL,
    updated TEXT NOT NULL,
    seconds_played INTEGER,
    origin_course INTEGER,
    origin_hole INTEGER
);
"""

#: where a game taken over from a replay of a round's hole came from (a game of its own)
_ORIGIN = ("origin_course", "origin_hole")
#: the other numbers of a game, finished or not, that may be null
_NUMBERS = ("seed", "round_id", "hole", "seconds_played")

#: what each column a reading looks at holds when Parlour wrote it (SQLite keeps any
#: kind of value in any column, so a file changed by hand may hold text where a number
#: was, bytes, a real, a string of megabytes): "text", "integer", or either "or null";
#: the text of a game's moves and deck is at most :data:`LONGEST_TEXT` characters
_KINDS: dict[str, dict[str, str]] = {
    "in_progress": {
        **dict.fromkeys(("player", "game", "options", "deck", "moves", "undone"), "text"),
        **dict.fromkeys(("started", "updated"), "text"),
        **dict.fromkeys(("id", "hints"), "integer"),
        **dict.fromkeys((*_NUMBERS, *_ORIGIN), "integer or null"),
    },
    "games": {
        **dict.fromkeys(("player", "game", "options", "deck", "moves", "summary"), "text"),
        **dict.fromkeys(("started", "finished"), "text"),
        **dict.fromkeys(("id", "won", "score", "hints"), "integer"),
        **dict.fromkeys((*_NUMBERS, *_ORIGIN), "integer or null"),
    },
    "rounds": {
        **dict.fromkeys(("player", "options", "started"), "text"),
        **dict.fromkeys(("id", "course"), "integer"),
        **dict.fromkeys(("finished", "abandoned"), "text or null"),
        "total": "integer or null",
    },
    "holes": {
        **dict.fromkeys(("round_id", "hole", "score"), "integer"),
        "game_id": "integer or null",
    },
    "pars": {"seed": "integer", "options": "text", "par": "integer"},
    "hint_pars": {"seed": "integer", "options": "text", "par": "integer"},
}
#: the longest text of a game's moves, undone moves or deck that is read (2,000 moves of
#: the longest notation are some 20,000 characters)
LONGEST_TEXT = 100_000


@cache
def well_formed(table: str, alias: str = "", columns: tuple[str, ...] = ()) -> str:
    """An SQL condition: a row of ``table`` (``alias.`` before each column if given) holds
    in every column (of ``columns``, if given: those a query reads, so that an index that
    holds them answers it alone) the kind of value Parlour writes there, and a whole
    number Parlour could have written (:func:`_in_range`); a row changed by hand to hold
    anything else is not read (it is as if it were not there).

    >>> well_formed("hint_pars", columns=("par",))
    "typeof(par) = 'integer' AND par BETWEEN -16 AND 35"
    """
    prefix = f"{alias}." if alias else ""
    asked = set(columns or _KINDS[table])
    if table == "games" and asked & {"won", "score"}:
        asked |= {"game", "won", "score"}  # (a result is read whole, or not at all)
    terms = []
    for column, kind in _KINDS[table].items():
        if column not in asked:
            continue
        name = f"{prefix}{column}"
        base, _, nullable = kind.partition(" or ")
        terms.append(
            f"typeof({name}) IN ('{base}', 'null')" if nullable else f"typeof({name}) = '{base}'"
        )
        if column in ("deck", "moves", "undone"):
            terms.append(f"length({name}) <= {LONGEST_TEXT}")
    return " AND ".join([*terms, *_in_range(table, prefix, asked)])


def _between(numbers: range) -> str:
    return f"BETWEEN {numbers.start} AND {numbers.stop - 1}"


def _in_range(table: str, prefix: str, asked: set[str]) -> list[str]:
    """SQL conditions: the whole numbers of a row of ``table`` (of the columns ``asked``)
    are ones Parlour could have written. No seed (a course is one) is negative, no count of
    hints, no seconds played; a hole is one of a round's; won is 0 or 1, and a finished
    game's score one its game can give, a win only if that score wins it
    (:attr:`GameSpec.scores`); a Golf hole's score, best or par is one a Golf hole can
    have."""
    golf = round_game()
    assert golf.rounds is not None and golf.scores is not None
    ranges = {
        **dict.fromkeys(("seed", "course", "hints", "seconds_played", "origin_course"), ">= 0"),
        **dict.fromkeys(("hole", "origin_hole"), _between(range(1, golf.rounds.holes + 1))),
    }
    if table in ("holes", "pars", "hint_pars"):
        ranges |= dict.fromkeys(("score", "par"), _between(golf.scores))
    terms = []
    for column in _KINDS[table]:
        if column in asked and column in ranges:
            name = f"{prefix}{column}"
            nullable = "null" in _KINDS[table][column]
            term = f"{name} {ranges[column]}"
            terms.append(f"({name} IS NULL OR {term})" if nullable else term)
    if table == "games" and "won" in asked:
        terms.append(_result(prefix))
    return terms


def _result(prefix: str) -> str:
    """SQL: a finished game's result is one its game can end with (any game this Parlour
    does not know: won 0 or 1)."""
    won, score = f"{prefix}won", f"{prefix}score"
    cases = [
        f"WHEN '{spec.id}' THEN {score} {_between(spec.scores)} "
        f"AND {won} = ({score} {_between(spec.wins)})"
        for spec in specs()
        if spec.scores is not None and spec.wins is not None
    ]
    return f"(CASE {prefix}game {' '.join(cases)} ELSE {won} IN (0, 1) END)"


#: columns later schemas added (an older Parlour's table may lack them)
ADDED_LATER = frozenset({"player", "abandoned", "seconds_played", *_ORIGIN})


#: made once every table has its ``player`` column (a database of schema 3 gets it first)
INDEXES = """
CREATE INDEX IF NOT EXISTS games_by_player ON games (player, game, options, finished, won, score);
CREATE INDEX IF NOT EXISTS rounds_by_player ON rounds (player, course, started);
CREATE INDEX IF NOT EXISTS in_progress_by_player ON in_progress (player, updated);
CREATE INDEX IF NOT EXISTS in_progress_by_slot ON in_progress (player, game, options, round_id)
"""

#: how an older Parlour (of schema 4, before the statistics read each game's result from
#: it) made an index: a file it made keeps it so
OLDER_INDEXES = """
CREATE INDEX IF NOT EXISTS games_by_player ON games (player, game, options, finished)
"""


@dataclass(frozen=True, slots=True)
class StoredDeal:
    """What every stored game has: its row, the game, the rule options, the deal (a seed,
    or none for an explicit deck) and the moves played, in notation."""

    id: int
    game: str
    options: str
    seed: int | None
    deck: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SavedGame(StoredDeal):
    """A game in progress, as saved after its last move."""

    undone: tuple[str, ...]
    hints: int
    round_id: int | None
    hole: int | None
    started: str
    updated: str
    #: the seconds it has been played (at the board: :class:`parlour.session.Session`),
    #: as of its last save; None in a game saved by a Parlour before schema 5
    seconds_played: int | None = None
    #: the round's hole it was taken over from (a replay of it), if it was
    origin: CourseHole | None = None


@dataclass(frozen=True, slots=True)
class FinishedGame(StoredDeal):
    """A finished game: its result, and its round and hole if it was one."""

    won: bool
    score: int
    summary: str
    hints: int
    round_id: int | None
    hole: int | None
    started: str
    finished: str
    #: the seconds it was played (None: stored by a Parlour before schema 5)
    seconds_played: int | None = None
    #: the round's hole it was taken over from (a replay of it), if it was
    origin: CourseHole | None = None


@dataclass(frozen=True, slots=True)
class StoredRound:
    id: int
    course: int
    options: str
    started: str
    finished: str | None
    scores: tuple[int, ...]
    #: when the player gave the round up, unfinished (None: not abandoned)
    abandoned: str | None = None
    player: str = ""

    @property
    def is_unfinished(self) -> bool:
        """Neither complete nor abandoned: the player may go on with it."""
        return self.finished is None and self.abandoned is None

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def is_complete(self) -> bool:
        return len(self.scores) == 9


def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: the columns of a game in progress, as :func:`saved_game` reads them
SAVED_COLUMNS = (
    "id, game, options, seed, deck, moves, undone, hints, round_id, hole, started, updated, "
    "seconds_played, origin_course, origin_hole"
)
#: the columns of a finished game, as :func:`finished_game` reads them
FINISHED_COLUMNS = (
    "id, game, options, seed, deck, moves, won, score, summary, hints, round_id, hole, "
    "started, finished, seconds_played, origin_course, origin_hole"
)


def saved_game(row: tuple[Any, ...]) -> SavedGame:
    """A game in progress from its row (:data:`SAVED_COLUMNS`)."""
    game_id, game, options, seed, deck, moves, undone = row[:7]
    hints, round_id, hole, started, updated, seconds = row[7:13]
    return SavedGame(
        game_id, game, options, seed, deck, words(moves), words(undone), hints,
        round_id, hole, started, updated, seconds, origin(*row[13:]),
    )  # fmt: skip


def finished_game(row: tuple[Any, ...]) -> FinishedGame:
    """A finished game from its row (:data:`FINISHED_COLUMNS`)."""
    (game_id, game, options, seed, deck, moves, won, score, summary, hints) = row[:10]
    round_id, hole, started, finished, seconds = row[10:15]
    return FinishedGame(
        game_id, game, options, seed, deck, words(str(moves)), bool(won), score,
        summary, hints, round_id, hole, started, finished, seconds, origin(*row[15:]),
    )  # fmt: skip


def origin(course: int | None, hole: int | None) -> CourseHole | None:
    """Where a game came from, from its ``origin_course`` and ``origin_hole`` (read only as
    :func:`well_formed` lets them be): none unless both are given."""
    return None if course is None or hole is None else CourseHole(course, hole)


def origin_columns(where: CourseHole | None) -> tuple[int | None, int | None]:
    """The ``origin_course`` and ``origin_hole`` a game is written with."""
    return (None, None) if where is None else (where.course, where.hole)


def rounds_scores(
    holes: Iterable[tuple[int, object, int, int]],
) -> tuple[dict[int, list[int]], set[int]]:
    """Each round's hole scores in order, from rows of (round, hole, score, whether the
    row is read), ordered by round and hole; and the rounds not read. A round with a hole
    that is not read (changed by hand), or a hole missing before its last, is not read
    either: its scores would be told under the wrong holes, and going on with it would
    deal a hole scored already, for ever.

    >>> rounds_scores([(1, 1, 4, 1), (1, 2, 5, 1), (2, 1, 3, 1), (2, 3, 6, 1), (3, 1, 9, 0)])
    ({1: [4, 5], 2: [3, 6], 3: [9]}, {2, 3})
    """
    scores: dict[int, list[int]] = {}
    unread: set[int] = set()
    for round_id, hole, score, readable in holes:
        kept = scores.setdefault(round_id, [])
        if not readable or hole != len(kept) + 1:
            unread.add(round_id)
        kept.append(score)
    return scores, unread
