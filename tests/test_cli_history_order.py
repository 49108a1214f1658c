"""``parlour history`` lists the finished games newest first, in the order the app's
History screen lists them (it listed them oldest first); ``--json`` and ``--csv`` keep
theirs, oldest first (docs/formats.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.store.database import Store

SEEDS = (11, 22, 33, 44)


def filled(data: Path) -> list[int]:
    """Four games finished one after another (some in the same second); the seeds in the
    order the app's History lists them."""
    store = Store(data, player="ann")
    for seed in SEEDS:
        store.finish_game(
            None, game="golf", options="none", seed=seed, deck="", moves=[], won=False,
            score=seed % 30, summary="",
        )  # fmt: skip
    listed = [game.seed for game in store.finished_games() if game.seed is not None]
    store.close()
    return listed


def test_history_lists_the_newest_game_first_as_the_app_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    in_the_app = filled(tmp_path)
    assert in_the_app == list(SEEDS[::-1])
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "history"]) == 0
    table = capsys.readouterr().out
    assert [int(seed) for seed in re.findall(r"seed (\d+)", table)] == in_the_app
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "history", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert [game["seed"] for game in games] == list(SEEDS)  # (the data: oldest first)
