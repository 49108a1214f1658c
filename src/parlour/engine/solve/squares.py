"""An exact Three Squares solver: winnable, not winnable, or unknown within a budget.

Knowing the order of the pack, the player's choices are the builds, the spaces filled
(from the pack or from a heap of the same square), and when to deal. The solver searches
them depth first, never entering a position twice, in its own model of the game
(:mod:`parlour.engine.solve.squares_model`, whose docstring proves what it leaves out):

1. one entry per class of positions that differ only by where the lone cards of a square
   with a space lie (the player can move them about freely), and the heaps of a square
   that no deal can reach any more (and, with the pack empty, the squares) in any order;
2. a bound that proves a position lost when some cards can never move again and lie so
   that a heap can never become empty or one complete suit.

The search is made in rounds (:meth:`_Search.run`), each round in two goes: one trying
builds before deals, one trying deals before builds; each order finds wins the other
misses for want of budget. In a round each go sees at most a quota of positions, and each
search made once the pack is empty at most a cap; a go that ends without being cut short
is exact, and otherwise the next round has both four times as high. So neither one wide
end search nor one order can keep the rest waiting. A third go takes its turn beside
them, looking only for a win: short searches, each from the start, each trying the moves
in an order of its own, drawn at random or the tidiest first (:meth:`_Search.tries`). A
fixed order that goes wrong early spends the whole budget under that first mistake; many
short tries in other orders do not, and on most deals the two exact goes left unknown
they find a win.

The plain depth-first search through the engine's moves
(:func:`parlour.engine.solve.search.solve`) has a short go too
(:data:`~parlour.engine.solve.squares_probe.END_PROBE` positions): the model's best-first
end search can miss a win that going deep finds at once. With at most :data:`PROBE_PACK`
cards left it comes first; with more it is dearer, and comes only once the model's search
has seen :data:`PROBE_AFTER` positions without settling the position
(:func:`~parlour.engine.solve.squares_probe.probe`). So, given a budget of positions with
room for both, the solver settles every position the plain search settles within that
short go (``plain_first=False`` leaves it out, so that the tests can hold the model's own
search to account). Giving up is never tried. While the squares are being formed the
choice of sequence is tried each way through the engine, each first given looks that grow
when the budget is seconds (:func:`_solve_forming`). The line found is made of engine moves
(including the moves of lone cards into spaces that the model leaves out) and is replayed
through the engine as it is made, so it is legal by the engine's own rules.

The engine reads no clock: a caller that wants a time budget passes ``clock`` (a function
returning seconds, such as ``time.process_time``).

>>> from parlour.engine.games.squares import SQUARES
>>> verdict = solve_squares(SQUARES.start_from_seed(1), budget_nodes=20_000)
>>> verdict.status, verdict.best_score
('winnable', 4)
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Generator
from collections.abc import Iterator
from itertools import chain
from random import Random
from typing import Any
from typing import Final

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence
from parlour.engine.solve.squares_end import EXPANDED
from parlour.engine.solve.squares_end import UNSETTLED
from parlour.engine.solve.squares_end import Endgame
from parlour.engine.solve.squares_model import DEAL as DEAL_MOVE
from parlour.engine.solve.squares_model import Model
from parlour.engine.solve.squares_model import Pos
from parlour.engine.solve.squares_model import codes
from parlour.engine.solve.squares_model import score
from parlour.engine.solve.squares_model import tangles
from parlour.engine.solve.squares_probe import PROBE_AFTER
from parlour.engine.solve.squares_probe import PROBE_PACK
from parlour.engine.solve.squares_probe import Answer
from parlour.engine.solve.squares_probe import probe
from parlour.engine.solve.squares_replay import model_position
from parlour.engine.solve.squares_replay import replay_path
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import OutOfBudget
from parlour.engine.verdict import PlainSolver
from parlour.engine.verdict import Verdict

_SUITS: Final = 4
#: the most positions the first round of end searches may each see (see :meth:`_Search.run`);
#: with 250 rather than 1,000, seeds 1 to 120 had 106 and 107 deals settled in two runs
#: against 103 and 103, side by side in one process, and no deal lost a verdict
FIRST_END_CAP: Final = 250
#: how many positions a go of the search sees before the other has its turn
SLICE: Final = 200
#: the positions the first of the short tries for a win may see (:meth:`_Search.tries`),
#: and how much more each next one may
FIRST_TRY: Final = 100
TRY_GROWTH: Final = 1.3
#: the orders of the tries are drawn from this seed, so that a search is the same each
#: time it is made with the same budget of positions
TRY_SEED: Final = 12345


#: the share of the seconds left that the first round of looks at the choices of sequence
#: takes between them (:func:`_solve_forming`); each next round takes four times the share
#: of what is left then, while that is at most :data:`LOOKS_UP_TO` (so that the choice
#: searched first in turn has most of the budget still)
FIRST_LOOK: Final = 0.1
LOOKS_UP_TO: Final = 0.4

#: what a walk of the search seen up to its limit of positions answers (:meth:`_Search.walk`)
_CUT: Final = object()


class Settled(Exception):
    """Raised out of the model's search when the search made aside settles the position
    (:meth:`_Search.pause`)."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer[0])
        self.answer = answer


