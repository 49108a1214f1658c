"""Parlour's SQLite database: rounds and their holes, finished games, games in progress.

Every write is one transaction (``BEGIN IMMEDIATE``), the journal is in WAL mode and
writers wait for each other (``busy_timeout``), so two Parlour processes can write at
once without losing a row. A database that cannot be read is moved aside, never
deleted, and a new one is started; :attr:`Store.notice` then tells the player where the
old one went.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from parlour.store.paths import DATABASE_NAME

SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY,
    course INTEGER NOT NULL,
    options TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    total INTEGER
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    deck TEXT NOT NULL,
    moves TEXT NOT NULL,
    won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    summary TEXT NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    started TEXT NOT NULL,
    finished TEXT NOT NULL
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
CREATE TABLE IF NOT EXISTS in_progress (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    deck TEXT NOT NULL,
    moves TEXT NOT NULL,
    undone TEXT NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    started TEXT NOT NULL,
    updated TEXT NOT NULL
);
"""


class StoreError(Exception):
    """The data directory or database cannot be used; the message says why."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress, as saved after its last move."""

    id: int
    game: str
    options: str
    seed: int | None
    deck: str
    moves: tuple[str, ...]
    undone: tuple[str, ...]
    hints: int
    round_id: int | None
    hole: int | None
    started: str
    updated: str


@dataclass(frozen=True, slots=True)
class FinishedGame:
    id: int
    game: str
    options: str
    seed: int | None
    deck: str
    moves: tuple[str, ...]
    won: bool
    score: int
    summary: str
    hints: int
    round_id: int | None
    hole: int | None
    started: str
    finished: str


@dataclass(frozen=True, slots=True)
class StoredRound:
    id: int
    course: int
    options: str
    started: str
    finished: str | None
    scores: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def is_complete(self) -> bool:
        return len(self.scores) == 9


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


