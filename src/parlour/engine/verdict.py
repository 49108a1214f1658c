"""What every solver answers, and the one budget every solver counts against.

A solver searches from a position for the best result perfect play could reach (knowing
every hidden card) and answers with a :class:`Verdict`. It counts the positions it makes
against a :class:`Budget` of positions or of seconds on the caller's clock: the engine
reads no clock of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import Final
from typing import Generic
from typing import TypedDict
from typing import TypeVar

StateT = TypeVar("StateT")

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


class Limits(TypedDict, total=False):
    """The limits a solver function takes as keywords when no :class:`Budget` is given:
    positions (a million unless said), seconds, and the clock the seconds are read on."""

    budget_nodes: int | None
    budget_seconds: float | None
    clock: Callable[[], float] | None


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


def plain_verdict_words(verdict: Verdict) -> str:
    """``winnable``, ``not winnable (best N)`` or ``unknown``: how the app's
    live verdict says what a solver found, for a game with no words of its own."""
    if verdict.status == WINNABLE:
        return "winnable"
    if verdict.status == NOT_WINNABLE:
        return f"not winnable (best {verdict.best_score})"
    return "unknown (no answer within the time allowed)"


def budget_for(budget: Budget | None, limits: Limits) -> Budget:
    """``budget`` if given, else a new one with the keyword ``limits`` of a solver call."""
    if budget is not None:
        return budget
    return Budget(
        limits.get("budget_nodes", 1_000_000), limits.get("budget_seconds"), limits.get("clock")
    )


@dataclass(frozen=True, slots=True)
class PlainSolver(Generic[StateT]):
    """A plug-in's solver (:class:`parlour.engine.plugin.Solver`) made of a search
    function, for a game whose verdicts need no words of their own."""

    search: Callable[[StateT, Budget], Verdict]
    default_seconds: float | None = 1.0

    def solve(self, state: StateT, budget: Budget) -> Verdict:
        return self.search(state, budget)

    def verdict_words(self, verdict: Verdict) -> str:
        return plain_verdict_words(verdict)
