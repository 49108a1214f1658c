"""The store: unreadable databases are moved aside, concurrent writers lose nothing."""

from __future__ import annotations

import errno
import multiprocessing
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from parlour.store.database import Store
from parlour.tui.app import make_app


def test_a_garbage_database_is_moved_aside_and_reported(tmp_path: Path) -> None:
    database = tmp_path / "parlour.db"
    database.write_bytes(b"this is not a database at all " * 50)
    store = Store(tmp_path)
    assert store.notice is not None
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("parlour.db.unreadable-")]
    assert len(kept) == 1
    assert kept[0].read_bytes().startswith(b"this is not a database")
    assert str(kept[0]) in store.notice
    # the new database works
    store.start_round(1, "none")
    assert len(store.rounds()) == 1
    store.close()
    assert Store(tmp_path).notice is None


def test_a_damaged_database_is_moved_aside_where_there_are_no_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moving aside by a hard link (which never replaces a file) fails on a file system
    without them: the damaged file is renamed there instead, never over another file."""

    def no_links(source: object, target: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    (tmp_path / "parlour.db").write_bytes(b"not a database " * 50)
    store = Store(tmp_path)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("parlour.db.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"not a database " * 50
    assert store.notice is not None and str(kept[0]) in store.notice
    store.start_round(1, "none")
    assert len(store.rounds()) == 1


async def test_the_app_tells_the_player_where_the_old_database_went(tmp_path: Path) -> None:
    (tmp_path / "parlour.db").write_bytes(b"\x00garbage" * 100)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.notice is not None and "unreadable" in app.notice
        notice = str(app.screen.query_one("#start-notice").render())
        assert "could not read its database" in notice


def _write_rounds(directory: str, worker: int, count: int) -> None:
    store = Store(Path(directory))
    for number in range(count):
        round_id = store.start_round(worker * 1000 + number, "none")
        for hole in range(1, 10):
            store.finish_game(
                None,
                game="golf",
                options="none",
                seed=hole,
                deck="",
                moves=[],
                won=False,
                score=hole,
                summary="test",
                round_id=round_id,
                hole=hole,
            )
    store.close()


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    Store(tmp_path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_rounds, args=(str(tmp_path), w, 15)) for w in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    store = Store(tmp_path)
    rounds = store.rounds()
    assert len(rounds) == 30
    assert all(r.scores == tuple(range(1, 10)) for r in rounds)
    assert len(store.finished_games(limit=1000)) == 270


def test_an_older_database_is_upgraded_in_place(tmp_path: Path) -> None:
    import sqlite3

    old = sqlite3.connect(tmp_path / "parlour.db")
    old.executescript(
        "CREATE TABLE rounds (id INTEGER PRIMARY KEY, course INTEGER NOT NULL, options TEXT "
        "NOT NULL, started TEXT NOT NULL, finished TEXT, total INTEGER);"
        "INSERT INTO rounds (course, options, started) VALUES (7, 'none', '2026-01-01');"
        "PRAGMA user_version = 1;"
    )
    old.close()
    store = Store(tmp_path)
    assert store.notice is None
    assert [r.course for r in store.rounds()] == [7]
    store.save_par(99, "none", 3)
    assert store.pars([99, 100], "none") == {99: 3}


def test_a_database_from_a_newer_parlour_is_left_alone(tmp_path: Path) -> None:
    import sqlite3

    import pytest

    from parlour.store.opening import StoreError

    newer = sqlite3.connect(tmp_path / "parlour.db")
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    with pytest.raises(StoreError, match="newer Parlour"):
        Store(tmp_path)
    assert (tmp_path / "parlour.db").exists()
    assert not [p for p in tmp_path.iterdir() if "unreadable" in p.name]


#: the tables as the first Parlour made them (schema 1), as SQLite keeps them
FIRST_SCHEMA = """
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    course INTEGER NOT NULL,
    options TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    total INTEGER
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    deck TEXT NOT NULL,
    moves TEXT NOT NULL,
    won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    summary TEXT NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    started TEXT NOT NULL,
    finished TEXT NOT NULL
);
CREATE TABLE holes (
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    hole INTEGER NOT NULL,
    score INTEGER NOT NULL,
    game_id INTEGER REFERENCES games(id),
    PRIMARY KEY (round_id, hole)
);
CREATE TABLE in_progress (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    deck TEXT NOT NULL,
    moves TEXT NOT NULL,
    undone TEXT NOT NULL,
    hints INTEGER NOT NULL DEFAULT 0,
    round_id INTEGER REFERENCES rounds(id),
    hole INTEGER,
    started TEXT NOT NULL,
    updated TEXT NOT NULL
);
INSERT INTO rounds (course, options, started) VALUES (7, 'none', '2026-01-01');
PRAGMA user_version = 1;
"""


def test_a_database_the_first_parlour_made_is_opened_upgraded_and_opened_again(
    tmp_path: Path,
) -> None:
    """Only the schema Parlour makes is accepted (anything else may run at every write):
    that includes the tables as older Parlours made them, with the columns added since at
    their end, and the index of games as the first Parlour of schema 4 made it."""
    old = sqlite3.connect(tmp_path / "parlour.db")
    old.executescript(FIRST_SCHEMA)
    old.close()
    for _ in range(2):  # (the second time over the tables as the first brought them up to date)
        store = Store(tmp_path)
        assert store.notice is None and [r.course for r in store.rounds()] == [7]
        store.close()
    changed = sqlite3.connect(tmp_path / "parlour.db")
    changed.executescript(
        "DROP INDEX games_by_player; "
        "CREATE INDEX games_by_player ON games (player, game, options, finished);"
    )
    changed.close()
    store = Store(tmp_path)
    assert [r.course for r in store.rounds()] == [7]
    store.close()


def test_one_game_played_on_in_two_places_is_finished_once(tmp_path: Path) -> None:
    """The same unfinished game, opened in two browser tabs or terminals and played to its
    end in both, was counted twice in the history and the statistics; and a move in one
    after the other had finished it saved the game again, over the player's next game."""
    from parlour.engine import find_game
    from parlour.engine.history import Line
    from parlour.session import Session
    from parlour.store.opening import GameGone

    golf = find_game("golf")
    first = Session.new_game(Store(tmp_path), "golf", 7)
    first.play(golf.legal_moves(first.state)[0])
    saved = Store(tmp_path).games_in_progress()
    assert len(saved) == 1
    second = Session.resume(Store(tmp_path), saved[0])  # the same game, elsewhere
    line: Line[Any, Any] = first.line
    while not golf.is_finished(line.current):
        line = line.play(golf.legal_moves(line.current)[-1])
    for move in line.moves[len(first.line.moves) :]:
        first.play(move)
    assert first.finished_id is not None and first.unsaved is None
    # the other place plays on: not saved again, and not finished a second time
    second.play(golf.legal_moves(second.state)[0])
    assert second.unsaved is not None and "in another Parlour" in second.unsaved
    while not second.is_finished:
        second.play(golf.legal_moves(second.state)[0])
    assert second.finished_id is None and second.unsaved is not None
    store = Store(tmp_path)
    assert len(store.finished_games()) == 1
    assert store.games_in_progress() == []
    with pytest.raises(GameGone, match="another Parlour"):
        store.finish_game(saved[0].id, game="golf", options="none", seed=7, deck="",
                          moves=[], won=False, score=1, summary="")  # fmt: skip
