"""The club's database: SQLite by default (one file, nothing to install) or PostgreSQL
(``postgresql://…``), through SQLAlchemy Core's asyncio engine (aiosqlite, asyncpg), with
the schema made and kept up to date by Alembic's migrations when the server starts.

Every query is written once, in SQLAlchemy Core, and runs on both databases.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any
from typing import Final

from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.ext.asyncio import create_async_engine

from parlour.club.schema import pars
from parlour.club.schema import players
from parlour.club.schema import rounds

#: the key of PostgreSQL's advisory lock held while migrating (servers starting together
#: migrate one at a time)
_MIGRATION_LOCK: Final = 0x50524C52
#: PostgreSQL's advisory lock held while a new name is bound (another number: "PRLN")
_BINDING_LOCK: Final = 0x50524C4E
#: the largest id of a round (a 32-bit integer column: PostgreSQL refuses to compare one
#: with a larger number, so a page asked for one is not asked of the database)
MAX_ID: Final = 2**31 - 1


class DatabaseError(Exception):
    """A database address that cannot be used (a message an operator can read)."""


def database_url(given: str) -> str:
    """SQLAlchemy's address for ``--database``: a path is an SQLite file; a
    ``postgresql://`` address is PostgreSQL through asyncpg."""
    if given.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
        rest = given.split("://", 1)[1]
        return f"postgresql+asyncpg://{rest}"
    if given.startswith(("sqlite://", "sqlite+aiosqlite://")):
        return "sqlite+aiosqlite://" + given.split("://", 1)[1]
    if "://" in given:
        raise DatabaseError(
            f"--database {given.split('://')[0]}://…: a path for SQLite or a postgresql:// address"
        )
    path = Path(given).expanduser().resolve()
    return f"sqlite+aiosqlite:///{path}"


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    public_key: str


@dataclass(frozen=True)
class StoredRound:
    id: int
    player: str
    game: str
    course: int
    options: str
    scores: tuple[int, ...]
    total: int
    submitted: datetime
    digest: str


class NameTaken(Exception):
    """A name already bound to another key, or (``alike``) one that looks like the name of
    another key's ``player``."""

    def __init__(self, player: Player, *, alike: bool = False) -> None:
        super().__init__(player.name)
        self.player = player
        self.alike = alike


