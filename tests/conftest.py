"""Keep the player's own data directory and settings file out of every test, and no app started in a
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
    # a settings file that does not exist: every test starts from the defaults
    monkeypatch.setenv("PARLOUR_CONFIG", str(tmp_path / "parlour-config" / "config.toml"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return directory
