"""Reading and writing plain files (records). The only place besides the database
module that touches the disk.

A record is read only from a regular file of at most :data:`MAX_RECORD` bytes, opened
without waiting (a FIFO or a device is refused at once, never read). Records Parlour
writes are the player's alone (0600, in a 0700 folder), whatever the umask.

Every file Parlour writes under a name it was given (a record, a round record, an
analysis, the settings file) goes through one writer, :func:`atomic_writer`: the text
goes to a temporary file created exclusively (``O_EXCL``, under a random name) beside the
target, is flushed to the disk, and only then takes the target's name. An existing file
is replaced only when asked (``replace``), and never when it is a symbolic link, a
directory, a device or a pipe; a file that already exists is never clobbered in a race
(without ``replace`` the finished file is hard-linked into place, which fails if anything
took the name meanwhile). The temporary file is removed if anything fails.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from parlour.engine.untrusted import shown


class FileError(OSError):
    """A file that cannot be read or written, with a message a player can read."""


class AlreadyThere(FileError):
    """The file to be written exists, and replacing it was not asked for."""


def _named(path: str | Path) -> str:
    """A path as a message names it: any control character in it shown, never obeyed."""
    return shown(str(path))


#: the largest record read (a record of the longest game is a few kilobytes)
MAX_RECORD = 1 << 20


class Unreadable(Exception):
    """Why a file was not read: ``reason`` follows the file's name in a message
    ("cannot be read: Permission denied"); ``directory`` when it was a folder."""

    def __init__(self, reason: str, *, directory: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.directory = directory


def read_bounded(target: Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``target`` (a link to one is
    followed; a FIFO is never waited on, a device never read); raises FileNotFoundError,
    or :class:`Unreadable` saying why not."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    try:
        descriptor = os.open(target, flags)  # O_NONBLOCK: a FIFO does not wait for a writer
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise Unreadable("is a directory", directory=True) from None
    except OSError as error:
        raise Unreadable(f"cannot be read: {error.strerror}") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise Unreadable("is a directory", directory=True)
        raise Unreadable("is not a regular file (a device or a pipe?): not read")
    with os.fdopen(descriptor, "rb") as handle:
        try:
            return handle.read(limit + 1)
        except OSError as error:
            raise Unreadable(f"cannot be read: {error.strerror}") from None


def read_text(path: str | Path, limit: int = MAX_RECORD) -> str:
    """The text of a regular file of at most ``limit`` bytes, or :class:`FileError`
    saying why it cannot be read."""
    target = Path(path)
    try:
        data = read_bounded(target, limit)
    except FileNotFoundError:
        raise FileError(f"no such file: {_named(target)}") from None
    except Unreadable as why:
        reason = "is a directory, not a record" if why.directory else why.reason
        raise FileError(f"{_named(target)} {reason}") from None
    if len(data) > limit:
        raise FileError(f"{_named(target)} is larger than {limit // 1024} KiB: not a record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileError(f"{_named(target)} is not a text file") from None


def write_text(
    path: str | Path, text: str, *, private: bool = False, replace: bool = False
) -> Path:
    """Write a file through :func:`atomic_writer` and return its path; ``private``: the
    file is the player's alone (0600) and a folder made for it 0700; ``replace``: an
    existing regular file of that name may be replaced."""
    target = Path(path)
    with atomic_writer(target, private=private, replace=replace) as handle:
        handle.write(text)
    return target


def export_record(directory: Path | None, game: str, text: str) -> Path:
    """Write a game record into the data directory's ``records`` folder under a new,
    dated name, and return its path."""
    from datetime import datetime

    from parlour.store.paths import data_dir
    from parlour.store.paths import records_dir

    folder = records_dir(data_dir(directory))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for counter in range(1, 1000):
        suffix = "" if counter == 1 else f"-{counter}"
        try:
            return write_text(folder / f"{game}-{stamp}{suffix}.txt", text, private=True)
        except AlreadyThere:
            continue
    raise FileError(f"cannot write a record in {_named(folder)}: every name for {stamp} is taken")


def text_writer(path: str | Path, *, replace: bool = False) -> AbstractContextManager[TextIO]:
    """Write a file a piece at a time (a long analysis, say) and put it in place only when
    it is complete (:func:`atomic_writer`). A target that may not be written is refused
    before anything is written."""
    return atomic_writer(Path(path), replace=replace, newline="")


def check_target(target: Path, *, replace: bool) -> None:
    """Raise :class:`FileError` unless a file may be written at ``target``: nothing is
    there, or (with ``replace``) a regular file. A symbolic link, a directory, a device
    or a pipe is never replaced."""
    try:
        mode = target.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileError(f"cannot write {_named(target)}: {error.strerror}") from None
    if stat.S_ISLNK(mode):
        raise FileError(
            f"{_named(target)} is a symbolic link: not replaced (name the file it leads to)"
        )
    if stat.S_ISDIR(mode):
        raise FileError(f"{_named(target)} is a directory: not written")
    if not stat.S_ISREG(mode):
        raise FileError(
            f"{_named(target)} is not a regular file (a device or a pipe?): not replaced"
        )
    if not replace:
        raise AlreadyThere(f"{_named(target)} already exists: not replaced")


@contextmanager
def atomic_writer(
    target: Path, *, private: bool = False, replace: bool = False, newline: str | None = None
) -> Iterator[TextIO]:
    """A text file to write to ``target``, put in place whole when the block ends without
    an error (and removed if it does not). Raises :class:`FileError` (or
    :class:`AlreadyThere`) saying why the file cannot be written."""
    check_target(target, replace=replace)
    try:
        target.parent.mkdir(mode=0o700 if private else 0o777, parents=True, exist_ok=True)
        descriptor, temporary = _temporary_beside(target, 0o600 if private else 0o666)
    except FileExistsError:  # (mkdir's answer when the folder is a link to nothing)
        raise FileError(
            f"cannot write {_named(target)}: its folder {_named(target.parent)} is a broken link"
        ) from None
    except OSError as error:
        raise FileError(f"cannot write {_named(target)}: {error.strerror}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline=newline) as handle:
            if private:
                os.fchmod(descriptor, 0o600)  # whatever the umask
            yield handle
            handle.flush()
            os.fsync(descriptor)
        _put_in_place(temporary, target, replace=replace)
    except FileError:
        temporary.unlink(missing_ok=True)
        raise
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise FileError(f"cannot write {_named(target)}: {error.strerror or error}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _temporary_beside(target: Path, mode: int) -> tuple[int, Path]:
    """A new file, created exclusively under a random hidden name in ``target``'s folder
    (never a file or a link already there)."""
    # (secrets, and the hashing modules it loads, only when a file is written: the app
    # reads its files at start-up but writes none before its first board)
    import secrets

    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(100):
        # the name cut short: up to 40 characters of 4 bytes still leave room under the
        # 255 bytes a name may have
        temporary = target.with_name(f".{target.name[:40]}.{secrets.token_hex(6)}.part")
        try:
            return os.open(temporary, flags, mode), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file")


#: what ``link`` says on a file system without hard links
NO_HARD_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK})


def _put_in_place(temporary: Path, target: Path, *, replace: bool) -> None:
    """The finished temporary file takes ``target``'s name: over a regular file only with
    ``replace``; without it, by a hard link, which fails if anything has the name."""
    check_target(target, replace=replace)
    if not replace:
        try:
            os.link(temporary, target)
        except FileExistsError:
            raise AlreadyThere(f"{_named(target)} already exists: not replaced") from None
        except OSError as error:
            if error.errno not in NO_HARD_LINKS:
                raise
        else:
            temporary.unlink()
            _sync_folder(target.parent)
            return
    os.replace(temporary, target)
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make a file's new name last (best effort: not every system can sync a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


#: how long a change of a file waits for another program's change of it to end
TURN_SECONDS = 5.0


@contextmanager
def taking_turns(path: Path, patience: float = TURN_SECONDS) -> Iterator[None]:
    """Hold an exclusive lock on the folder of the file at ``path`` (a link followed)
    while a change of the file is read and written back, so that two programs changing
    it at once take turns and neither change is lost: the file itself is replaced by
    each write, so a lock on it would not be shared. A folder that cannot be opened or
    locked (none yet, a file system without locks), or a turn that does not come within
    ``patience`` seconds, is gone on without."""
    try:
        import fcntl
    except ImportError:  # (not on Windows)
        yield
        return
    folder = Path(os.path.realpath(path)).parent
    try:
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + patience
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() < deadline:
                    time.sleep(0.005)
                    continue
            except OSError:
                pass
            break
        yield
    finally:
        os.close(descriptor)  # (which lets the lock go)
