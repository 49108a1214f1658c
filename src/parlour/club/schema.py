"""The club's tables, in SQLAlchemy Core: one schema for SQLite and PostgreSQL. The
migrations (``migrations/versions``) make exactly these; a test compares them.

- ``players``: a name bound to the public key that first signed a round under it.
  ``name_key`` is the name as names compare (NFKC, case-folded): one player per such name.
  ``look_alike`` is the name's look-alike key (``parlour.club.lookalike``): a new name is
  bound only if no other key's name has its look-alike key (names bound before the key was
  kept may share one; it is filled in for them by the migration).
- ``rounds``: every verified round, with the record as it was sent. A player sends a round
  once: ``digest`` names what was played (the game, course, options and every hole's
  moves), so the same round sent again is the same row.
- ``pars``: each hole's par (the best score perfect play reaches), worked out once.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import BigInteger
from sqlalchemy import Column
from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import Index
from sqlalchemy import Integer
from sqlalchemy import MetaData
from sqlalchemy import String
from sqlalchemy import Table
from sqlalchemy import Text
from sqlalchemy import UniqueConstraint

#: constraint names the same on both databases (and in the migrations)
NAMING: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

METADATA: Final = MetaData(naming_convention=NAMING)

players: Final = Table(
    "players",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(256), nullable=False, unique=True),
    Column("public_key", String(80), nullable=False),
    Column("joined", DateTime(timezone=True), nullable=False),
    Column("look_alike", String(256), nullable=True, index=True),
)

rounds: Final = Table(
    "rounds",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("digest", String(64), nullable=False),
    Column("game", String(32), nullable=False),
    Column("course", BigInteger, nullable=False),
    Column("options", String(128), nullable=False),
    Column("scores", String(128), nullable=False),
    Column("total", Integer, nullable=False),
    Column("record", Text, nullable=False),
    Column("submitted", DateTime(timezone=True), nullable=False),
    UniqueConstraint("player_id", "digest"),
    Index(None, "game", "course", "options", "player_id"),
    Index(None, "player_id", "submitted"),
)

pars: Final = Table(
    "pars",
    METADATA,
    Column("game", String(32), primary_key=True),
    Column("seed", BigInteger, primary_key=True),
    Column("options", String(128), primary_key=True),
    Column("par", Integer, nullable=False),
)
