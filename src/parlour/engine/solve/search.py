"""A game-independent solver: can this position still be won, knowing every hidden card?

Depth-first search over the positions reachable by legal moves (giving up aside), most
promising moves first, never expanding a position twice. It answers ``winnable`` (with a
winning line), ``not winnable`` (the whole reachable space was searched) or ``unknown``
(the budget ran out first), and in every case the best score it saw and a line reaching
it. Most games have faster solvers of their own (each game's plug-in names its solver),
whose tests compare them with this plain search.

Every solver answers with a :class:`~parlour.engine.verdict.Verdict` and counts against
a :class:`~parlour.engine.verdict.Budget`.

The engine reads no clock: a caller that wants a time budget passes ``clock`` (a function
returning seconds, such as ``time.process_time``).

>>> from parlour.engine.games.golf import GOLF
>>> verdict = solve(GOLF, GOLF.start_from_seed(2), budget_nodes=50_000)
>>> verdict.status in {"winnable", "not winnable", "unknown"}
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import Unpack

from parlour.engine.game import Rules
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Limits
from parlour.engine.verdict import OutOfBudget
from parlour.engine.verdict import Verdict
from parlour.engine.verdict import budget_for


def solve(
    rules: Rules[Any, Any],
    state: Any,
    *,
    budget: Budget | None = None,
    **limits: Unpack[Limits],
) -> Verdict:
    """Search from ``state`` for a win, within the budget (or the limits) given."""
    budget = budget_for(budget, limits)
    better: Callable[[int, int], bool] = (
        (lambda a, b: a < b) if rules.lower_is_better else (lambda a, b: a > b)
    )

    def won(position: Any) -> bool:
        outcome = rules.outcome(position)
        return outcome is not None and outcome.won

    best_score = rules.score(state)
    best_line: tuple[Any, ...] = ()
    budget.spend(1)
    if won(state):
        return Verdict(WINNABLE, best_score, (), budget.nodes, budget.elapsed())
    seen = {state}
    # each frame: the children still to try (best last, so pop() takes it)
    stack: list[list[tuple[Any, Any]]] = [_children(rules, state, better)]
    path: list[Any] = []
    try:
        while stack:
            frame = stack[-1]
            if not frame:
                stack.pop()
                if path:
                    path.pop()
                continue
            move, child = frame.pop()
            if child in seen:
                continue
            seen.add(child)
            score = rules.score(child)
            if better(score, best_score):
                best_score, best_line = score, (*path, move)
            if won(child):
                return Verdict(WINNABLE, score, (*path, move), budget.nodes + 1, budget.elapsed())
            budget.tick()
            path.append(move)
            stack.append(_children(rules, child, better))
    except OutOfBudget:
        return Verdict(UNKNOWN, best_score, best_line, budget.nodes, budget.elapsed())
    return Verdict(NOT_WINNABLE, best_score, best_line, budget.nodes, budget.elapsed())


def _children(
    rules: Rules[Any, Any], state: Any, better: Callable[[int, int], bool]
) -> list[tuple[Any, Any]]:
    """The positions one move away, ordered so that ``pop()`` gives the most promising:
    the higher resulting score first, then the engine's own order of moves."""
    children = [
        (move, rules._apply(state, move))
        for move in rules.legal_moves(state)
        if not rules.is_give_up(move)
    ]
    sign = 1 if not rules.lower_is_better else -1
    ranked = sorted(
        enumerate(children),
        key=lambda item: (sign * rules.score(item[1][1]), -item[0]),
    )
    return [child for _, child in ranked]
