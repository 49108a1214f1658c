"""A game-independent solver: can this position still be won, knowing every hidden card?

Depth-first search over the positions reachable by legal moves (giving up aside), most
promising moves first, never expanding a position twice. It answers ``winnable`` (with a
winning line), ``not winnable`` (the whole reachable space was searched) or ``unknown``
(the budget ran out first), and in every case the best score it saw and a line reaching
it. Most games have faster solvers of their own (each game's plug-in names its solver),
whose tests compare them with this plain search.

Every solver answers with a :class:`Verdict` and counts against a :class:`Budget`; a game
whose plug-in names :data:`plain_verdict_words` says what it found in these words.

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
    """What a solver found, in terms every game shares: ``winnable`` (with a line of moves
    to a win), ``not winnable`` (the search saw everything) or ``unknown`` (the budget ran
    out first), the best score seen and a line of moves reaching it, the positions
    searched, and the time taken on the caller's clock (None without one). ``exact`` is
    True when ``best_score`` is proven to be the best possible (a win always is)."""

    status: str
    best_score: int
    line: tuple[Any, ...]
    nodes: int
    seconds: float | None = None
    exact: bool = False

    def __post_init__(self) -> None:
        if self.status == WINNABLE and not self.exact:
            object.__setattr__(self, "exact", True)

    @property
    def definite(self) -> bool:
        return self.status != UNKNOWN


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent."""


class Budget:
    """The one budget every solver counts against: a number of positions, or seconds on
    the caller's ``clock`` (read every few hundred positions; the engine itself reads no
    clock). A solver calls :meth:`tick` for each position it makes, or, where a call per
    position costs too much, counts on its own and asks :meth:`spent` now and then."""

    def __init__(
        self,
        nodes: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if seconds is not None and clock is None:
            raise ValueError("a budget of seconds needs a clock")
        self.nodes = 0
        self.limit = nodes
        self.clock = clock
        self.start = clock() if clock is not None else 0.0
        self.deadline = self.start + seconds if seconds is not None and clock else None

    def tick(self) -> None:
        """Count one position; raise :class:`OutOfBudget` when the budget is spent."""
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

    def spent(self) -> bool:
        """Whether the positions counted so far, or the time, use up the budget."""
        if self.limit is not None and self.nodes >= self.limit:
            return True
        return (
            self.deadline is not None and self.clock is not None and self.clock() >= self.deadline
        )

    def room(self) -> int | None:
        """How many more positions may be counted (None: no limit on positions)."""
        return None if self.limit is None else max(0, self.limit - self.nodes)

    def elapsed(self) -> float | None:
        return self.clock() - self.start if self.clock is not None else None

    def share(self, nodes: int) -> Budget:
        """A budget for a search run on its own inside this one: at most ``nodes``
        positions and what is left of both limits, less the one position this search
        counts next (which then says the budget is spent)."""
        if self.limit is not None:
            nodes = min(nodes, self.limit - self.nodes - 1)
        seconds = None
        if self.deadline is not None and self.clock is not None:
            seconds = self.deadline - self.clock()
        return Budget(nodes, seconds, self.clock)

    def spend(self, nodes: int) -> None:
        """Count the positions such a search made."""
        self.nodes += nodes


def solve(
    rules: Rules[Any, Any],
    state: Any,
    *,
    budget_nodes: int | None = 1_000_000,
    budget_seconds: float | None = None,
    clock: Callable[[], float] | None = None,
    budget: Budget | None = None,
) -> Verdict:
    """Search from ``state`` for a win, within the budget (or the limits) given."""
    if budget is None:
        budget = Budget(budget_nodes, budget_seconds, clock)
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


def plain_verdict_words(verdict: Verdict) -> str:
    """``winnable``, ``no longer winnable (best now N)`` or ``unknown``: how the app's
    live verdict says what a solver found, for a game with no words of its own."""
    if verdict.status == WINNABLE:
        return "winnable"
    if verdict.status == NOT_WINNABLE:
        return f"no longer winnable (best now {verdict.best_score})"
    return "unknown (no answer within the time allowed)"


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
