"""A fixed store of Golf rounds for the scorecard tests: a finished round under bogey, one
over bogey on the longest course code there is, one unfinished under the free-stock
option (with some pars known), one abandoned, each at a fixed time."""

from __future__ import annotations

from pathlib import Path

import pytest

import parlour.store.database
from parlour.engine.deals import MAX_SEED
from parlour.store.database import Store

#: (course, options, scores, abandoned): the rounds, oldest first
ROUNDS = (
    (123456, "none", (3, 5, 0, 7, 2, 4, 6, 1, 5), False),
    (MAX_SEED, "none", (9, 4, 6, 12, 3, 8, 0, 2, 11), False),
    (987654321, "free-stock", (4, 2, 8), False),
    (42, "none", (9, 9), True),
)
#: bests known for the free-stock round's first holes (the CLI works out only book bests)
FREE_STOCK_PARS = {1: 0, 2: 2}
#: pars kept for the first round's holes, as the app keeps them once worked out (the hint
#: player's real scores on those deals; the other rounds' are not known yet)
FIRST_ROUND_HINT_PARS = (3, 2, 3, 1, 5, 11, 6, 8, -1)


def fill_store(directory: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    """The fixed rounds in a new store at ``directory``: round ``n`` is played on day
    ``n`` of May 2024, a minute a hole from nine o'clock."""
    from parlour.engine.registry import round_game
    from parlour.engine.rounds import hole_seed

    kind = round_game().rounds
    assert kind is not None
    clock = {"day": 0, "minute": 0}

    def now() -> str:
        stamp = f"2024-05-{clock['day']:02d}T09:{clock['minute']:02d}:00+00:00"
        clock["minute"] += 1
        return stamp

    monkeypatch.setattr(parlour.store.database, "now", now)
    store = Store(directory)
    for day, (course, options, scores, abandoned) in enumerate(ROUNDS, 1):
        clock.update(day=day, minute=0)
        round_id = store.start_round(course, options)
        for hole, score in enumerate(scores, 1):
            store.finish_game(
                None,
                game="golf",
                options=options,
                seed=hole_seed(kind, course, hole),
                deck="",
                moves=[],
                won=score == 0,
                score=score,
                summary=f"{score} left",
                round_id=round_id,
                hole=hole,
            )
        if abandoned:
            store.abandon_round(round_id)
        if day == 1:
            for hole, par in enumerate(FIRST_ROUND_HINT_PARS, 1):
                store.save_hint_par(hole_seed(kind, course, hole), options, par)
        if options == "free-stock":
            for hole, par in FREE_STOCK_PARS.items():
                store.save_par(hole_seed(kind, course, hole), options, par)
    return store
