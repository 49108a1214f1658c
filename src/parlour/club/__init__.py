"""The club's server (``parlour club serve``): players, verified round records and
leaderboards, in SQLite or PostgreSQL, with a web page. See docs/club.md. Needs the
``club`` extra (SQLAlchemy, Alembic, the database drivers, Jinja2)."""
