"""One schema, both databases: the migrations make exactly the tables of
``parlour/club/schema.py`` on SQLite and on PostgreSQL, and running them again changes
nothing."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Connection

from parlour.club.database import ClubDatabase
from parlour.club.database import DatabaseError
from parlour.club.database import database_url
from parlour.club.schema import METADATA
from tests.club import postgres

pytestmark = pytest.mark.xdist_group("club")


def differences(connection: Connection) -> list[Any]:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, METADATA))


async def migrated_twice(address: str) -> None:
    database = ClubDatabase(address)
    try:
        assert await database.migrate() == "0002"
        assert await database.migrate() == "0002"  # already there: nothing to do
        async with database.engine.connect() as connection:
            assert await connection.run_sync(differences) == []
    finally:
        await database.close()


async def test_the_migrations_make_the_schema_on_sqlite(tmp_path: Path) -> None:
    await migrated_twice(str(tmp_path / "club.db"))


async def test_the_migrations_make_the_schema_on_postgresql(postgresql_url: str) -> None:
    name = f"schema_{secrets.token_hex(4)}"
    await migrated_twice(postgres.new_database(postgresql_url, name))


def test_database_addresses() -> None:
    assert database_url("postgresql://u@h/db") == "postgresql+asyncpg://u@h/db"
    assert database_url("/srv/club.db") == "sqlite+aiosqlite:////srv/club.db"
    with pytest.raises(DatabaseError, match="a path for SQLite or a postgresql:// address"):
        database_url("mysql://u@h/db")
