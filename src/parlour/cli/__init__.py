"""The ``parlour`` command. Thin: it parses arguments, asks the engine and the store, and
prints with Rich. Any expected failure is one line on stderr and exit status 2.

Every game comes from the registry: the choices, the rule-option flags and the games that
take ``--round`` are read from the plug-ins, so nothing here names a game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from parlour.cli.common import EXIT_BAD_INPUT
from parlour.cli.common import CliError
from parlour.cli.parser import build_parser
from parlour.engine.errors import ParlourError
from parlour.engine.untrusted import visible


def main(argv: Sequence[str] | None = None) -> int:
    from parlour.cli import commands
    from parlour.store.database import StoreError
    from parlour.store.files import FileError

    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # argparse cannot take positional moves after options; collect them here
            if args.command != "play-moves" or any(word.startswith("--") for word in extra):
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
            args.moves = [*args.moves, *extra]
        return commands.run(args)
    except (CliError, ParlourError, FileError, StoreError) as error:
        # a message may echo a file name or a record's line: any control character left
        # in it is shown, never obeyed
        print(f"parlour: {visible(str(error), lines=False)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


__all__ = ["CliError", "build_parser", "main"]
