"""The store under deliberate faults, with SQLite itself: a lock held past the busy
timeout, a file-size limit, another program's database, a newer schema, random bytes, a
failed COMMIT, links, and the umask. No healthy database is ever moved, no row lost."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.session import Session
from parlour.store.database import Store
from parlour.store.files import export_record
from parlour.store.opening import StoreRefused
from parlour.store.opening import StoreUnavailable


def moved_aside(directory: Path) -> list[Path]:
    return [path for path in directory.iterdir() if "unreadable" in path.name]


def with_rounds(directory: Path, count: int) -> None:
    store = Store(directory)
    for course in range(count):
        store.start_round(course, "none")
    store.close()


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A database with three rounds, held by another connection in exclusive locking
    mode in the middle of a write (nobody else can read or write it)."""
    with_rounds(tmp_path, 3)
    holder = sqlite3.connect(tmp_path / "parlour.db", isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO pars (seed, options, par) VALUES (1, 'none', 1)")
    yield tmp_path
    holder.execute("ROLLBACK")
    holder.close()


def test_a_lock_held_past_the_busy_timeout_moves_nothing(locked: Path) -> None:
    before = (locked / "parlour.db").read_bytes()
    with pytest.raises(StoreUnavailable, match=r"parlour\.db: it is (busy|locked)"):
        Store(locked, busy_timeout=0.2)
    assert not moved_aside(locked)
    assert (locked / "parlour.db").read_bytes() == before


def test_the_database_works_again_once_the_lock_is_gone(tmp_path: Path) -> None:
    with_rounds(tmp_path, 3)
    holder = sqlite3.connect(tmp_path / "parlour.db", isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO pars (seed, options, par) VALUES (1, 'none', 1)")
    with pytest.raises(StoreUnavailable):
        Store(tmp_path, busy_timeout=0.1)
    holder.execute("ROLLBACK")
    holder.close()
    assert [r.course for r in Store(tmp_path).rounds()] == [2, 1, 0]


def test_moves_made_while_the_database_is_locked_are_saved_once_it_is_free(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path, busy_timeout=0.1)
    session = Session.new_game(store, "golf", 7)
    holder = sqlite3.connect(tmp_path / "parlour.db", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer, for longer than the timeout
    move = session.rules.legal_moves(session.state)[0]
    session.play(move)
    assert session.unsaved is not None and "busy" in session.unsaved
    assert session.line.moves == (move,)  # the game goes on in memory
    assert session.saving_news().startswith("Moves are not being saved: ")
    holder.execute("ROLLBACK")
    holder.close()
    second = session.rules.legal_moves(session.state)[0]
    session.play(second)
    assert session.unsaved is None
    assert session.saving_news().startswith("Saving works again")
    assert session.saving_news() == ""  # said once
    saved = Store(tmp_path).games_in_progress()
    assert len(saved) == 1 and len(saved[0].moves) == 2


def test_a_failed_commit_is_rolled_back_and_the_store_goes_on(tmp_path: Path) -> None:
    with_rounds(tmp_path, 1)
    store = Store(tmp_path)
    # (a table Parlour never makes, added once the store is open: opening refuses it)
    side = sqlite3.connect(tmp_path / "parlour.db")
    side.executescript(
        "CREATE TABLE child (round INTEGER REFERENCES rounds(id) DEFERRABLE INITIALLY DEFERRED);"
    )
    side.close()

    def write_both() -> None:
        with store.transaction() as db:
            db.execute("INSERT INTO rounds (course, options, started) VALUES (5, 'none', 'x')")
            db.execute("INSERT INTO child (round) VALUES (999)")

    # the constraint is checked at COMMIT: the COMMIT itself fails
    with pytest.raises(StoreUnavailable, match="FOREIGN KEY"):
        write_both()
    assert [r.course for r in store.rounds()] == [0]  # nothing half-written
    store.start_round(6, "none")  # and the next write works
    assert sorted(r.course for r in store.rounds()) == [0, 6]


def _run_limited(directory: Path, limit: int, script: str) -> subprocess.CompletedProcess[str]:
    """``script`` in a new Python with a file-size limit of ``limit`` bytes (SIGXFSZ
    ignored, so that a write past it fails instead of killing the process)."""
    prologue = textwrap.dedent(
        f"""
        import resource, signal, sys
        from pathlib import Path
        from parlour.store.database import Store
        from parlour.store.opening import StoreError
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
        directory = Path({str(directory)!r})
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prologue + textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_file_size_limit_while_opening_moves_nothing(tmp_path: Path) -> None:
    result = _run_limited(
        tmp_path,
        0,
        """
        try:
            Store(directory)
        except StoreError as error:
            print("refused:", error)
        """,
    )
    assert "refused: cannot use the database" in result.stdout, result.stderr
    assert "Traceback" not in result.stderr
    assert not moved_aside(tmp_path)
    Store(tmp_path).start_round(1, "none")  # without the limit it works


def test_a_file_size_limit_during_writes_loses_no_committed_row(tmp_path: Path) -> None:
    with_rounds(tmp_path, 5)
    used = sum(path.stat().st_size for path in tmp_path.iterdir())
    result = _run_limited(
        tmp_path,
        used + 64 * 1024,
        """
        store = Store(directory)
        written = 0
        try:
            for course in range(100, 100_000):
                store.start_round(course, "x" * 500)
                written += 1
        except StoreError as error:
            print("stopped:", error)
        print("written:", written)
        """,
    )
    assert "stopped: cannot use the database" in result.stdout, result.stderr
    written = int(result.stdout.split("written:")[1])
    assert written > 0
    assert not moved_aside(tmp_path)
    rounds = Store(tmp_path).rounds()
    assert len(rounds) == 5 + written  # every committed row, and nothing more


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    other = sqlite3.connect(tmp_path / "parlour.db")
    other.executescript("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
    other.close()
    before = (tmp_path / "parlour.db").read_bytes()
    with pytest.raises(StoreRefused, match="another program"):
        Store(tmp_path)
    assert (tmp_path / "parlour.db").read_bytes() == before
    assert not moved_aside(tmp_path)


@pytest.mark.parametrize(
    "script",
    [
        "CREATE TABLE holes (course, number, par, yards); PRAGMA user_version = 2;",
        "CREATE TABLE games (title TEXT, platform TEXT); PRAGMA user_version = 1;",
    ],
    ids=["a golf club's holes", "someone's games"],
)
def test_another_programs_tables_of_parlours_names_are_refused_untouched(
    tmp_path: Path, script: str
) -> None:
    """Common table names and a schema version of its own: the file was taken for an
    older Parlour's, switched to WAL and given Parlour's tables and mark."""
    other = sqlite3.connect(tmp_path / "parlour.db")
    other.executescript(script)
    other.close()
    before = (tmp_path / "parlour.db").read_bytes()
    with pytest.raises(StoreRefused, match="another program"):
        Store(tmp_path)
    assert (tmp_path / "parlour.db").read_bytes() == before
    # (no journal or WAL beside it; the lock file is the data directory's, not the database's)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["parlour.db", "parlour.lock"]


ENDLESS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n"


@pytest.mark.parametrize(
    ("script", "named"),
    [
        (f"DROP TABLE holes; CREATE VIEW holes (round_id, hole, score, game_id) AS "
         f"SELECT i, i, i, i FROM ({ENDLESS});", "view holes"),
        (f"CREATE TRIGGER saving AFTER INSERT ON in_progress BEGIN SELECT COUNT(*) FROM "
         f"({ENDLESS}); END;", "trigger saving"),
        ("CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM games WHERE id <> "
         "NEW.id; END;", "trigger wipe"),
    ],
    ids=["an endless view for a table", "an endless trigger", "a trigger that deletes"],
)  # fmt: skip
def test_a_database_holding_a_view_or_a_trigger_is_refused_untouched(
    tmp_path: Path, script: str, named: str
) -> None:
    """Parlour makes neither; a file given one ran it (a view read for ever, growing a
    temporary file; a trigger held the write lock for ever, or deleted games)."""
    with_rounds(tmp_path, 1)
    changed = sqlite3.connect(tmp_path / "parlour.db")
    changed.executescript(script)
    changed.close()
    before = (tmp_path / "parlour.db").read_bytes()
    with pytest.raises(StoreRefused, match=f"never makes \\({named}\\)"):
        Store(tmp_path)
    assert (tmp_path / "parlour.db").read_bytes() == before
    assert not moved_aside(tmp_path)


#: an expression SQLite works out at every write of a row: a string of 400 MB, built and
#: measured (some seconds and hundreds of MiB for each move saved)
HEAVY = "length(printf('%.*c', 400000000 + length(moves), 'x'))"


@pytest.mark.parametrize(
    ("script", "named"),
    [
        (f"CREATE INDEX heavy ON in_progress ({HEAVY});", "index heavy"),
        (f"DROP INDEX in_progress_by_player; CREATE INDEX in_progress_by_player ON in_progress "
         f"({HEAVY});", "index in_progress_by_player"),
        (f"CREATE INDEX some ON games (player) WHERE {HEAVY} > 0;", "index some"),
        ("CREATE UNIQUE INDEX one_a_deal ON games (seed);", "index one_a_deal"),
        (f"ALTER TABLE in_progress ADD COLUMN heavy AS ({HEAVY});",
         "table in_progress (not as Parlour makes it)"),
        ("DROP TABLE pars; CREATE TABLE pars (seed INTEGER NOT NULL, options TEXT NOT NULL, "
         "par INTEGER NOT NULL CHECK (par > 99), PRIMARY KEY (seed, options));",
         "table pars (not as Parlour makes it)"),
        ("CREATE TABLE pins (game INTEGER REFERENCES in_progress(id) ON DELETE RESTRICT);",
         "table pins"),
        ("CREATE TRIGGER sqlite1 AFTER INSERT ON games BEGIN DELETE FROM games WHERE id <> "
         "NEW.id; END;", "trigger sqlite1"),
    ],
    ids=["an index on an expression", "an index of Parlour's name made otherwise",
         "a partial index", "a unique index", "a generated column", "a check constraint",
         "a table holding rows of Parlour's", "a trigger named as SQLite's own"],
)  # fmt: skip
def test_a_database_holding_what_parlour_never_makes_is_refused_untouched(
    tmp_path: Path, script: str, named: str
) -> None:
    """Only views and triggers were refused (and not one named like SQLite's own, such as
    ``sqlite1``): an index on an expression ran at every save (seconds and hundreds of
    MiB a move), and a check, a unique index or a table whose rows point at Parlour's
    made writes fail."""
    with_rounds(tmp_path, 1)
    changed = sqlite3.connect(tmp_path / "parlour.db")
    changed.executescript(script)
    changed.close()
    before = (tmp_path / "parlour.db").read_bytes()
    with pytest.raises(StoreRefused, match=f"never makes \\({re.escape(named)}\\)"):
        Store(tmp_path)
    assert (tmp_path / "parlour.db").read_bytes() == before
    assert not moved_aside(tmp_path)


def test_a_database_failing_the_quick_check_is_moved_aside(tmp_path: Path) -> None:
    """As the store promises: its error was not marked damaged, so every command ended
    with "integrity check failed", for good."""
    with_rounds(tmp_path, 2)
    path = tmp_path / "parlour.db"
    data = bytearray(path.read_bytes())
    data[36:40] = (5).to_bytes(4, "big")  # the free-list's count: five pages it has not
    path.write_bytes(bytes(data))
    store = Store(tmp_path)
    assert store.rounds() == [] and "started a new one" in store.notice
    store.close()
    (aside,) = moved_aside(tmp_path)
    assert aside.read_bytes() == bytes(data)


def test_a_player_name_that_is_not_text_is_nobodys(tmp_path: Path) -> None:
    """A name changed by hand to bytes ended every command in a TypeError."""
    with_rounds(tmp_path, 2)
    changed = sqlite3.connect(tmp_path / "parlour.db")
    with changed:
        changed.execute("UPDATE rounds SET player = x'41' WHERE id = 1")
    changed.close()
    store = Store(tmp_path)
    assert len(store.rounds()) == 1
    store.close()


@pytest.mark.parametrize("table", ["pars", "hint_pars"])
def test_a_golf_figure_of_the_wrong_kind_is_not_read(tmp_path: Path, table: str) -> None:
    """A best or par changed by hand to text or bytes was read as it was: scorecard,
    stats and the rounds screen's card ended in a TypeError."""
    store = Store(tmp_path)
    for seed in range(1, 6):
        store.save_par(seed, "none", seed, table)
    with sqlite3.connect(tmp_path / "parlour.db") as changed:
        changed.execute(f"UPDATE {table} SET par = 'x' WHERE seed = 1")
        changed.execute(f"UPDATE {table} SET par = x'00' WHERE seed = 2")
        changed.execute(f"UPDATE {table} SET par = 2.5 WHERE seed = 3")
        changed.execute(f"UPDATE {table} SET seed = 'four' WHERE seed = 4")
    changed.close()
    assert store.pars(list(range(1, 6)), "none", table) == {5: 5}
    store.save_par(1, "none", 7, table)  # (worked out again, it takes the place of 'x')
    assert store.pars([1], "none", table) == {1: 7}
    store.close()


def test_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    with_rounds(tmp_path, 1)
    newer = sqlite3.connect(tmp_path / "parlour.db")
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    before = (tmp_path / "parlour.db").read_bytes()
    with pytest.raises(StoreRefused, match="newer Parlour"):
        Store(tmp_path)
    assert (tmp_path / "parlour.db").read_bytes() == before


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(junk=st.binary(min_size=1, max_size=6000), header=st.booleans())
def test_random_bytes_are_moved_aside_byte_for_byte(
    tmp_path_factory: pytest.TempPathFactory, junk: bytes, header: bool
) -> None:
    directory = tmp_path_factory.mktemp("junk")
    content = (b"SQLite format 3\x00" if header else b"") + junk
    (directory / "parlour.db").write_bytes(content)
    try:
        store = Store(directory)
    except StoreUnavailable:
        pytest.fail("a damaged file must be moved aside, not refused")
    except StoreRefused:
        # random bytes that SQLite reads as a database of tables not Parlour's
        assert (directory / "parlour.db").read_bytes() == content
        return
    kept = moved_aside(directory)
    if kept:
        assert [path.read_bytes() for path in kept if path.name.endswith(tuple("0123456789"))] == [
            content
        ]
        assert store.notice is not None and str(kept[0]) in store.notice
    store.start_round(1, "none")
    assert len(store.rounds()) == 1


def test_a_link_in_place_of_the_database_is_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.db"
    elsewhere.write_bytes(b"someone else's file")
    directory = tmp_path / "data"
    directory.mkdir()
    (directory / "parlour.db").symlink_to(elsewhere)
    with pytest.raises(StoreUnavailable, match="symbolic link"):
        Store(directory)
    assert elsewhere.read_bytes() == b"someone else's file"


def test_a_data_directory_that_is_a_file_is_refused(tmp_path: Path) -> None:
    plain = tmp_path / "not-a-directory"
    plain.write_text("x")
    with pytest.raises(StoreUnavailable, match="not a directory"):
        Store(plain)
    assert plain.read_text() == "x"


def test_files_are_the_players_own_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        directory = tmp_path / "data"
        store = Store(directory)
        store.start_round(1, "none")
        record = export_record(directory, "golf", "Game: golf\n")
    finally:
        os.umask(old)
    assert directory.stat().st_mode & 0o777 == 0o700
    for path in directory.iterdir():
        if path.is_file():
            assert path.stat().st_mode & 0o777 == 0o600, path.name
    assert record.stat().st_mode & 0o777 == 0o600
    assert record.parent.stat().st_mode & 0o777 == 0o700


def _without_override() -> list[str]:
    """What runs a command without the power to write past a file's permissions: nothing
    for a player; for root, setpriv taking away that capability (skipped without it)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root writes past permissions, and setpriv is not here to stop it")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]


@pytest.mark.parametrize("made_read_only", ["database", "folder"])
def test_a_database_the_player_made_read_only_is_refused_not_made_writable(
    tmp_path: Path, made_read_only: str
) -> None:
    """A player who makes their database (0400) or data directory (0500) read-only, to keep
    it as it is, finds it so: opening it says it is read-only, status 2, and changes
    neither the file nor its permissions (they were made 0600 and 0700 again, and the
    game written into the file)."""
    directory = tmp_path / "data"
    with_rounds(directory, 1)
    database = directory / "parlour.db"
    database.chmod(0o400)
    if made_read_only == "folder":
        database.chmod(0o600)
        directory.chmod(0o500)
    modes = {path.name: path.stat().st_mode for path in (directory, *directory.iterdir())}
    before = database.read_bytes()
    try:
        command = ["-m", "parlour", "--data-dir", str(directory), "play", "golf", "--seed", "1"]
        result = subprocess.run(
            [*_without_override(), sys.executable, *command, "--plain"],
            input="7\n",
            capture_output=True,
            text=True,
            timeout=60,
        )
        # (SQLite may add its -wal and -shm companions, of the database's mode)
        where = {name: tmp_path / name if name == "data" else directory / name for name in modes}
        assert {name: path.stat().st_mode for name, path in where.items()} == modes
        assert database.read_bytes() == before
    finally:
        directory.chmod(0o700)
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    assert re.fullmatch(r"parlour: cannot use the database \S+: it is read-only\n", result.stderr)


def _committed_to_the_wal_only(directory: Path, rows: int) -> tuple[bytes, bytes]:
    """A Parlour database whose last ``rows`` pars are committed in its WAL alone (as a
    program killed before a checkpoint leaves it): the database's bytes and the WAL's."""
    Store(directory).close()
    database = directory / "parlour.db"
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    for seed in range(rows):
        writer.execute("INSERT INTO pars (seed, options, par) VALUES (?, 'none', 3)", (seed,))
    # (copied while the writer holds them open: its close would checkpoint the WAL)
    kept = database.read_bytes(), (directory / "parlour.db-wal").read_bytes()
    writer.close()
    return kept


def test_a_wal_left_behind_by_a_move_aside_cut_short_is_kept_beside_its_database(
    tmp_path: Path,
) -> None:
    """Moving a damaged database aside renames the file, then its WAL. Cut short between
    the two (killed, or the WAL's rename refused: a full directory, an immutable file),
    the WAL was left at the database's name with no database: the next Parlour made a new
    database there and SQLite, finding the WAL not its own, deleted it, and the rows
    committed only in it with it (here 50). It is now put beside the database it belongs
    to, byte for byte."""
    directory = tmp_path / "data"
    database, wal = _committed_to_the_wal_only(directory, 50)
    assert len(wal) > 50 * 4  # the rows are in it
    # as the writer left them, then the file moved aside and the WAL not yet (the state a
    # kill between the two renames leaves)
    (directory / "parlour.db").write_bytes(database)
    (directory / "parlour.db-wal").write_bytes(wal)
    (directory / "parlour.db-shm").unlink(missing_ok=True)
    aside = directory / "parlour.db.unreadable-20260101-000000"
    (directory / "parlour.db").rename(aside)
    store = Store(directory)
    try:
        assert store.games_in_progress() == []  # a new database
        assert store.notice is not None and "parlour.db.unreadable-20260101-000000-wal" in (
            store.notice
        )
    finally:
        store.close()
    assert (directory / "parlour.db.unreadable-20260101-000000-wal").read_bytes() == wal
    assert aside.read_bytes() == database
    # together they are the database with every row
    copy = tmp_path / "copy.db"
    copy.write_bytes(database)
    copy.with_name("copy.db-wal").write_bytes(wal)
    rows = sqlite3.connect(copy).execute("SELECT COUNT(*) FROM pars").fetchone()[0]
    assert rows == 50


def test_a_wal_written_after_the_last_database_was_moved_aside_keeps_a_name_of_its_own(
    tmp_path: Path,
) -> None:
    """A WAL with no database that was written after the last database moved aside (its
    database deleted by hand, say) is not that one's: kept under a new name of its own."""
    directory = tmp_path / "data"
    _, wal = _committed_to_the_wal_only(directory, 5)
    older = directory / "parlour.db.unreadable-20250101-000000"
    older.write_bytes(b"an older damaged database")
    time.sleep(0.05)  # (the WAL written after it, on any file system's clock)
    (directory / "parlour.db").unlink()
    (directory / "parlour.db-wal").write_bytes(wal)
    Store(directory).close()
    assert not (directory / "parlour.db.unreadable-20250101-000000-wal").exists()
    kept = [p for p in directory.iterdir() if p.name.endswith("-wal") and "unreadable" in p.name]
    assert [p.read_bytes() for p in kept] == [wal]
