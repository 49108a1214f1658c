"""An exact Golf solver: the best score a hole allows when the order of the stock is known.

:func:`solve_golf` finds, from any position, the best score under ruling G4 that some
sequence of legal moves reaches (the fewest cards left on the links; if the links can be
cleared, the most stock cards left unturned) and a line of moves that reaches it. It
works under the book rule (the stock only at a stoppage) and under ``free-stock``.

How it searches
---------------
A depth-first branch and bound over a compact copy of the position: the column heights
packed in one int, the exposed cards as a bit mask per rank (as in the engine's states),
the number of stock cards turned, the link cards' ranks as counts packed in one int, and
the foundation's top *rank* (suits never matter). The best score found so far is the
bound; a position is given up as soon as it cannot beat it, and the search stops early
if it clears the links without turning a card. What keeps it small:

* **The top card counts only through what it lets you play.** Positions with the same
  columns, the same stock still to come and the same set of playable columns have the
  same future, so a position is remembered by its heights and its playable columns
  (under the book rule, with the number of cards turned).
* **Under free-stock, turning early never hurts.** A position with at least as much
  stock still to come is at least as good, and playing a column leads to the same
  heights whatever card it went on: so from one set of heights each column need only be
  played once, at the earliest turn any search of those heights could play it, and the
  turns need only be swept once, from the earliest turn a search of them began. Each set
  of heights remembers, for each number of cards turned, the columns played by then and
  whether a sweep had begun; a later visit plays only the columns not played by its own
  turn, and sweeps only if none had begun. Turning is one sweep over the stock still to
  come, looking only at the first card of each rank.
* **A card that can never again carry another is best played at once.** When such a
  card (a king, or a card whose neighbouring ranks are all gone) can be played, playing
  it and then turning is at least as good as turning now, so the free-stock search does
  not also try turning there.
* **A lower bound.** Play moves the foundation one rank at a time, so a rank that no
  carrier (top card, stock, link card; never a king) can reach through ranks that still
  have cards is lost. And every card played goes onto a card one rank away, each card
  carrying at most one: matching the link cards with the cards that could carry them is
  a small transport problem on the line of ranks, solved exactly by a greedy pass; cards
  left unmatched can never be played. When the best score so far is a clearance, only
  the part of the stock that could still beat it counts. The bound is checked at each
  point of the turning sweep (and at every position under the book rule) and cached by
  the rank counts; not where fewer link cards are left than it would have to find lost.

Under free-stock the book-rule solution is found first (it is legal under free-stock
too) and serves as the opening bound. The search is a recursion at most two frames per
card deep: one frame searches a position, its own plays and those at each point of its
sweep made by one loop written out there (a call per point costs more than the loop in
this, the innermost part of the search). It never reads a clock of its own: for a time
budget the caller passes one.

>>> from parlour.engine.games.golf import GOLF
>>> solution = solve_golf(GOLF.start_from_seed(1))
>>> solution.best_score, solution.exact, [str(move) for move in solution.line[:4]]
(13, True, ['7', 's', 's', '2'])
>>> par_for_seed(1, ["free-stock"])
12
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from typing import Final

from parlour.engine.cards import KING
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PLAYS
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfMove
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import PlayColumn
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import hole_seed
from parlour.engine.solve.golf_bound import bound
from parlour.engine.solve.golf_tables import COLS_BY_MASK
from parlour.engine.solve.golf_tables import NK
from parlour.engine.solve.golf_tables import Tables
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Verdict

#: a clock for the seconds budget, supplied by the caller (the engine reads no clock)
Clock = Callable[[], float]

_CHECK_EVERY: Final = 1024  # nodes between budget checks


class _Stop(Exception):
    """Unwinds the search: the budget ran out, or the best possible score was reached."""


class _Search:
    """One solve: the position in compact form, and the best line found so far.

    A line is kept as a list of ints: ``c >= 0`` plays column ``c`` (0-based) and ``-k``
    turns ``k`` stock cards."""

    def __init__(self, state: GolfState, budget: Budget) -> None:
        self.state = state
        self.tables = Tables(state)
        self.budget = budget
        self.out_of_budget = False
        # the opening bound: play the first playable column, else turn, to the end
        path: list[int] = []
        legal = state.legal
        while legal:
            move = legal[0]
            path.append(move.column - 1 if isinstance(move, PlayColumn) else -1)
            state = GOLF.apply(state, move)
            legal = state.legal
        self.best = GOLF.score(state)
        self.best_path = path

    def moves(self) -> tuple[GolfMove, ...]:
        moves: list[GolfMove] = []
        for step in self.best_path:
            if step >= 0:
                moves.append(PLAYS[step])
            else:
                moves.extend([TURN] * -step)
        return tuple(moves)

    def next_check(self) -> int:
        """The node count at which to look at the budget next (the search counts its
        positions itself: a call per position would cost too much)."""
        room = self.budget.room()
        at = self.budget.nodes + _CHECK_EVERY
        return at if room is None else min(at, self.budget.nodes + room)

    def run(self, free: bool) -> None:
        """Search under free-stock (``free``) or the book rule, improving ``best``.

        The search is a set of closures over local names: in this, the solver's innermost
        loop, a closure's names are read faster than an object's attributes."""
        tables = self.tables
        total, height_mask, shifts = tables.total, tables.height_mask, tables.shifts
        units, ranks, deltas, cards = tables.units, tables.ranks, tables.deltas, tables.cards
        stock, supply, suffix, sweeps = tables.stock, tables.supply, tables.suffix, tables.sweeps
        last = tables.last
        nk = NK
        cols_by_mask = COLS_BY_MASK
        lower_bound = bound
        h0, counts0, links0 = tables.h0, tables.counts0, tables.links0

        def last_playable(exposed: int) -> int:
            """The columns playable on the last stock card."""
            return (exposed >> 7 * last - 7 | exposed >> 7 * last + 7) & 127 if last < KING else 0

        # the bound by the carriers: by the link counts, and the ranks cut off by the
        # ranks the links hold
        by_carriers: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
        # the sweep's bound at stock card j, by the link counts: with the stock from card
        # j on as the carriers while the best score is not a clearance, and from then on
        # with only the cards j … end - 1 that a better clearance could turn (remade each
        # time the best clearance improves); ``need`` is how many lost cards are too many
        missing_by_turn: tuple[dict[int, int], ...] = tuple({} for _ in range(total + 1))
        cut_offs: tuple[dict[int, int], ...] = tuple({} for _ in range(total + 1))
        carriers_at = suffix
        path: list[int] = []
        push, pop = path.append, path.pop
        best = self.best
        need = max(best, 1)
        nodes = self.budget.nodes
        check_at = self.next_check()
        floor = -total  # the best score possible at all: clear without turning a card

        def by_turn(end: int) -> None:
            """Start the sweep's bound afresh for clearances before stock card ``end``."""
            nonlocal missing_by_turn, cut_offs, carriers_at
            missing_by_turn = tuple({} for _ in range(total + 1))
            cut_offs = tuple({} for _ in range(total + 1))
            carriers_at = tuple(supply[j][end] if j <= end else 0 for j in range(total + 1))

        def leaf(score: int, turns: int) -> None:
            nonlocal best, need
            if score < best:
                best = self.best = score
                need = max(score, 1)
                self.best_path = [*path, -turns] if turns else path[:]
                if score <= floor:
                    raise _Stop
                if score <= 0:
                    by_turn(total + score - 1)

        if best <= 0:
            by_turn(total + best - 1)

        def checkpoint() -> None:
            nonlocal check_at
            self.budget.nodes = nodes
            check_at = self.next_check()
            if self.budget.spent():
                self.out_of_budget = True
                raise _Stop

        def hopeless(counts: int, s: int, top: int) -> bool:
            """True if no line from here (``s`` cards turned, ``top`` on the foundation,
            0 if it carries nothing) can beat the best score so far."""
            if best > 0:  # to beat it, clear or leave fewer than ``best`` cards
                carriers = suffix[s] + nk[top]
            else:
                end = total + best - 1  # to beat it, clear before turning stock card ``end``
                if end < s:
                    return True
                carriers = supply[s][end] + nk[top]
            known = by_carriers.get(carriers)
            if known is None:
                known = by_carriers[carriers] = ({}, {})
            missing = known[0].get(counts)
            if missing is None:
                missing = known[0][counts] = lower_bound(counts, carriers, known[1])
            return missing >= best if best > 0 else missing > 0

        # free-stock: a position is remembered by its heights, with what has been searched
        # from it: byte ``t`` of ``seen[h]`` holds the columns played from it with at most
        # ``t`` stock cards turned, and bit 7 of it if a search of it began by then (its
        # sweep covers every later turn)
        seen: dict[int, int] = {}
        every = tuple(sum(1 << 8 * u for u in range(t, total + 1)) for t in range(total + 1))
        eights = tuple(8 * t for t in range(total + 1))

        def plays(h: int, exposed: int, s: int, playable: int, links: int, counts: int) -> None:
            """Search the ``playable`` columns of a free-stock position searched before from
            no later (its turns are covered by that search's sweep)."""
            at = eights[s]
            for c in cols_by_mask[playable]:
                delta, unit, card, _, low, high = cards[c][h >> shifts[c] & height_mask]
                after = exposed ^ delta
                next_playable = (after >> low | after >> high) & 127
                child = h - unit
                cover = seen.get(child, 0)
                done = cover >> at & 255
                if not done:
                    push(c)
                    expand(child, after, s, links - 1, counts - card, next_playable, cover)
                    pop()
                elif next_playable & ~done:
                    # searched before from no later: its turns are covered, and so are the
                    # plays made then; only the other columns are new
                    next_playable &= ~done
                    seen[child] = cover | next_playable * every[s]
                    push(c)
                    plays(child, after, s, next_playable, links - 1, counts - card)
                    pop()

        def expand(
            h: int,
            exposed: int,
            s: int,
            links: int,
            counts: int,
            playable: int,
            cover: int,
        ) -> None:
            """Search a free-stock position not searched before from ``s`` turns or fewer
            (``cover`` is what ``seen`` held for it)."""
            nonlocal nodes
            nodes += 1
            if nodes >= check_at:
                checkpoint()
            seen[h] = cover | (128 | playable) * every[s]
            if not links:
                leaf(s - total, 0)
                return
            if s - total >= best:  # even clearing now would not beat it
                return
            if not playable and s == total:
                leaf(links, 0)
                return
            # the plays from here, then the stock turned: one sweep over the ranks still to
            # come (each at its first turn: a later card of the same rank offers the same
            # plays, later), playing each column at the first turn that makes it playable
            # (later, the same play has less stock left). The plays at each point are made
            # by one loop written out here rather than a call to plays(): a call fewer a
            # point in the innermost loop
            played = playable
            t = s  # the cards turned for the plays at this point
            covered = False  # a search from no later covers the rest of the sweep
            points = iter(sweeps[s])
            while True:
                if playable:
                    dead_end = False
                    rest = counts + suffix[t]
                    at = eights[t]
                    for c in cols_by_mask[playable]:
                        delta, unit, card, near, low, high = cards[c][h >> shifts[c] & height_mask]
                        after = exposed ^ delta
                        if not rest & near:
                            dead_end = True
                        next_playable = (after >> low | after >> high) & 127
                        child = h - unit
                        child_cover = seen.get(child, 0)
                        done = child_cover >> at & 255
                        if not done:
                            push(c)
                            expand(
                                child,
                                after,
                                t,
                                links - 1,
                                counts - card,
                                next_playable,
                                child_cover,
                            )
                            pop()
                        elif next_playable & ~done:
                            next_playable &= ~done
                            seen[child] = child_cover | next_playable * every[t]
                            push(c)
                            plays(child, after, t, next_playable, links - 1, counts - card)
                            pop()
                    if t > s:
                        pop()
                    if dead_end or covered or s == total:
                        return
                stop = total + best - 1  # a turn beyond this cannot beat the best score
                for j, _, low, high in points:
                    if j >= stop:
                        return
                    playable = (exposed >> low | exposed >> high) & 127 & ~played
                    if not playable:
                        continue
                    earlier = cover >> eights[j + 1] & 255
                    if earlier:
                        # searched before from no later: the rest of the sweep is covered,
                        # and so are the columns played then
                        playable &= ~earlier
                        if not playable:
                            return
                        covered = True
                    nodes += 1
                    if links >= need:  # (fewer cards than that cannot all be lost)
                        known = missing_by_turn[j]
                        missing = known.get(counts)
                        if missing is None:
                            missing = known[counts] = lower_bound(
                                counts, carriers_at[j], cut_offs[j]
                            )
                        if missing >= need:
                            return
                    seen[h] |= playable * every[j + 1]
                    played |= playable
                    break
                else:
                    # every card turned and nothing played on the last: the hole ends here
                    if not last_playable(exposed):
                        leaf(links, total - s)
                    return
                t = j + 1
                push(s - t)

        # book rule: no sweep, a turn only at a stoppage; remembered with the stock
        seen_book: set[int] = set()

        def visit_book(h: int, exposed: int, s: int, top: int, links: int, counts: int) -> None:
            nonlocal nodes
            nodes += 1
            if nodes >= check_at:
                checkpoint()
            if not links:
                leaf(s - total, 0)
                return
            if s - total >= best:
                return
            playable = (exposed >> 7 * top - 7 | exposed >> 7 * top + 7) & 127 if top < KING else 0
            key = (h << 7 | playable) << 6 | s
            if key in seen_book:
                return
            seen_book.add(key)
            if hopeless(counts, s, top if playable else 0):
                return
            if playable:
                for c in cols_by_mask[playable]:
                    k = h >> shifts[c] & height_mask
                    rank = ranks[c][k]
                    push(c)
                    visit_book(
                        h - units[c], exposed ^ deltas[c][k], s, rank, links - 1, counts - nk[rank]
                    )
                    pop()
            elif s == total:
                leaf(links, 0)
            else:
                push(-1)
                visit_book(h, exposed, s + 1, stock[s], links, counts)
                pop()

        top0 = self.state.foundation[-1].rank
        exposed0 = self.state.exposed
        try:
            if free:
                playable0 = (
                    (exposed0 >> 7 * top0 - 7 | exposed0 >> 7 * top0 + 7) & 127
                    if top0 < KING
                    else 0
                )
                expand(h0, exposed0, 0, links0, counts0, playable0, 0)
            else:
                visit_book(h0, exposed0, 0, top0, links0, counts0)
        except _Stop:
            pass
        self.budget.nodes = nodes


