"""The command line's grammar, built from the registry: the games, their rule options
(one flag each) and, for games played in rounds, ``--round`` and ``--course``."""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Sequence
from typing import Any
from typing import NoReturn

from parlour import __version__
from parlour.cli.common import SERVED_MODES
from parlour.cli.common import CliError
from parlour.cli.common import add_force_flag
from parlour.cli.common import given
from parlour.cli.common import option_dest
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import specs

#: argparse's words for a command or an action it does not know
_INVALID_CHOICE = re.compile(r"invalid choice: (?P<given>.+?) \(choose from (?P<choices>.+)\)$")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{with_guess(message)} (see 'parlour --help')")


def with_guess(message: str) -> str:
    """argparse's ``message``, with the choice a mistyped command or action was most
    likely meant to be, if one is close.

    >>> with_guess("argument COMMAND: invalid choice: 'plya' (choose from 'play', 'replay')")
    "argument COMMAND: invalid choice: 'plya' (did you mean 'play'?) (choose from 'play', 'replay')"
    >>> with_guess("argument COMMAND: invalid choice: 'xyzzy' (choose from 'play', 'replay')")
    "argument COMMAND: invalid choice: 'xyzzy' (choose from 'play', 'replay')"
    """
    found = _INVALID_CHOICE.search(message)
    if found is None:
        return message
    try:
        given = ast.literal_eval(found["given"])
        choices = ast.literal_eval(f"[{found['choices']}]")
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return message
    if not isinstance(given, str) or not all(isinstance(c, str) for c in choices):
        return message
    from difflib import get_close_matches

    close = get_close_matches(given, choices, n=1)
    if not close:
        return message
    start = found.start("choices") - len("(choose from ")
    return f"{message[:start]}(did you mean {close[0]!r}?) {message[start:]}"


def _games() -> str:
    return ", ".join(spec.id for spec in specs())


def _rounds() -> tuple[GameSpec, ...]:
    return tuple(spec for spec in specs() if spec.rounds is not None)


