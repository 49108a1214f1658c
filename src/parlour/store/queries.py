"""Read-only queries for statistics and history: one player's finished games, oldest
first, in as few rows and columns as each use needs (statistics over 100,000 games are
read in one indexed query)."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.store.database import Store
from parlour.store.schema import FinishedGame


@dataclass(frozen=True, slots=True)
class ResultRow:
    """What statistics need of a finished game."""

    game: str
    options: str
    seed: int | None
    won: bool
    score: int
    hints: int
    #: seconds from its first move's day and time to its end (as stored)
    seconds: int
    round_id: int | None
    hole: int | None


def results(store: Store, game: str | None = None) -> list[ResultRow]:
    """The player's finished games (of ``game``, or all), oldest first."""
    where, parameters = _which(store, game)
    rows = store._read(
        "SELECT game, options, seed, won, score, hints, "
        "MAX(0, CAST(ROUND((julianday(finished) - julianday(started)) * 86400) AS INTEGER)), "
        f"round_id, hole FROM games {where} ORDER BY finished, id",
        parameters,
    )
    return [
        ResultRow(game, options, seed, bool(won), score, hints, seconds or 0, round_id, hole)
        for game, options, seed, won, score, hints, seconds, round_id, hole in rows
    ]


def finished_history(store: Store, game: str | None = None) -> list[FinishedGame]:
    """The player's finished games (of ``game``, or all) in full, oldest first."""
    where, parameters = _which(store, game)
    rows = store._read(
        f"{store._FINISHED_COLUMNS} {where} ORDER BY finished, id",
        parameters,
    )
    return [store._finished(row) for row in rows]


def round_codes(store: Store) -> dict[int, int]:
    """Every round of the player: its id and its course."""
    return dict(store._read("SELECT id, course FROM rounds WHERE player = ?", (store.player,)))


def _which(store: Store, game: str | None) -> tuple[str, tuple[object, ...]]:
    if game is None:
        return "WHERE player = ?", (store.player,)
    return "WHERE player = ? AND game = ?", (store.player, game)
