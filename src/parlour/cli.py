"""The ``parlour`` command. Thin: it parses arguments, asks the engine and the store, and
prints with Rich. Any expected failure is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from parlour import __version__
from parlour.engine.errors import ParlourError

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
    _add_app_arguments(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser("play", help="open the app on a new game")
    from parlour.tui.screens import GAME_SCREENS

    play.add_argument("game", help=f"one of {', '.join(GAME_SCREENS)}")
    source = play.add_mutually_exclusive_group()
    source.add_argument("--seed", help="deal this seed (a whole number from 0 to 2**63-1)")
    source.add_argument(
        "--course", metavar="CODE", help="Golf: play a nine-hole round of this course"
    )
    source.add_argument("--round", action="store_true", help="Golf: a nine-hole round, new course")
    source.add_argument("--record", metavar="FILE", help="play on from the end of a record")
    play.add_argument("--free-stock", action="store_true", help="Golf: turn the stock at will")
    _add_app_arguments(play)

    replay_command = commands.add_parser("replay", help="open a record in the app to step through")
    replay_command.add_argument("file", help="a record written by Parlour")
    _add_app_arguments(replay_command)

    solve = commands.add_parser(
        "solve", help="the best result perfect play could reach (knowing every hidden card)"
    )
    solve.add_argument("game", help="golf, rubbish, squares or bytwos")
    source = solve.add_mutually_exclusive_group(required=True)
    source.add_argument("--seed", help="a whole number from 0 to 2**63-1")
    source.add_argument("--deck", help='the whole deck in card notation, "JD 2D 9H …"')
    source.add_argument("--record", metavar="FILE", help="solve the position a record ends in")
    solve.add_argument("--free-stock", action="store_true", help="Golf: turn the stock at will")
    solve.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="S",
        help="CPU seconds to search (default: 1 for the other games, none for Golf)",
    )
    solve.add_argument("--json", action="store_true", help="machine-readable output")

    analyse = commands.add_parser("analyse", help="solve a range of seeds and summarise")
    analyse.add_argument("game", help="golf, rubbish, squares or bytwos")
    analyse.add_argument("--seeds", required=True, metavar="A..B", help="seeds A to B inclusive")
    analyse.add_argument(
        "--jobs", type=int, default=0, metavar="N", help="worker processes (default: every core)"
    )
    analyse.add_argument("--free-stock", action="store_true", help="Golf: turn the stock at will")
    analyse.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="S",
        help="CPU seconds per deal (default: 1 for the other games, none for Golf)",
    )
    analyse.add_argument("--out", metavar="FILE", help="write every deal's result (.csv or .json)")

    scorecard = commands.add_parser("scorecard", help="print past Golf rounds and the best")
    scorecard.add_argument("--json", action="store_true", help="machine-readable output")
    _add_app_arguments(scorecard, ascii_flag=False)

    deal = commands.add_parser("deal", help="print the opening layout of a deal")
    _add_deal_arguments(deal)
    deal.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help="letters instead of suit symbols",
    )

    check = commands.add_parser("check", help="replay a record and print its final position")
    check.add_argument("file", help="a record written by Parlour")
    check.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help="letters instead of suit symbols",
    )

    play_moves = commands.add_parser(
        "play-moves", help="apply moves to a deal and print the result (for scripts)"
    )
    _add_deal_arguments(play_moves)
    play_moves.add_argument("moves", nargs="*", metavar="MOVE", help="moves in notation")
    play_moves.add_argument(
        "--ascii",
        action="store_true",
        default=argparse.SUPPRESS,
        help="letters instead of suit symbols",
    )
    play_moves.add_argument(
        "--record", action="store_true", help="print the game as a record instead"
    )
    return parser


def _add_app_arguments(
    parser: argparse.ArgumentParser, *, default: object = argparse.SUPPRESS, ascii_flag: bool = True
) -> None:
    parser.add_argument(
        "--data-dir",
        default=default,
        metavar="DIR",
        help="where scorecards and saved games live (default: $PARLOUR_DATA_DIR, or the "
        "platform's user data directory)",
    )
    if ascii_flag:
        parser.add_argument(
            "--ascii",
            action="store_true",
            default=argparse.SUPPRESS if default is argparse.SUPPRESS else False,
            help="draw cards with letters instead of suit symbols",
        )


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


def _run_app(args: argparse.Namespace, **kwargs: Any) -> int:
    from parlour.tui.app import make_app

    app = make_app(args.data_dir, ascii_only=True if args.ascii else None, **kwargs)
    app.run()
    return 0 if app.return_code in (None, 0) else int(app.return_code)


def command_start(args: argparse.Namespace) -> int:
    return _run_app(args)


def _require_screen(rules: Any) -> None:
    """Refuse, in one line, a game the app cannot show yet."""
    from parlour.tui.screens import has_screen

    if not has_screen(rules.id):
        raise CliError(
            f"{rules.name} cannot be played in the app yet; 'parlour play-moves {rules.id}' "
            "plays it from the command line"
        )


def command_play(args: argparse.Namespace) -> int:
    from parlour.engine import check_seed, find_game
    from parlour.engine.course import parse_course_code

    rules = find_game(args.game)
    if rules.id != "golf" and (args.course or args.round or args.free_stock):
        raise CliError("--course, --round and --free-stock are for Golf only")
    _require_screen(rules)
    if args.record:
        from parlour.engine.record import parse_record, replay
        from parlour.store.files import read_text

        text = read_text(args.record)
        try:
            line = replay(parse_record(text))
        except ParlourError as error:
            raise CliError(f"{args.record}: {error}") from None
        _require_screen(line.rules)
        return _run_app(args, record_text=text, record_title=args.record)
    if args.course or args.round:
        import secrets

        course = parse_course_code(args.course) if args.course else secrets.randbits(40)
        return _run_app(args, course=course, free_stock=args.free_stock)
    seed = check_seed(args.seed) if args.seed is not None else None
    return _run_app(args, game=rules.id, seed=seed, free_stock=args.free_stock)


def command_replay(args: argparse.Namespace) -> int:
    from parlour.engine.record import parse_record, replay
    from parlour.store.files import read_text

    text = read_text(args.file)
    try:
        line = replay(parse_record(text))
    except ParlourError as error:
        raise CliError(f"{args.file}: {error}") from None
    _require_screen(line.rules)
    return _run_app(args, replay_text=text, record_title=args.file)


def _round_pars(store: Any, rounds: list[Any]) -> dict[int, list[int]]:
    """Each round's nine pars: from the store's cache, working out (and caching) those
    still missing under the book rule, which takes a few milliseconds a hole; free-stock
    pars take longer and are left to the app, which works them out in the background."""
    from parlour.engine.course import Round
    from parlour.engine.solve.golf import par_for_seed

    found: dict[int, list[int]] = {}
    for stored in rounds:
        seeds = Round(stored.course).seeds()
        known = store.pars(seeds, stored.options)
        if stored.options == "none":
            for seed in seeds:
                if seed not in known:
                    known[seed] = par_for_seed(seed)
                    store.save_par(seed, stored.options, known[seed])
        if all(seed in known for seed in seeds):
            found[stored.id] = [known[seed] for seed in seeds]
    return found


def command_scorecard(args: argparse.Namespace) -> int:
    import json

    from rich.console import Console
    from rich.table import Table

    from parlour.engine.course import BOGEY, course_code
    from parlour.store.database import Store, StoreError
    from parlour.store.paths import data_dir

    try:
        store = Store(data_dir(args.data_dir))
    except StoreError as error:
        raise CliError(str(error)) from None
    rounds = store.rounds()
    pars = _round_pars(store, rounds)
    complete = [r for r in rounds if r.is_complete]
    best = min(complete, key=lambda r: (r.total, r.started), default=None)
    if args.json:
        payload = {
            "bogey": BOGEY,
            "rounds": [
                {
                    "started": r.started,
                    "finished": r.finished,
                    "course": course_code(r.course),
                    "options": r.options,
                    "holes": list(r.scores),
                    "total": r.total,
                    "complete": r.is_complete,
                    "versus_bogey": r.total - BOGEY if r.is_complete else None,
                    "pars": pars.get(r.id),
                    "par_total": sum(pars[r.id]) if pars.get(r.id) else None,
                }
                for r in rounds
            ],
            "best": None
            if best is None
            else {"course": course_code(best.course), "total": best.total, "started": best.started},
        }
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        if store.notice:
            print(f"parlour: {store.notice}", file=sys.stderr)
        return 0
    console = Console(highlight=False)
    if store.notice:
        console.print(store.notice, style="yellow")
    if not rounds:
        console.print("No Golf rounds yet. Play one with 'parlour play golf --round'.")
        return 0
    table = Table(title=f"Golf rounds (bogey {BOGEY})")
    for heading in (
        "Date",
        "Course",
        "Options",
        *[str(n) for n in range(1, 10)],
        "Total",
        "vs bogey",
    ):
        table.add_column(heading, justify="right" if heading[0].isdigit() else "left")
    for r in rounds:
        holes = [str(score) for score in r.scores] + [""] * (9 - len(r.scores))
        versus = f"{r.total - BOGEY:+d}" if r.is_complete else "unfinished"
        table.add_row(
            r.started[:10], course_code(r.course), r.options, *holes, str(r.total), versus
        )
    console.print(table)
    if best is not None:
        console.print(
            f"Best round: {best.total} on course {course_code(best.course)} "
            f"({best.started[:10]}), {best.total - BOGEY:+d} against bogey."
        )
    return 0


def _solve_budget(game: str, budget: float | None) -> float | None:
    from parlour.analysis import DEFAULT_BUDGET

    if budget is not None and budget <= 0:
        raise CliError("--budget must be a positive number of seconds")
    if budget is None and game != "golf":
        return DEFAULT_BUDGET
    return budget


def command_solve(args: argparse.Namespace) -> int:
    import json

    from rich.console import Console

    from parlour.analysis import solve_state

    if args.record:
        from parlour.engine.record import parse_record, replay
        from parlour.store.files import read_text

        try:
            line = replay(parse_record(read_text(args.record)))
        except ParlourError as error:
            raise CliError(f"{args.record}: {error}") from None
    else:
        args.option = []
        line = _start_line(args)
    rules = line.rules
    budget = _solve_budget(rules.id, args.budget)
    solution = solve_state(rules.id, line.current, budget=budget)
    if args.json:
        sys.stdout.write(
            json.dumps(
                {
                    "game": rules.id,
                    "options": sorted(line.options),
                    "seed": line.seed,
                    "from_move": len(line.moves),
                    "status": solution.status,
                    "best_score": solution.best_score,
                    "exact": solution.exact,
                    "moves": list(solution.moves),
                    "nodes": solution.nodes,
                    "seconds": round(solution.seconds, 4),
                },
                indent=2,
            )
            + "\n"
        )
        return 0
    console = Console(highlight=False)
    console.print(
        _describe_deal(line) + (f" · from move {len(line.moves)}" if line.moves else ""),
        style="bold",
    )
    exact = "exact" if solution.exact else "best found within the budget"
    if rules.id == "golf":
        cleared = "can" if solution.best_score <= 0 else "cannot"
        console.print(
            f"Best score: {solution.best_score} ({exact}); the links {cleared} be cleared."
        )
    else:
        console.print(
            f"Verdict: {solution.status}. Best score reached: {solution.best_score} "
            f"({rules.score_label})."
        )
    console.print(f"Line ({len(solution.moves)} moves): {' '.join(solution.moves) or '(none)'}")
    console.print(f"Searched {solution.nodes:,} positions in {solution.seconds:.2f} s CPU.")
    return 0


def _parse_seed_range(text: str) -> range:
    from parlour.engine import check_seed

    first, dots, last = text.partition("..")
    if not dots:
        raise CliError(f"--seeds takes a range like 1..1000, not {text!r}")
    low, high = check_seed(first), check_seed(last)
    if high < low:
        raise CliError(f"--seeds {text}: the range is empty")
    return range(low, high + 1)


def command_analyse(args: argparse.Namespace) -> int:
    import csv
    import io
    import json
    import os

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    from parlour.analysis import analyse, summarise
    from parlour.engine import find_game

    rules = find_game(args.game)
    seeds = _parse_seed_range(args.seeds)
    if args.free_stock and rules.id != "golf":
        raise CliError("--free-stock is a Golf option")
    options = frozenset({"free-stock"}) if args.free_stock else frozenset()
    budget = _solve_budget(rules.id, args.budget)
    jobs = args.jobs or os.cpu_count() or 1
    if args.out and not args.out.endswith((".csv", ".json")):
        raise CliError("--out must name a .csv or .json file")
    console = Console(stderr=True, highlight=False)
    results = []
    with Progress(
        TextColumn(f"{rules.name}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("solving", total=len(seeds))
        for result in analyse(rules.id, seeds, options=options, budget=budget, jobs=jobs):
            results.append(result)
            progress.advance(task)
    summary = summarise(rules.id, options, results)
    if args.out:
        from parlour.store.files import write_text

        if args.out.endswith(".json"):
            text = json.dumps(
                {
                    "summary": summary.as_dict(),
                    "deals": [
                        r.__dict__
                        if hasattr(r, "__dict__")
                        else {f: getattr(r, f) for f in r.__slots__}
                        for r in results
                    ],
                },
                indent=1,
            )
        else:
            buffer = io.StringIO()
            writer = csv.writer(buffer)
            writer.writerow(["seed", "status", "best_score", "exact", "nodes", "seconds"])
            for r in results:
                writer.writerow(
                    [r.seed, r.status, r.best_score, r.exact, r.nodes, f"{r.seconds:.4f}"]
                )
            text = buffer.getvalue()
        write_text(args.out, text)
    table = Table(
        title=f"{rules.name}, seeds {seeds.start}..{seeds.stop - 1} "
        f"({summary.options}, budget {budget or 'none'})"
    )
    for heading in (
        "deals",
        "winnable %",
        "definite %",
        "mean best score",
        *(["mean 9-hole par"] if summary.mean_nine_hole_par is not None else []),
        "median s/deal",
        "max s/deal",
    ):
        table.add_column(heading, justify="right")
    table.add_row(
        str(summary.deals),
        f"{100 * summary.winnable_share:.1f}",
        f"{100 * summary.definite_share:.1f}",
        f"{summary.mean_best_score:.2f}",
        *([f"{summary.mean_nine_hole_par:.1f}"] if summary.mean_nine_hole_par is not None else []),
        f"{summary.median_seconds:.3f}",
        f"{summary.max_seconds:.3f}",
    )
    Console(highlight=False).print(table)
    return 0


COMMANDS = {
    "solve": command_solve,
    "analyse": command_analyse,
    "deal": command_deal,
    "check": command_check,
    "play-moves": command_play_moves,
    "play": command_play,
    "replay": command_replay,
    "scorecard": command_scorecard,
}


def main(argv: Sequence[str] | None = None) -> int:
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
        if args.command is None:
            return command_start(args)
        return COMMANDS[args.command](args)
    except (CliError, ParlourError, FileError, StoreError) as error:
        print(f"parlour: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