def solve_golf(
    state: GolfState,
    *,
    budget_nodes: int | None = None,
    budget_seconds: float | None = None,
    clock: Clock | None = None,
    budget: Budget | None = None,
) -> Verdict:
    """The best score reachable from ``state`` with the stock's order known, and a line
    of moves reaching it. Works from any position, under either rule (the state's
    options say which). The budget (or ``budget_nodes`` positions and ``budget_seconds``
    on the caller's ``clock``, e.g. ``time.process_time``) limits the search; when it
    runs out the best line found so far is returned with ``exact`` False. The status is
    ``winnable`` when the links can be cleared."""
    if budget is None:
        budget = Budget(budget_nodes, budget_seconds, clock)
    search = _Search(state, budget)
    if state.legal:  # (a hole finished or conceded has nothing left to search)
        search.run(free=False)
        if state.free_stock and not search.out_of_budget:
            search.run(free=True)
    exact = not search.out_of_budget
    if search.best <= 0:
        status = WINNABLE
    else:
        status = NOT_WINNABLE if exact else UNKNOWN
    return Verdict(status, search.best, search.moves(), budget.nodes, budget.elapsed(), exact)


class GolfSolver:
    """Golf's solver for the plug-in (:class:`parlour.engine.plugin.Solver`): exact and
    quick enough to need no budget."""

    default_seconds: float | None = None

    def solve(self, state: GolfState, budget: Budget) -> Verdict:
        return solve_golf(state, budget=budget)

    def verdict_words(self, verdict: Verdict) -> str:
        if not verdict.exact:
            return "unknown (no answer within the time allowed)"
        if verdict.best_score <= 0:
            return f"the links can still be cleared (best {verdict.best_score})"
        return f"the links cannot be cleared (best {verdict.best_score})"


SOLVER: Final = GolfSolver()


def par_for_seed(seed: int, options: Iterable[str] = ()) -> int:
    """The exact best score of the hole that ``seed`` deals, under ``options``."""
    return solve_golf(GOLF.start_from_seed(seed, options)).best_score


def hole_pars(course: int, options: Iterable[str] = ()) -> tuple[int, ...]:
    """The exact best score of each of the nine holes of a course (ruling G5)."""
    chosen = tuple(options)
    return tuple(
        par_for_seed(hole_seed(ROUNDS, course, hole), chosen) for hole in range(1, ROUNDS.holes + 1)
    )


def nine_hole_par(course: int, options: Iterable[str] = ()) -> int:
    """The best total a round on this course allows: the sum of its nine holes' pars."""
    return sum(hole_pars(course, options))


__all__ = ["SOLVER", "Clock", "hole_pars", "nine_hole_par", "par_for_seed", "solve_golf"]