def build_parser(*, play_only: bool = False) -> argparse.ArgumentParser:
    """The whole grammar; with ``play_only``, the top level and ``play`` alone (what
    ``parlour play …`` needs, built in a fraction of the time: the first board waits for
    it). A command line the smaller parser refuses is parsed again by the whole one, so
    that what is said and done is the same (``parse``)."""
    parser = _Parser(
        prog="parlour",
        description="Patience games from an old book: "
        + ", ".join(spec.name for spec in specs())
        + ". With no command, opens the game.",
    )
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    _add_app_arguments(parser, default=None)
    # how ``parlour serve`` starts each visitor's app (cli/serve): not for people to type
    parser.add_argument("--served", choices=SERVED_MODES, default=None, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser(
        "play", help="open the app on a game: your unfinished one of GAME, or a new deal"
    )
    play.add_argument("game", nargs="?", help=f"one of {_games()} (not with --deal)")
    source = play.add_mutually_exclusive_group()
    source.add_argument("--seed", help="deal this seed (a whole number from 0 to 2**63-1)")
    source.add_argument(
        "--deal",
        metavar="CODE",
        help="play the deal (or the round's course) of a share code, which names the game "
        "and its rule options (y in a game copies its code)",
    )
    for spec in _rounds():
        assert spec.rounds is not None
        holes = f"{spec.rounds.holes} {spec.rounds.unit}s"
        source.add_argument(
            "--course",
            type=given,
            metavar="CODE",
            help=f"{spec.name}: play a round ({holes}) of this course; goes on with your "
            "unfinished round of it, if you have one",
        )
        source.add_argument(
            "--round", action="store_true", help=f"{spec.name}: a round of {holes}, new course"
        )
        source.add_argument(
            "--daily",
            action="store_true",
            help=f"{spec.name}: today's course, the same for everyone (named by the UTC date)",
        )
    source.add_argument("--record", metavar="FILE", help="play on from the end of a record")
    play.add_argument(
        "--fresh",
        action="store_true",
        help="with --course or --daily: a new round of it, even if you have an unfinished one",
    )
    play.add_argument(
        "--new",
        action="store_true",
        help="a new deal even if you have an unfinished game of GAME (your first move in it "
        "replaces that game); with --round, a new round without asking (by default play "
        "goes on with your unfinished game, or the one of --seed)",
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help="play line by line on standard input and output (no full screen: for screen "
        "readers, braille displays, scripts and pipes)",
    )
    _add_option_flags(play)
    _add_app_arguments(play)
    if not play_only:
        _other_commands(commands)
    return parser


def parse(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    """The arguments and the words left over (``play-moves`` takes its moves from them).
    ``parlour play …`` is parsed by the parser of ``play`` alone, unless it asks for help
    (which lists every command) or that parser refuses it: then by the whole grammar."""
    words = sys.argv[1:] if argv is None else list(argv)
    if "play" in words and not _ASKS_HELP.intersection(words):
        try:
            return build_parser(play_only=True).parse_known_args(words)
        except CliError:
            pass  # (the whole grammar says why, as it would have)
    return build_parser().parse_known_args(words)


#: the words that make argparse print help (every command's) or the version and stop
_ASKS_HELP = frozenset({"-h", "--help", "--version"})


def _other_commands(commands: Any) -> None:
    """Every command but ``play``, in the order ``--help`` lists them."""
    _record_command(commands, "replay", "open a record in the app to step through", app=True)
    commands.choices["replay"].add_argument(
        "--hole",
        type=int,
        metavar="N",
        default=argparse.SUPPRESS,
        help="a round record: the hole to step through (the first if not given)",
    )

    solve = commands.add_parser(
        "solve", help="the best result perfect play could reach (knowing every hidden card)"
    )
    solve.add_argument("game", help=f"one of {_games()}")
    source = solve.add_mutually_exclusive_group(required=True)
    source.add_argument("--seed", help="a whole number from 0 to 2**63-1")
    source.add_argument("--deck", help='the whole deck in card notation, "JD 2D 9H …"')
    source.add_argument("--record", metavar="FILE", help="solve the position a record ends in")
    _add_option_flags(solve)
    solve.add_argument("--budget", type=float, default=None, metavar="S", help=_BUDGET_HELP)
    solve.add_argument("--json", action="store_true", help="machine-readable output")

    analyse = commands.add_parser("analyse", help="solve a range of seeds and summarise")
    analyse.add_argument("game", help=f"one of {_games()}")
    analyse.add_argument("--seeds", required=True, metavar="A..B", help="seeds A to B inclusive")
    analyse.add_argument(
        "--jobs", type=int, default=0, metavar="N", help="worker processes (default: every core)"
    )
    _add_option_flags(analyse)
    analyse.add_argument("--budget", type=float, default=None, metavar="S", help=_BUDGET_HELP)
    analyse.add_argument(
        "--out", type=given, metavar="FILE", help="write every deal's result (.csv or .json)"
    )
    add_force_flag(analyse)

    config = commands.add_parser(
        "config", help="print where the settings file is and the settings in effect"
    )
    config.add_argument("--json", action="store_true", help="machine-readable output")

    scorecard = commands.add_parser("scorecard", help="print past rounds and the best")
    scorecard.add_argument("--json", action="store_true", help="machine-readable output")
    scorecard.add_argument("--par", action="store_true", help=_PAR_HELP)
    _add_app_arguments(scorecard, ascii_flag=False)

    for name, words in (
        ("stats", "statistics: games won, streaks, scores, rounds, the days' courses"),
        ("history", "every finished game, with its record in --json"),
    ):
        listing = commands.add_parser(name, help=words)
        listing.add_argument("game", nargs="?", help=f"only this game: one of {_games()}")
        output = listing.add_mutually_exclusive_group()
        output.add_argument("--json", action="store_true", help="machine-readable output")
        output.add_argument("--csv", action="store_true", help="comma-separated, for spreadsheets")
        _add_app_arguments(listing, ascii_flag=False)
    # round records and match play (cli/match.py)
    scorecard.add_argument(
        "--course",
        type=given,
        metavar="CODE",
        help="rank every player's finished rounds of this course",
    )
    export_round = commands.add_parser(
        "export-round", help="write your latest finished round as a round record"
    )
    export_round.add_argument(
        "--course", type=given, metavar="CODE", help="your latest round of this course"
    )
    export_round.add_argument(
        "--out", type=given, metavar="FILE",
        help="where to write it ('-': standard output; default: a new file in the records "
        "folder)",
    )  # fmt: skip
    add_force_flag(export_round)
    _add_app_arguments(export_round, ascii_flag=False)
    match = commands.add_parser(
        "match", help="check round records of one course and rank them (a leaderboard)"
    )
    match.add_argument("files", nargs="+", metavar="FILE", help="round records")
    match.add_argument("--json", action="store_true", help="machine-readable output")
    match.add_argument("--par", action="store_true", help=_PAR_HELP)
    _add_app_arguments(match, ascii_flag=False)

    serve = commands.add_parser(
        "serve",
        help="play in a web browser: prints a private link (textual-serve; docs/serve.md)",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: this computer only)"
    )
    serve.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    serve.add_argument(
        "--max-apps",
        type=int,
        default=4,
        metavar="N",
        help="at most N apps at once, one per browser tab (default: 4)",
    )
    serve.add_argument(
        "--idle-timeout",
        type=float,
        default=1800.0,
        metavar="SECONDS",
        help="end an app after this long without a key or a click (default: 1800, half an hour)",
    )
    serve.add_argument(
        "--max-connections",
        type=int,
        default=128,
        metavar="N",
        help="connections open at once, the apps' own included (default: 128)",
    )
    serve.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="close a connection that has not sent a request's headers within this long "
        "(default: 10)",
    )
    serve.add_argument(
        "--write-timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="cut a connection whose answers have gone unread this long (default: 30)",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer to this host name (a name this computer has on your network); "
        "may be repeated",
    )
    serve.add_argument(
        "--any-player",
        action="store_true",
        help="let visitors choose the player, and so see and play as any player of the data "
        "directory (default: they play as the server's player only)",
    )
    _add_app_arguments(serve)

    from parlour.cli.club_args import add_club_parser

    add_club_parser(commands, lambda p: _add_app_arguments(p, ascii_flag=False))

    deal = commands.add_parser("deal", help="print the opening layout of a deal")
    _add_deal_arguments(deal)
    _add_ascii_flag(deal)

    _record_command(commands, "check", "replay a record and print its final position")

    play_moves = commands.add_parser(
        "play-moves", help="apply moves to a deal and print the result (for scripts)"
    )
    _add_deal_arguments(play_moves)
    play_moves.add_argument("moves", nargs="*", metavar="MOVE", help="moves in notation")
    _add_ascii_flag(play_moves)
    play_moves.add_argument(
        "--record", action="store_true", help="print the game as a record instead"
    )


