"""Whole numbers changed by hand in the player's database (read as hostile) to ones Parlour
never writes: a won of 5, a lost game marked won, a score no game can give, a negative
count of hints, a hole past a round's last, a Golf best of -100. Such a row is not read,
by any command (as if it were not there), and stays in the file as it is: it is never a
statistic, a round's total, a hole of the start screen or a best presented as true."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import course_code
from parlour.engine.rounds import hole_seed
from parlour.store.database import Store
from parlour.store.unfinished import unfinished
from parlour.tui.screens.unfinished import entry_words

LARGEST = 2**63 - 1


def finish(store: Store, game: str, score: int, won: bool, **more: object) -> int:
    return store.finish_game(
        None, game=game, options="none", seed=abs(score), deck="", moves=[], won=won,
        score=score, summary="", started="2026-01-01T10:00:00+00:00", **more,  # type: ignore[arg-type]
    )  # fmt: skip


def change(data: Path, sql: str, *parameters: object) -> None:
    with sqlite3.connect(data / "parlour.db") as db:
        db.execute(sql, parameters)
    db.close()


def row(data: Path, sql: str) -> tuple[object, ...]:
    with sqlite3.connect(data / "parlour.db") as db:
        found = db.execute(sql).fetchone()
    db.close()
    return found  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("won", 5),  # (a boolean of 5)
        ("won", 1),  # (a Rubbish Heap of 10 cards home: it cannot be a win)
        ("score", -7),
        ("score", 53),
        ("score", LARGEST),
        ("hints", -3),
        ("seed", -5),
        ("hole", 0),
    ],
)
def test_a_finished_game_whose_figure_no_game_can_give_is_not_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], column: str, value: int
) -> None:
    """A game's won changed to 5 (or to 1 with 10 cards home) was counted as a win, a
    score of -7 or 2**63 - 1 shifted the mean (to 2.3e18) and was the best, hints of -3
    took 3 off the hints used; each was listed by ``history`` as it was (a seed of -5, a
    hole 0, as well)."""
    ann = Store(tmp_path, player="ann")
    for score, won in ((52, True), (30, False), (10, False)):
        finish(ann, "rubbish", score, won, hints=1)
    ann.close()
    change(tmp_path, f"UPDATE games SET {column} = ? WHERE score = 10", value)
    argv = ["--data-dir", str(tmp_path), "--player", "ann"]
    assert main([*argv, "stats", "--json"]) == 0
    [rubbish] = json.loads(capsys.readouterr().out)["games"]
    assert (rubbish["played"], rubbish["won"], rubbish["hints"]) == (2, 1, 2)
    assert (rubbish["best_score"], rubbish["mean_score"], rubbish["median_score"]) == (52, 41, 41)
    assert main([*argv, "stats", "--csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("rubbish,none,2,1,0.5,")
    assert main([*argv, "history", "--json"]) == 0
    assert [game["score"] for game in json.loads(capsys.readouterr().out)["games"]] == [52, 30]
    assert row(tmp_path, f"SELECT {column} FROM games WHERE id = 3") == (value,)


def test_a_golf_game_marked_won_with_cards_left_is_not_a_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Golf is won when the links are clear (a score of 0 or less): a hole of 5 cards left
    marked won was counted as a win, and one of -3 marked lost as a loss."""
    ann = Store(tmp_path, player="ann")
    for score, won in ((-3, True), (5, False), (7, False), (-1, True)):
        finish(ann, "golf", score, won)
    ann.close()
    change(tmp_path, "UPDATE games SET won = 1 WHERE score = 5")
    change(tmp_path, "UPDATE games SET won = 0 WHERE score = -1")
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "stats", "--json"]) == 0
    [golf] = json.loads(capsys.readouterr().out)["games"]
    assert (golf["played"], golf["won"], golf["best_score"]) == (2, 1, -3)


def a_round(data: Path, scores: tuple[int, ...]) -> int:
    ann = Store(data, player="ann")
    round_id = ann.start_round(7, "none")
    for hole, score in enumerate(scores, 1):
        ann.finish_game(
            None, game="golf", options="none", seed=hole_seed(ROUNDS, 7, hole), deck="",
            moves=[], won=score <= 0, score=score, summary="", round_id=round_id, hole=hole,
        )  # fmt: skip
    ann.close()
    return round_id


