"""Each player's look-alike key (parlour/club/lookalike.py), so that a new name that
looks like another key's name is refused. Players bound before are given theirs here;
two of them whose names look alike both stay.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from parlour.club.lookalike import look_alike_key

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("players", sa.Column("look_alike", sa.String(256), nullable=True))
    op.create_index("ix_players_look_alike", "players", ["look_alike"])
    players = sa.table(
        "players",
        sa.column("id", sa.Integer()),
        sa.column("name", sa.String(64)),
        sa.column("look_alike", sa.String(256)),
    )
    connection = op.get_bind()
    for ident, name in connection.execute(sa.select(players.c.id, players.c.name)).all():
        connection.execute(
            players.update().where(players.c.id == ident).values(look_alike=look_alike_key(name))
        )


def downgrade() -> None:
    op.drop_index("ix_players_look_alike", table_name="players")
    op.drop_column("players", "look_alike")
