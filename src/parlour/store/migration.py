"""Making a database's tables, and bringing an older Parlour's database up to date in
place: every row it holds is kept."""

from __future__ import annotations

import contextlib
import sqlite3

from parlour.store import opening
from parlour.store.players import default_player
from parlour.store.players import player_key
from parlour.store.players import spellings
from parlour.store.schema import INDEXES
from parlour.store.schema import PLAYER_TABLES
from parlour.store.schema import SCHEMA
from parlour.store.schema import SCHEMA_VERSION


def create(connection: sqlite3.Connection, player: str) -> str:
    """The tables (each only if missing: others may be making them too), and what a
    database of an older schema lacks. Rows from before players were kept belong to the
    login's own player. Returns ``player`` as the database spells that player's name."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            connection.execute(statement)
    columns = {row[1] for row in connection.execute("PRAGMA table_info(rounds)")}
    if "abandoned" not in columns:  # schema 2
        connection.execute("ALTER TABLE rounds ADD COLUMN abandoned TEXT")
    for table in PLAYER_TABLES:  # schema 3
        columns = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        if "player" not in columns:
            connection.execute(f"ALTER TABLE {table} ADD COLUMN player TEXT NOT NULL DEFAULT ''")
            connection.execute(f"UPDATE {table} SET player = ?", (default_player(),))
    for table in ("games", "in_progress"):  # schema 4: the seconds played unknown (null)
        columns = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        # (and no game taken over from a round's hole: its origin null)
        for column in ("seconds_played", "origin_course", "origin_hole"):
            if column not in columns:
                connection.execute(f"ALTER TABLE {table} ADD COLUMN {column} INTEGER")
    for statement in INDEXES.split(";"):
        connection.execute(statement)
    player = fold_players(connection, player)
    connection.execute(f"PRAGMA application_id = {opening.APPLICATION_ID}")
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return player


def fold_players(connection: sqlite3.Connection, player: str) -> str:
    """One player, one name: rows written under another spelling of a name (``Ann`` and
    ``ann``, by an older Parlour) become the first written's, and ``player`` is known by
    that spelling (returned). The names come from the indexes a name at a time (a skip
    scan), so the cost is the number of players, not of games."""
    names = {
        row[0]
        for table in PLAYER_TABLES
        for row in connection.execute(
            f"WITH RECURSIVE name(player) AS (SELECT MIN(player) FROM {table} UNION ALL "
            f"SELECT (SELECT MIN(player) FROM {table} WHERE player > name.player) FROM name "
            "WHERE name.player IS NOT NULL) SELECT player FROM name WHERE player IS NOT NULL"
        )
    }
    mine = player_key(player)
    keys: dict[str, list[str]] = {}
    for name in names:
        if not isinstance(name, str):  # (a database changed by hand: no player's row)
            continue
        with contextlib.suppress(ValueError):  # a name no longer a player's: left be
            keys.setdefault(player_key(name), []).append(name)
    if any(len(found) > 1 for found in keys.values()):
        # (a name or date of another kind, changed by hand, is no spelling of anyone's)
        union = " UNION ALL ".join(
            f"SELECT player, started FROM {t} WHERE typeof(player) = 'text' "
            "AND typeof(started) = 'text'"
            for t in PLAYER_TABLES
        )
        first_written = connection.execute(
            f"SELECT player, MIN(started) FROM ({union}) GROUP BY player"
        ).fetchall()
        for later, first in spellings(first_written).items():
            for table in PLAYER_TABLES:
                connection.execute(
                    f"UPDATE {table} SET player = ? WHERE player = ?", (first, later)
                )
            keys[player_key(first)] = [first]
    return keys.get(mine, [player])[0]
