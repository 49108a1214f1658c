"""The commands that print a position (``deal``, ``check``, ``play-moves``) or open the
app (no command, ``play``, ``replay``), and the table of every command."""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

from parlour.cli.common import CliError
from parlour.cli.common import chosen_options
from parlour.cli.common import describe_deal
from parlour.cli.common import open_store
from parlour.cli.common import option_dest
from parlour.cli.common import player_name
from parlour.cli.common import read_record
from parlour.cli.common import start_line
from parlour.engine.history import Line


def run(args: argparse.Namespace) -> int:
    """Carry out the command the arguments name. Each command's module is imported only
    when that command runs: playing loads none of the modules of match play, solving,
    statistics, serving or the club (a test checks it)."""
    match args.command:
        case None:
            return command_start(args)
        case "play":
            return command_play(args)
        case "replay":
            return command_replay(args)
        case "deal":
            return command_deal(args)
        case "check":
            return command_check(args)
        case "play-moves":
            return command_play_moves(args)
        case "solve" | "analyse":
            from parlour.cli import solving

            solve = args.command == "solve"
            return solving.command_solve(args) if solve else solving.command_analyse(args)
        case "scorecard":
            from parlour.cli import rounds

            return rounds.command_scorecard(args)
        case "serve":
            from parlour.cli import serve

            return serve.command_serve(args)
        case "stats" | "history":
            from parlour.cli import stats

            return (
                stats.command_stats(args)
                if args.command == "stats"
                else stats.command_history(args)
            )
        case "config":
            from parlour.cli import settings

            return settings.command_config(args)
        case "export-round" | "match":
            from parlour.cli import match

            export = args.command == "export-round"
            return match.command_export_round(args) if export else match.command_match(args)
        case "club":
            from parlour.cli import club

            return club.command_club(args)
    raise CliError(f"no command {args.command!r}")


# -- positions --------------------------------------------------------------------------


def print_position(line: Line[Any, Any], args: argparse.Namespace) -> None:
    """The position a line ends in, with the player's settings (``--ascii`` and
    ``--four-colour``, or the settings file's)."""
    from rich.console import Console

    from parlour.cli.settings import read_settings
    from parlour.render import cards_as_shown
    from parlour.render import four_colour_deck
    from parlour.render import render_position

    settings = read_settings()
    ascii_only = bool(getattr(args, "ascii", False)) or settings.ascii
    four_colour = bool(getattr(args, "four_colour", False)) or settings.four_colour
    console = Console(highlight=False)
    state = line.current
    console.print(describe_deal(line), style="bold")
    with four_colour_deck(four_colour):
        console.print(render_position(state, ascii_only))
    console.print(cards_as_shown(line.rules.words.prompt(state), ascii_only))
    outcome = line.rules.outcome(state)
    if outcome is None:
        console.print(f"Moves played: {len(line.moves)}. Score so far: {line.rules.score(state)}")
    else:
        console.print(f"Moves played: {len(line.moves)}. Final score: {outcome.score}")


def command_deal(args: argparse.Namespace) -> int:
    print_position(start_line(args), args)
    return 0


def command_check(args: argparse.Namespace) -> int:
    from parlour.cli.match import check_round
    from parlour.engine.round_record import is_round_record
    from parlour.store.files import read_text

    if is_round_record(read_text(args.file)):
        return check_round(args.file)
    _, line = read_record(args.file)
    print_position(line, args)
    return 0


def command_play_moves(args: argparse.Namespace) -> int:
    from parlour.engine.errors import ParlourError
    from parlour.engine.record import format_record
    from parlour.engine.untrusted import shown
    from parlour.render import cards_as_shown
    from parlour.render import shows_suits

    line = start_line(args)
    for number, move in enumerate(args.moves, start=1):
        try:
            line = line.play(move)
        except ParlourError as error:
            plain = args.ascii or not shows_suits(sys.stderr)
            raise CliError(
                f"move {number} ({shown(move)}): {cards_as_shown(str(error), plain)}"
            ) from None
    if args.record:
        sys.stdout.write(format_record(line))
    else:
        print_position(line, args)
    return 0


# -- the app ----------------------------------------------------------------------------


