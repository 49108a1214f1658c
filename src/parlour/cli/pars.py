"""Golf's pars for the command line: the hint player's score on each deal, kept in the
store once worked out. They take seconds a deal, so a command shows those the store knows
(the app works them out while a round is played) and works out the rest only when asked
(``--par``), in two processes."""

from __future__ import annotations

import sys
from typing import Any

from parlour.engine.plugin import GameSpec


def _hint_par_of(job: tuple[str, int, frozenset[str]]) -> int:
    from parlour.analysis import hint_par

    return hint_par(*job)


def hint_pars(
    spec: GameSpec, store: Any, seeds: list[int], options: str, *, work_out: bool
) -> dict[int, int]:
    """The pars the store knows of these deals (seed -> par); with ``work_out``, the rest
    worked out (two processes, the hint player playing each deal) and kept."""
    from parlour.analysis import process_pool
    from parlour.engine.notation import parse_options

    known: dict[int, int] = store.hint_pars(seeds, options)
    missing = [seed for seed in dict.fromkeys(seeds) if seed not in known]
    if work_out and missing:
        print(
            f"parlour: working out the par of {len(missing)} deals (the hint player plays "
            "each to the end: seconds a deal)",
            file=sys.stderr,
        )
        jobs = [(spec.id, seed, parse_options(options)) for seed in missing]
        with process_pool(2) as pool:
            for seed, par in zip(missing, pool.map(_hint_par_of, jobs), strict=True):
                store.save_hint_par(seed, options, par)
                known[seed] = par
    return known


def round_hint_pars(
    spec: GameSpec, store: Any, rounds: list[Any], *, work_out: bool
) -> dict[int, dict[int, int]]:
    """Each round's pars known (hole -> par), the rest worked out with ``work_out``."""
    from parlour.engine.rounds import hole_seed

    assert spec.rounds is not None
    kind = spec.rounds
    found: dict[int, dict[int, int]] = {}
    for stored in rounds:
        seeds = [hole_seed(kind, stored.course, hole) for hole in range(1, kind.holes + 1)]
        known = hint_pars(spec, store, seeds, stored.options, work_out=work_out)
        found[stored.id] = {
            hole: known[seed] for hole, seed in enumerate(seeds, 1) if seed in known
        }
    return found
