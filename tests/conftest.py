"""Keep the player's own data directory out of every test, and no app started in a
pseudo-terminal running after its test."""

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
    monkeypatch.delenv("NO_COLOR", raising=False)
    return directory