class ClubDatabase:
    """The club's players, rounds and pars."""

    def __init__(self, given: str, *, pool_size: int = 10) -> None:
        url = make_url(database_url(given))
        self.kind = "postgresql" if url.get_backend_name() == "postgresql" else "sqlite"
        #: the address as logs show it (no password)
        self.shown = url.render_as_string(hide_password=True)
        options: dict[str, Any] = {}
        if self.kind == "postgresql":
            options = {"pool_size": pool_size, "max_overflow": pool_size, "pool_pre_ping": True}
        else:
            options = {"connect_args": {"timeout": 30}}
            if url.database:
                Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine: AsyncEngine = create_async_engine(url, **options)
        if self.kind == "sqlite":
            from sqlalchemy import event

            @event.listens_for(self.engine.sync_engine, "connect")
            def _pragmas(connection: Any, _record: Any) -> None:
                cursor = connection.cursor()
                # readers never wait for the writer; a writer waits up to 30 s for another
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute("PRAGMA synchronous = NORMAL")
                cursor.execute("PRAGMA busy_timeout = 30000")
                cursor.execute("PRAGMA foreign_keys = ON")
                cursor.close()

    async def close(self) -> None:
        await self.engine.dispose()

    # -- the schema -------------------------------------------------------------------------

    async def migrate(self) -> str:
        """Bring the schema to the newest revision; return that revision."""
        async with self.engine.begin() as connection:
            if self.kind == "postgresql":
                await connection.execute(text(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})"))
            revision: str = await connection.run_sync(_upgrade)
        return revision

    async def ping(self) -> None:
        async with self.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))

    # -- players and rounds -----------------------------------------------------------------

    async def bind_player(
        self, name: str, name_key: str, public_key: str, look_alike: str
    ) -> Player:
        """The player of this name: made now, bound to ``public_key``, if the name is new;
        :class:`NameTaken` if it is bound to another key, or if it is new and another key's
        name looks like it (has its ``look_alike`` key)."""
        for _ in range(2):
            async with self.engine.begin() as connection:
                row = (
                    await connection.execute(
                        select(players.c.id, players.c.name, players.c.public_key).where(
                            players.c.name_key == name_key
                        )
                    )
                ).first()
                if row is not None:
                    found = Player(row.id, row.name, row.public_key)
                    if found.public_key != public_key:
                        raise NameTaken(found)
                    return found
            try:
                async with self.engine.begin() as connection:
                    if self.kind == "postgresql":
                        # new names are bound one at a time, so that two names that look
                        # alike, sent at once, cannot both be (SQLite's writer is one alone)
                        await connection.execute(
                            text(f"SELECT pg_advisory_xact_lock({_BINDING_LOCK})")
                        )
                    made = await connection.execute(
                        players.insert()
                        .values(
                            name=name,
                            name_key=name_key,
                            public_key=public_key,
                            joined=_now(),
                            look_alike=look_alike,
                        )
                        .returning(players.c.id)
                    )
                    ident = made.scalar_one()
                    alike = (
                        await connection.execute(
                            select(players.c.id, players.c.name, players.c.public_key)
                            .where(
                                players.c.look_alike == look_alike,
                                players.c.public_key != public_key,
                                players.c.id != ident,
                            )
                            .order_by(players.c.id)
                            .limit(1)
                        )
                    ).first()
                    if alike is not None:  # (the name just made is rolled back)
                        raise NameTaken(Player(alike.id, alike.name, alike.public_key), alike=True)
                    return Player(ident, name, public_key)
            except IntegrityError:
                continue  # another request made this player meanwhile: read it
        raise AssertionError("unreachable: the player was made or found")

    async def sent_before(self, name_key: str, public_key: str, digest: str) -> bool:
        """Whether the player of this name and key has sent the round of ``digest`` here
        (sent under another of the key's names, it would be a new round)."""
        async with self.engine.connect() as connection:
            found = await connection.execute(
                select(rounds.c.id)
                .join(players, players.c.id == rounds.c.player_id)
                .where(
                    players.c.name_key == name_key,
                    players.c.public_key == public_key,
                    rounds.c.digest == digest,
                )
                .limit(1)
            )
            return found.first() is not None

    async def add_round(
        self, player: Player, examined: dict[str, Any], record: str
    ) -> tuple[StoredRound, bool]:
        """Keep a verified round (``examined``: what the verification found); if the
        player sent the same round before, that round. True when it is new."""
        values = {
            "player_id": player.id,
            "digest": examined["digest"],
            "game": examined["game"],
            "course": examined["course"],
            "options": examined["options"],
            "scores": " ".join(map(str, examined["scores"])),
            "total": examined["total"],
            "record": record,
            "submitted": _now(),
        }
        try:
            async with self.engine.begin() as connection:
                made = await connection.execute(
                    rounds.insert().values(**values).returning(rounds.c.id)
                )
                ident = made.scalar_one()
            new = True
        except IntegrityError:
            new = False
            async with self.engine.connect() as connection:
                ident = (
                    await connection.execute(
                        select(rounds.c.id).where(
                            rounds.c.player_id == player.id, rounds.c.digest == examined["digest"]
                        )
                    )
                ).scalar_one()
        stored = await self.round(ident)
        assert stored is not None
        return stored, new

    def _rounds_query(self) -> Any:
        return select(
            rounds.c.id,
            players.c.name,
            rounds.c.game,
            rounds.c.course,
            rounds.c.options,
            rounds.c.scores,
            rounds.c.total,
            rounds.c.submitted,
            rounds.c.digest,
        ).join(players, players.c.id == rounds.c.player_id)

    async def round(self, ident: int) -> StoredRound | None:
        if not 0 < ident <= MAX_ID:
            return None
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(self._rounds_query().where(rounds.c.id == ident))
            ).first()
        return None if row is None else _stored(row)

    async def record(self, ident: int) -> str | None:
        if not 0 < ident <= MAX_ID:
            return None
        async with self.engine.connect() as connection:
            found: str | None = (
                await connection.execute(select(rounds.c.record).where(rounds.c.id == ident))
            ).scalar()
        return found

    async def board(self, game: str, course: int) -> list[StoredRound]:
        """Each player's first round of a course (under each set of options), best first."""
        first = (
            select(func.min(rounds.c.id))
            .where(rounds.c.game == game, rounds.c.course == course)
            .group_by(rounds.c.player_id, rounds.c.options)
        )
        query = (
            self._rounds_query()
            .where(rounds.c.id.in_(first))
            .order_by(rounds.c.options, rounds.c.total, rounds.c.id)
        )
        async with self.engine.connect() as connection:
            return [_stored(row) for row in await connection.execute(query)]

    async def player_rounds(
        self, name_key: str, limit: int = 200
    ) -> tuple[str, list[StoredRound]] | None:
        """A player's name and rounds, the latest first (None: no such player)."""
        if "\x00" in name_key:  # no name holds one (and PostgreSQL's text cannot)
            return None
        async with self.engine.connect() as connection:
            name = (
                await connection.execute(
                    select(players.c.name).where(players.c.name_key == name_key)
                )
            ).scalar()
            if name is None:
                return None
            query = (
                self._rounds_query()
                .where(players.c.name_key == name_key)
                .order_by(rounds.c.submitted.desc(), rounds.c.id.desc())
                .limit(limit)
            )
            return name, [_stored(row) for row in await connection.execute(query)]

    async def courses(self, limit: int = 60) -> list[tuple[str, int, int, int, datetime]]:
        """The courses played, the latest first: game, course, players, best total, last
        round's time."""
        query = (
            select(
                rounds.c.game,
                rounds.c.course,
                func.count(func.distinct(rounds.c.player_id)),
                func.min(rounds.c.total),
                func.max(rounds.c.submitted),
            )
            .group_by(rounds.c.game, rounds.c.course)
            .order_by(func.max(rounds.c.submitted).desc())
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            return [tuple(row) for row in await connection.execute(query)]

    # -- pars --------------------------------------------------------------------------------

    async def pars(self, game: str, seeds: Sequence[int], options: str) -> dict[int, int]:
        query = select(pars.c.seed, pars.c.par).where(
            pars.c.game == game, pars.c.options == options, pars.c.seed.in_(list(seeds))
        )
        async with self.engine.connect() as connection:
            return {row.seed: row.par for row in await connection.execute(query)}

    async def save_pars(self, game: str, options: str, found: dict[int, int]) -> None:
        for seed, par in found.items():
            try:
                async with self.engine.begin() as connection:
                    await connection.execute(
                        pars.insert().values(game=game, seed=seed, options=options, par=par)
                    )
            except IntegrityError:
                continue  # worked out by another request meanwhile: the same par


def _now() -> datetime:
    return datetime.now(UTC)


def _stored(row: Any) -> StoredRound:
    submitted = row.submitted
    if submitted.tzinfo is None:  # SQLite keeps no zone: the club writes UTC
        submitted = submitted.replace(tzinfo=UTC)
    return StoredRound(
        row.id,
        row.name,
        row.game,
        row.course,
        row.options,
        tuple(int(s) for s in row.scores.split()),
        row.total,
        submitted,
        row.digest,
    )


def _upgrade(connection: Connection) -> str:
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext

    config = Config()
    config.set_main_option("script_location", "parlour.club:migrations")
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
    revision = MigrationContext.configure(connection).get_current_revision()
    return revision or ""


async def wait_ready(database: ClubDatabase, seconds: float) -> None:
    """Wait until the database answers (PostgreSQL still starting, say)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        try:
            await database.ping()
            return
        except Exception:
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.5)