def _run_app(args: argparse.Namespace, **kwargs: Any) -> int:
    from parlour.ending import installed
    from parlour.ending import on_signal

    # from here on SIGHUP, SIGTERM and SIGINT end the app whatever it is doing
    # (parlour.ending), the app's own handlers taking over once it runs
    with installed():
        from parlour.cli.settings import checked_theme
        from parlour.collector import release
        from parlour.store.config import load
        from parlour.tui.app import make_app

        theme = checked_theme(args.theme) if args.theme else None
        app = make_app(
            args.data_dir,
            ascii_only=True if args.ascii else None,
            player=player_name(args),
            config=load(),
            theme=theme,
            four_colour=True if args.four_colour else None,
            served=getattr(args, "served", None) or "",  # started by parlour serve (cli/serve)
            **kwargs,
        )
        app.saves_after_run = True
        try:
            app.run()
        finally:
            release()  # (the app lets it go once it has drawn: this, if it never drew)
            app.finish_saving(_told)
            on_signal(None)
        return 0 if app.return_code in (None, 0) else int(app.return_code)


def _told(words: str) -> None:
    """A line for the player on standard error, if it is still there (a terminal closed
    under the app, SIGHUP, is not)."""
    with contextlib.suppress(OSError, ValueError):
        print(f"parlour: {words}", file=sys.stderr, flush=True)


def todays_course(game: str) -> str:
    """The code of today's course (by the UTC date) of a game played in rounds."""
    from datetime import UTC
    from datetime import datetime

    from parlour.engine.rounds import course_code
    from parlour.engine.rounds import daily_course

    return course_code(daily_course(game, datetime.now(UTC).date()))


def command_start(args: argparse.Namespace) -> int:
    return _run_app(args)


def _play_record(args: argparse.Namespace) -> int:
    """``play [GAME] --record FILE``: the record's game under its own rules, played on
    from where it ends (a GAME given must be the record's; nothing else says what to
    deal)."""
    from parlour.engine.record import parse_record
    from parlour.engine.registry import find_spec
    from parlour.engine.untrusted import shown

    def refuse(flag: str) -> CliError:
        return CliError(
            f"{flag} is not for --record: a record is played on from where it ends, under "
            "the rules it names"
        )

    for flag, on in (
        ("--new", args.new), ("--seed", args.seed is not None),
        ("--course", getattr(args, "course", None)), ("--round", getattr(args, "round", False)),
        ("--daily", getattr(args, "daily", False)), ("--fresh", getattr(args, "fresh", False)),
    ):  # fmt: skip
        if on:
            raise refuse(flag)
    text, line = read_record(args.record)  # (replayed once: the rest is handed the line)
    spec = find_spec(parse_record(text).game)
    if args.game and find_spec(args.game).id != spec.id:
        raise CliError(f"{shown(args.record)} is a record of {spec.name}, not of {args.game}")
    options = chosen_options(args, spec)
    if options:
        raise refuse(f"--{options[0]}")
    if args.plain:
        return _run_plain(args, spec.id, frozenset(), line)
    return _run_app(args, record_line=line, record_title=args.record)


def command_play(args: argparse.Namespace) -> int:
    from parlour.engine import check_seed
    from parlour.engine.registry import find_spec

    if args.deal is not None:
        return _play_shared(args)
    if args.record:
        return _play_record(args)
    if not args.game:
        raise CliError("play needs a GAME (or --deal CODE, or --record FILE)")
    spec = find_spec(args.game)
    options = chosen_options(args, spec)
    new_round = getattr(args, "round", False)
    daily = getattr(args, "daily", False)
    if (getattr(args, "course", None) or new_round or daily) and spec.rounds is None:
        raise CliError(
            f"{spec.name} is not played in rounds: --course, --round and --daily are not for it"
        )
    if daily:
        args.course = todays_course(spec.id)
    course_code = getattr(args, "course", None)
    if getattr(args, "fresh", False) and not course_code:
        raise CliError("--fresh goes with --course or --daily (a new round of that course)")
    # --new: a new deal (or round) even if the player has an unfinished one
    args.fresh = bool(getattr(args, "fresh", False)) or args.new
    if args.plain:
        return _run_plain(args, spec.id, frozenset(options))
    if course_code or new_round:
        from parlour.engine.rounds import parse_course_code

        # --round: a new course, the app asking first whether to go on with an unfinished
        # round (unless --new)
        course = parse_course_code(course_code) if course_code else None
        return _run_app(
            args, course=course, new_round=True, options=frozenset(options), fresh=args.fresh
        )
    seed = check_seed(args.seed) if args.seed is not None else None
    return _run_app(args, game=spec.id, seed=seed, options=frozenset(options), fresh=args.new)


