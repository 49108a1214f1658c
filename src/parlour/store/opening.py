"""Opening Parlour's database without ever losing it.

Only a file that SQLite itself reports as damaged (not a database, malformed, or failing
``PRAGMA quick_check``) is moved aside, byte for byte, and a new database started. Every
other trouble (busy or locked past the timeout, a full disk or a file-size limit, a
read-only file, no permission, an I/O error) moves nothing: it is a
:class:`StoreUnavailable` whose message says what is wrong and where. A SQLite file that
is not Parlour's, one written by a newer Parlour, or one holding what Parlour never
makes (a view, a trigger, another index, a table made otherwise: each would run at every
read or write, or make writes fail; :mod:`parlour.store.shape`) is refused untouched
(:class:`StoreRefused`).

The data directory is made private (0700) and the database and its companions are the
player's alone (0600), whatever the umask; the database is never opened through a
symbolic link. Any number of Parlours may open a new data directory at once: the schema
is made inside one ``BEGIN IMMEDIATE`` transaction, and switching the journal to WAL is
tried again while another process holds the database. Any number may find one database
damaged at once: they open it holding a lock file in the data directory together, and
move it aside holding it alone, so that the file is moved aside once, by one of them, and
the new database it makes is the one all the others open (:func:`open_or_move_aside`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import stat
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Final

from parlour.engine.untrusted import shown
from parlour.store import shape
from parlour.store.files import NO_HARD_LINKS
from parlour.store.paths import DATABASE_NAME
from parlour.store.paths import LOCK_NAME

#: SQLite's own word that a file is damaged: the only errors that move a database aside
DAMAGED: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
#: the database's ``PRAGMA application_id``: "PRLR", Parlour's mark on its files
APPLICATION_ID: Final = 0x50524C52
#: how long opening keeps trying to switch the journal to WAL while others hold the file
WAL_PATIENCE: Final = 30.0
#: SQLite's companions of a database in WAL mode (the journal, and its index)
COMPANIONS: Final = ("-wal", "-shm")

_WORDS: Final = {
    sqlite3.SQLITE_BUSY: "it is busy (another program holds it)",
    sqlite3.SQLITE_LOCKED: "it is locked",
    sqlite3.SQLITE_FULL: "the disk is full (or a file-size limit was reached)",
    sqlite3.SQLITE_READONLY: "it is read-only",
    sqlite3.SQLITE_PERM: "permission denied",
    sqlite3.SQLITE_CANTOPEN: "it cannot be opened",
    sqlite3.SQLITE_IOERR: "an input/output error",
    sqlite3.SQLITE_AUTH: "permission denied",
}


class StoreError(Exception):
    """The data directory or database cannot be used; the message says why."""


class StoreUnavailable(StoreError):
    """The database cannot be used now (busy, full, read-only, I/O …); nothing was moved,
    and trying again later may work."""


class GameGone(StoreError):
    """A game's saved row is no longer there: another Parlour on the same data directory
    (a second terminal, another browser tab) finished it, or put another game in its
    place. Its moves here are not written over the other's (:meth:`Store.finish_game`)."""

    def __init__(self) -> None:
        super().__init__(
            "this game was finished, or replaced by another, in another Parlour meanwhile "
            "(another window or tab): its moves here are not saved"
        )


class StoreRefused(StoreError):
    """The file is not a database Parlour may use (another program's, or a newer
    Parlour's); it was left untouched."""


def error_code(error: BaseException) -> int:
    """SQLite's primary result code of ``error`` (0 when it has none)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else 0


def is_damaged(error: BaseException) -> bool:
    return error_code(error) in DAMAGED


def unavailable(path: Path, error: BaseException) -> StoreUnavailable:
    """The error as the player reads it: what is wrong, and where."""
    words = _WORDS.get(error_code(error))
    if words is None:
        words = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return StoreUnavailable(f"cannot use the database {path}: {words}")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def private_directory(directory: Path) -> None:
    """Make the data directory (0700) or check that it can be one."""
    if directory.is_symlink() and not directory.is_dir():
        raise StoreUnavailable(f"cannot use the data directory {directory}: a broken link")
    if directory.exists() and not directory.is_dir():
        raise StoreUnavailable(f"cannot use the data directory {directory}: it is not a directory")
    try:
        made = not directory.is_dir()
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if made and directory.stat().st_uid == os.getuid():
            directory.chmod(0o700)  # (whatever the umask)
        else:
            tighten(directory)
    except OSError as error:
        raise StoreUnavailable(
            f"cannot use the data directory {directory}: {error.strerror or error}"
        ) from None


def private_file(path: Path) -> None:
    """Create ``path`` for the player alone (0600) if it is missing; refuse a link."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        try:
            descriptor = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_NOFOLLOW, 0o600)
        except OSError as error:
            raise unavailable(path, error) from None
        with contextlib.suppress(OSError):
            if os.fstat(descriptor).st_uid == os.getuid():
                os.fchmod(descriptor, 0o600)  # (whatever the umask)
        os.close(descriptor)
        mode = path.lstat().st_mode
    except OSError as error:
        raise unavailable(path, error) from None
    if stat.S_ISLNK(mode):
        raise StoreUnavailable(
            f"cannot use the database {path}: it is a symbolic link, and Parlour does not "
            "follow links out of its data directory"
        )
    if not stat.S_ISREG(mode):
        raise StoreUnavailable(f"cannot use the database {path}: it is not a regular file")
    tighten(path)


