"""``parlour play GAME`` as a player runs it (a real process in a pseudo-terminal, and
plain mode on a pipe): it goes on with the player's unfinished deal of GAME, ``--seed N``
with the saved deal N, and ``--new`` deals a new one whose first move replaces it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import find_game
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import PlayColumn
from parlour.engine.history import Line
from parlour.engine.rounds import CourseHole
from parlour.session import Session
from parlour.store.database import Store

from .terminal import Terminal

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pty")

FREE = frozenset({"free-stock"})


def unfinished_golf(data: Path, seed: int, moves: int) -> Session:
    """A Golf deal (the stock free to turn) with ``moves`` turns of the stock played."""
    store = Store(data)
    session = Session.new_game(store, "golf", seed, FREE)
    for _ in range(moves):
        session.play(TURN)
    store.close()
    return session


def saved_golf(data: Path) -> list[tuple[int | None, int]]:
    """(seed, moves played) of every unfinished Golf deal of the player."""
    store = Store(data)
    try:
        return [(g.seed, len(g.moves)) for g in store.games_in_progress() if g.game == "golf"]
    finally:
        store.close()


def key_for(move: Any) -> str:
    return " " if move == TURN else str(move.column)


def play_one_and_quit(terminal: Terminal, wait: str, move: Any = TURN) -> None:
    terminal.wait_for(wait)
    terminal.read(0.5)
    terminal.press(key_for(move))
    terminal.read(0.5)
    terminal.press("q")
    assert terminal.wait_to_end() == 0


def test_play_goes_on_with_the_unfinished_deal(private_data_dir: Path) -> None:
    unfinished_golf(private_data_dir, 5, 2)
    terminal = Terminal(private_data_dir, "play", "golf", "--free-stock")
    play_one_and_quit(terminal, "Welcome back")
    assert saved_golf(private_data_dir) == [(5, 3)]  # the same deal, one move further


def test_play_seed_goes_on_with_that_saved_deal(private_data_dir: Path) -> None:
    session = unfinished_golf(private_data_dir, 6, 1)
    rules: Any = find_game("golf")
    # a card played this time, if one can be (else the stock turned)
    plays = [m for m in rules.legal_moves(session.state) if isinstance(m, PlayColumn)]
    terminal = Terminal(private_data_dir, "play", "golf", "--free-stock", "--seed", "6")
    play_one_and_quit(terminal, "Welcome back", plays[0] if plays else TURN)
    assert saved_golf(private_data_dir) == [(6, 2)]


def test_play_new_deals_a_new_one_that_replaces_it_at_its_first_move(
    private_data_dir: Path,
) -> None:
    unfinished_golf(private_data_dir, 7, 2)
    terminal = Terminal(private_data_dir, "play", "golf", "--free-stock", "--new")
    terminal.wait_for("A new deal")
    terminal.read(0.5)
    terminal.press("q")  # quit before a move: the unfinished deal is kept
    assert terminal.wait_to_end() == 0
    assert saved_golf(private_data_dir) == [(7, 2)]
    terminal = Terminal(private_data_dir, "play", "golf", "--free-stock", "--new")
    play_one_and_quit(terminal, "A new deal")
    [(seed, moves)] = saved_golf(private_data_dir)
    assert seed != 7 and moves == 1


def test_play_new_with_a_seed_deals_it_again(private_data_dir: Path) -> None:
    unfinished_golf(private_data_dir, 8, 2)
    terminal = Terminal(private_data_dir, "play", "golf", "--free-stock", "--seed", "8", "--new")
    play_one_and_quit(terminal, "A new deal")
    assert saved_golf(private_data_dir) == [(8, 1)]


def plain(data: Path, *args: str, given: str = "quit\n") -> str:
    env = dict(os.environ, PARLOUR_DATA_DIR=str(data))
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "golf", "--free-stock", "--plain", *args],
        input=given, capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_plain_mode_goes_on_with_the_unfinished_deal_and_new_deals_another(
    private_data_dir: Path,
) -> None:
    unfinished_golf(private_data_dir, 9, 2)
    said = plain(private_data_dir)
    assert "Welcome back: 2 moves played." in said and "seed 9" in said
    said = plain(private_data_dir, "--seed", "9")
    assert "Welcome back: 2 moves played." in said
    said = plain(private_data_dir, "--new", given="s\nquit\n")
    assert "A new deal. Your unfinished game (seed 9, 2 moves played) is replaced" in said
    [(seed, moves)] = saved_golf(private_data_dir)
    assert seed != 9 and moves == 1


def test_plain_mode_names_a_hole_taken_over_by_its_course_and_hole(
    private_data_dir: Path,
) -> None:
    """A game taken over from a replay of a round's hole is named as the hole when a new
    deal replaces it, not by the hole's seed of 18 digits."""
    seed = 844705567165557790
    store = Store(private_data_dir)
    line = Line.from_seed(find_game("golf"), seed, FREE).play(TURN)
    session = Session.from_line(store, line, CourseHole(1234567, 2))
    session.play(TURN)
    store.close()
    said = plain(private_data_dir, "--new", given="s\nquit\n")
    assert "Your unfinished game (course 15NM7 · hole 2, 2 moves played) is replaced" in said
    assert str(seed) not in said


def test_new_is_not_for_a_record(private_data_dir: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text("x")
    env = dict(os.environ, PARLOUR_DATA_DIR=str(private_data_dir))
    done = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "golf", "--record", str(record), "--new"],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert (
        done.stderr.startswith("parlour: --new is not for --record")
        and "Traceback" not in done.stderr
    )