_PAR_HELP = (
    "work out the pars not yet known (the hint player plays each hole to the end: seconds "
    "a hole); without it a par the store does not know yet is shown as '-'"
)
_BUDGET_HELP = "CPU seconds to search (default: the game's own; none for an exact solver)"


def _record_command(commands: Any, name: str, words: str, *, app: bool = False) -> None:
    """A command that reads a record file: in the app (``app``), or printing it."""
    command: argparse.ArgumentParser = commands.add_parser(name, help=words)
    command.add_argument("file", help="a record written by Parlour")
    if app:
        _add_app_arguments(command)
    else:
        _add_ascii_flag(command)


def _add_ascii_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help="letters instead of suit symbols",
    )
    _add_four_colour_flag(parser)


def _add_four_colour_flag(
    parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS
) -> None:
    parser.add_argument(
        "--four-colour",
        action="store_true",
        default=default,
        help="the four-colour deck: spades dark, hearts red, diamonds blue, clubs green "
        "(default: the settings file's four_colour)",
    )


def _add_app_arguments(
    parser: argparse.ArgumentParser, *, default: object = argparse.SUPPRESS, ascii_flag: bool = True
) -> None:
    parser.add_argument(
        "--data-dir",
        type=given,
        default=default,
        metavar="DIR",
        help="where scorecards and saved games live (default: $PARLOUR_DATA_DIR, or the "
        "platform's user data directory)",
    )
    parser.add_argument(
        "--player",
        default=default,
        metavar="NAME",
        help="whose games, rounds and statistics these are (default: your login name)",
    )
    if ascii_flag:
        parser.add_argument(
            "--ascii",
            action="store_true",
            default=argparse.SUPPRESS if default is argparse.SUPPRESS else False,
            help="draw cards with letters instead of suit symbols",
        )
        parser.add_argument(
            "--theme",
            default=default,
            metavar="NAME",
            help="the app's colours: one of Textual's themes or Parlour's own (baize, "
            "high-contrast); remembered in the settings file",
        )
        _add_four_colour_flag(parser, argparse.SUPPRESS if default is argparse.SUPPRESS else False)


def _add_option_flags(parser: argparse.ArgumentParser) -> None:
    """One flag for each rule option any game has (``--free-stock``)."""
    seen: set[str] = set()
    for spec in specs():
        for option in spec.options:
            if option.name not in seen:
                seen.add(option.name)
                parser.add_argument(
                    f"--{option.name}",
                    dest=option_dest(option.name),
                    action="store_true",
                    help=f"{spec.name}: {option.description}",
                )


def _add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"one of {_games()}")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--seed", help="a whole number from 0 to 2**63-1")
    source.add_argument("--deck", help='the whole deck in card notation, "JD 2D 9H …"')
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME",
        help="a rule option ("
        + "; ".join(f"{s.name}: {', '.join(s.option_names)}" for s in specs() if s.options)
        + "); may be repeated",
    )
    _add_option_flags(parser)