def tighten(path: Path) -> None:
    """Keep a file or folder of the player's to the player (no permission for anyone
    else), when it is theirs to change. Only others' permissions are taken away: one the
    player took from themselves (a database or a folder made read-only) stays taken."""
    with contextlib.suppress(OSError):
        found = path.lstat()
        mode = stat.S_IMODE(found.st_mode)
        if found.st_uid == os.getuid() and not stat.S_ISLNK(found.st_mode) and mode & 0o077:
            path.chmod(mode & 0o700)


def check_health(connection: sqlite3.Connection) -> None:
    """Raise ``sqlite3.DatabaseError`` marked damaged (SQLITE_CORRUPT, so that the file is
    moved aside) if SQLite's quick check fails."""
    result = connection.execute("PRAGMA quick_check").fetchone()
    if result is None or result[0] != "ok":
        error = sqlite3.DatabaseError(f"integrity check failed: {result and result[0]}")
        error.sqlite_errorcode = sqlite3.SQLITE_CORRUPT
        raise error


def check_ours(connection: sqlite3.Connection, path: Path, version: int) -> None:
    """Refuse untouched another program's SQLite file, a newer Parlour's, or one that
    holds what Parlour never makes (:func:`parlour.store.shape.strange`: a view, a
    trigger, another index, a table made otherwise; each can run at every read or write,
    for ever included, or make every write fail)."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    entries = connection.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    found = connection.execute("PRAGMA user_version").fetchone()[0]
    made = shape.strange(entries)
    tables = [name for kind, name, _ in entries if kind == "table" and name[:7] != "sqlite_"]
    # (an older Parlour's file, unmarked, holds only Parlour's tables, as Parlour made them)
    older = found > 0 and not any(what.startswith("table ") for what in made)
    if application != APPLICATION_ID and tables and not older:
        raise StoreRefused(
            f"{path} is a SQLite database of another program, not Parlour's; it was left as "
            "it is (choose another data directory with --data-dir)"
        )
    if found > version:
        raise StoreRefused(
            f"{path} was written by a newer Parlour (schema {found}, this one knows up to "
            f"{version}); it was left as it is: upgrade Parlour to use it"
        )
    if made:
        raise StoreRefused(
            f"{path} holds what Parlour never makes ({shown(', '.join(made), limit=120)}): it "
            "was changed by another program, and was left as it is (choose another data "
            "directory with --data-dir)"
        )


def use_wal(connection: sqlite3.Connection, patience: float = WAL_PATIENCE) -> None:
    """Switch the journal to WAL, waiting while other processes hold the database (many
    Parlours starting at once on a new data directory all get there)."""
    deadline = time.monotonic() + patience
    pause = 0.01
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL").fetchone()
            return
        except sqlite3.OperationalError as error:
            if error_code(error) not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise
            if time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def identity(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (its device and inode; None if there is none)."""
    try:
        found = path.lstat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


@contextmanager
def locked(directory: Path, *, exclusive: bool, patience: float) -> Iterator[None]:
    """Hold the data directory's lock file (:data:`LOCK_NAME`): shared while a database is
    opened, exclusive while a damaged one is moved aside and a new one made, so that no
    Parlour opens the file then, or moves aside another's new database. Waits up to
    ``patience`` seconds for others (then :class:`StoreUnavailable`, the database busy).
    Where the file cannot be made or locked at all (a read-only directory, a file system
    without locks), opening goes on without it, as SQLite's own locking allows."""
    path = directory / LOCK_NAME
    descriptor = None
    with contextlib.suppress(OSError):
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    if descriptor is None:
        yield
        return
    try:
        tighten(path)
        _lock(descriptor, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH, directory, patience)
        yield
    finally:
        os.close(descriptor)  # (which lets the lock go)


