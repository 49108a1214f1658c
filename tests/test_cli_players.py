"""``--player``: whose games the commands read and write, before or after the command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.engine.games.golf import GOLF
from parlour.store.database import Store


def test_plain_mode_plays_as_the_player_named(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    first = str(GOLF.legal_moves(GOLF.start_from_seed(1))[0])
    runs = (
        (["--player", "ann", "play", "golf"], first),
        (["play", "golf", "--player", "ann"], "board"),
    )
    for where, given in runs:
        done = subprocess.run(
            [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), *where,
             "--seed", "1", "--plain"],
            input=f"{given}\nq\n", capture_output=True, text=True, timeout=60, env=env,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    ann = Store(tmp_path, player="ann").games_in_progress()
    assert len(ann) == 1 and ann[0].moves == (first,)
    assert Store(tmp_path).games_in_progress() == []  # the login's own player has none
    assert Store(tmp_path, player="bob").games_in_progress() == []
    assert Store(tmp_path, player="bob").players() == ["ann", "bob"]


@pytest.mark.parametrize("name", ["", "x" * 40, "a;b"])
def test_a_bad_player_name_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    assert main(["--data-dir", str(tmp_path), "--player", name, "scorecard"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"parlour: --player {name!r}: ")
    assert not (tmp_path / "parlour.db").exists()