class _Search:
    """Depth-first search of one building position, in two goes taking turns; positions
    with the pack empty are handed to :class:`Endgame`."""

    def __init__(self, state: SquaresState, budget: Budget) -> None:
        self.model = Model(codes(state.pack), state.squares)
        self.budget = budget
        heaps, p, nd = model_position(self.model, state)
        self.root = self.model.key(list(heaps), p, nd)
        self.endgame = Endgame(self.model, budget)
        self.best = score(self.root[0])
        self.best_path: list[Pos] = [self.root]
        self.path: list[Pos] = [self.root]
        #: a search made once, at the first pause after :data:`PROBE_AFTER` positions;
        #: its definite answer ends the search (:class:`Settled`)
        self.aside: Callable[[], Answer | None] | None = None
        self.start = budget.nodes
        #: each building position's children (:meth:`children`)
        self.expanded: dict[Pos, tuple[tuple[Pos, ...], int]] = {}

    def run(self) -> bool:
        """Whether the root can be won; then ``path`` leads to the win.

        Two goes take turns, :data:`SLICE` positions at a time: one tries builds before
        deals, the other deals before builds (each order finds wins the other misses for
        want of budget). In a go each end search sees at most a cap of positions; a go
        that ends with no win and no end search cut short is exact (the root is lost),
        and one that had some cut short starts again with a cap four times as high (the
        positions shown lost are remembered). So neither one wide end search nor one
        order can keep the rest waiting. The search made :attr:`aside`, if any, has its
        turn between two slices."""
        if self.model.n == self.root[1]:  # the pack is empty: one end search
            cap = FIRST_END_CAP
            while (found := self.finish([self.root], cap)) is UNSETTLED:
                cap *= 4
            return bool(found)
        goes = [self.go(False, FIRST_END_CAP), self.go(True, FIRST_END_CAP)]
        caps = [FIRST_END_CAP, FIRST_END_CAP]
        tries = self.tries()
        while True:
            for k in (0, 1):
                try:
                    next(goes[k])
                except StopIteration as stop:
                    if stop.value is not UNSETTLED:
                        return bool(stop.value)
                    caps[k] *= 4
                    goes[k] = self.go(k == 1, caps[k])
                self.pause()
            try:
                next(tries)
            except StopIteration:
                return True
            self.pause()

    def pause(self) -> None:
        """Between two slices: make the search :attr:`aside` once the model's search has
        seen :data:`PROBE_AFTER` positions; raise :class:`Settled` if it settles."""
        if self.aside is not None and self.budget.nodes - self.start >= PROBE_AFTER:
            aside, self.aside = self.aside, None
            if (answer := aside()) is not None:
                raise Settled(answer)

    def go(self, deal_first: bool, cap: int) -> Generator[None, None, object]:
        """One go; it pauses every :data:`SLICE` positions. It ends with True (a win:
        ``path`` leads to it), False (no win) or :data:`UNSETTLED`."""
        self.budget.tick()
        found, _ = yield from self.walk(
            lambda pos: self.expand(pos, deal_first), cap, None, self.budget.nodes + SLICE
        )
        return found

    def tries(self) -> Generator[None, None, None]:
        """Short searches for a win, one after another, each from the root, the first two
        seeing at most :data:`FIRST_TRY` positions and each next two :data:`TRY_GROWTH`
        times as many, each end search at most :data:`FIRST_END_CAP`; it pauses every
        :data:`SLICE` positions, and ends only on a win (then ``path`` leads to it). Of
        each two, one takes the children of every position in an order drawn at random
        (:data:`TRY_SEED`), the other the tidiest first (:meth:`tidiest`). It proves
        nothing lost: the exact goes do that. A try that sees every position it can reach
        (a small search) leaves the rest to them."""
        draw = Random(TRY_SEED)
        limit = float(FIRST_TRY)
        pause = self.budget.nodes + SLICE
        orders = [
            lambda pos: self.shuffled(pos, draw),
            lambda pos: self.tidiest(pos, draw),
        ]
        while True:
            for order in orders:
                found, pause = yield from self.walk(order, FIRST_END_CAP, int(limit), pause)
                if found is True:
                    return
                if found is not _CUT:  # the whole search seen: no other order finds more
                    while True:
                        yield
            limit *= TRY_GROWTH

    def walk(
        self, order: Callable[[Pos], Iterator[Pos]], cap: int, limit: int | None, pause: int
    ) -> Generator[None, None, tuple[object, int]]:
        """Depth first from the root, never entering a position twice, the children of
        each position in ``order``; the end searches see at most ``cap`` positions each.
        It pauses once the budget has counted ``pause`` positions, and every
        :data:`SLICE` after. It ends with True (a win: ``path`` leads to it), False (no
        win), :data:`UNSETTLED` (no win, but an end search was cut short) or
        :data:`_CUT` (``limit`` positions seen first), and when it is next to pause."""
        n = self.model.n
        budget = self.budget
        stop = None if limit is None else budget.nodes + limit
        path = [self.root]
        unsettled = False
        seen = {self.root}
        stack = [order(self.root)]
        while stack:
            if stop is not None and budget.nodes >= stop:
                return _CUT, pause
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                path.pop()
                continue
            if child in seen:
                continue
            seen.add(child)
            path.append(child)
            if child[1] == n:
                found = self.finish(path, cap)
                if found is True:
                    return True, pause
                unsettled |= found is UNSETTLED
                path.pop()
            else:
                budget.tick()
                points = score(child[0])
                if points > self.best:
                    self.best, self.best_path = points, list(path)
                stack.append(order(child))
            if budget.nodes >= pause:
                yield
                pause = budget.nodes + SLICE
        return (UNSETTLED if unsettled else False), pause

    def shuffled(self, pos: Pos, draw: Random) -> Iterator[Pos]:
        """The children of ``pos`` in an order drawn by ``draw``."""
        children = list(self.known(pos)[0])
        draw.shuffle(children)
        return iter(children)

    def tidiest(self, pos: Pos, draw: Random) -> Iterator[Pos]:
        """The children of ``pos``, those with the fewest cards lying on a card that is not
        their next-higher one first (:func:`tangles`), in an order drawn by ``draw`` among
        equals. (Alone, this order found wins of seeds 1 to 1,000 that the random one
        missed within the second, and missed others it found: taking turns, they settle
        more than either.)"""
        children = list(self.known(pos)[0])
        draw.shuffle(children)
        children.sort(key=lambda child: tangles(child[0]))
        return iter(children)

    def finish(self, path: list[Pos], cap: int) -> object:
        """Search on with the pack empty from the end of ``path``: True on a win (then
        ``path`` and :attr:`path` lead to it), False on none, or :data:`UNSETTLED`."""
        endgame = self.endgame
        before = endgame.best
        try:
            line = endgame.solve(path[-1], cap)
        finally:
            if endgame.best > max(before, self.best):
                self.best, self.best_path = endgame.best, path + endgame.best_path
        if line is UNSETTLED:
            return UNSETTLED
        if line is None:
            return False
        self.path = path + line
        return True

    def expand(self, pos: Pos, deal_first: bool) -> Iterator[Pos]:
        """The children of ``pos`` in the order of the go: deals first, or builds first
        (the last of the model's list first)."""
        children, deals = self.known(pos)
        if deal_first:
            return chain(children[:deals], reversed(children[deals:]))
        return reversed(children)

    def known(self, pos: Pos) -> tuple[tuple[Pos, ...], int]:
        """:meth:`children`, remembered (:attr:`expanded`): the other go, the tries and
        the later rounds meet the same positions again."""
        known = self.expanded.get(pos)
        return known if known is not None else self.children(pos)

    def children(self, pos: Pos) -> tuple[tuple[Pos, ...], int]:
        """The children of ``pos`` (none when the frozen cards refute it) and how many of
        them, first in the list, are deals."""
        if self.model.frozen_lost(pos[0]):
            known: tuple[tuple[Pos, ...], int] = ((), 0)
        else:
            children = self.model.children(pos)
            deals = sum(1 for _, recipe in children if recipe[0] == DEAL_MOVE)
            known = tuple(child for child, _ in children), deals
        if len(self.expanded) >= EXPANDED:
            self.expanded.clear()
        self.expanded[pos] = known
        return known


