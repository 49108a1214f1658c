"""Keep the player's own data directory and settings file out of every test, and no app started in a
pseudo-terminal running after its test. Where the run says it has Chromium and PostgreSQL
(CI does, in ``PARLOUR_TESTS_NEED``), a test skipped for want of one of them fails instead."""

import os
from collections.abc import Generator
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.terminal import Terminal


@pytest.fixture(autouse=True)
def no_app_left_running() -> Iterator[None]:
    yield
    for terminal in list(Terminal.started):
        terminal.close()


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "parlour-data"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(directory))
    # a settings file that does not exist: every test starts from the defaults
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "parlour-config" / "config.toml"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return directory


#: what a skip's reason names for each part a run may say it has
PARTS = {"chromium": "chromium", "postgresql": "postgresql"}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    needed = os.environ.get("PARLOUR_TESTS_NEED", "").lower().split()
    if report.skipped and needed and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        missing = [part for part in needed if PARTS.get(part, part) in reason.lower()]
        if missing:
            report.outcome = "failed"
            report.longrepr = f"skipped, but this run needs {', '.join(missing)}: {reason}"
    return report
