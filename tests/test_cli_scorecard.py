"""``parlour scorecard``: every round a golf card, holes across, whatever the width of the
terminal (60, 80 or 120 columns) and with no text cut short; ``--json`` as it always was."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from tests.scorecard_rounds import fill_store

DATA = Path(__file__).parent / "data"


@pytest.fixture
def filled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "rounds"
    fill_store(directory, monkeypatch).close()
    return directory


def test_json_is_byte_for_byte_what_it_was(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scorecard", "--json", "--data-dir", str(filled)]) == 0
    captured = capsys.readouterr()
    assert captured.out == (DATA / "scorecard.json").read_text(encoding="utf-8")
    assert captured.err == ""
