"""Alembic's environment for the club's database: migrations run on the connection the
server opened (:func:`parlour.club.database.ClubDatabase.migrate`), in one transaction."""

from __future__ import annotations

from alembic import context

from parlour.club.schema import METADATA

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=METADATA,
    # SQLite alters a table by copying it: the same migrations run on both databases
    render_as_batch=True,
)
with context.begin_transaction():
    context.run_migrations()
