"""``parlour stats`` and ``parlour history``: the figures, per player, in every format."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.engine.cards import format_cards
from parlour.engine.deals import deck_from_seed
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from parlour.engine.rounds import hole_seed
from parlour.engine.solve.golf import solve_golf
from parlour.statistics import HISTORY_COLUMNS
from parlour.statistics import STAT_COLUMNS
from parlour.store.database import Store


def test_the_course_of_a_day_is_pinned_forever() -> None:
    # golden values: changing the rule would change every player's past daily rounds
    assert course_code(daily_course("golf", date(2026, 11, 25))) == "BPV45VJ1"
    assert daily_course("golf", date(2027, 1, 1)) == daily_course("golf", date(2027, 1, 1))
    assert daily_course("golf", date(2027, 1, 1)) != daily_course("golf", date(2027, 1, 2))


def finish(store: Store, game: str, score: int, won: bool, **more: object) -> None:
    store.finish_game(
        None, game=game, options="none", seed=score, deck="", moves=[], won=won, score=score,
        summary="", started="2026-01-01T10:00:00+00:00", **more,  # type: ignore[arg-type]
    )  # fmt: skip


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    ann = Store(tmp_path, player="ann")
    for score, won in ((30, False), (52, True), (52, True), (10, False), (52, True)):
        finish(ann, "rubbish", score, won, hints=1, seconds_played=30)
    finish(ann, "squares", 2, False)
    finish(Store(tmp_path, player="bob"), "rubbish", 52, True)
    return tmp_path


def stats_json(data: Path, *more: str, capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    assert main(["--data-dir", str(data), *more, "stats", "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_stats_count_wins_streaks_and_scores(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got = stats_json(filled, "--player", "ann", capsys=capsys)
    assert got["player"] == "ann"
    rubbish, squares = got["games"]
    assert rubbish["game"] == "rubbish" and squares["game"] == "squares"
    assert (rubbish["played"], rubbish["won"], rubbish["win_rate"]) == (5, 3, 0.6)
    assert (rubbish["current_streak"], rubbish["best_streak"]) == (1, 2)
    assert (rubbish["best_score"], rubbish["median_score"], rubbish["mean_score"]) == (52, 52, 39.2)
    assert rubbish["hints"] == 5 and rubbish["seconds_played"] == 150
    assert rubbish["holes_played"] is None and set(rubbish) == set(STAT_COLUMNS)
    assert stats_json(filled, "--player", "bob", capsys=capsys)["games"][0]["played"] == 1


def test_a_game_whose_figures_were_changed_to_text_is_not_counted(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The database is read as hostile: a score or a win changed by hand to text failed
    the statistics' sums (a traceback); such a game is not read, by the statistics or
    the history (whose tables and JSON failed on other such values), and stays in the
    file as it is."""
    import sqlite3

    with sqlite3.connect(filled / "parlour.db") as db:
        first, second = (row[0] for row in db.execute(
            "SELECT id FROM games WHERE player = 'ann' AND game = 'rubbish' ORDER BY id LIMIT 2"
        ))  # fmt: skip
        db.execute("UPDATE games SET score = 'x' WHERE id = ?", (first,))
        db.execute("UPDATE games SET won = 'yes', hints = '9' WHERE id = ?", (second,))
    db.close()
    rubbish = stats_json(filled, "--player", "ann", capsys=capsys)["games"][0]
    assert (rubbish["played"], rubbish["won"], rubbish["hints"]) == (3, 2, 3)
    assert (rubbish["best_score"], rubbish["mean_score"]) == (52, 38.0)
    assert main(["--data-dir", str(filled), "--player", "ann", "history", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["games"]) == 4
    with sqlite3.connect(filled / "parlour.db") as db:
        assert db.execute("SELECT score FROM games WHERE id = ?", (first,)).fetchone() == ("x",)
    db.close()


def test_games_whose_times_were_changed_to_other_text_count_no_time(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Text where a time was is read as no time (julianday's NULL): when every game of a
    kind held such text, the sum of their times was NULL: ``stats`` ended in a TypeError
    (``divmod`` of None) and ``stats --json`` gave ``seconds_played`` as null."""
    import sqlite3

    with sqlite3.connect(filled / "parlour.db") as db:
        # (games stored before the seconds played were kept: their time is read from
        # their start and end)
        db.execute("UPDATE games SET seconds_played = NULL")
        db.execute("UPDATE games SET started = '[/]' WHERE player = 'ann' AND game = 'squares'")
        db.execute("UPDATE games SET finished = 'soon' WHERE player = 'ann' AND game = 'rubbish'")
    db.close()
    games = stats_json(filled, "--player", "ann", capsys=capsys)["games"]
    assert {row["game"]: row["seconds_played"] for row in games} == {"rubbish": 0, "squares": 0}
    assert main(["--data-dir", str(filled), "--player", "ann", "stats"]) == 0
    assert "Time played" in capsys.readouterr().out


def test_figures_whose_sum_is_past_64_bits_do_not_stop_the_statistics(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whole numbers are the kind Parlour writes, but two of 2**63 - 1 made SQLite's SUM
    fail with "integer overflow": every statistic of the player was refused ("cannot use
    the database"), though every other command went on. (A won or a count of hints of
    2**63 - 1 is one no game can give: such a game is not counted, tests/test_cli_ranges.py.)"""
    import sqlite3

    with sqlite3.connect(filled / "parlour.db") as db:
        db.execute(
            "UPDATE games SET hints = 9223372036854775807, won = 9223372036854775807 "
            "WHERE player = 'ann' AND game = 'rubbish' AND won = 1"
        )
    db.close()
    games = stats_json(filled, "--player", "ann", capsys=capsys)["games"]
    rubbish = next(row for row in games if row["game"] == "rubbish")
    assert (rubbish["played"], rubbish["won"], rubbish["hints"]) == (2, 0, 2)
    assert main(["--data-dir", str(filled), "--player", "ann", "stats"]) == 0


def test_golf_stats_have_rounds_pars_and_the_best_is_the_lowest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ann = Store(tmp_path, player="ann")
    course = 1234567
    played = ann.start_round(course, "none")
    scores = []
    for hole in range(1, 10):
        seed = hole_seed(ROUNDS, course, hole)
        score = solve_golf(GOLF.start_from_seed(seed)).best_score + hole % 2
        scores.append(score)
        ann.finish_game(
            None, game="golf", options="none", seed=seed, deck="", moves=[], won=score <= 0,
            score=score, summary="", round_id=played, hole=hole,
        )  # fmt: skip
    golf = stats_json(tmp_path, "--player", "ann", capsys=capsys)["games"][0]
    assert golf["best_score"] == min(scores) and golf["holes_played"] == 9
    assert golf["rounds_finished"] == 1 and golf["best_round"] == sum(scores)
    assert golf["rounds_under_bogey"] == (1 if sum(scores) < 40 else 0)
    assert golf["mean_versus_par"] == round(5 / 9, 2)  # one over par on holes 1, 3, 5, 7, 9
    # a single hole played alone is a game like any other, not one of the holes in rounds
    ann.finish_game(None, game="golf", options="none", seed=5, deck="", moves=[], won=False,
                    score=3, summary="")  # fmt: skip
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "stats", "golf"]) == 0
    table = capsys.readouterr().out
    assert re.search(r"Played +│ +10 ", table) and re.search(r"Holes in rounds +│ +9 ", table)
    # what Won counts in Golf is said under the table (a hole with cards left is scored)
    assert 'Golf: "won" means cleared' in table


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_stats_table_fits_the_terminal(filled: Path, width: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(filled), "--player", "ann", "stats"],
        capture_output=True, text=True, env={"COLUMNS": str(width), "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout and "Rubbish Heap" in done.stdout and "60.0%" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= width


def test_stats_as_csv_have_the_documented_columns(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(filled), "stats", "rubbish", "--csv", "--player", "ann"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert tuple(rows[0]) == STAT_COLUMNS and len(rows) == 1
    assert rows[0]["played"] == "5" and rows[0]["holes_played"] == ""


def test_history_json_records_replay_with_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = solve_golf(GOLF.start_from_seed(7)).line
    store = Store(tmp_path, player="ann")
    state = GOLF.start_from_seed(7)
    for move in line:
        state = GOLF.apply(state, move)
    outcome = GOLF.outcome(state)
    assert outcome is not None
    store.finish_game(None, game="golf", options="none", seed=7,
                      deck=format_cards(deck_from_seed(7)),
                      moves=[str(m) for m in line], won=outcome.won, score=outcome.score,
                      summary=GOLF.words.ending(state), hints=2)  # fmt: skip
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "history", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert len(games) == 1 and set(games[0]) == {*HISTORY_COLUMNS, "record"}
    assert games[0]["score"] == outcome.score and games[0]["hints"] == 2
    replayed = replay(parse_record(games[0]["record"]))
    assert GOLF.outcome(replayed.current) == outcome
    record = tmp_path / "game.txt"
    record.write_text(games[0]["record"], encoding="utf-8")
    assert main(["check", str(record), "--ascii"]) == 0
    assert f"Final score: {outcome.score}" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "history", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert tuple(rows[0]) == HISTORY_COLUMNS and rows[0]["seed"] == "7"


def test_a_player_with_no_games_is_told_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("stats", "history"):
        assert main(["--data-dir", str(tmp_path), "--player", "zoë", command]) == 0
        assert "zoë has not finished a game yet." in capsys.readouterr().out


def a_bit_of_everything(data: Path) -> None:
    """ann's finished games, a round of two holes scored, and a game in progress."""
    ann = Store(data, player="ann")
    round_id = ann.start_round(7, "none")
    for hole in (1, 2):
        finish(ann, "golf", 30 + hole, False, round_id=round_id, hole=hole)
    finish(ann, "rubbish", 52, True)
    ann.close()
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(data), "--player", "ann", "play",
         "golf", "--seed", "1", "--plain"],
        input="7\n", text=True, capture_output=True, timeout=60, check=True, env=env,
    )  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE holes SET score = 'x'",
        "UPDATE holes SET score = 1e308",
        "UPDATE in_progress SET moves = x'41'",
        "UPDATE in_progress SET deck = x'41'",
        "UPDATE in_progress SET moves = '7 ' || printf('%.*c', 300000, 'z')",
        "UPDATE games SET finished = x'41'",
        "UPDATE games SET game = x'00ff1b'",
        "UPDATE games SET options = x'41'",
        "UPDATE rounds SET options = x'41'",
        "UPDATE rounds SET course = -99",
        f"INSERT INTO pars (seed, options, par) VALUES ({hole_seed(ROUNDS, 7, 1)}, 'none', 'x')",
        f"INSERT INTO pars (seed, options, par) VALUES ({hole_seed(ROUNDS, 7, 2)}, 'none', x'00')",
        "INSERT INTO pars (seed, options, par) VALUES (31, 'none', 'x')",  # (a hole played)
    ],
)
def test_a_value_of_the_wrong_kind_anywhere_is_never_a_traceback(
    tmp_path: Path, change: str
) -> None:
    """Each was a TypeError, an AttributeError or a DealError in one command or another
    (a file changed by hand: SQLite keeps any kind of value in any column)."""
    a_bit_of_everything(tmp_path)
    import sqlite3

    with sqlite3.connect(tmp_path / "parlour.db") as db:
        db.execute(change)
    db.close()
    for argv, given in (
        (["stats"], ""), (["stats", "--json"], ""), (["history"], ""), (["history", "--json"], ""),
        (["history", "--csv"], ""), (["scorecard"], ""), (["scorecard", "--json"], ""),
        (["play", "golf", "--plain"], "q\n"),
        (["play", "golf", "--round", "--plain"], "q\n"),
    ):  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "parlour", "--data-dir", str(tmp_path), "--player", "ann",
             *argv], input=given, text=True, capture_output=True, timeout=60,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        )  # fmt: skip
        assert "Traceback" not in done.stderr, (argv, done.stderr[-600:])
        assert done.returncode == 0, (argv, done.stderr)


def test_a_whole_median_is_written_as_a_whole_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The middle of two scores was written 3.0 (and a median of one score 3)."""
    ann = Store(tmp_path, player="ann")
    for seed, score in ((1, 2), (2, 4), (3, 5), (4, 1)):
        ann.finish_game(None, game="golf", options="none", seed=seed, deck="", moves=[],
                        won=False, score=score, summary="")  # fmt: skip
    golf = stats_json(tmp_path, "--player", "ann", capsys=capsys)["games"][0]
    assert golf["median_score"] == 3 and isinstance(golf["median_score"], int)
    assert main(["--data-dir", str(tmp_path), "--player", "ann", "stats", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["median_score"] == "3"
