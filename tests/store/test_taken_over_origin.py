"""Where a game taken over from a replay of a round's hole came from: kept with it (schema
5's ``origin_course`` and ``origin_hole``) in progress and finished, and read as the other
columns are read: a row changed by hand to hold nonsense there is not read."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import find_game
from parlour.engine.history import Line
from parlour.engine.registry import round_game
from parlour.engine.rounds import CourseHole
from parlour.engine.rounds import hole_seed
from parlour.session import Session
from parlour.statistics import history
from parlour.store.database import Store
from tests.store.test_play_time import schema_4_database

COURSE = 98765
HOLE = 4


def hole_line() -> Line[Any, Any]:
    """Hole :data:`HOLE` of course :data:`COURSE`, two moves played."""
    rounds = round_game().rounds
    assert rounds is not None
    rules: Any = find_game("golf")
    line: Line[Any, Any] = Line.from_seed(rules, hole_seed(rounds, COURSE, HOLE))
    for _ in range(2):
        line = line.play(rules.legal_moves(line.current)[0])
    return line


def test_the_origin_is_kept_in_progress_resumed_and_finished(tmp_path: Path) -> None:
    origin = CourseHole(COURSE, HOLE)
    store = Store(tmp_path)
    Session.from_line(store, hole_line(), origin)
    (saved,) = store.games_in_progress()
    assert saved.origin == origin and saved.round_id is None and saved.hole is None
    session = Session.resume(store, saved)
    assert session.origin == origin
    while session.outcome is None:
        session.play(session.rules.legal_moves(session.state)[0])
    (finished,) = store.finished_games()
    assert finished.origin == origin and finished.round_id is None
    assert store.finished_game(finished.id) == finished
    (row,) = history(store)
    assert (row["origin_course"], row["origin_hole"]) == ("30ED", HOLE)
    assert (row["course"], row["hole"]) == (None, None)  # (no round's hole)
    # a game of no hole keeps none
    Session.from_line(store, hole_line())
    (other,) = store.games_in_progress()
    assert other.origin is None
    store.close()


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("origin_course", "'XDWT5H'"),
        ("origin_course", "-1"),
        ("origin_course", "1.5"),
        ("origin_hole", "0"),
        ("origin_hole", "10"),
        ("origin_hole", "'hole 1'"),
        ("origin_hole", "x'01'"),
    ],
)
def test_a_hand_changed_origin_is_not_read(tmp_path: Path, column: str, value: str) -> None:
    """Text, a real, bytes, a negative course or a hole no round has: the row is not
    read, as a row with nonsense in any other column is not (nothing from it is shown)."""
    store = Store(tmp_path)
    origin = CourseHole(COURSE, HOLE)
    session = Session.from_line(store, hole_line(), origin)
    while session.outcome is None:
        session.play(session.rules.legal_moves(session.state)[0])
    Session.from_line(store, hole_line(), origin)
    assert len(store.finished_games()) == len(store.games_in_progress()) == 1
    store.close()
    database = sqlite3.connect(tmp_path / "parlour.db")
    for table in ("games", "in_progress"):
        database.execute(f"UPDATE {table} SET {column} = {value}")
    database.commit()
    database.close()
    store = Store(tmp_path)
    assert store.finished_games() == [] and store.games_in_progress() == []
    store.close()


def test_a_half_origin_names_nothing(tmp_path: Path) -> None:
    """A course without its hole (a row changed by hand): the game is read, from no hole."""
    store = Store(tmp_path)
    Session.from_line(store, hole_line(), CourseHole(COURSE, HOLE))
    store.close()
    database = sqlite3.connect(tmp_path / "parlour.db")
    database.execute("UPDATE in_progress SET origin_hole = NULL")
    database.commit()
    database.close()
    store = Store(tmp_path)
    (saved,) = store.games_in_progress()
    assert saved.origin is None
    store.close()


def test_an_older_database_gains_the_origin_columns_null(tmp_path: Path) -> None:
    schema_4_database(tmp_path / "parlour.db")
    store = Store(tmp_path, player="ann")
    (saved,) = store.games_in_progress()
    assert saved.origin is None and len(saved.moves) == 1
    store.close()
