"""Keep the player's own data directory out of every test."""

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "parlour-data"
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(directory))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return directory
