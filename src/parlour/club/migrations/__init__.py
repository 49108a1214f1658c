"""The club database's migrations (Alembic reads this folder; see README)."""
