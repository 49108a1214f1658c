"""A game-independent solver: can this position still be won, knowing every hidden card?

Depth-first search over the positions reachable by legal moves (giving up aside), most
promising moves first, never expanding a position twice. It answers ``winnable`` (with a
winning line), ``not winnable`` (the whole reachable space was searched) or ``unknown``
(the budget ran out first), and in every case the best score it saw and a line reaching
it. Rubbish Heap and By Twos have faster solvers of their own (:mod:`.rubbish`,
:mod:`.bytwos`), whose tests compare them with this plain search; Golf has its own exact
solver.

The engine reads no clock: a caller that wants a time budget passes ``clock`` (a function
returning seconds, such as ``time.process_time``).

>>> from parlour.engine.games.golf import GOLF
>>> verdict = solve(GOLF, GOLF.start_from_seed(2), budget_nodes=50_000)
>>> verdict.status in {"winnable", "not winnable", "unknown"}
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from parlour.engine.game import Rules

WINNABLE: Final = "winnable"
NOT_WINNABLE: Final = "not winnable"
UNKNOWN: Final = "unknown"

#: how often (in positions) the clock is read
_CLOCK_EVERY: Final = 256


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a search found."""

    status: str
    best_score: int
    line: tuple[Any, ...]
    nodes: int
    seconds: float | None = None

    @property
    def definite(self) -> bool:
        return self.status != UNKNOWN


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent."""


class Budget:
    """Counts the positions a solver makes and says when its budget is spent: a number of
    positions, or seconds on the caller's ``clock`` (read every few hundred positions; the
    engine itself reads no clock)."""

    def __init__(
        self, nodes: int | None, seconds: float | None, clock: Callable[[], float] | None
    ) -> None:
        self.nodes = 0
        self.limit = nodes
        self.clock = clock
        self.start = clock() if clock is not None else 0.0
        self.deadline = self.start + seconds if seconds is not None and clock else None

    def tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes >= self.limit:
            raise OutOfBudget
        if (
            self.deadline is not None
            and self.nodes % _CLOCK_EVERY == 0
            and self.clock is not None
            and self.clock() >= self.deadline
        ):
            raise OutOfBudget

    def elapsed(self) -> float | None:
        return self.clock() - self.start if self.clock is not None else None

    def share(self, nodes: int) -> dict[str, Any]:
        """Budgets for a search run on its own inside this one: at most ``nodes``
        positions and what is left of both limits (as :func:`solve`'s keywords), less
        the one position this search counts next (which then says the budget is spent)."""
        if self.limit is not None:
            nodes = min(nodes, self.limit - self.nodes - 1)
        seconds = None
        if self.deadline is not None and self.clock is not None:
            seconds = self.deadline - self.clock()
        return {"budget_nodes": nodes, "budget_seconds": seconds, "clock": self.clock}

    def spend(self, nodes: int) -> None:
        """Count the positions such a search made."""
        self.nodes += nodes


def _is_give_up(rules: Rules[Any, Any], move: Any) -> bool:
    return rules.format_move(move) == "give-up"


def solve(
    rules: Rules[Any, Any],
    state: Any,
    *,
    budget_nodes: int | None = 1_000_000,
    budget_seconds: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Verdict:
    """Search from ``state`` for a win, within the budgets given."""
    start = clock() if clock is not None else 0.0
    deadline = start + budget_seconds if budget_seconds is not None and clock else None
    better: Callable[[int, int], bool] = (
        (lambda a, b: a < b) if rules.lower_is_better else (lambda a, b: a > b)
    )

    def elapsed() -> float | None:
        return clock() - start if clock is not None else None

    def won(position: Any) -> bool:
        outcome = rules.outcome(position)
        return outcome is not None and outcome.won

    best_score = rules.score(state)
    best_line: tuple[Any, ...] = ()
    if won(state):
        return Verdict(WINNABLE, best_score, (), 1, elapsed())
    seen = {state}
    nodes = 1
    # each frame: the children still to try (best last, so pop() takes it)
    stack: list[list[tuple[Any, Any]]] = [_children(rules, state, better)]
    path: list[Any] = []
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
        nodes += 1
        score = rules.score(child)
        if better(score, best_score):
            best_score, best_line = score, (*path, move)
        if won(child):
            return Verdict(WINNABLE, score, (*path, move), nodes, elapsed())
        if budget_nodes is not None and nodes >= budget_nodes:
            return Verdict(UNKNOWN, best_score, best_line, nodes, elapsed())
        out_of_time = (
            deadline is not None
            and clock is not None
            and nodes % _CLOCK_EVERY == 0
            and clock() >= deadline
        )
        if out_of_time:
            return Verdict(UNKNOWN, best_score, best_line, nodes, elapsed())
        path.append(move)
        stack.append(_children(rules, child, better))
    return Verdict(NOT_WINNABLE, best_score, best_line, nodes, elapsed())


def _children(
    rules: Rules[Any, Any], state: Any, better: Callable[[int, int], bool]
) -> list[tuple[Any, Any]]:
    """The positions one move away, ordered so that ``pop()`` gives the most promising:
    the higher resulting score first, then the engine's own order of moves."""
    children = [
        (move, rules._apply(state, move))
        for move in rules.legal_moves(state)
        if not _is_give_up(rules, move)
    ]
    sign = 1 if not rules.lower_is_better else -1
    ranked = sorted(
        enumerate(children),
        key=lambda item: (sign * rules.score(item[1][1]), -item[0]),
    )
    return [child for _, child in ranked]
