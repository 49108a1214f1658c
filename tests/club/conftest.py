"""One club server on SQLite and one on a real PostgreSQL, shared by the club's tests
(PostgreSQL's tests are skipped, saying why, where it cannot be had). The club's tests run
in one test process (each module's ``pytestmark`` puts it in the ``club`` group), so each
server is started once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.club import postgres
from tests.club.helpers import club_server

#: limits high enough for the tests' own traffic (the limits' test runs a club of its own)
TEST_LIMITS = ("--submissions-per-minute", "1000")


@pytest.fixture(scope="session")
def postgresql_url() -> Iterator[str]:
    reason = postgres.why_not()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    with postgres.postgresql() as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running club on SQLite: its address."""
    data = tmp_path_factory.mktemp("club-sqlite") / "data"
    with club_server(str(data / "club.db"), data, *TEST_LIMITS) as url:
        yield url


@pytest.fixture(scope="session")
def postgresql_club(postgresql_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running club on PostgreSQL: its address."""
    data = tmp_path_factory.mktemp("club-postgresql") / "data"
    with club_server(postgresql_url, data, *TEST_LIMITS) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def club(request: pytest.FixtureRequest) -> str:
    """A running club, on each database in turn."""
    return str(request.getfixturevalue(f"{request.param}_club"))
