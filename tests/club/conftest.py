"""One club server on SQLite and one on a real PostgreSQL, shared by the club's tests
(PostgreSQL's tests are skipped, saying why, where it cannot be had)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.club import postgres
from tests.club.helpers import club_server


@pytest.fixture(scope="session")
def postgresql_url() -> Iterator[str]:
    reason = postgres.why_not()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    with postgres.postgresql() as url:
        yield url


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def club(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running club (its address), on each database in turn."""
    data = tmp_path_factory.mktemp(f"club-{request.param}") / "data"
    if request.param == "sqlite":
        database = str(data / "club.db")
    else:
        database = request.getfixturevalue("postgresql_url")
    # limits high enough for the tests' own traffic; the limits' test runs its own club
    with club_server(database, data, "--submissions-per-minute", "1000") as url:
        yield url


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path
