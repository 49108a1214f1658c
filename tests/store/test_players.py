"""Players: each player's games, games in progress and rounds are their own."""

from __future__ import annotations

import getpass
import re
import sqlite3
from pathlib import Path

import pytest

from parlour.store.database import Store
from parlour.store.players import check_player
from parlour.store.players import default_player


def finish(store: Store, score: int, round_id: int | None = None, hole: int | None = None) -> int:
    return store.finish_game(
        None, game="golf", options="none", seed=score, deck="", moves=["s"], won=False,
        score=score, summary="", round_id=round_id, hole=hole,
    )  # fmt: skip


def test_two_players_in_one_data_directory_keep_apart(tmp_path: Path) -> None:
    ann, bob = Store(tmp_path, player="ann"), Store(tmp_path, player="bob")
    finish(ann, 3)
    ann_round = ann.start_round(77, "none")
    finish(ann, 5, ann_round, 1)
    bob.save_in_progress(None, game="squares", options="none", seed=1, deck="", moves=[],
                         undone=[])  # fmt: skip
    assert [g.score for g in ann.finished_games()] == [5, 3]
    assert bob.finished_games() == [] and bob.rounds() == []
    assert ann.games_in_progress() == [] and len(bob.games_in_progress()) == 1
    assert [r.scores for r in ann.rounds()] == [(5,)]
    assert bob.unfinished_round(77, "none") is None
    assert ann.unfinished_round(77, "none") is not None
    assert [r.player for r in bob.rounds(everyone=True)] == ["ann"]
    assert Store(tmp_path, player="cy").players() == ["ann", "bob", "cy"]


def test_a_database_from_before_players_belongs_to_the_login(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / "parlour.db")
    old.executescript(
        "CREATE TABLE rounds (id INTEGER PRIMARY KEY, course INTEGER NOT NULL, options TEXT "
        "NOT NULL, started TEXT NOT NULL, finished TEXT, total INTEGER, abandoned TEXT);"
        "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT "
        "NULL, seed INTEGER, deck TEXT NOT NULL, moves TEXT NOT NULL, won INTEGER NOT NULL, "
        "score INTEGER NOT NULL, summary TEXT NOT NULL, hints INTEGER NOT NULL DEFAULT 0, "
        "round_id INTEGER, hole INTEGER, started TEXT NOT NULL, finished TEXT NOT NULL);"
        "INSERT INTO rounds (course, options, started) VALUES (7, 'none', '2026-01-01');"
        "INSERT INTO games (game, options, seed, deck, moves, won, score, summary, started,"
        " finished) VALUES ('golf', 'none', 1, '', 's', 0, 4, '', '2026-01-01', '2026-01-01');"
        "PRAGMA user_version = 3;"
    )
    old.close()
    mine = Store(tmp_path)
    assert mine.player == default_player()
    assert [r.course for r in mine.rounds()] == [7]
    assert [g.score for g in mine.finished_games()] == [4]
    assert Store(tmp_path, player="someone else").finished_games() == []


def test_the_default_player_is_the_login_name() -> None:
    assert default_player() == check_player(getpass.getuser())


@pytest.mark.parametrize(
    ("name", "reason"),
    [("", "at least one letter"), ("   ", "at least one letter"), ("x" * 33, "at most 32"),
     ("ann\nbob", "not '\\n'"), ("a;DROP", "not ';'")],
)  # fmt: skip
def test_a_name_that_cannot_be_a_player_is_refused(tmp_path: Path, name: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)) as refused:
        Store(tmp_path, player=name)
    assert reason in str(refused.value)
    assert not (tmp_path / "parlour.db").exists()


def test_names_of_any_alphabet_are_players(tmp_path: Path) -> None:
    assert Store(tmp_path, player=" Zoë O'Neill ").player == "Zoë O'Neill"
    assert Store(tmp_path, player="李雷").player == "李雷"