@pytest.mark.parametrize(
    "changed",
    [
        "UPDATE holes SET score = -100 WHERE hole = 2",
        "UPDATE holes SET score = 36 WHERE hole = 2",
        f"UPDATE holes SET score = {LARGEST} WHERE hole = 2",
        "UPDATE holes SET hole = 42 WHERE hole = 2",
        "UPDATE holes SET hole = -1 WHERE hole = 2",
        "UPDATE holes SET hole = 10 WHERE hole = 2",
    ],
)
def test_a_rounds_hole_no_golf_hole_can_be_is_not_on_the_scorecard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], changed: str
) -> None:
    """A hole's score changed to -100 was on the scorecard, and made its total -92 (and
    one of 2**63 - 1 a total of 9.2e18); a hole numbered 42 was shown as hole 2 (holes
    are listed in their order). A round with a hole that is not read is not read either
    (hole 3's score was shown as hole 2's: the next test), and stays in the file; another
    round is listed as it was."""
    a_round(tmp_path, (4, -5, 3))
    change(tmp_path, changed)
    a_round(tmp_path, (6, 2))
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "scorecard", "--json"]) == 0
    [played] = json.loads(capsys.readouterr().out)["rounds"]
    assert (played["holes"], played["total"]) == ([6, 2], 8)
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"][0]["played"] == 5
    assert row(tmp_path, "SELECT COUNT(*) FROM holes") == (5,)


@pytest.mark.parametrize("table", ["pars", "hint_pars"])
def test_a_golf_best_or_par_no_hole_can_have_is_not_read(tmp_path: Path, table: str) -> None:
    """A best (or par) changed to -100 was read as it was: the scorecard's bests and the
    statistics' mean against the best a hole were worked out from it."""
    store = Store(tmp_path)
    for seed in (1, 2, 3):
        store.save_par(seed, "none", seed, table)
    change(tmp_path, f"UPDATE {table} SET par = -100 WHERE seed = 1")
    change(tmp_path, f"UPDATE {table} SET par = 36 WHERE seed = 2")
    assert store.pars([1, 2, 3], "none", table) == {3: 3}
    store.close()


def test_the_start_screen_never_lists_a_hole_past_a_rounds_last(tmp_path: Path) -> None:
    """A round's hole in play changed to hole 99 was listed "hole 99 of 9", and opening
    it dealt hole 99 of 9 (whose finish would have stored a hole 99); one whose hints were
    changed to -3 opened with -3 hints. The row is not read: the round goes on at the hole
    after its last scored, and the changed row stays as it is."""
    round_id = a_round(tmp_path, (4,))
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    code = course_code(7)
    command = [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "--player", "ann"]
    subprocess.run(
        [*command, "play", "golf", "--course", code, "--plain"],
        input="q\n", text=True, capture_output=True, timeout=60, check=True, env=env,
    )  # fmt: skip
    change(tmp_path, "UPDATE in_progress SET hole = 99, hints = -3 WHERE round_id = ?", round_id)
    ann = Store(tmp_path, player="ann")
    [entry] = unfinished(ann)
    ann.close()
    assert "hole 2 of 9" in entry_words(entry)
    done = subprocess.run(
        [*command, "play", "golf", "--course", code, "--plain"],
        input="q\n", text=True, capture_output=True, timeout=60, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "hole 2 of 9" in done.stdout.splitlines()[0]
    assert row(tmp_path, "SELECT hole, hints FROM in_progress WHERE hole = 99") == (99, -3)


@pytest.mark.parametrize(
    "changed",
    [
        "UPDATE holes SET score = -100 WHERE hole = 2",
        "UPDATE holes SET hole = 'two' WHERE hole = 2",
        "DELETE FROM holes WHERE hole = 2",
    ],
)
def test_a_round_with_a_hole_not_read_is_not_gone_on_with(tmp_path: Path, changed: str) -> None:
    """With hole 2 of three scored changed by hand (or gone), the round was read with hole
    3's score as hole 2's, and going on with it dealt hole 3 again, scored already: its
    finish could never be scored, so the round dealt hole 3 for ever. Now the round is not
    read (as if it were not there): the course starts a new round, and the changed round
    stays in the file as it is."""
    round_id = a_round(tmp_path, (4, 5, 3))
    change(tmp_path, changed)
    ann = Store(tmp_path, player="ann")
    assert ann.unfinished_round(7, "none") is None and ann.rounds() == []
    assert unfinished(ann) == []
    ann.close()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "--player", "ann"]
    done = subprocess.run(
        [*command, "play", "golf", "--course", course_code(7), "--plain"],
        input="q\n", text=True, capture_output=True, timeout=60, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "hole 1 of 9" in done.stdout.splitlines()[0]
    assert row(tmp_path, f"SELECT COUNT(*) FROM holes WHERE round_id = {round_id}") == (
        3 if changed.startswith("UPDATE") else 2,
    )
