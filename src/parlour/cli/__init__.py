"""The ``parlour`` command. Thin: it parses arguments, asks the engine and the store, and
prints with Rich. Any expected failure is one line on stderr and exit status 2.

Every game comes from the registry: the choices, the rule-option flags and the games that
take ``--round`` are read from the plug-ins, so nothing here names a game.

Output that cannot be written ends the command quietly: a reader that stops reading (a
pipe into ``head``) ends it with status 141, as a command killed by SIGPIPE ends (what the
shell reports for ``cat`` in the same pipe); a full disk or a failing device is one line on
stderr (when stderr can be written) and status 2. Never a traceback.

Output is ASCII only with ``--ascii``, and by itself when the output cannot carry the
suit symbols and box lines (an ASCII encoding, a C or POSIX locale): every character
written is then ASCII (:mod:`parlour.render.terminal`), and no character, whatever the
encoding, ends the command in an encoding error.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from parlour.cli.common import EXIT_BAD_INPUT
from parlour.cli.common import CliError
from parlour.cli.parser import build_parser
from parlour.cli.parser import parse
from parlour.engine.errors import ParlourError
from parlour.engine.untrusted import visible

#: the status of a command whose reader went away (128 + SIGPIPE, as the shell reports a
#: command that SIGPIPE ended)
EXIT_PIPE_CLOSED = 141
#: the errors writing output that are the disk's or the device's, not Parlour's
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status."""
    if _closed_streams_opened_on_nothing():
        _say("parlour: cannot write the output: standard output is closed")
        return EXIT_BAD_INPUT
    try:
        status = _run(argv)
        sys.stdout.flush()  # a failure to write what is still buffered is reported here
        return status
    except BrokenPipeError:
        _silence(sys.stdout)
        return EXIT_PIPE_CLOSED
    except SystemExit as stop:
        # Rich meets a closed pipe by ending the program with status 1 (its
        # Console.on_broken_pipe, raised while it handles the BrokenPipeError)
        if isinstance(stop.__context__, BrokenPipeError):
            _silence(sys.stdout)
            return EXIT_PIPE_CLOSED
        raise
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            raise
        _silence(sys.stdout)
        _say(f"parlour: cannot write the output: {error.strerror}")
        return EXIT_BAD_INPUT
    finally:
        _restore_output()


def _closed_streams_opened_on_nothing() -> bool:
    """A standard stream the command was started without (``>&-``, ``<&-``: Python makes
    it None) is opened on the null device, so that nothing fails on it (a closed input
    reads as empty, a closed standard error takes the messages); True if standard output
    was one, whose output would be lost."""
    closed_output = sys.stdout is None
    # (in this order: each takes the lowest free descriptor, its own, before a file the
    # command opens could, and be read or written as the stream)
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (for the process)
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    return closed_output


def _run(argv: Sequence[str] | None) -> int:
    from parlour.cli import commands
    from parlour.collector import release
    from parlour.store.files import AlreadyThere
    from parlour.store.files import FileError
    from parlour.store.opening import StoreError

    _never_unwritable()
    try:
        args, extra = parse(argv)
        if not _opens_app(args):
            release()  # (held off by the entry point only for the app's start)
        _fit_output(args)
        if extra:
            # argparse cannot take positional moves after options; collect them here
            if args.command != "play-moves" or any(word.startswith("--") for word in extra):
                build_parser().error(f"unrecognized arguments: {' '.join(extra)}")
            args.moves = [*args.moves, *extra]
        return commands.run(args)
    except AlreadyThere as error:  # only a file named with --out is refused so
        print(f"parlour: {_one_line(error)} (--force replaces it)", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (CliError, ParlourError, FileError, StoreError) as error:
        print(f"parlour: {_one_line(error)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


#: the longest message a failure is told in (one that echoes what was given, a move of
#: megabytes, is cut: its start says what it was)
LONGEST_MESSAGE = 500


def _one_line(error: Exception) -> str:
    """A failure's message as one line: any control character left in it (it may echo a
    file name or a record's line) shown, never obeyed, and no longer than
    :data:`LONGEST_MESSAGE`."""
    said = visible(str(error), lines=False)
    return said if len(said) <= LONGEST_MESSAGE else said[: LONGEST_MESSAGE - 1] + "…"


#: the commands that open the app, whose screen draws ASCII itself (and can be switched
#: back to glyphs from its settings)
_APP_COMMANDS = frozenset({None, "play", "replay"})


def _opens_app(args: argparse.Namespace) -> bool:
    return args.command in _APP_COMMANDS and not getattr(args, "plain", False)


#: the streams reconfigured, with their encoding and errors before (put back at the end,
#: for a caller that runs the command in its own process)
_reconfigured: list[tuple[TextIO, str, str | None]] = []


def _never_unwritable() -> None:
    """A character the output's encoding lacks is written as ASCII, never an error."""
    from parlour.render.terminal import ERRORS

    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            _reconfigured.append((stream, stream.encoding, stream.errors))
            reconfigure(errors=ERRORS)


def _restore_output() -> None:
    while _reconfigured:
        stream, encoding, errors = _reconfigured.pop()
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
            stream.reconfigure(encoding=encoding, errors=errors)  # type: ignore[attr-defined]


def _fit_output(args: argparse.Namespace) -> None:
    """ASCII only when the output cannot show more, or when ``--ascii`` asks (the app's
    screen sees to its own: its ASCII can be switched off in its settings)."""
    from parlour.render.terminal import shows_glyphs
    from parlour.render.terminal import write_ascii

    streams = (sys.stdout, sys.stderr)
    if not all(map(shows_glyphs, streams)):
        args.ascii = True
    else:
        if _opens_app(args) or not getattr(args, "ascii", False):
            return
    for stream in streams:
        if hasattr(stream, "reconfigure"):
            _reconfigured.append((stream, stream.encoding, stream.errors))
    write_ascii(*streams)


def _say(line: str) -> None:
    """One line on stderr, if stderr can still be written."""
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        _silence(sys.stderr)


def _silence(stream: TextIO) -> None:
    """Send what is left for ``stream`` to the null device, so that Python's own flush at
    exit does not fail again (what Python's documentation advises for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass  # not a real file (a test's capture): nothing is flushed at exit


__all__ = ["build_parser", "main"]
