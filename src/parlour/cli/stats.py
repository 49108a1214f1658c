"""``parlour stats`` and ``parlour history``: how a player is doing, and every finished
game, as Rich tables or as JSON and CSV for spreadsheets and scripts (docs/formats.md)."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any

from parlour.cli.common import open_store


def command_stats(args: argparse.Namespace) -> int:
    from parlour.cli.rounds import round_pars
    from parlour.engine.registry import find_spec
    from parlour.engine.registry import round_specs
    from parlour.statistics import STAT_COLUMNS
    from parlour.statistics import daily_scores
    from parlour.statistics import game_statistics

    game = find_spec(args.game).id if args.game else None
    store = open_store(args)
    try:
        for spec in round_specs():  # the pars still missing, worked out once and kept
            if game is None or spec.id == game:
                round_pars(spec, store, store.rounds())
        stats = game_statistics(store, game)
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
    """One column per game and rule options, one row per figure: fits 80 columns for
    four games."""
    from rich.console import Console
    from rich.table import Table

    from parlour.engine.registry import find_spec

    console = Console(highlight=False)
    if not stats:
        console.print(f"{player} has not finished a game yet.")
        return
    table = Table(title=f"Statistics of {player}", title_justify="left")
    table.add_column("")
    for s in stats:
        table.add_column(_game_name(s.game, s.options), justify="right")
    rows: list[tuple[str, str, str]] = [
        ("Played", "played", "{}"), ("Won", "won", "{}"), ("Win rate", "win_rate", "{:.1%}"),
        ("Winning streak", "current_streak", "{}"), ("Best streak", "best_streak", "{}"),
        ("Best score", "best_score", "{}"), ("Mean score", "mean_score", "{:.1f}"),
        ("Median score", "median_score", "{:g}"), ("Hints used", "hints", "{}"),
    ]  # fmt: skip
    for label, name, form in rows:
        table.add_row(label, *(form.format(getattr(s, name)) for s in stats))
    table.add_row("Time played", *(_duration(s.seconds_played) for s in stats))
    in_rounds = [s for s in stats if s.holes_played is not None]
    if in_rounds:
        unit = find_spec(in_rounds[0].game).rounds
        assert unit is not None
        table.add_section()
        rounds: list[tuple[str, str, str]] = [
            (f"{unit.unit.capitalize()}s played", "holes_played", "{}"),
            ("Rounds finished", "rounds_finished", "{}"), ("Best round", "best_round", "{}"),
            ("Mean round", "mean_round", "{:.1f}"),
            (f"Under bogey ({unit.bogey})", "rounds_under_bogey", "{}"),
            (f"Against par a {unit.unit}", "mean_versus_par", "{:+.2f}"),
        ]  # fmt: skip
        for label, name, form in rounds:
            table.add_row(label, *(_maybe(getattr(s, name), form) for s in stats))
    console.print(table)
    for spec, days in daily:
        if days:
            table = Table(title=f"{spec.name}: the days' courses", title_justify="left")
            for heading in ("Day", "Course", "Score"):
                table.add_column(heading, justify="right" if heading == "Score" else "left")
            for day in days[-10:]:
                table.add_row(day.day, day.course, str(day.total))
            console.print(table)


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
    else:
        _print_history(store.player, rows)
    return 0


def _print_history(player: str, rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    if not rows:
        console.print(f"{player} has not finished a game yet.")
        return
    table = Table(title=f"Finished games of {player}", title_justify="left")
    for heading in ("Finished", "Game", "Deal", "Score", "Won", "Hints"):
        table.add_column(heading, justify="right" if heading in ("Score", "Hints") else "left")
    for row in rows:
        deal = (
            f"course {row['course']} hole {row['hole']}"
            if row["course"]
            else f"seed {row['seed']}"
            if row["seed"] is not None
            else "a given deck"
        )
        table.add_row(
            row["finished"][:16].replace("T", " "),
            _game_name(row["game"], row["options"]),
            deal,
            str(row["score"]),
            "yes" if row["won"] else "no",
            str(row["hints"]),
        )
    console.print(table)


def _write_csv(columns: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    writer = csv.DictWriter(sys.stdout, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in row.items()})


def _game_name(game: str, options: str) -> str:
    from parlour.engine.errors import UnknownGameError
    from parlour.engine.registry import find_spec

    try:
        name = find_spec(game).name
    except UnknownGameError:
        name = game
    return name if options == "none" else f"{name} ({options})"


def _duration(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def _maybe(value: object, form: str = "{}") -> str:
    return "-" if value is None else form.format(value)
