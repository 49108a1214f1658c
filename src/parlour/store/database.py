"""Parlour's SQLite database: rounds and their holes, finished games, games in progress.

Every write is one transaction (``BEGIN IMMEDIATE``), the journal is in WAL mode and
writers wait for each other (``busy_timeout``), so several Parlour processes can write at
once without losing a row. A write that fails (its COMMIT included) is rolled back and
raises :class:`StoreUnavailable`: nothing half-written is ever read back. The write that
records a finished hole or game is made durable at once (``synchronous = FULL``); the
saves of a game in progress, after every move, may lose the last move or two to a power
cut (``NORMAL``), never the database. How the database is opened, and what is done with
one that is damaged, busy, foreign or newer, is in :mod:`parlour.store.opening`.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from parlour.engine.rounds import CourseHole
from parlour.store import migration
from parlour.store import opening
from parlour.store.opening import GameGone
from parlour.store.opening import now
from parlour.store.paths import DATABASE_NAME
from parlour.store.players import check_player
from parlour.store.players import default_player
from parlour.store.players import is_player
from parlour.store.schema import FINISHED_COLUMNS
from parlour.store.schema import PLAYER_TABLES
from parlour.store.schema import SAVED_COLUMNS
from parlour.store.schema import SCHEMA_VERSION
from parlour.store.schema import FinishedGame
from parlour.store.schema import SavedGame
from parlour.store.schema import StoredRound
from parlour.store.schema import finished_game
from parlour.store.schema import origin_columns
from parlour.store.schema import rounds_scores
from parlour.store.schema import saved_game
from parlour.store.schema import well_formed
from parlour.store.writer import UnderWay
from parlour.store.writer import Writer


class Store:
    """The database in a data directory. Safe to share between threads.

    Raises :class:`StoreUnavailable` or :class:`StoreRefused` (both :class:`StoreError`)
    when the database cannot be used; ``busy_timeout`` is how long a write waits for
    another process's. A store reads and writes one player's games and rounds
    (:mod:`parlour.store.players`); :meth:`players` lists everyone's names."""

    def __init__(
        self, directory: Path, *, player: str | None = None, busy_timeout: float = 30.0
    ) -> None:
        #: whose games are read and written (``ValueError`` for a name that cannot be one)
        self.player = default_player() if player is None else check_player(player)
        self.directory = directory
        self.path = directory / DATABASE_NAME
        self.notice: str | None = None
        self.busy_timeout = busy_timeout
        #: where a game's saves run (None: in the caller's thread; the app's: a thread)
        self.writer: Writer | None = None
        self._lock = threading.RLock()
        #: a write under way (what a signal lets finish before the program ends)
        self.under_way = UnderWay()
        opening.private_directory(directory)
        self._connection = self._open()
        #: reads have a connection (and a lock) of their own: in WAL mode they see the
        #: last committed state at once, never waiting for a write, this store's (which
        #: may wait for another program's lock, up to ``busy_timeout``) or another's
        self._read_lock = threading.RLock()
        try:
            self._reader = self._connect()
        except sqlite3.Error as error:
            self._connection.close()
            raise opening.unavailable(self.path, error) from None

    # -- opening ---------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        opening.private_file(self.path)
        connection = sqlite3.connect(
            self.path, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False
        )
        connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        # nothing in a file's schema may call a function with side effects (SQLite's
        # advice for files from elsewhere)
        connection.execute("PRAGMA trusted_schema = OFF")
        return connection

    def _open(self) -> sqlite3.Connection:
        patience = max(self.busy_timeout, 1.0)
        connection, self.notice = opening.open_or_move_aside(self.path, self._open_once, patience)
        return connection

    def _open_once(self) -> sqlite3.Connection:
        connection = self._connect()
        try:
            # (another program's file is refused untouched before it is checked for
            # damage, which would move it aside)
            opening.check_ours(connection, self.path, SCHEMA_VERSION)
            opening.check_health(connection)
            opening.use_wal(connection, max(self.busy_timeout, 1.0))
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            with self._transaction(connection):
                self.player = migration.create(connection, self.player)
        except BaseException:
            connection.close()
            raise
        for suffix in ("-wal", "-shm"):
            opening.tighten(self.path.with_name(self.path.name + suffix))
        return connection

    @staticmethod
    @contextmanager
    def _transaction(
        connection: sqlite3.Connection, durable: bool = False
    ) -> Iterator[sqlite3.Connection]:
        """One transaction; rolled back if anything in it fails, COMMIT included."""
        if durable:
            connection.execute("PRAGMA synchronous = FULL")
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        connection.execute("ROLLBACK")
                raise
        finally:
            if durable:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("PRAGMA synchronous = NORMAL")

    @contextmanager
    def transaction(self, *, durable: bool = False) -> Iterator[sqlite3.Connection]:
        """A write: one transaction, or :class:`StoreUnavailable` and nothing written."""
        with self._lock, self.under_way:
            try:
                with self._transaction(self._connection, durable) as connection:
                    yield connection
            except sqlite3.Error as error:
                raise opening.unavailable(self.path, error) from None

    def _read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[Any]:
        """The rows of a query, or :class:`StoreUnavailable`."""
        with self._read_lock:
            try:
                return self._reader.execute(sql, parameters).fetchall()
            except sqlite3.Error as error:
                raise opening.unavailable(self.path, error) from None

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Several reads, with no other read of this store between them."""
        with self._read_lock:
            yield

    def close(self) -> None:
        with self._read_lock:
            self._reader.close()
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
        seconds_played: int = 0,
        origin: CourseHole | None = None,
    ) -> int:
        """Insert or update a game in progress and return its id (one transaction).

        A game that is not a round's hole keeps the resume slot of its game and rule
        options: when it is first written, the player's other unfinished game of that
        game and options (if any) is dropped in the same transaction. The caller asks
        the player first, or says so. Such a game whose row is gone (finished or replaced
        by another Parlour meanwhile) is not written again: :class:`GameGone`. Its time
        of ``updated`` is that of its last change (a move, an undo, a hint): a save that
        changes only the seconds played (the board left) keeps it."""
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
            seconds_played,
            *origin_columns(origin),
        )
        with self.transaction() as db:
            if row_id is not None:
                # (SET reads the row as it was: updated is kept if the game is unchanged)
                cursor = db.execute(
                    "UPDATE in_progress SET game=?, options=?, seed=?, deck=?, moves=?, "
                    "undone=?, hints=?, round_id=?, hole=?, updated=CASE WHEN moves IS ? "
                    "AND undone IS ? AND hints IS ? THEN updated ELSE ? END, seconds_played=?, "
                    "origin_course=?, origin_hole=? WHERE id=? AND player=?",
                    (*values[:9], *values[4:7], *values[9:], row_id, self.player),
                )
                if cursor.rowcount:
                    return row_id
                if round_id is None:
                    raise GameGone
            if round_id is None:
                # (a row not read, changed by hand, stays: the player never saw it go)
                db.execute(
                    "DELETE FROM in_progress WHERE player = ? AND game = ? AND options = ? "
                    f"AND round_id IS NULL AND {well_formed('in_progress')}",
                    (self.player, game, options),
                )
            cursor = db.execute(
                "INSERT INTO in_progress (game, options, seed, deck, moves, undone, hints, "
                "round_id, hole, updated, seconds_played, origin_course, origin_hole, started, "
                "player) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (*values, stamp, self.player),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    _SAVED_COLUMNS = f"SELECT {SAVED_COLUMNS} FROM in_progress WHERE {well_formed('in_progress')}"

    def games_in_progress(self) -> list[SavedGame]:
        """Saved games in progress, the most recently played first."""
        rows = self._read(
            f"{self._SAVED_COLUMNS} AND player = ? ORDER BY updated DESC, id DESC",
            (self.player,),
        )
        return [self._saved(row) for row in rows]

    def saved_deal(self, game: str, options: str, seed: int | None = None) -> SavedGame | None:
        """The player's unfinished game of ``game`` under ``options`` (not a round's hole):
        of deal ``seed`` if given, else the one in the resume slot (a move played)."""
        rows = self._read(
            f"{self._SAVED_COLUMNS} AND player = ? AND game = ? AND options = ? "
            "AND round_id IS NULL ORDER BY updated DESC, id DESC",
            (self.player, game, options),
        )
        found = [self._saved(row) for row in rows]
        if seed is not None:
            return next((saved for saved in found if saved.seed == seed), None)
        return next((saved for saved in found if saved.moves or saved.undone), None)

    _saved = staticmethod(saved_game)

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
        seconds_played: int = 0,
        origin: CourseHole | None = None,
    ) -> int:
        """Store a finished game (and its hole, in a round) and drop it from the games
        in progress, all in one transaction. Returns the finished game's id.

        A hole is scored once: the first game to finish it. A game that finishes a hole
        already scored (the same round played on in two places at once) is kept in the
        history with its round and hole, but the hole keeps its score
        (:meth:`hole_game` tells which game scored it). A game that is not a round's hole
        is finished once: if its saved row is gone (finished, or replaced by another game,
        in another Parlour meanwhile), it is not kept (:class:`GameGone`): one game played
        on in two places was counted twice in the history and the statistics."""
        stamp = now()
        with self.transaction(durable=True) as db:
            if in_progress_id is not None and round_id is None:
                gone = db.execute("DELETE FROM in_progress WHERE id = ?", (in_progress_id,))
                if not gone.rowcount:
                    raise GameGone
            cursor = db.execute(
                "INSERT INTO games (game, options, seed, deck, moves, won, score, summary, hints,"
                " round_id, hole, started, finished, player, seconds_played, origin_course,"
                " origin_hole) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
                    self.player,
                    seconds_played,
                    *origin_columns(origin),
                ),
            )
            game_id = cursor.lastrowid
            scored = 0
            if round_id is not None and hole is not None:
                # the first finish of a hole is its score (never replaced)
                scored = db.execute(
                    "INSERT INTO holes (round_id, hole, score, game_id) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (round_id, hole) DO NOTHING",
                    (round_id, hole, score, game_id),
                ).rowcount
            if scored:
                # (TOTAL: a score changed by hand to 2**63 - 1 made SUM fail, and with it
                # the write of this finished hole)
                total, count = db.execute(
                    "SELECT CAST(TOTAL(score) AS INTEGER), COUNT(*) FROM holes "
                    f"WHERE {well_formed('holes')} AND round_id = ?",
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

    _FINISHED_COLUMNS = f"SELECT {FINISHED_COLUMNS} FROM games WHERE {well_formed('games')}"

    _finished = staticmethod(finished_game)

    def finished_games(self, limit: int = 200) -> list[FinishedGame]:
        """Finished games, the most recent first."""
        rows = self._read(
            f"{self._FINISHED_COLUMNS} AND player = ? ORDER BY finished DESC, id DESC LIMIT ?",
            (self.player, limit),
        )
        return [self._finished(row) for row in rows]

    def round_games(self, round_id: int) -> list[FinishedGame]:
        """The finished game of each hole scored in a round (any player's), by hole."""
        rows = self._read(
            f"{self._FINISHED_COLUMNS} AND id IN "
            "(SELECT game_id FROM holes WHERE round_id = ?) ORDER BY hole",
            (round_id,),
        )
        return [self._finished(row) for row in rows]

    def hole_game(self, round_id: int, hole: int) -> tuple[int, int | None] | None:
        """The score of a round's hole and the finished game that scored it (None if the
        hole is not scored yet)."""
        rows = self._read(
            f"SELECT score, game_id FROM holes WHERE {well_formed('holes')} "
            "AND round_id = ? AND hole = ?",
            (round_id, hole),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    def finished_game(self, game_id: int) -> FinishedGame | None:
        rows = self._read(f"{self._FINISHED_COLUMNS} AND id = ?", (game_id,))
        return self._finished(rows[0]) if rows else None

    # -- rounds ----------------------------------------------------------------------------

    def start_round(self, course: int, options: str) -> int:
        with self.transaction(durable=True) as db:
            cursor = db.execute(
                "INSERT INTO rounds (course, options, started, player) VALUES (?, ?, ?, ?)",
                (course, options, now(), self.player),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def rounds(self, *, everyone: bool = False) -> list[StoredRound]:
        """The player's rounds (``everyone``'s), the most recent first, with their hole
        scores in order."""
        mine = "" if everyone else "AND rounds.player = ?"
        chosen = () if everyone else (self.player,)
        rows_read = well_formed("rounds", "rounds")
        with self.reading():
            rounds = self._read(
                "SELECT id, course, options, started, finished, abandoned, player FROM rounds "
                f"WHERE {rows_read} {mine} ORDER BY started DESC, id DESC",
                chosen,
            )
            holes = self._read(
                f"SELECT round_id, holes.hole, holes.score, {well_formed('holes', 'holes')} "
                f"FROM holes JOIN rounds ON rounds.id = round_id WHERE {rows_read} {mine} "
                "ORDER BY round_id, hole",
                chosen,
            )
        scores, unread = rounds_scores(holes)
        return [
            StoredRound(ident, course, options, started, finished, tuple(scores.get(ident, ())),
                        abandoned, player)
            for ident, course, options, started, finished, abandoned, player in rounds
            if ident not in unread
        ]  # fmt: skip

    def get_round(self, round_id: int) -> StoredRound | None:
        return next((r for r in self.rounds() if r.id == round_id), None)

    def unfinished_rounds(self) -> list[StoredRound]:
        """Rounds neither complete nor abandoned, the most recent first."""
        return [r for r in self.rounds() if r.is_unfinished]

    def unfinished_round(self, course: int, options: str) -> StoredRound | None:
        """The player's latest unfinished round of this course under these rules."""
        return next(
            (r for r in self.unfinished_rounds() if r.course == course and r.options == options),
            None,
        )

    def game_in_progress_for_round(self, round_id: int) -> SavedGame | None:
        """The hole of a round being played (saved after its last move), if any."""
        rows = self._read(
            f"{self._SAVED_COLUMNS} AND round_id = ? ORDER BY hole DESC, id DESC LIMIT 1",
            (round_id,),
        )
        return self._saved(rows[0]) if rows else None

    def abandon_round(self, round_id: int) -> None:
        """Give up an unfinished round: it stays in the history, marked abandoned, and its
        hole in progress (if any) is dropped."""
        with self.transaction(durable=True) as db:
            db.execute(
                "UPDATE rounds SET abandoned = ? WHERE id = ? AND finished IS NULL",
                (now(), round_id),
            )
            db.execute("DELETE FROM in_progress WHERE round_id = ?", (round_id,))

    def players(self) -> list[str]:
        """Everyone who has played or begun a game here, by name (this store's player
        included, played or not). A name changed by hand to one no player can have (bytes,
        an empty name) is nobody's, and not listed."""
        union = " UNION ".join(
            f"SELECT player FROM {table} WHERE typeof(player) = 'text'" for table in PLAYER_TABLES
        )
        names = filter(is_player, (row[0] for row in self._read(union)))
        return sorted({self.player, *names}, key=str.casefold)

    # -- Golf's figures (caches): ``pars`` holds a deal's best (perfect play knowing every
    # card; the table kept its first name), ``hint_pars`` its par (the hint's score)

    def pars(self, seeds: list[int], options: str, table: str = "pars") -> dict[int, int]:
        """The known bests (or, from ``hint_pars``, pars) of these deals under options."""
        assert table in ("pars", "hint_pars")
        marks = ",".join("?" * len(seeds))
        query = (
            f"SELECT seed, par FROM {table} WHERE {well_formed(table)} AND options = ? "
            f"AND seed IN ({marks})"
        )
        return dict(self._read(query, (options, *seeds))) if seeds else {}

    def hint_pars(self, seeds: list[int], options: str) -> dict[int, int]:
        return self.pars(seeds, options, "hint_pars")

    def save_par(self, seed: int, options: str, par: int, table: str = "pars") -> None:
        assert table in ("pars", "hint_pars")
        with self.transaction() as db:
            db.execute(
                f"INSERT OR REPLACE INTO {table} (seed, options, par) VALUES (?, ?, ?)",
                (seed, options, par),
            )

    def save_hint_par(self, seed: int, options: str, par: int) -> None:
        self.save_par(seed, options, par, "hint_pars")
