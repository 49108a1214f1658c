"""Makes ``schema4.db``: a Parlour database as Parlour wrote it at schema 4, before games in
progress were kept one per game and rule options (run with that Parlour on the path:
``python tests/data/make_schema4_db.py``). It holds what such a player may have: two
unfinished Golf deals under the same rules, a deal opened with no move played, one with a
move taken back, a round with a hole scored and the next in play, a round begun and left
at once, an abandoned round, a finished game and a Golf par."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from parlour.engine import find_game
from parlour.session import Session
from parlour.store.database import Store


def play(session: Session, count: int) -> None:
    rules: Any = find_game(session.rules.id)
    for _ in range(count):
        session.play(rules.legal_moves(session.state)[0])


def main() -> None:
    work = Path(tempfile.mkdtemp())
    store = Store(work, player="ann")
    play(Session.new_game(store, "golf", 11), 2)
    play(Session.new_game(store, "golf", 12), 1)
    Session.new_game(store, "bytwos", 13)  # opened, nothing played
    squares = Session.new_game(store, "squares", 14)
    play(squares, 3)
    squares.undo()
    play(Session.new_game(store, "rubbish", 15), 1)
    rounded = Session.new_round(store, 777, frozenset())
    while not rounded.is_finished:
        play(rounded, 1)
    following = rounded.next_hole()
    assert following is not None
    play(following, 2)
    Session.new_round(store, 778, frozenset())  # begun, nothing played
    abandoned = Session.new_round(store, 779, frozenset())
    store.abandon_round(abandoned.round.round_id if abandoned.round else 0)
    finished = Session.new_game(store, "golf", 16)
    while not finished.is_finished:
        play(finished, 1)
    store.save_par(16, "none", 3)
    store.close()
    connection = sqlite3.connect(work / "parlour.db")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.execute("VACUUM")
    connection.close()
    shutil.copy(work / "parlour.db", Path(__file__).with_name("schema4.db"))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
