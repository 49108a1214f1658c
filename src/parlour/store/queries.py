"""Read-only queries for statistics and history: one player's finished games, oldest
first, in as few rows and columns as each use needs (statistics over 100,000 games are
read in one indexed query)."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.store.database import Store
from parlour.store.schema import FinishedGame
from parlour.store.schema import well_formed

#: the columns of a finished game the statistics read
_READ = (
    "game", "options", "seed", "hole", "won", "score", "hints", "started", "finished",
    "seconds_played",
)  # fmt: skip
#: the games the statistics count: those whose columns they read hold what Parlour
#: writes there (the database is read as hostile: a row changed by hand may hold text
#: where a figure was, which would fail the sums, or a figure no game can give: a won of
#: 5, a score of 2**63 - 1, hints of -3). Every query of the statistics counts the same
#: games, so that no figure is worked out over games another leaves out
COUNTED = well_formed("games", columns=_READ)


@dataclass(frozen=True, slots=True)
class Totals:
    """The sums over one game and rule options (one indexed ``GROUP BY``)."""

    game: str
    options: str
    played: int
    won: int
    hints: int
    #: the seconds each game was played, added up (:func:`totals` says how a game stored
    #: before they were kept is counted)
    seconds: int
    best_high: int
    best_low: int


def totals(store: Store, game: str | None = None) -> list[Totals]:
    """The player's sums for each game and rule options played (of ``game``, or all)."""
    where, parameters = _which(store, game)
    # The time of a game is the seconds it was played, as the clock counted them; a game
    # stored before they were kept (seconds_played null, schema 4 and older) counts the
    # time from its start to its end, all that is known of it (time away included).
    # (a row changed by hand holds text where a time was, which julianday reads as
    # nothing: no time is counted for it, and a sum of nothing is no time at all; or
    # whole numbers whose sum is past SQLite's 64 bits, where SUM fails the whole query:
    # a win is any won that is not 0, as the streaks read it, and hints and seconds are
    # added up as TOTAL does, in floating point, which never fails)
    rows = store._read(
        "SELECT game, options, COUNT(*), SUM(won != 0), CAST(TOTAL(hints) AS INTEGER), "
        "CAST(ROUND(TOTAL(COALESCE(seconds_played, "
        "MAX(0, julianday(finished) - julianday(started)) * 86400))) AS INTEGER),"
        f" MAX(score), MIN(score) FROM games WHERE {where} AND {COUNTED} GROUP BY game, options",
        parameters,
    )
    return [Totals(*row) for row in rows]


def outcomes(store: Store, game: str, options: str) -> tuple[list[bool], list[int]]:
    """Whether each finished game of ``game`` under ``options`` was won, and its score, in
    the order they were finished (the index's own order: nothing to sort)."""
    rows = store._read(
        "SELECT won, score FROM games WHERE player = ? AND game = ? AND options = ? "
        f"AND {COUNTED} ORDER BY finished, id",
        (store.player, game, options),
    )
    return [bool(won) for won, _ in rows], [score for _, score in rows]


def round_holes(store: Store, game: str, options: str) -> list[tuple[int | None, int]]:
    """The seed and score of every hole the player scored in a round (a game that
    finished a hole already scored elsewhere is not one)."""
    rows = store._read(
        "SELECT seed, score FROM games WHERE player = ? AND game = ? AND options = ? "
        f"AND {COUNTED} AND round_id IS NOT NULL "
        "AND id IN (SELECT game_id FROM holes)",
        (store.player, game, options),
    )
    return [(seed, score) for seed, score in rows]


def score_counts(store: Store, game: str, options: str) -> dict[int, int]:
    """How many finished games of ``game`` under ``options`` ended with each score."""
    rows = store._read(
        "SELECT score, COUNT(*) FROM games WHERE player = ? AND game = ? AND options = ? "
        f"AND {COUNTED} GROUP BY score ORDER BY score",
        (store.player, game, options),
    )
    return dict(rows)


def finished_history(store: Store, game: str | None = None) -> list[FinishedGame]:
    """The player's finished games (of ``game``, or all) in full, oldest first."""
    where, parameters = _which(store, game)
    rows = store._read(
        f"{store._FINISHED_COLUMNS} AND {where} ORDER BY finished, id",
        parameters,
    )
    return [store._finished(row) for row in rows]


def round_codes(store: Store) -> dict[int, int]:
    """Every round of the player: its id and its course."""
    return dict(
        store._read(
            f"SELECT id, course FROM rounds WHERE {well_formed('rounds')} AND player = ?",
            (store.player,),
        )
    )


def _which(store: Store, game: str | None) -> tuple[str, tuple[object, ...]]:
    if game is None:
        return "player = ?", (store.player,)
    return "player = ? AND game = ?", (store.player, game)
