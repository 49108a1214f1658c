"""The ``parlour`` command. Thin: it parses arguments, asks the engine and the store, and
prints with Rich. Any expected failure is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from parlour import __version__

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A problem with what the user asked for; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see 'parlour --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="parlour",
        description="Four patience games from an old book: Golf, Rubbish Heap, "
        "Three Squares and By Twos. With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    deal = commands.add_parser("deal", help="print the opening layout of a deal")
    _add_deal_arguments(deal)
    deal.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")

    check = commands.add_parser("check", help="replay a record and print its final position")
    check.add_argument("file", help="a record written by Parlour")
    check.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")

    play_moves = commands.add_parser(
        "play-moves", help="apply moves to a deal and print the result (for scripts)"
    )
    _add_deal_arguments(play_moves)
    play_moves.add_argument("moves", nargs="*", metavar="MOVE", help="moves in notation")
    play_moves.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    play_moves.add_argument(
        "--record", action="store_true", help="print the game as a record instead"
    )
    return parser


def _add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="golf, rubbish, squares or bytwos")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--seed", help="a whole number from 0 to 2**63-1")
    source.add_argument("--deck", help='the whole deck in card notation, "JD 2D 9H …"')
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME",
        help="a rule option (Golf: free-stock); may be repeated",
    )
    parser.add_argument("--free-stock", action="store_true", help="Golf: turn the stock at will")


def _start_line(args: argparse.Namespace) -> Any:
    from parlour.engine import check_seed, find_game, parse_deck
    from parlour.engine.history import Line

    rules = find_game(args.game)
    options = list(args.option)
    if args.free_stock:
        options.append("free-stock")
    if args.seed is not None:
        return Line.from_seed(rules, check_seed(args.seed), options)
    return Line.new(rules, parse_deck(args.deck, rules.deck_size), options)


def _describe_deal(line: Any) -> str:
    from parlour.engine.game import format_options

    source = f"seed {line.seed}" if line.seed is not None else "explicit deck"
    options = format_options(line.options)
    return f"{line.rules.name} · {source} · options: {options}"


def _print_position(line: Any, ascii_only: bool) -> None:
    from rich.console import Console

    from parlour.render import render_position

    console = Console(highlight=False)
    state = line.current
    console.print(_describe_deal(line), style="bold")
    console.print(render_position(state, ascii_only))
    console.print(line.rules.prompt(state))
    outcome = line.rules.outcome(state)
    if outcome is None:
        console.print(f"Moves played: {len(line.moves)}. Score so far: {line.rules.score(state)}")
    else:
        console.print(f"Moves played: {len(line.moves)}. Final score: {outcome.score}")


def command_deal(args: argparse.Namespace) -> int:
    _print_position(_start_line(args), args.ascii)
    return 0


def command_check(args: argparse.Namespace) -> int:
    from parlour.engine.errors import RecordError
    from parlour.engine.record import parse_record, replay
    from parlour.store.files import read_text

    text = read_text(args.file)
    try:
        line = replay(parse_record(text))
    except RecordError as error:
        raise CliError(f"{args.file}: {error}") from None
    _print_position(line, args.ascii)
    return 0


def command_play_moves(args: argparse.Namespace) -> int:
    from parlour.engine.errors import ParlourError
    from parlour.engine.record import format_record

    line = _start_line(args)
    for number, move in enumerate(args.moves, start=1):
        try:
            line = line.play(move)
        except ParlourError as error:
            raise CliError(f"move {number} ({move}): {error}") from None
    if args.record:
        sys.stdout.write(format_record(line))
    else:
        _print_position(line, args.ascii)
    return 0


COMMANDS = {
    "deal": command_deal,
    "check": command_check,
    "play-moves": command_play_moves,
}


def main(argv: Sequence[str] | None = None) -> int:
    from parlour.engine.errors import ParlourError
    from parlour.store.files import FileError

    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # argparse cannot take positional moves after options; collect them here
            if args.command != "play-moves" or any(word.startswith("--") for word in extra):
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
            args.moves = [*args.moves, *extra]
        if args.command is None:
            parser.print_help()
            return 0
        return COMMANDS[args.command](args)
    except (CliError, ParlourError, FileError) as error:
        print(f"parlour: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