class Store:
    """The database in a data directory. Safe to share between threads."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.path = directory / DATABASE_NAME
        self.notice: str | None = None
        self._lock = threading.RLock()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"cannot use the data directory {directory}: {error.strerror}"
            ) from None
        self._connection = self._open()

    # -- opening ---------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(
            self.path, timeout=30, isolation_level=None, check_same_thread=False
        )
        connection.execute("PRAGMA busy_timeout = 30000")
        return connection

    def _open(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = None
        try:
            connection = self._connect()
            self._check_and_create(connection)
            return connection
        except sqlite3.DatabaseError:
            if connection is not None:
                connection.close()
        moved = self._move_aside()
        self.notice = (
            f"Parlour could not read its database, so it started a new one. "
            f"The old file is kept at {moved}."
        )
        connection = self._connect()
        self._check_and_create(connection)
        return connection

    def _check_and_create(self, connection: sqlite3.Connection) -> None:
        result = connection.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {result}")
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer Parlour (schema {version}); "
                "upgrade Parlour to use it"
            )
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        with self._transaction(connection):
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _move_aside(self) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{counter}")
        self.path.replace(target)
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                companion.replace(target.with_name(target.name + suffix))
        return target

    @staticmethod
    @contextmanager
    def _transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        else:
            connection.execute("COMMIT")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._transaction(self._connection) as connection:
            yield connection

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    # -- games in progress -----------------------------------------------------------------

    def save_in_progress(
        self,
        row_id: int | None,
        *,
        game: str,
        options: str,
        seed: int | None,
        deck: str,
        moves: list[str],
        undone: list[str],
        hints: int = 0,
        round_id: int | None = None,
        hole: int | None = None,
    ) -> int:
        """Insert or update a game in progress and return its id (one transaction)."""
        stamp = now()
        values = (
            game,
            options,
            seed,
            deck,
            " ".join(moves),
            " ".join(undone),
            hints,
            round_id,
            hole,
            stamp,
        )
        with self.transaction() as db:
            if row_id is not None:
                cursor = db.execute(
                    "UPDATE in_progress SET game=?, options=?, seed=?, deck=?, moves=?, "
                    "undone=?, hints=?, round_id=?, hole=?, updated=? WHERE id=?",
                    (*values, row_id),
                )
                if cursor.rowcount:
                    return row_id
            cursor = db.execute(
                "INSERT INTO in_progress (game, options, seed, deck, moves, undone, hints, "
                "round_id, hole, updated, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*values, stamp),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def games_in_progress(self) -> list[SavedGame]:
        """Saved games in progress, the most recently played first."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT id, game, options, seed, deck, moves, undone, hints, round_id, hole, "
                "started, updated FROM in_progress ORDER BY updated DESC, id DESC"
            ).fetchall()
        return [
            SavedGame(r[0], r[1], r[2], r[3], r[4], _words(r[5]), _words(r[6]), *r[7:])
            for r in rows
        ]

    def discard_in_progress(self, row_id: int) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM in_progress WHERE id = ?", (row_id,))

    # -- finished games --------------------------------------------------------------------

    def finish_game(
        self,
        in_progress_id: int | None,
        *,
        game: str,
        options: str,
        seed: int | None,
        deck: str,
        moves: list[str],
        won: bool,
        score: int,
        summary: str,
        hints: int = 0,
        round_id: int | None = None,
        hole: int | None = None,
        started: str | None = None,
    ) -> int:
        """Store a finished game (and its hole, in a round) and drop it from the games
        in progress, all in one transaction. Returns the finished game's id."""
        stamp = now()
        with self.transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, options, seed, deck, moves, won, score, summary, hints,"
                " round_id, hole, started, finished) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    game,
                    options,
                    seed,
                    deck,
                    " ".join(moves),
                    int(won),
                    score,
                    summary,
                    hints,
                    round_id,
                    hole,
                    started or stamp,
                    stamp,
                ),
            )
            game_id = cursor.lastrowid
            if round_id is not None and hole is not None:
                db.execute(
                    "INSERT OR REPLACE INTO holes (round_id, hole, score, game_id) "
                    "VALUES (?, ?, ?, ?)",
                    (round_id, hole, score, game_id),
                )
                total, count = db.execute(
                    "SELECT COALESCE(SUM(score), 0), COUNT(*) FROM holes WHERE round_id = ?",
                    (round_id,),
                ).fetchone()
                db.execute(
                    "UPDATE rounds SET total = ?, finished = ? WHERE id = ?",
                    (total, stamp if count >= 9 else None, round_id),
                )
            if in_progress_id is not None:
                db.execute("DELETE FROM in_progress WHERE id = ?", (in_progress_id,))
        assert game_id is not None
        return game_id

    _FINISHED_COLUMNS = (
        "SELECT id, game, options, seed, deck, moves, won, score, summary, hints, "
        "round_id, hole, started, finished FROM games"
    )

    @staticmethod
    def _finished(row: tuple[Any, ...]) -> FinishedGame:
        (game_id, game, options, seed, deck, moves, won, score, summary, hints) = row[:10]
        round_id, hole, started, finished = row[10:]
        return FinishedGame(
            game_id, game, options, seed, deck, _words(str(moves)), bool(won), score,
            summary, hints, round_id, hole, started, finished,
        )  # fmt: skip

    def finished_games(self, limit: int = 200) -> list[FinishedGame]:
        """Finished games, the most recent first."""
        with self._lock:
            rows = self._connection.execute(
                f"{self._FINISHED_COLUMNS} ORDER BY finished DESC, id DESC LIMIT ?", (limit,)
            ).fetchall()
        return [self._finished(row) for row in rows]

    def finished_game(self, game_id: int) -> FinishedGame | None:
        with self._lock:
            row = self._connection.execute(
                f"{self._FINISHED_COLUMNS} WHERE id = ?", (game_id,)
            ).fetchone()
        return None if row is None else self._finished(row)

    # -- rounds ----------------------------------------------------------------------------

    def start_round(self, course: int, options: str) -> int:
        with self.transaction() as db:
            cursor = db.execute(
                "INSERT INTO rounds (course, options, started) VALUES (?, ?, ?)",
                (course, options, now()),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def rounds(self) -> list[StoredRound]:
        """Every round, the most recent first, with its hole scores in order."""
        with self._lock:
            rounds = self._connection.execute(
                "SELECT id, course, options, started, finished FROM rounds "
                "ORDER BY started DESC, id DESC"
            ).fetchall()
            holes = self._connection.execute(
                "SELECT round_id, score FROM holes ORDER BY round_id, hole"
            ).fetchall()
        scores: dict[int, list[int]] = {}
        for round_id, score in holes:
            scores.setdefault(round_id, []).append(score)
        return [
            StoredRound(ident, course, options, started, finished, tuple(scores.get(ident, ())))
            for ident, course, options, started, finished in rounds
        ]

    def get_round(self, round_id: int) -> StoredRound | None:
        return next((r for r in self.rounds() if r.id == round_id), None)

    # -- Golf pars (a cache: a deal's par never changes) ------------------------------------

    def pars(self, seeds: list[int], options: str) -> dict[int, int]:
        """The known pars of these Golf deals under these rule options."""
        if not seeds:
            return {}
        marks = ",".join("?" * len(seeds))
        with self._lock:
            rows = self._connection.execute(
                f"SELECT seed, par FROM pars WHERE options = ? AND seed IN ({marks})",
                (options, *seeds),
            ).fetchall()
        return dict(rows)

    def save_par(self, seed: int, options: str, par: int) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO pars (seed, options, par) VALUES (?, ?, ?)",
                (seed, options, par),
            )