def solve_squares(
    state: SquaresState,
    *,
    budget_nodes: int | None = 1_000_000,
    budget_seconds: float | None = None,
    clock: Callable[[], float] | None = None,
    with_line: bool = True,
    budget: Budget | None = None,
    plain_first: bool = True,
) -> Verdict:
    """Search from ``state`` for a win, within the budgets given (as ``search.solve``).
    With ``with_line`` false the line is left empty (only the opening choice of sequence,
    if any, is given): replaying it through the engine is often the dearer part of a small
    search, and a caller that wants only the verdict and the score can skip it."""
    if budget is None:
        budget = Budget(budget_nodes, budget_seconds, clock)
    status, points, line = _solve(state, budget, with_line, plain_first)
    return Verdict(status, points, tuple(line), budget.nodes, budget.elapsed())


#: the plug-in's solver
SOLVER: Final[PlainSolver[SquaresState]] = PlainSolver(
    lambda state, budget: solve_squares(state, budget=budget)
)


def _solve(
    state: SquaresState, budget: Budget, with_line: bool = True, plain_first: bool = True
) -> tuple[str, int, list[Any]]:
    if state.phase is Phase.FINISHED:
        outcome = SQUARES.outcome(state)
        assert outcome is not None
        return (WINNABLE if outcome.won else NOT_WINNABLE), outcome.score, []
    if state.phase in FORMING:
        return _solve_forming(state, budget, with_line, plain_first)
    search = _Search(state, budget)
    # (a position the model's bound refutes at once needs no plain search)
    if plain_first and not search.model.frozen_lost(search.root[0]):
        if len(state.pack) > PROBE_PACK:
            search.aside = lambda: probe(state, budget)
        elif (quick := probe(state, budget)) is not None:
            return quick
    try:
        won = search.run()
    except OutOfBudget:
        won = None
    except Settled as settled:
        return settled.answer
    if won:
        line = replay_path(state, search.path)[0] if with_line else []
        return WINNABLE, _SUITS, line
    line = replay_path(state, search.best_path)[0] if with_line else []
    return (UNKNOWN if won is None else NOT_WINNABLE), search.best, line


