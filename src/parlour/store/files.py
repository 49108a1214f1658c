"""Reading and writing plain files (records). The only place besides the database
module that touches the disk.

A record is read only from a regular file of at most :data:`MAX_RECORD` bytes, opened
without waiting (a FIFO or a device is refused at once, never read). Records Parlour
writes are the player's alone (0600, in a 0700 folder), whatever the umask.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


class FileError(OSError):
    """A file that cannot be read or written, with a message a player can read."""


#: the largest record read (a record of the longest game is a few kilobytes)
MAX_RECORD = 1 << 20


def read_text(path: str | Path, limit: int = MAX_RECORD) -> str:
    """The text of a regular file of at most ``limit`` bytes, or :class:`FileError`
    saying why it cannot be read."""
    target = Path(path)
    try:
        descriptor = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise FileError(f"no such file: {target}") from None
    except IsADirectoryError:
        raise FileError(f"{target} is a directory, not a record") from None
    except OSError as error:
        raise FileError(f"cannot read {target}: {error.strerror}") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise FileError(f"{target} is a directory, not a record")
        raise FileError(f"{target} is not a regular file (a device or a pipe?): not read")
    with os.fdopen(descriptor, "rb") as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise FileError(f"cannot read {target}: {error.strerror}") from None
    if len(data) > limit:
        raise FileError(f"{target} is larger than {limit // 1024} KiB: not a record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileError(f"{target} is not a text file") from None


def write_text(path: str | Path, text: str, *, private: bool = False) -> Path:
    """Write a file atomically (a temporary file renamed into place) and return its path;
    ``private``: the file is the player's alone (0600) and its folder 0700."""
    target = Path(path)
    temporary = target.with_name(target.name + ".part")
    try:
        target.parent.mkdir(mode=0o700 if private else 0o777, parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
        descriptor = os.open(temporary, flags, 0o600 if private else 0o666)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            if private:
                os.fchmod(descriptor, 0o600)
            handle.write(text)
        temporary.replace(target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise FileError(f"cannot write {target}: {error.strerror}") from None
    return target


def export_record(directory: Path | None, game: str, text: str) -> Path:
    """Write a game record into the data directory's ``records`` folder under a new,
    dated name, and return its path."""
    from datetime import datetime

    from parlour.store.paths import data_dir
    from parlour.store.paths import records_dir

    folder = records_dir(data_dir(directory))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = folder / f"{game}-{stamp}.txt"
    counter = 1
    while target.exists():
        counter += 1
        target = folder / f"{game}-{stamp}-{counter}.txt"
    return write_text(target, text, private=True)


@contextmanager
def text_writer(path: str | Path) -> Iterator[TextIO]:
    """Write a file a piece at a time (a long analysis, say) and put it in place only when
    it is complete: the text goes to ``<name>.part``, renamed over ``path`` at the end and
    removed if writing fails. Raises :class:`FileError` saying why it cannot be written."""
    target = Path(path)
    temporary = target.with_name(target.name + ".part")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle = temporary.open("w", encoding="utf-8", newline="")
    except OSError as error:
        raise FileError(f"cannot write {target}: {error.strerror}") from None
    try:
        with handle:
            yield handle
        temporary.replace(target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise FileError(f"cannot write {target}: {error.strerror}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
