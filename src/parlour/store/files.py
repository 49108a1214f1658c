"""Reading and writing plain files (records). The only place besides the database
module that touches the disk."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


class FileError(OSError):
    """A file that cannot be read or written, with a message a player can read."""


def read_text(path: str | Path) -> str:
    """The text of a file, or :class:`FileError` saying why it cannot be read."""
    target = Path(path)
    try:
        return target.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileError(f"no such file: {target}") from None
    except IsADirectoryError:
        raise FileError(f"{target} is a directory, not a record") from None
    except UnicodeDecodeError:
        raise FileError(f"{target} is not a text file") from None
    except OSError as error:
        raise FileError(f"cannot read {target}: {error.strerror}") from None


def write_text(path: str | Path, text: str) -> Path:
    """Write a file atomically (a temporary file renamed into place) and return its path."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".part")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
    except OSError as error:
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
    return write_text(target, text)


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