def _solve_forming(
    state: SquaresState, budget: Budget, with_line: bool, plain_first: bool
) -> tuple[str, int, list[Any]]:
    """Each choice of sequence in turn (S2, S3), after rounds of looks at every one not
    yet settled (:func:`_look`): a choice that would take the whole budget must not keep
    one that is settled sooner from being tried."""
    choices = [move for move in SQUARES.legal_moves(state) if isinstance(move, TakeSequence)]
    known: dict[int, Answer] = {}
    #: the best line found so far, a look's included (every line is one the engine plays)
    best: tuple[int, list[Any]] = (-1, [])
    share = FIRST_LOOK
    while len(choices) - len(known) > 1 and share <= LOOKS_UP_TO:
        looking = [k for k in range(len(choices)) if k not in known]
        if (left := _seconds_left(budget)) is None:
            break
        for k in looking:
            look = _look(budget, share / len(looking), left)
            if look is None:
                break
            answer = _solve(SQUARES.apply(state, choices[k]), look, with_line, plain_first)
            budget.spend(look.nodes)
            if answer[0] == WINNABLE:
                return WINNABLE, answer[1], [choices[k], *answer[2]]
            if answer[0] == NOT_WINNABLE:
                known[k] = answer
            elif answer[1] > best[0]:
                best = (answer[1], [choices[k], *answer[2]])
        share *= 4
    verdict = NOT_WINNABLE
    for k, move in enumerate(choices):
        found = known.get(k)
        if found is None:
            found = _solve(SQUARES.apply(state, move), budget, with_line, plain_first)
        status, points, line = found
        if status == WINNABLE:
            return status, points, [move, *line]
        if points > best[0]:
            best = (points, [move, *line])
        if status == UNKNOWN:
            verdict = UNKNOWN
    return verdict, best[0], best[1]


def _seconds_left(budget: Budget) -> float | None:
    """The seconds a budget has left (None for a budget of positions alone, or none: then
    there are no looks, and the searches are the same as with no budget up to its end, so
    that a budget just big enough gives the verdict)."""
    if budget.deadline is None or budget.clock is None:
        return None
    return budget.deadline - budget.clock()


def _look(budget: Budget, part: float, left: float) -> Budget | None:
    """A budget for a look at one choice of sequence: ``part`` of the ``left`` seconds a
    round of looks began with (and of the positions left, if counted). On seeds 1 to
    1,000 a choice tried first took the whole second of seed 475, whose other choice is
    won in 0.04 s; the rounds grow for choices won within a few tenths (seed 2326)."""
    nodes = None if budget.limit is None else int((budget.limit - budget.nodes) * part)
    if nodes is not None and nodes < 1:
        return None
    return Budget(nodes, left * part, budget.clock)
