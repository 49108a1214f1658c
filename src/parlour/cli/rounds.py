"""``parlour scorecard``: the rounds played, deal by deal against bogey, and the best.

Each card shows a hole's par (the hint player's score on it, never peeking) and its best
(perfect play knowing every card). Bests take milliseconds and are worked out at once;
pars take seconds a hole, so the card shows those the store knows (the app works them
out while a round is played) and ``--par`` works out the rest."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from parlour.cli.common import open_store
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import round_game
from parlour.engine.registry import rules_words


def round_pars(spec: GameSpec, store: Any, rounds: list[Any]) -> dict[int, dict[int, int]]:
    """Each round's bests known (hole -> best): from the store's cache, working out (and
    caching) those still missing under the game's plain rules, which takes a few
    milliseconds a deal; bests under other options take longer and are left to the app,
    which works them out in the background."""
    from parlour.engine.rounds import hole_seed
    from parlour.engine.verdict import Budget

    assert spec.rounds is not None
    kind = spec.rounds
    found: dict[int, dict[int, int]] = {}
    for stored in rounds:
        seeds = [hole_seed(kind, stored.course, hole) for hole in range(1, kind.holes + 1)]
        known = store.pars(seeds, stored.options)
        if stored.options == "none":
            for seed in seeds:
                if seed not in known:
                    start = spec.rules().start_from_seed(seed)
                    known[seed] = spec.solver().solve(start, Budget()).best_score
                    store.save_par(seed, stored.options, known[seed])
        found[stored.id] = {
            hole: known[seed] for hole, seed in enumerate(seeds, 1) if seed in known
        }
    return found


def command_scorecard(args: argparse.Namespace) -> int:
    from rich.console import Console

    from parlour.engine.rounds import course_code
    from parlour.engine.untrusted import shown
    from parlour.render.untrusted import said

    if getattr(args, "course", None):
        from parlour.cli.match import course_scorecard

        return course_scorecard(args)
    spec = round_game()
    assert spec.rounds is not None
    holes, bogey = spec.rounds.holes, spec.rounds.bogey
    store = open_store(args)
    rounds = store.rounds()
    known = round_pars(spec, store, rounds)
    from parlour.cli.pars import round_hint_pars

    known_pars = round_hint_pars(spec, store, rounds, work_out=args.par)
    if args.json:
        payload = _json_card(rounds, bogey, holes, known_pars, known)
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return 0
    console = Console(highlight=False)
    if not rounds:
        console.print(f"No {spec.name} rounds yet. Play one with 'parlour play {spec.id} --round'.")
        return 0
    print_cards(console, spec, rounds, known_pars, known)
    best = _best_round(rounds)
    if best is not None:
        # (the round's date is the database's text: shown, never obeyed nor read as markup)
        console.print(
            said(
                f"Best round: {best.total} on course {course_code(best.course)} "
                f"({shown(best.started[:10])}), {best.total - bogey:+d} against bogey."
            )
        )
    return 0


def _best_round(rounds: list[Any]) -> Any:
    """The complete round of the lowest total (the earlier of equals), or None."""
    complete = [r for r in rounds if r.is_complete]
    return min(complete, key=lambda r: (r.total, r.started), default=None)


def _json_card(
    rounds: list[Any],
    bogey: int,
    holes: int,
    known_pars: dict[int, dict[int, int]],
    known: dict[int, dict[int, int]],
) -> dict[str, Any]:
    """The rounds as ``scorecard --json`` gives them: a round's pars (or bests) only once
    all of them are known."""
    from parlour.engine.rounds import course_code

    def whole(by_round: dict[int, dict[int, int]]) -> dict[int, list[int]]:
        return {
            ident: [by_hole[hole] for hole in sorted(by_hole)]
            for ident, by_hole in by_round.items()
            if len(by_hole) == holes
        }

    pars, bests = whole(known_pars), whole(known)
    best = _best_round(rounds)
    return {
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
                "bests": bests.get(r.id),
                "best_total": sum(bests[r.id]) if bests.get(r.id) else None,
            }
            for r in rounds
        ],
        "best": None
        if best is None
        else {"course": course_code(best.course), "total": best.total, "started": best.started},
    }


def print_cards(
    console: Any,
    spec: GameSpec,
    rounds: list[Any],
    pars: dict[int, dict[int, int]],
    bests: dict[int, dict[int, int]],
) -> None:
    """Each round as a golf card, holes across. With room enough, one table holds every
    round, its date, course and rule at the left of its card; otherwise each card has a
    line of its own above it for those. Nothing is ever cut short: a line too long for the
    terminal wraps (a par or best not yet known is ``-``). Under the cards, what their
    rows mean."""
    from rich.measure import Measurement
    from rich.table import Table
    from rich.text import Text

    from parlour.engine.untrusted import shown
    from parlour.render.scorecard import LEGEND
    from parlour.render.scorecard import card_rows
    from parlour.render.scorecard import golf_card
    from parlour.render.scorecard import hole_columns
    from parlour.render.scorecard import pace_note
    from parlour.render.scorecard import styled
    from parlour.render.untrusted import outside
    from parlour.render.untrusted import said

    assert spec.rounds is not None
    holes, bogey = spec.rounds.holes, spec.rounds.bogey
    cards = [
        (stored, card_rows(stored.scores, holes=holes, bogey=bogey,
                           pars=pars.get(stored.id, {}), bests=bests.get(stored.id, {}),
                           unknown="-"))
        for stored in rounds
    ]  # fmt: skip
    console.print(Text(f"{spec.name} rounds (bogey {bogey})", style="bold"))
    wide = Table(box=None, expand=False, collapse_padding=True)
    for heading in ("Date", "Course", "Rule"):
        wide.add_column(heading, no_wrap=True)
    wide.add_column("", width=1)  # a wider gap between the round and its card
    hole_columns(wide, holes, min_width=3)
    for number, (stored, rows) in enumerate(cards):
        if number:
            wide.add_row()
        # the database's words as outside text
        beside: list[list[str | Text]] = [
            [outside(stored.started[:10]), round_code(stored), outside(rule(stored.options)), ""],
            ["", "", standing(stored, holes), ""],
        ]
        padding: list[list[str | Text]] = [[""] * 4] * len(rows)
        for row, left in zip(rows, [*beside, *padding], strict=False):
            wide.add_row(*left, *styled(row))
    # the width the table takes when nothing in it is squeezed
    natural = Measurement.get(console, console.options.update_width(10_000), wide).maximum
    if natural <= console.width:
        console.print(wide)
    else:
        for stored, rows in cards:
            console.print()
            console.print(
                said(f"Course {round_code(stored)} · {shown(stored.started[:10])} · "
                     f"{shown(rule(stored.options))} · {standing(stored, holes)}", style="bold")
            )  # fmt: skip
            # no rules and a space between columns: a card fits in 60 columns
            console.print(golf_card(rows, table_box=None, min_width=3))
    console.print(Text(LEGEND))
    console.print(Text(pace_note(holes, bogey), style="dim"))
    if any(len(pars.get(stored.id, {})) < holes for stored in rounds):
        console.print(
            Text(
                "A par not yet worked out is '-': the app works pars out while a round is "
                "played, and 'parlour scorecard --par' works out the rest.",
                style="dim",
            )
        )


def round_code(stored: Any) -> str:
    from parlour.engine.rounds import course_code

    return str(course_code(stored.course))


def rule(options: str) -> str:
    """A round's rule options as the app names them (``book rule``, ``free stock``)."""
    return rules_words(round_game().id, options)


def standing(stored: Any, holes: int) -> str:
    """Where a round stands: complete, unfinished or abandoned."""
    if stored.is_complete:
        return "complete"
    state = "abandoned" if stored.abandoned is not None else "unfinished"
    return f"{state}, {len(stored.scores)} of {holes}"
