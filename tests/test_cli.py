"""The headless commands: output, golden layout, and one-line errors with status 2."""

from pathlib import Path

import pytest

from parlour import __version__
from parlour.cli import main

GOLDEN_SEED_1 = """\
Golf . seed 1 . options: none
 c1   c2   c3   c4   c5   c6   c7
 9S   9H   2H   4C   3D   8C   7D
 2S  10S   7H  10C  10D   3C   2D
 6D   AD   KD   8S   3S   8D   QS
 QD   JH   JC   6C   6H   7S   KS
 QC   3H   QH   JS   4S   AS   8H

Foundation  9C   Stock 16   Links 35
Play a card one above or below 9C.
Moves played: 0. Score so far: 35
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out.strip() == f"parlour {__version__}"


def test_deal_golf_seed_1_is_pinned(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "golf", "--seed", "1", "--ascii")
    assert status == 0
    assert "\n".join(line.rstrip() for line in out.splitlines()) + "\n" == GOLDEN_SEED_1
    status, again, _ = run(capsys, "deal", "golf", "--seed", "1", "--ascii")
    assert again == out


def test_deal_shows_suit_symbols_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "golf", "--seed", "1")
    assert status == 0 and "9♠" in out and "9♣" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "chess", "--seed", "1"], "unknown game 'chess'; the games are: golf"),
        (["deal", "golf", "--seed", "-1"], "a seed must be a whole number"),
        (["deal", "golf", "--seed", "1.5"], "a seed must be a whole number"),
        (["deal", "golf", "--seed", "99999999999999999999"], "a seed must be a whole number"),
        (["deal", "golf"], "one of the arguments --seed --deck is required"),
        (["deal", "golf", "--deck", "AS 2S"], "52 cards"),
        (["deal", "golf", "--seed", "1", "--option", "wild"], "has no option wild"),
        (["play-moves", "golf", "--seed", "1", "s"], "move 1 (s): s is not allowed"),
        (["play-moves", "golf", "--seed", "1", "q"], "move 1 (q): 'q' is not a Golf move"),
        (["check", "/nonexistent/record.txt"], "no such file"),
        (["frobnicate"], "invalid choice"),
        # a slip of the fingers is met with the likeliest meaning
        (["plya"], "invalid choice: 'plya' (did you mean 'play'?) (choose from 'play'"),
        (["club", "sumbit"], "invalid choice: 'sumbit' (did you mean 'submit'?)"),
        (["play", "glof"], "unknown game 'glof' (did you mean 'golf'?); the games are: golf"),
        (["deal", "Squraes", "--seed", "1"], "unknown game 'Squraes' (did you mean 'squares'?)"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert message in err
    assert "Traceback" not in err


def test_play_moves_then_check_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "play-moves", "golf", "--seed", "1", "7", "s", "s", "2")
    assert status == 0 and "Moves played: 4. Score so far: 33" in out
    status, record, _ = run(capsys, "play-moves", "golf", "--seed", "1", "7", "s", "--record")
    assert status == 0 and record.startswith("# Parlour game record")
    path = tmp_path / "game.txt"
    path.write_text(record)
    status, out, _ = run(capsys, "check", str(path), "--ascii")
    assert status == 0 and "Moves played: 2" in out


def test_check_names_the_line_of_a_tampered_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "play-moves", "golf", "--seed", "1", "7", "s", "s", "2", "--record")
    status, record, _ = run(
        capsys, "play-moves", "golf", "--seed", "1", "7", "s", "s", "2", "--record"
    )
    path = tmp_path / "game.txt"
    path.write_text(record.replace("4. 2 ", "4. 3 "))
    status, _, err = run(capsys, "check", str(path))
    assert status == 2
    assert "line 11, move 4: 3 is not allowed: QH is not one rank above or below 4D (G2)" in err
    path.write_text(record.replace("Deck: 9S", "Deck: 9H"))
    status, _, err = run(capsys, "check", str(path))
    assert status == 2 and "line 5:" in err
    path.write_text(record.rsplit("\n", 2)[0])
    status, _, err = run(capsys, "check", str(path))
    assert status == 2 and "line 6:" in err and "result" in err


def test_solve_golf_gives_the_exact_best_score_and_a_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from parlour.engine.games.golf import GOLF
    from parlour.engine.solve.golf import solve_golf

    status, out, _ = run(capsys, "solve", "golf", "--seed", "1", "--json")
    assert status == 0
    answer = json.loads(out)
    assert answer["best_score"] == solve_golf(GOLF.start_from_seed(1)).best_score
    assert answer["exact"] and answer["status"] == "not winnable"
    state = GOLF.start_from_seed(1)
    for move in answer["moves"]:
        state = GOLF.apply(state, move)
    assert GOLF.score(state) == answer["best_score"]
    status, out, _ = run(capsys, "solve", "golf", "--seed", "1")
    assert status == 0 and f"Best score: {answer['best_score']} (exact)" in out


def test_solve_from_a_record_solves_where_it_ends(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import json

    status, record, _ = run(capsys, "play-moves", "golf", "--seed", "1", "7", "--record")
    path = tmp_path / "game.txt"
    path.write_text(record)
    status, out, _ = run(capsys, "solve", "golf", "--record", str(path), "--json")
    assert status == 0 and json.loads(out)["from_move"] == 1


def test_solve_another_game_with_a_budget(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    status, out, _ = run(capsys, "solve", "bytwos", "--seed", "3", "--budget", "0.2", "--json")
    assert status == 0
    answer = json.loads(out)
    assert answer["status"] in {"winnable", "not winnable", "unknown"}
    assert 8 <= answer["best_score"] <= 104


def test_analyse_summarises_a_range_and_writes_every_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import csv

    out_file = tmp_path / "golf.csv"
    status, out, _ = run(
        capsys, "analyse", "golf", "--seeds", "1..6", "--jobs", "2", "--out", str(out_file)
    )
    assert status == 0
    assert "Golf, seeds 1..6" in out
    rows = list(csv.DictReader(out_file.open()))
    assert [int(row["seed"]) for row in sorted(rows, key=lambda r: int(r["seed"]))] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    from parlour.engine.solve.golf import par_for_seed

    assert all(int(row["best_score"]) == par_for_seed(int(row["seed"])) for row in rows)
    json_file = tmp_path / "golf.json"
    status, _, _ = run(capsys, "analyse", "golf", "--seeds", "1..6", "--out", str(json_file))
    import json

    summary = json.loads(json_file.read_text())["summary"]
    pars = [par_for_seed(seed) for seed in range(1, 7)]
    assert summary["deals"] == 6
    assert summary["mean_best_score"] == pytest.approx(sum(pars) / 6)
    assert summary["mean_nine_hole_par"] == pytest.approx(9 * sum(pars) / 6)
    assert summary["winnable"] == sum(par <= 0 for par in pars)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyse", "golf", "--seeds", "5"], "a range like 1..1000"),
        (["analyse", "golf", "--seeds", "9..3"], "empty"),
        (["analyse", "rubbish", "--seeds", "1..2", "--free-stock"], "Golf option"),
        (["analyse", "golf", "--seeds", "1..2", "--out", "x.txt"], ".csv or .json"),
        (["solve", "golf", "--seed", "1", "--budget", "-1"], "positive"),
    ],
)
def test_analyse_and_solve_refuse_bad_input(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, _, err = run(capsys, *args)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
