"""A game's rule options are written one way wherever the player reads them: Golf's
``free-stock`` (how records, the database and the command line's flag write it) is
"free stock" in the history, the statistics and the scorecard, as the start screen, a
game's information line and an unfinished game's entry say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from parlour.store.database import Store
from tests.scorecard_rounds import fill_store


def finish(store: Store, options: str, seed: int) -> None:
    store.finish_game(
        None, game="golf", options=options, seed=seed, deck="", moves=[], won=False,
        score=seed, summary="", started="2026-01-01T10:00:00+00:00",
    )  # fmt: skip


@pytest.mark.parametrize("command", ["history", "stats", "scorecard"])
def test_the_free_stock_rule_reads_as_words(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    store = fill_store(tmp_path, monkeypatch)  # (a round played with free stock among them)
    finish(store, "free-stock", 3)
    finish(store, "none", 4)
    store.close()
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["--data-dir", str(tmp_path), command]) == 0
    out = capsys.readouterr().out
    assert "free stock" in out
    assert "free-stock" not in out
