"""The time a game is played: kept with the game (schema 5's ``seconds_played``), carried
over when it is resumed, and added up by the statistics, with the time away from it
left out."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from parlour.clock import GameClock
from parlour.engine import find_game
from parlour.engine.cards import format_cards
from parlour.engine.history import Line
from parlour.plain import Plain
from parlour.plain import PlainOpening
from parlour.session import Session
from parlour.statistics import game_statistics
from parlour.store import opening
from parlour.store.database import Store
from parlour.store.opening import StoreRefused


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


#: the tables as a Parlour of schema 4 made them, as SQLite keeps them
SCHEMA_4 = """
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL DEFAULT '',
    course INTEGER NOT NULL,
    options TEXT NOT NULL,
    started TEXT NOT NULL,
    finished TEXT,
    total INTEGER,
    abandoned TEXT
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL DEFAULT '',
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
CREATE TABLE pars (
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    par INTEGER NOT NULL,
    PRIMARY KEY (seed, options)
);
CREATE TABLE hint_pars (
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    par INTEGER NOT NULL,
    PRIMARY KEY (seed, options)
);
CREATE TABLE in_progress (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL DEFAULT '',
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
CREATE INDEX games_by_player ON games (player, game, options, finished, won, score);
CREATE INDEX rounds_by_player ON rounds (player, course, started);
CREATE INDEX in_progress_by_player ON in_progress (player, updated);
CREATE INDEX in_progress_by_slot ON in_progress (player, game, options, round_id);
"""


def schema_4_database(path: Path) -> None:
    """A database as a Parlour of schema 4 left it, made with SQLite itself: Ann's game
    of Rubbish Heap dealt at 10:00 and finished at 10:24, and her game of Golf (seed 7)
    in progress, its first move played."""
    rules: Any = find_game("golf")
    line = Line.from_seed(rules, 7, frozenset())
    first = rules.format_move(rules.legal_moves(line.current)[0])
    database = sqlite3.connect(path)
    database.executescript(SCHEMA_4)
    database.execute(
        "INSERT INTO games (player, game, options, seed, deck, moves, won, score, summary, "
        "started, finished) VALUES ('ann', 'rubbish', 'none', 3, '', '', 0, 30, '', "
        "'2026-03-01T10:00:00+00:00', '2026-03-01T10:24:00+00:00')"
    )
    database.execute(
        "INSERT INTO in_progress (player, game, options, seed, deck, moves, undone, started, "
        "updated) VALUES ('ann', 'golf', 'none', 7, ?, ?, '', '2026-03-02T09:00:00+00:00', "
        "'2026-03-02T09:05:00+00:00')",
        (format_cards(line.deck), first),
    )
    database.execute(f"PRAGMA application_id = {opening.APPLICATION_ID}")
    database.execute("PRAGMA user_version = 4")
    database.commit()
    database.close()


def test_a_schema_4_database_gains_the_seconds_played_in_place(tmp_path: Path) -> None:
    """Every row is kept; a game stored before keeps no time of its own: a finished one
    counts the time from its deal to its end, as the statistics always counted it, and
    one in progress goes on from nought."""
    path = tmp_path / "parlour.db"
    schema_4_database(path)
    for _ in range(2):  # (the second time over the file the first brought up to date)
        store = Store(tmp_path, player="ann")
        assert store.notice is None
        (rubbish,) = game_statistics(store)
        assert (rubbish.played, rubbish.seconds_played) == (1, 24 * 60)
        (saved,) = store.games_in_progress()
        assert saved.seconds_played is None and len(saved.moves) == 1
        assert Session.resume(store, saved).seconds == 0
        store.close()
    database = sqlite3.connect(path)
    assert database.execute("PRAGMA user_version").fetchone()[0] == 5
    for table in ("games", "in_progress"):
        columns = [row[1] for row in database.execute(f"PRAGMA table_info({table})")]
        assert columns[-3:] == ["seconds_played", "origin_course", "origin_hole"]
        assert database.execute(f"SELECT seconds_played FROM {table}").fetchall() == [(None,)]
    database.close()


def test_an_older_parlour_refuses_a_schema_5_database_untouched(tmp_path: Path) -> None:
    """A Parlour that knows schema 4 at most says the file is a newer Parlour's."""
    Store(tmp_path).close()
    path = tmp_path / "parlour.db"
    before = path.read_bytes()
    database = sqlite3.connect(path)
    with pytest.raises(StoreRefused, match=r"newer Parlour \(schema 5, this one knows up to 4\)"):
        opening.check_ours(database, path, 4)
    database.close()
    assert path.read_bytes() == before


def play_first(session: Session) -> None:
    rules: Any = session.rules
    session.play(rules.legal_moves(session.state)[0])


def test_the_seconds_played_are_saved_with_each_move_and_resumed(tmp_path: Path) -> None:
    clock = FakeClock()
    store = Store(tmp_path)
    session = Session.new_game(store, "golf", 42)
    timing = GameClock(clock, session.seconds)
    timing.start()
    session.timer = lambda: timing.seconds
    clock.now += 65.4
    play_first(session)
    clock.now += 1000  # (after the last save: the next save would keep it)
    store.close()  # the program ends (killed: nothing more is written)

    store = Store(tmp_path)
    saved = store.saved_deal("golf", "none")
    assert saved is not None and saved.seconds_played == 65
    resumed = Session.resume(store, saved)
    assert resumed.seconds == 65
    timing = GameClock(clock, resumed.seconds)
    timing.start()
    resumed.timer = lambda: timing.seconds
    clock.now += 10
    play_first(resumed)
    again = store.saved_deal("golf", "none")
    assert again is not None and again.seconds_played == 75


def test_the_time_away_from_a_game_is_not_counted_as_time_played(tmp_path: Path) -> None:
    """A game played for a minute, left unfinished for 23 minutes, then finished in half
    a minute more, counts a minute and a half, not the 24 minutes and more from its deal
    to its end."""
    clock = FakeClock()
    store = Store(tmp_path)
    session = Session.new_game(store, "golf", 42)
    timing = GameClock(clock)
    timing.start()
    session.timer = lambda: timing.seconds
    clock.now += 60
    play_first(session)
    store.close()
    # 23 minutes away (the deal is dated as long ago as that)
    database = sqlite3.connect(tmp_path / "parlour.db")
    database.execute(
        "UPDATE in_progress SET started = strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now', '-24 minutes')"
    )
    database.commit()
    database.close()

    store = Store(tmp_path)
    saved = store.saved_deal("golf", "none")
    assert saved is not None
    resumed = Session.resume(store, saved)
    timing = GameClock(clock, resumed.seconds)
    timing.start()
    resumed.timer = lambda: timing.seconds
    clock.now += 30
    while not resumed.is_finished:
        play_first(resumed)
    (golf,) = game_statistics(store)
    assert golf.played == 1 and golf.seconds_played == 90
    (finished,) = store.finished_games()
    assert finished.seconds_played == 90 and finished.started == saved.started


def test_plain_mode_counts_the_time_it_shows_the_game_from_the_time_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plain mode has no pause: a game counts the time it is open there, going on from
    the time it was played before, never the time between sittings."""
    from parlour import plain
    from parlour.clock import since_now

    clock = FakeClock()
    monkeypatch.setattr(plain, "since_now", lambda played: since_now(played, clock))
    out = io.StringIO()
    for _ in range(2):
        store = Store(tmp_path)
        sitting = Plain(store, out, ascii_only=True, prompt=False)
        sitting.open(PlainOpening(game="golf", seed=42))
        assert sitting.session is not None
        rules: Any = sitting.session.rules
        clock.now += 40
        sitting.run([rules.format_move(rules.legal_moves(sitting.session.state)[0])])
        clock.now += 3600  # away between the sittings
        store.close()
    store = Store(tmp_path)
    saved = store.saved_deal("golf", "none")
    assert saved is not None and len(saved.moves) == 2 and saved.seconds_played == 80


def test_a_save_of_the_time_alone_keeps_when_the_game_was_last_played(tmp_path: Path) -> None:
    """Leaving the board saves the seconds played; the start screen still lists the game
    by its last move, not by the last look at it."""
    store = Store(tmp_path)
    session = Session.new_game(store, "golf", 42)
    play_first(session)
    with store.transaction() as db:
        db.execute("UPDATE in_progress SET updated = '2026-01-01T10:00:00+00:00'")
    session.timer = lambda: 30.0
    session.save()
    saved = store.saved_deal("golf", "none")
    assert saved is not None and saved.seconds_played == 30
    assert saved.updated == "2026-01-01T10:00:00+00:00"
    play_first(session)
    saved = store.saved_deal("golf", "none")
    assert saved is not None and saved.updated > "2026-01-01T10:00:00+00:00"
