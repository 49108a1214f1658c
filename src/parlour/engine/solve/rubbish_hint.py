"""The Rubbish Heap hint: the move that wins most often over sampled orders of the stock.

The player sees the board, the foundations and the whole waste heap; only the order of
the stock is hidden. When there is one move to make besides giving up, that is the hint,
with no search. Otherwise the hint samples a few orders of the stock (seeded from the
visible position alone), plays each candidate move in each sampled deal, and solves the
result with a small budget of positions (never of time: the engine reads no clock). The
move whose results are won most often, and then have the best mean score, is the hint.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.cards import format_cards
from parlour.engine.game import GIVE_UP as RUBBISH_GIVE_UP
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.solve.hint import JudgedHint
from parlour.engine.solve.hint import best_judged
from parlour.engine.solve.hint import sample_orders
from parlour.engine.solve.hint import seed_from
from parlour.engine.solve.hint import wins_then_score
from parlour.engine.solve.rubbish import ordered_moves
from parlour.engine.solve.rubbish import solve_rubbish
from parlour.engine.verdict import Verdict

#: orders of the hidden cards sampled for a hint
JUDGED_SAMPLES: Final = 8
#: positions each sampled deal's search may visit after each candidate move (a position
#: costs some 30 µs)
RUBBISH_BUDGET: Final = 1500


def rubbish_visible_seed(state: RubbishState) -> int:
    """The board place by place, the foundations, the waste heap, R7's lock, the round of
    discards, the options and how many cards the stock holds: never the stock's order."""
    return seed_from(
        [
            " ".join("--" if c is None else str(c) for c in state.board),
            ",".join(map(str, state.foundations)),
            format_cards(state.waste),
            f"{state.waste_locked} {state.discard_rank} {state.discards_left} {state.phase}",
            ",".join(sorted(state.options)),
            str(len(state.stock)),
        ]
    )


def rubbish_hint(
    state: RubbishState, *, samples: int = JUDGED_SAMPLES, budget_nodes: int = RUBBISH_BUDGET
) -> JudgedHint[RubbishMove]:
    """Rubbish Heap: the move that wins most often over sampled orders of the stock.

    The candidates are the legal moves other than giving up, in the order the solver
    tries them (:func:`parlour.engine.solve.rubbish.ordered_moves`); with only one, it is
    the hint. Giving up is hinted only when nothing else is legal.
    """
    moves = RUBBISH.legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is nothing to hint")
    candidates = ordered_moves(state)
    if len(candidates) <= 1:
        return JudgedHint(candidates[0] if candidates else RUBBISH_GIVE_UP, (), 0)
    count = samples if len(state.stock) > 1 else 1
    orders = sample_orders(state.stock, count, random.Random(rubbish_visible_seed(state)))

    def judge_in(order: tuple[Card, ...]) -> Callable[[RubbishMove], Verdict]:
        deal = replace(state, stock=order)
        return lambda move: solve_rubbish(RUBBISH.apply(deal, move), budget_nodes=budget_nodes)

    return best_judged(candidates, [judge_in(order) for order in orders], wins_then_score)


def hint(state: RubbishState) -> RubbishMove:
    """The plug-in's hint: :func:`rubbish_hint`'s move."""
    return rubbish_hint(state).move
