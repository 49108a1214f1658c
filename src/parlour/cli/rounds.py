"""``parlour scorecard``: the rounds played, deal by deal against bogey, and the best."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from parlour.cli.common import CliError
from parlour.cli.common import open_store
from parlour.engine.plugin import GameSpec


def round_game() -> GameSpec:
    """The game played in rounds (the store's rounds are its rounds)."""
    from parlour.engine.registry import round_specs

    found = round_specs()
    if not found:  # pragma: no cover - Golf is played in rounds
        raise CliError("no game is played in rounds")
    return found[0]


def round_pars(spec: GameSpec, store: Any, rounds: list[Any]) -> dict[int, list[int]]:
    """Each round's pars: from the store's cache, working out (and caching) those still
    missing under the game's plain rules, which takes a few milliseconds a deal; pars
    under other options take longer and are left to the app, which works them out in the
    background."""
    from parlour.engine.rounds import hole_seed
    from parlour.engine.verdict import Budget

    assert spec.rounds is not None
    kind = spec.rounds
    found: dict[int, list[int]] = {}
    for stored in rounds:
        seeds = [hole_seed(kind, stored.course, hole) for hole in range(1, kind.holes + 1)]
        known = store.pars(seeds, stored.options)
        if stored.options == "none":
            for seed in seeds:
                if seed not in known:
                    start = spec.rules().start_from_seed(seed)
                    known[seed] = spec.solver().solve(start, Budget()).best_score
                    store.save_par(seed, stored.options, known[seed])
        if all(seed in known for seed in seeds):
            found[stored.id] = [known[seed] for seed in seeds]
    return found


def command_scorecard(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from parlour.engine.rounds import course_code

    if getattr(args, "course", None):
        from parlour.cli.match import course_scorecard

        return course_scorecard(args)
    spec = round_game()
    assert spec.rounds is not None
    holes, bogey = spec.rounds.holes, spec.rounds.bogey
    store = open_store(args)
    rounds = store.rounds()
    pars = round_pars(spec, store, rounds)
    complete = [r for r in rounds if r.is_complete]
    best = min(complete, key=lambda r: (r.total, r.started), default=None)
    if args.json:
        payload = {
            "bogey": bogey,
            "rounds": [
                {
                    "started": r.started,
                    "finished": r.finished,
                    "course": course_code(r.course),
                    "options": r.options,
                    "holes": list(r.scores),
                    "total": r.total,
                    "complete": r.is_complete,
                    "abandoned": r.abandoned,
                    "versus_bogey": r.total - bogey if r.is_complete else None,
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
        console.print(f"No {spec.name} rounds yet. Play one with 'parlour play {spec.id} --round'.")
        return 0
    table = Table(title=f"{spec.name} rounds (bogey {bogey})")
    headings = ("Date", "Course", "Options", *map(str, range(1, holes + 1)), "Total", "vs bogey")
    for heading in headings:
        table.add_column(heading, justify="right" if heading[0].isdigit() else "left")
    for r in rounds:
        played = [str(score) for score in r.scores] + [""] * (holes - len(r.scores))
        versus = (
            f"{r.total - bogey:+d}"
            if r.is_complete
            else "abandoned"
            if r.abandoned is not None
            else "unfinished"
        )
        table.add_row(
            r.started[:10], course_code(r.course), r.options, *played, str(r.total), versus
        )
    console.print(table)
    if best is not None:
        console.print(
            f"Best round: {best.total} on course {course_code(best.course)} "
            f"({best.started[:10]}), {best.total - bogey:+d} against bogey."
        )
    return 0
