"""A scored hole stays scored: when one round is played on in two places at once, the
first game to finish a hole scores it; a later game finishing the same hole is told so,
and kept in the history, not scored. Two stores on one real database file, and two real
``parlour play --plain`` processes on one data directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO
from typing import Any

from parlour.cli import main
from parlour.engine.rounds import course_code
from parlour.session import Session
from parlour.store.database import Store
from parlour.store.queries import round_holes

COURSE = 424242


def first_move(session: Session) -> Any:
    return session.rules.legal_moves(session.state)[0]


def last_move(session: Session) -> Any:
    return session.rules.legal_moves(session.state)[-1]


def finish(session: Session, choose: Callable[[Session], Any]) -> list[str]:
    """Play the hole out with ``choose``; the moves the player made, in notation."""
    made = []
    while not session.is_finished:
        move = choose(session)
        made.append(session.rules.format_move(move))
        session.play(move)
    return made


def two_players_on_hole_one(data: Path) -> tuple[Store, Store, Session, Session]:
    """One round of COURSE; its hole 1 open in two stores (two connections to one file),
    as two Parlours going on with the same round would have it."""
    first, second = Store(data), Store(data)
    a = Session.new_round(first, COURSE, frozenset())
    [stored] = second.unfinished_rounds()
    b = Session.continue_round(second, stored)
    assert a.round is not None and b.round is not None
    assert (b.round.round_id, b.round.hole) == (a.round.round_id, 1)
    return first, second, a, b


def test_the_first_finish_of_a_hole_is_its_score(tmp_path: Path) -> None:
    first, second, a, b = two_players_on_hole_one(tmp_path)
    finish(a, first_move)
    finish(b, last_move)
    a_score, b_score = a.outcome.score, b.outcome.score  # type: ignore[union-attr]
    assert a_score != b_score  # two different games of the hole
    assert a.hole_taken == ""
    assert b.hole_taken.startswith(f"Hole 1 of round {course_code(COURSE)} was finished first")
    assert f"with {a_score}: that score stands" in b.hole_taken
    assert "kept in the history, not scored" in b.hole_taken
    # B's round is the stored one: A's score, whatever B's game made
    assert b.round_after is not None and b.round_after.scores == (a_score,)
    for store in (first, second, Store(tmp_path)):
        [stored] = store.rounds()
        assert stored.scores == (a_score,)
        assert store.hole_game(stored.id, 1) == (a_score, a.finished_id)
    # B's game is in the history, with its round and hole, but not one of the round's
    games = {game.id: game for game in first.finished_games()}
    assert set(games) == {a.finished_id, b.finished_id}
    assert games[b.finished_id].score == b_score and games[b.finished_id].hole == 1
    assert [game.id for game in first.round_games(stored.id)] == [a.finished_id]
    assert [score for _, score in round_holes(first, "golf", "none")] == [a_score]
    # and the next hole of B's round follows the stored round
    following = b.next_hole()
    assert following is not None and following.round is not None
    assert following.round.hole == 2 and following.round.scores == (a_score,)


def test_finishing_a_hole_twice_in_one_place_scores_it_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    round_id = store.start_round(COURSE, "none")
    common = {"game": "golf", "options": "none", "seed": 1, "deck": "", "moves": [],
              "won": False, "summary": "test", "round_id": round_id, "hole": 1}  # fmt: skip
    kept = store.finish_game(None, score=8, **common)
    store.finish_game(None, score=21, **common)
    [stored] = store.rounds()
    assert stored.scores == (8,)
    assert store.hole_game(round_id, 1) == (8, kept)
    assert len(store.finished_games()) == 2


# -- two real processes ----------------------------------------------------------------------


def read_until(stream: IO[str], text: str, seconds: float = 60) -> str:
    """What a plain-mode process writes, up to the first line holding ``text``."""
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen.append(line)
        if text in line:
            return "".join(seen)
    raise AssertionError(f"{text!r} never came; the process said:\n{''.join(seen)}")


def plain(data: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "parlour", "play", "golf", "--course", course_code(COURSE),
         "--plain", "--ascii"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env,
    )  # fmt: skip


def test_two_parlours_finishing_the_same_hole(tmp_path: Path) -> None:
    # the two games each will play, worked out on a scratch copy of the round
    scratch = Store(tmp_path / "scratch")
    moves_a = finish(Session.new_round(scratch, COURSE, frozenset()), first_move)
    moves_b = finish(Session.new_round(scratch, COURSE, frozenset()), last_move)
    scores = [r.scores[0] for r in sorted(scratch.rounds(), key=lambda r: r.id)]
    assert scores[0] != scores[1]
    data = tmp_path / "data"
    a = plain(data)
    b = None
    try:
        assert a.stdin is not None and a.stdout is not None
        read_until(a.stdout, "Play a card")  # the round begun, hole 1 dealt and saved
        b = plain(data)
        assert b.stdin is not None and b.stdout is not None
        read_until(b.stdout, "Play a card")  # the same round, the same hole 1
        a.stdin.write("".join(f"{move}\n" for move in moves_a))
        a.stdin.flush()
        said_a = read_until(a.stdout, f"Round {course_code(COURSE)}:")
        assert f"score {scores[0]}" in said_a and "finished first elsewhere" not in said_a
        b.stdin.write("".join(f"{move}\n" for move in moves_b))
        b.stdin.flush()
        said_b = read_until(b.stdout, f"Round {course_code(COURSE)}:")
        assert f"score {scores[1]}\n" in said_b
        assert (
            f"Hole 1 of round {course_code(COURSE)} was finished first elsewhere, with "
            f"{scores[0]}: that score stands. This game is kept in the history, not scored."
        ) in said_b
        assert f"Round {course_code(COURSE)}: {scores[0]} after 1 hole." in said_b
        for process in (a, b):
            process.communicate("quit\n", timeout=60)
            assert process.returncode == 0
    finally:
        for process in (a, b):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    # the scorecard shows A's score; B's game is in the history
    assert main(["--data-dir", str(data), "scorecard", "--json"]) == 0
    store = Store(data)
    [stored] = store.rounds()
    assert stored.scores == (scores[0],)
    assert sorted(game.score for game in store.finished_games()) == sorted(scores)


def test_the_scorecard_command_shows_the_first_score(tmp_path: Path, capsys: Any) -> None:
    _, _, a, b = two_players_on_hole_one(tmp_path)
    finish(a, first_move)
    finish(b, last_move)
    assert main(["--data-dir", str(tmp_path), "scorecard", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    [shown] = payload["rounds"]
    assert shown["holes"] == [a.outcome.score]  # type: ignore[union-attr]


def test_a_hole_is_scored_beside_a_score_changed_by_hand_to_the_largest_integer(
    tmp_path: Path,
) -> None:
    """The round's total is summed as a hole is stored: with hole 1's score changed by
    hand to 2**63 - 1 (a whole number, the kind Parlour writes), SQLite's SUM failed with
    "integer overflow", and with it the write of hole 2's finished game, which was lost."""
    import sqlite3

    store = Store(tmp_path)
    session = Session.new_round(store, COURSE, frozenset())
    finish(session, first_move)
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        db.execute("UPDATE holes SET score = 9223372036854775807 WHERE hole = 1")
    db.close()
    following = session.next_hole()
    assert following is not None
    finish(following, first_move)
    assert following.finished_id is not None
    # (a score no Golf hole can have is not read, nor the round it is in: both stay in
    # the file as they are, hole 2 scored beside it)
    assert Store(tmp_path).rounds() == []
    with sqlite3.connect(tmp_path / "parlour.db") as db:
        holes = db.execute("SELECT hole, score FROM holes ORDER BY hole").fetchall()
    db.close()
    assert holes == [(1, 2**63 - 1), (2, following.outcome.score)]  # type: ignore[union-attr]
