"""The lines a player or a script types into plain mode, read as hostile: bytes that are
not UTF-8 become U+FFFD (a UTF-8 locale's strict decoding would end the command in a
traceback, and take the lines read with them), and a line is read at most
:data:`LONGEST` bytes at a time, the rest of a longer one passed over, so that a line of
megabytes costs no more memory than a move (what is said of it names its start). Input that
cannot be read (opened for writing only: ``0>file``) is one line and status 2, not a
traceback; every move read before was saved as it was made."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO
from typing import Final
from typing import TextIO

from parlour.cli.common import CliError

#: the most bytes of one line that are read (a move or a command is a few)
LONGEST: Final = 1024


def typed_lines(stream: TextIO) -> Iterator[str]:
    """The lines of ``stream``, decoded forgivingly and cut at :data:`LONGEST` bytes (a
    cut line ends in "…"); a stream without bytes beneath is read as it is."""
    try:
        yield from _lines(stream)
    except OSError as error:
        raise CliError(
            f"cannot read the input: {error.strerror or error} (every move read is saved)"
        ) from None


def _lines(stream: TextIO) -> Iterator[str]:
    binary: BinaryIO | None = getattr(stream, "buffer", None)
    if binary is None:
        yield from stream
        return
    while line := binary.readline(LONGEST + 1):
        if len(line) > LONGEST and not line.endswith(b"\n"):
            while (rest := binary.readline(LONGEST)) and not rest.endswith(b"\n"):
                pass  # the rest of the line, passed over
            yield line[:LONGEST].decode("utf-8", "replace").rstrip("\ufffd") + "…"
        else:
            yield line.decode("utf-8", "replace")