def _lock(descriptor: int, kind: int, directory: Path, patience: float) -> None:
    deadline = time.monotonic() + patience
    pause = 0.005
    while True:
        try:
            fcntl.flock(descriptor, kind | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise StoreUnavailable(
                    f"cannot use the database {directory / DATABASE_NAME}: it is busy "
                    "(another Parlour is opening it)"
                ) from None
        except OSError:
            return  # no locks here: SQLite's own locking is all there is
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


def open_or_move_aside(
    path: Path, open_once: Callable[[], sqlite3.Connection], patience: float
) -> tuple[sqlite3.Connection, str | None]:
    """Open the database with ``open_once``, moving it aside first if SQLite reports it
    damaged; the connection, and what to tell the player (where the old file went).

    Many Parlours may find one file damaged at once. Each opens under the shared lock,
    so the file cannot be moved while it is looked at; the one that found it damaged
    takes the lock alone, and moves aside the file at ``path`` only if it is still the
    one it found damaged (another may have moved it already and made a new one: that is
    opened instead)."""
    directory = path.parent
    kept = None
    if not os.path.lexists(path) and os.path.lexists(_companion(path, "-wal")):
        with locked(directory, exclusive=True, patience=patience):
            if not os.path.lexists(path):  # (another Parlour may have seen to it)
                kept = keep_orphaned_wal(path)
    with locked(directory, exclusive=False, patience=patience):
        try:
            return open_once(), kept
        except sqlite3.Error as error:
            if not is_damaged(error):
                raise unavailable(path, error) from None
        found = identity(path)  # (nothing moves it while the shared lock is held)
    notice = None
    with locked(directory, exclusive=True, patience=patience):
        if found is not None and identity(path) == found:
            moved = move_aside(path)
            notice = (
                "Parlour could not read its database (SQLite reports it damaged), so it "
                f"started a new one. The old file is kept, unchanged, at {moved}."
            )
        try:
            return open_once(), notice
        except sqlite3.Error as error:
            raise unavailable(path, error) from None


def _move(source: Path, target: Path) -> None:
    """Give ``source`` the name ``target``, never over another file (FileExistsError if
    the name is taken): by a hard link, or where the file system has none, by a rename
    once the name is seen free (the caller holds the lock: no Parlour takes it meanwhile)."""
    try:
        os.link(source, target)
    except OSError as error:
        if error.errno not in NO_HARD_LINKS:
            raise
        if target.exists() or target.is_symlink():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    source.unlink()


def _companion(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def keep_orphaned_wal(path: Path) -> str:
    """Keep the WAL found at ``path``'s name with no database there, and say where it went.

    That is what a move aside cut short leaves (killed between the renames, or the WAL's
    refused: a full directory, an immutable file): the database moved, its WAL not. A new
    database made at ``path`` would have SQLite take that WAL for a stale one of its own
    and delete it, with every row committed only in it. It goes (with its ``-shm``), byte
    for byte, beside the database moved aside last that has none, if it was moved after
    the WAL was last written (else the WAL is a later database's), or under a new name of
    its own. (The caller holds the data directory's lock alone.)"""
    wal = _companion(path, "-wal")
    prefix = f"{path.name}.unreadable-"
    lacking = []
    with contextlib.suppress(OSError):
        written = wal.lstat().st_mtime_ns
        for entry in path.parent.iterdir():
            name = entry.name
            if name.startswith(prefix) and not name.endswith(COMPANIONS):
                moved = entry.lstat().st_ctime_ns  # (a rename or a link sets it)
                if moved >= written and not os.path.lexists(_companion(entry, "-wal")):
                    lacking.append((moved, name))
    try:
        target = path.with_name(max(lacking)[1]) if lacking else _aside_name(path)
        for suffix in COMPANIONS:
            companion = _companion(path, suffix)
            if os.path.lexists(companion) and not os.path.lexists(_companion(target, suffix)):
                _move(companion, _companion(target, suffix))
    except OSError as error:
        raise StoreUnavailable(
            f"cannot use the database {path}: a journal of a database moved aside is at "
            f"{wal}, and could not be moved beside it: {error.strerror or error}"
        ) from None
    return (
        f"Parlour found the journal (-wal) of a database it moved aside earlier at {wal}, "
        f"and kept it, unchanged, beside that database: {_companion(target, '-wal')}."
    )


def _aside_name(path: Path) -> Path:
    """A new ``….unreadable-<time>`` name for ``path``, free for it and its companions."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    counter = 1
    while True:
        name = f"{path.name}.unreadable-{stamp}" + (f"-{counter}" if counter > 1 else "")
        target = path.with_name(name)
        counter += 1
        if not any(os.path.lexists(_companion(target, s)) for s in ("", *COMPANIONS)):
            return target


def move_aside(path: Path) -> Path:
    """Rename a damaged database (and its WAL companions) to ``….unreadable-<time>``,
    byte for byte, never over another file; raise :class:`StoreUnavailable` if that
    cannot be done. (The caller holds the data directory's lock alone.)"""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    companions = ("-wal", "-shm")
    counter = 1
    try:
        while True:
            name = f"{path.name}.unreadable-{stamp}" + (f"-{counter}" if counter > 1 else "")
            target = path.with_name(name)
            counter += 1
            if any(target.with_name(name + suffix).exists() for suffix in companions):
                continue
            try:
                _move(path, target)
            except FileExistsError:
                continue
            break
        for suffix in companions:
            companion = path.with_name(path.name + suffix)
            if companion.exists():
                _move(companion, target.with_name(name + suffix))
    except OSError as error:
        raise StoreUnavailable(
            f"the database {path} is damaged and could not be moved aside to start a new one: "
            f"{error.strerror or error}"
        ) from None
    return target
