"""``parlour stats`` and ``parlour history``: how a player is doing, and every finished
game, as Rich tables or as JSON and CSV for spreadsheets and scripts (docs/formats.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from parlour.cli.common import open_store


def command_stats(args: argparse.Namespace) -> int:
    from parlour.engine.registry import find_spec
    from parlour.engine.registry import round_specs
    from parlour.statistics import STAT_COLUMNS
    from parlour.statistics import daily_scores
    from parlour.statistics import game_statistics

    game = find_spec(args.game).id if args.game else None
    store = open_store(args)
    try:
        stats = game_statistics(store, game, work_out_pars=True)
        daily = [
            (spec, daily_scores(store, spec))
            for spec in round_specs()
            if game is None or spec.id == game
        ]
    finally:
        store.close()
    if args.json:
        payload = {
            "player": store.player,
            "games": [s.as_dict() for s in stats],
            "daily": [
                {"game": spec.id, "day": d.day, "course": d.course, "total": d.total}
                for spec, days in daily
                for d in days
            ],
        }
        sys.stdout.write(json.dumps(payload, indent=1) + "\n")
        return 0
    if args.csv:
        _write_csv(STAT_COLUMNS, [s.as_dict() for s in stats])
        return 0
    _print_stats(store.player, stats, daily)
    return 0


def _print_stats(player: str, stats: list[Any], daily: list[tuple[Any, list[Any]]]) -> None:
    from rich.console import Console

    from parlour.engine.untrusted import shown
    from parlour.render.untrusted import said
    from parlour.statistics import daily_table
    from parlour.statistics import stats_table

    console = Console(highlight=False)
    if not stats:
        console.print(said(f"{shown(player)} has not finished a game yet."))
        return
    console.print(stats_table(player, stats))
    for spec, days in daily:
        if days:
            console.print(daily_table(spec, days))


def command_history(args: argparse.Namespace) -> int:
    from parlour.engine.registry import find_spec
    from parlour.statistics import HISTORY_COLUMNS
    from parlour.statistics import history

    game = find_spec(args.game).id if args.game else None
    store = open_store(args)
    try:
        rows = history(store, game, with_records=args.json)
    finally:
        store.close()
    if args.json:
        sys.stdout.write(json.dumps({"player": store.player, "games": rows}, indent=1) + "\n")
    elif args.csv:
        _write_csv(HISTORY_COLUMNS, rows)
    else:  # newest first, as the app's History lists them (the data stays oldest first)
        _print_history(store.player, rows[::-1])
    return 0


def _print_history(player: str, rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    from parlour.engine.rounds import CourseHole
    from parlour.engine.rounds import parse_course_code
    from parlour.engine.untrusted import shown
    from parlour.render.untrusted import outside
    from parlour.render.untrusted import said
    from parlour.statistics import game_name

    console = Console(highlight=False)
    if not rows:
        console.print(said(f"{shown(player)} has not finished a game yet."))
        return
    title = said(f"Finished games of {shown(player)}", style="table.title")
    table = Table(title=title, title_justify="left")
    for heading in ("Finished", "Game", "Deal", "Score", "Won", "Hints"):
        table.add_column(heading, justify="right" if heading in ("Score", "Hints") else "left")
    for row in rows:
        deal = f"seed {row['seed']}" if row["seed"] is not None else "a given deck"
        # a round's hole, or a game taken over from a replay of one, as the app names it
        for course, hole in (("course", "hole"), ("origin_course", "origin_hole")):
            if row[course] and row[hole]:
                deal = str(CourseHole(parse_course_code(row[course]), row[hole]))
                break
        # the database's words (a game this Parlour does not know …) as outside text
        table.add_row(
            outside(row["finished"][:16].replace("T", " ")),
            outside(game_name(row["game"], row["options"])),
            outside(deal),
            str(row["score"]),
            "yes" if row["won"] else "no",
            str(row["hints"]),
        )
    console.print(table)


def _write_csv(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    """The rows as CSV, each cell written by :func:`csv_cell` (a name that begins like a
    formula is quoted, not computed, by a spreadsheet). Written to a terminal, a
    character it would act on (from a database changed by hand) is shown as an escape;
    to a file or a pipe, the data is written as it is."""
    from parlour.engine.untrusted import csv_line
    from parlour.engine.untrusted import visible

    shown: Callable[[str], str] = visible if sys.stdout.isatty() else str
    sys.stdout.write(shown(csv_line(columns)))
    for row in rows:
        sys.stdout.write(shown(csv_line(row.get(column) for column in columns)))
