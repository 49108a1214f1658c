"""The Three Squares solver's short go of the plain depth-first search through the
engine's moves (:func:`probe`, made by :mod:`parlour.engine.solve.squares`)."""

from __future__ import annotations

from typing import Any
from typing import Final

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.solve.search import solve as generic_solve
from parlour.engine.verdict import Budget
from parlour.engine.verdict import OutOfBudget

#: a verdict as the solver gives it: the status, the best score and the line
Answer = tuple[str, int, list[Any]]

#: positions the plain depth-first search through the engine's moves may visit (see
#: :func:`probe`)
END_PROBE: Final = 500
#: the most cards the pack may hold for that plain search to be made before the model's
#: search; with more it is made later, if the model's search has not settled
PROBE_PACK: Final = 8
#: how many positions the model's search sees before that plain search is made, with a
#: longer pack (four wins in five of seeds 1 to 60 took fewer)
PROBE_AFTER: Final = 2_000
#: the most of the time left that plain search may take, given seconds: on a deal it
#: seldom settles anything (one choice of sequence in 18 on seeds 1 to 30)
PROBE_TIME: Final = 0.25


def probe(state: SquaresState, budget: Budget) -> Answer | None:
    """The plain depth-first search through the engine's moves, for at most
    :data:`END_PROBE` positions of ``budget``: its answer when definite, else None.

    The model's best-first end search can spend its whole budget on a wide plateau of
    positions before it tries the line that wins, where the plain search finds it at
    once (seed 15620 played on to an empty pack: out of the model's reach in 50,000
    positions, won by the plain search in 277). With a short pack (at most
    :data:`PROBE_PACK` cards) this go comes first: it is cheap. With a longer one it
    costs more than the model's search takes on most deals that are won (every engine
    position it makes with the pack empty runs the end search of ruling S10: a median
    of 0.19 s on the deals of seeds 1 to 30, where the model's search wins a deal in a
    median of 458 positions, about 0.04 s), so it waits until the model's search has
    seen :data:`PROBE_AFTER` positions without settling. Either way a budget of
    positions with room for both settles every position that this plain search settles
    within :data:`END_PROBE` positions. Given seconds, it has at most :data:`PROBE_TIME`
    of those left, and reads the clock at every position (:class:`Watched`)."""
    share = budget.share(END_PROBE)
    if share.limit is not None and share.limit <= 1:
        return None
    seconds = None
    if share.deadline is not None:
        seconds = PROBE_TIME * (share.deadline - share.start)
    quick = generic_solve(SQUARES, state, budget=Watched(share.limit, seconds, share.clock))
    budget.spend(quick.nodes)
    if not quick.definite:
        return None
    return quick.status, quick.best_score, list(quick.line)


class Watched(Budget):
    """A budget that reads its clock at every position, not every few hundred: a
    position of the plain search can take milliseconds (each engine move with the pack
    empty runs the end search of ruling S10), and reading the clock every 256 let one
    search of 500 positions run 8 s past a budget of one second."""

    def tick(self) -> None:
        super().tick()
        if self.deadline is not None and self.clock is not None and self.clock() >= self.deadline:
            raise OutOfBudget
