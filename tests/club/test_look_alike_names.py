"""A club binds no new name that looks like the name of another key's player (Cyrillic
``Ѕаѕһа`` beside Latin ``Sasha``), on SQLite and PostgreSQL alike, also when both are sent
at once; a club made before it kept look-alike keys has them filled in."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy import text
from sqlalchemy.engine import Connection

from parlour.club.database import ClubDatabase
from parlour.club.database import NameTaken
from parlour.club.database import Player
from parlour.club.database import _now
from parlour.club.lookalike import look_alike_key
from parlour.club.schema import players
from parlour.store.signing import folded
from tests.club import postgres

pytestmark = pytest.mark.xdist_group("club")

#: Latin, and the same letters' look-alikes in Cyrillic (each name wholly one alphabet)
LATIN, CYRILLIC = "Sasha", "\u0405\u0430\u0455\u04bb\u0430"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (LATIN, CYRILLIC),
        ("Ian", "lan"),  # a capital i and a small L
        ("Olga", "0lga"),
        ("paypal", "\u0440ay\u0440al"),
        ("ＲＯＯＴ", "R00T"),  # full width, as NFKC reads it, and zeros
    ],
)
def test_names_that_look_alike_share_a_key(one: str, other: str) -> None:
    assert look_alike_key(one) == look_alike_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Anna", "\u0410\u043d\u043d\u0430"),  # Анна: its н is no n
        ("Zoe", "Zoë"),
        ("Rene", "Renée"),
        ("Ann", "Anne"),
    ],
)
def test_names_that_differ_to_the_eye_keep_their_keys_apart(one: str, other: str) -> None:
    assert look_alike_key(one) != look_alike_key(other)


def test_other_alphabets_keep_their_letters() -> None:
    for name in ("अनिल", "தமிழ்", "李小龍", "Ολγα"):
        assert look_alike_key(name) != ""
        assert len(look_alike_key(name)) == len(name)


async def bind(database: ClubDatabase, name: str, key: str) -> Player:
    return await database.bind_player(name, folded(name), key, look_alike_key(name))


@pytest.fixture(params=["sqlite", "postgresql"])
async def address(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "club.db")
    else:
        url = request.getfixturevalue("postgresql_url")
        yield postgres.new_database(url, f"alike_{secrets.token_hex(4)}")


async def test_a_look_alike_of_another_keys_name_is_refused(address: str) -> None:
    database = ClubDatabase(address)
    try:
        await database.migrate()
        sasha = await bind(database, LATIN, "key-a")
        with pytest.raises(NameTaken) as taken:
            await bind(database, CYRILLIC, "key-b")
        assert taken.value.alike and taken.value.player == sasha
        # the same name written otherwise is the name itself, not a look-alike
        with pytest.raises(NameTaken) as taken:
            await bind(database, "SASHA", "key-b")
        assert not taken.value.alike
        # a player may take a name that looks like its own
        other = await bind(database, CYRILLIC, "key-a")
        assert other.name == CYRILLIC and other != sasha
        async with database.engine.connect() as connection:
            names = (await connection.execute(select(players.c.name))).scalars().all()
        assert sorted(names) == sorted([LATIN, CYRILLIC])  # the refused names left nothing
    finally:
        await database.close()


async def test_look_alikes_sent_at_once_bind_one(address: str) -> None:
    """Eight look-alike names of eight keys, each bound through its own connection at once:
    one is bound, seven are refused (five rounds: a race is not met every time)."""
    variants = [LATIN, CYRILLIC, "\u0405asha", "S\u0430sha", "Sa\u0455ha", "Sas\u04bba",
                "Sash\u0430", "\u0405\u0430sha"]  # fmt: skip
    first = ClubDatabase(address)
    await first.migrate()
    databases = [first, *(ClubDatabase(address) for _ in variants[1:])]
    try:
        await asyncio.gather(*(database.ping() for database in databases))  # connected first
        for round_ in range(5):
            names = [f"{name}{round_}" for name in variants]
            answers = await asyncio.gather(
                *(
                    bind(db, name, f"key-{i}")
                    for i, (db, name) in enumerate(zip(databases, names, strict=True))
                ),
                return_exceptions=True,
            )
            refused = [answer for answer in answers if isinstance(answer, NameTaken)]
            assert len(refused) == len(names) - 1, answers
            assert all(answer.alike for answer in refused)
    finally:
        for database in databases:
            await database.close()


def _at_first_revision(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", "parlour.club:migrations")
    config.attributes["connection"] = connection
    command.upgrade(config, "0001")


async def test_a_club_of_the_first_schema_has_its_look_alikes_filled_in(address: str) -> None:
    """Two look-alike names bound before the keys were kept both stay their players', and a
    third is refused."""
    database = ClubDatabase(address)
    try:
        async with database.engine.begin() as connection:
            await connection.run_sync(_at_first_revision)
            for name, key in ((LATIN, "key-a"), (CYRILLIC, "key-b")):
                await connection.execute(
                    text(
                        "INSERT INTO players (name, name_key, public_key, joined) "
                        "VALUES (:name, :name_key, :key, :joined)"
                    ),
                    {"name": name, "name_key": folded(name), "key": key, "joined": _now()},
                )
        assert await database.migrate() == "0002"
        async with database.engine.connect() as connection:
            keys = (await connection.execute(select(players.c.look_alike))).scalars().all()
        assert keys == [look_alike_key(LATIN)] * 2
        assert (await bind(database, LATIN, "key-a")).public_key == "key-a"
        assert (await bind(database, CYRILLIC, "key-b")).public_key == "key-b"
        with pytest.raises(NameTaken):
            await bind(database, "S\u0430sh\u0430", "key-c")
    finally:
        await database.close()