def _play_shared(args: argparse.Namespace) -> int:
    """``play --deal CODE``: the game, options and seed (or course) the code names, played
    as ``play GAME --seed N`` (or ``--course``) with those options would be."""
    from parlour.engine.registry import find_spec
    from parlour.engine.rounds import course_code
    from parlour.engine.share import read_share_code
    from parlour.engine.untrusted import shown

    shared = read_share_code(args.deal)
    spec = find_spec(shared.game)
    if args.game and find_spec(args.game).id != spec.id:
        raise CliError(f"the share code is a deal of {spec.name}, not of {shown(args.game)}")
    if chosen_options(args, spec):
        raise CliError("a share code names its own rule options: give no option with --deal")
    args.deal, args.game = None, spec.id
    if shared.course is not None:
        args.course = course_code(shared.course)
    else:
        args.seed = str(shared.seed)
    for option in shared.options:
        setattr(args, option_dest(option), True)
    return command_play(args)


def _run_plain(
    args: argparse.Namespace,
    game: str,
    options: frozenset[str],
    record: Line[Any, Any] | None = None,
) -> int:
    """``play … --plain``: the game line by line on standard input and output, or played
    on from the end of ``record`` (``--record FILE``, replayed already). A signal ends it
    at once (parlour.ending): every move is saved as it is made."""
    from parlour.ending import installed

    with installed():
        return _play_plain(args, game, options, record)


def _play_plain(
    args: argparse.Namespace, game: str, options: frozenset[str], record: Line[Any, Any] | None
) -> int:
    from parlour import ending
    from parlour.cli.settings import read_settings
    from parlour.cli.typed import typed_lines
    from parlour.engine import check_seed
    from parlour.engine.rounds import parse_course_code
    from parlour.plain import Plain
    from parlour.plain import PlainOpening
    from parlour.render import shows_suits

    course_code = getattr(args, "course", None)
    opening = PlainOpening(
        game,
        seed=check_seed(args.seed) if args.seed is not None else None,
        course=parse_course_code(course_code) if course_code else None,
        new_round=bool(getattr(args, "round", False)),
        fresh=bool(getattr(args, "fresh", False)),
        line=record,
        options=options,
    )
    store = open_store(args)
    # a signal lets the save of the move in hand finish (a database another program holds
    # may keep it waiting) before it ends the command
    ending.on_signal(None, saves=store.under_way)
    try:
        plain = Plain(
            store,
            sys.stdout,
            ascii_only=bool(args.ascii) or read_settings().ascii or not shows_suits(sys.stdout),
            prompt=sys.stdin.isatty(),
        )
        plain.open(opening)
        return plain.run(typed_lines(sys.stdin))
    finally:
        ending.on_signal(None)
        store.close()


def command_replay(args: argparse.Namespace) -> int:
    from parlour.engine.round_record import is_round_record
    from parlour.engine.untrusted import shown
    from parlour.store.files import read_text

    hole = getattr(args, "hole", None)
    if not is_round_record(read_text(args.file)):
        if hole is not None:
            raise CliError(f"{shown(args.file)} is a game record: --hole is for a round record")
        _, line = read_record(args.file)
        return _run_app(args, replay_line=line, record_title=args.file)
    from parlour.cli.match import read_round

    checked = read_round(args.file)
    holes = len(checked.lines)
    chosen = 1 if hole is None else hole
    if not 1 <= chosen <= holes:
        raise CliError(f"--hole {hole}: the round record has holes 1 to {holes}")
    title = f"{args.file} · hole {chosen} of {holes}"
    return _run_app(args, replay_line=checked.lines[chosen - 1], record_title=title)
