"""The first schema: players bound to their keys, verified rounds, pars.

Revision ID: 0001
Revises:
Create Date: 2026-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(256), nullable=False),
        sa.Column("public_key", sa.String(80), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        sa.UniqueConstraint("name_key", name="uq_players_name_key"),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("course", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.String(128), nullable=False),
        sa.Column("scores", sa.String(128), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("submitted", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rounds"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_rounds_player_id_players"),
        sa.UniqueConstraint("player_id", "digest", name="uq_rounds_player_id_digest"),
    )
    op.create_index(
        "ix_rounds_game_course_options_player_id",
        "rounds",
        ["game", "course", "options", "player_id"],
    )
    op.create_index("ix_rounds_player_id_submitted", "rounds", ["player_id", "submitted"])
    op.create_table(
        "pars",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.String(128), nullable=False),
        sa.Column("par", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game", "seed", "options", name="pk_pars"),
    )


def downgrade() -> None:
    op.drop_table("pars")
    op.drop_index("ix_rounds_player_id_submitted", table_name="rounds")
    op.drop_index("ix_rounds_game_course_options_player_id", table_name="rounds")
    op.drop_table("rounds")
    op.drop_table("players")
