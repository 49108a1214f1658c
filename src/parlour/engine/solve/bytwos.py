"""An exact By Twos solver: winnable, not winnable, or unknown within a budget.

The generic search (:mod:`parlour.engine.solve.search`) tries every legal move in every
position; in By Twos that is hopeless, because any card that can be built may also be left
where it is, and the same builds can be made in countless orders. This solver plays only
the moves that can matter, by the rules proved below, and refutes most deals outright with
a relaxation (section 4). Its positions come from a model with numbered cards
(:mod:`parlour.engine.solve.bytwos_model`); its lines are engine moves, and the tests
replay them through ``BYTWOS.apply``.

**1. Which copy goes where.** Each pile takes each rank of its suit once, so of the two
copies of a card one ends on the suit's ace pile and the other on its deuce pile. Say a
card ``x`` on view can go on pile ``F`` and the suit's other pile ``G`` does not want it
now.

*Lemma (building at once).* If some winning line builds ``x`` on ``F``, so does one that
builds it now, provided the card that taking ``x`` uncovers is not a first ace or deuce
still to be laid. Proof: let ``T`` be the winning line and ``S`` the position with ``x``
already on ``F``. Until ``T`` builds ``x``, ``F`` takes nothing (it wants ``x``'s rank and
``x`` is the copy it gets), and ``S`` stays ``T``'s position without ``x``: every top card
other than ``x`` is the same, so each build ``T`` makes is legal in ``S``; ``T`` dealing or
building ``x`` is skipped; a redeal is copied, or not needed if ``x`` was all the waste
held (the talon is then empty in ``S``). The only card on view in ``S`` and not in ``T``
is the one ``x`` covers: at first the card under it, which the proviso makes harmless;
later the waste's top when ``T`` deals ``x``, or after a redeal the card that was dealt
onto ``x``, both on view in ``T`` before. So the automatic bases (B2, B7) agree, and when
``T`` builds ``x`` the two positions are equal (up to the deal number of an empty talon).
The line made this way builds what ``T`` builds, so any destinations (below) ``T``
respects, it respects too.

Hence ``x`` is built at once (a *forced* move) when every winning line must put it on
``F``: when ``G`` is past its rank, when the other copy is destined for ``G``, or when no
other copy is left. Otherwise the search branches once, and only once per copy: build
``x`` on ``F`` now, or *destine* ``x`` for ``G`` (so the other copy is destined for ``F``).
A destined copy is built as soon as its pile wants it (the lemma again). The rule that
looks natural, "build whatever can be built at once", is false: with ``F`` wanting a 3 on
the stock, ``G`` wanting a queen, then an ace, then that 3, and the stock ``3 A 3 Q`` in
the last deal, building the first 3 loses (the second 3 must be dealt onto the ace, which
``G`` then cannot reach) while keeping it for ``G`` wins. A test plays it.

**2. When both piles want the card (B8).** Every winning line puts ``x`` on one of them,
at once by the lemma. From here the two piles want the same cards for a stretch
(3 5 7 9 J K, or 2 4 6 8 10 Q); after it the pile with fewer cards goes on and the other
is complete. The pile with fewer cards is the better choice: mirror any winning line from
the other choice, swapping the piles for the cards of the stretch; when the pile ahead
finishes the stretch, the positions are equal. So ``x`` goes on the pile with fewer
cards, unless a copy of the suit is destined already (then the search tries both piles,
or follows the destination).

**3. Everything else.** When nothing is left to do but deal (or turn the waste over), that
is forced. Where the lemma's proviso fails (building would uncover a base still to be
laid, which can happen only in the first deal), the solver tries that build and the other
legal moves one by one, as the generic search does.

**4. The relaxation.** Take one suit alone: keep its cards in their order in the packet
and the talon, and let the other suits' cards vanish. Any line of the real game, read for
one suit, is a line of this smaller game: a card on top of the packet, stock or waste is on
top of that pile's cards of its suit; dealing or building another suit's card changes
nothing; a redeal leaves the suit's stock empty too; a base laid is a build. So if some
suit cannot be completed alone (respecting the destinations made so far), the position
cannot be won. The solver settles the four one-suit games by the same rules (sections 1-3,
with bases built like any card) at the start and at every branch, remembering each
answer; this refutes most deals before any branching.

Sections 1 and 2 count on two copies of each card at most; a position with more (which
the engine can be given for analysis) is handed to the generic search.

>>> import time
>>> from parlour.engine.games.bytwos import BYTWOS
>>> verdict = solve_bytwos(BYTWOS.start_from_seed(1), budget_seconds=5, clock=time.process_time)
>>> verdict.status
'not winnable'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from typing import Final
from typing import Unpack

from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.solve import bytwos_model as model
from parlour.engine.solve.bytwos_model import DO_DEAL
from parlour.engine.solve.bytwos_model import DO_REDEAL
from parlour.engine.solve.bytwos_model import FULL
from parlour.engine.solve.bytwos_model import PLACE
from parlour.engine.solve.bytwos_model import WANT
from parlour.engine.solve.bytwos_model import Layout
from parlour.engine.solve.bytwos_model import Pos
from parlour.engine.solve.search import solve
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Limits
from parlour.engine.verdict import OutOfBudget
from parlour.engine.verdict import PlainSolver
from parlour.engine.verdict import Verdict
from parlour.engine.verdict import budget_for

#: what a position asks of the search: a forced move, a decision, or a free choice
_FORCED, _DECIDE, _CHOOSE = 0, 1, 2


class _Searcher:
    """Depth-first search over one layout, ``bases`` saying whether bases are laid by
    themselves (the real game) or built like any card (the one-suit relaxation)."""

    def __init__(self, lay: Layout, bases: bool, budget: Budget) -> None:
        self.lay = lay
        self.bases = bases
        self.budget = budget
        self.failed: set[tuple[object, ...]] = set()
        self.path: list[int] = []
        self.best = -1
        self.best_line: list[int] = []
        self.bound: Callable[[Pos], bool] | None = None

    def step(self, pos: Pos, move: int) -> Pos:
        self.budget.tick()
        after = model.play(self.lay, pos, move, self.bases)
        self.path.append(move)
        score = after.score()
        if score > self.best:
            self.best, self.best_line = score, list(self.path)
        return after

    def wins(self, pos: Pos) -> bool:
        """Whether ``pos`` can be won; on success ``path`` ends with the winning moves."""
        depth = len(self.path)
        while True:
            if pos.won():
                return True
            what, options = self.examine(pos)
            if what != _FORCED:
                break
            pos = self.step(pos, options[0][0])
        key = pos.key()
        if key in self.failed or (self.bound is not None and not self.bound(pos)):
            self.failed.add(key)
            del self.path[depth:]
            return False
        for move, mark in options:
            below = len(self.path)
            if move >= 0:
                child = self.step(pos, move)
            else:  # destine a card for a pile: no move is made
                ace = mark if move == -1 else 0
                deuce = mark if move == -2 else 0
                child = Pos(pos.p, pos.talon, pos.cur, pos.built, pos.deal, pos.src,
                            pos.to_ace | ace, pos.to_deuce | deuce)  # fmt: skip
            if self.wins(child):
                return True
            del self.path[below:]
        self.failed.add(key)
        del self.path[depth:]
        return False

    def examine(self, pos: Pos) -> tuple[int, list[tuple[int, int]]]:
        """The moves worth trying: one forced move, a decision (build now, or destine the
        card for the twin pile: move -1 or -2 for the ace or deuce pile, with the card's
        bit), or a free choice among the legal moves left."""
        lay = self.lay
        built = pos.built
        free: list[tuple[int, int]] = []
        decision: list[tuple[int, int]] = []
        for source in (model.STOCK, model.WASTE, model.PACKET):
            card = model.top(lay, pos, source)
            if card < 0:
                continue
            rank = lay.rank[card]
            ace = 2 * lay.suit[card]
            wants = (WANT[0][built[ace]] == rank, WANT[1][built[ace + 1]] == rank)
            if not (wants[0] or wants[1]):
                continue
            safe = not self.bases or not _unlaid_base(lay, model.under(lay, pos, source), built)
            kinds = _piles(lay, pos, card, wants, source if safe else -1, decision)
            if safe and len(kinds) == 1:
                return _FORCED, [(2 * source + kinds[0], 0)]
            for kind in kinds:
                free.append((2 * source + kind, 0))
        if decision:
            return _DECIDE, decision
        if pos.cur < len(pos.talon):
            free.append((DO_DEAL, 0))
        elif pos.cur and pos.deal < DEALS:
            free.append((DO_REDEAL, 0))
        if len(free) == 1 and free[0][0] >= DO_DEAL:
            return _FORCED, free
        return _CHOOSE, free


def _piles(
    lay: Layout,
    pos: Pos,
    card: int,
    wants: tuple[bool, bool],
    source: int,
    decision: list[tuple[int, int]],
) -> list[int]:
    """The piles (0 ace, 1 deuce) to build ``card`` on, one of which wants it: one that
    it is destined for; both if both want it and section 2 cannot choose; else only the
    one wanting it, unless section 1 leaves a choice. Where building is safe (``source``
    not -1) a choice is made a decision (if ``decision`` is still empty) and no pile is
    returned; where it is not, the pile wanting it is still tried."""
    bit = 1 << card
    if (pos.to_ace | pos.to_deuce) & bit:  # destined: built as soon as it is wanted
        kind = 0 if pos.to_ace & bit else 1
        return [kind] if wants[kind] else []
    if wants[0] and wants[1]:  # B8: both piles want the card
        kinds = _b8_piles(lay, pos, card)
        if source >= 0 and len(kinds) > 1:
            if not decision:  # it goes on one of them: on either, at once
                decision += [(2 * source, 0), (2 * source + 1, 0)]
            return []
        return kinds
    # section 1: one pile wants it; it is built at once when every winning line must put
    # it there (the twin is past its rank, the other copy is destined for the twin, or
    # there is no other copy); if the other copy is destined for this pile, not at all
    kind = 0 if wants[0] else 1
    others = lay.value_mask[lay.value[card]] & pos.src & ~bit
    if (
        not others
        or pos.built[2 * lay.suit[card] + 1 - kind] > PLACE[1 - kind][lay.rank[card]]
        or others & (pos.to_deuce if kind == 0 else pos.to_ace)
    ):
        return [kind]
    if others & (pos.to_ace if kind == 0 else pos.to_deuce):
        return []
    if source >= 0:
        if not decision:
            decision += [(2 * source + kind, 0), (-2 if kind == 0 else -1, bit)]
        return []
    return [kind]


def _b8_piles(lay: Layout, pos: Pos, card: int) -> list[int]:
    """Section 2: the piles (0 ace, 1 deuce) worth trying for a card both piles want."""
    others = lay.value_mask[lay.value[card]] & pos.src & ~(1 << card)
    suit = lay.suit[card]
    if others & pos.to_ace:
        return [1]
    if others & pos.to_deuce:
        return [0]
    if not (pos.to_ace | pos.to_deuce) & pos.src & lay.suit_mask[suit]:
        return [0 if pos.built[2 * suit] < pos.built[2 * suit + 1] else 1]
    return [0, 1]


def _unlaid_base(lay: Layout, card: int, built: tuple[int, ...]) -> bool:
    """Whether ``card`` is a first ace or deuce whose pile is still empty."""
    if card < 0:
        return False
    rank = lay.rank[card]
    return rank <= 2 and built[2 * lay.suit[card] + rank - 1] == 0


class _Relaxation:
    """Section 4: each suit on its own, solved once per position of its cards."""

    def __init__(self, lay: Layout, budget: Budget) -> None:
        self.lay = lay
        self.known: dict[tuple[object, ...], bool] = {}
        self.searchers = []
        self.in_packet = []  # in_packet[suit][p]: the suit's cards among the first p
        for suit in range(4):
            own = tuple(card for card in lay.packet if lay.suit[card] == suit)
            self.searchers.append(_Searcher(Layout(lay.cards, own), False, budget))
            counts = [0]
            for card in lay.packet:
                counts.append(counts[-1] + (lay.suit[card] == suit))
            self.in_packet.append(counts)

    def allows(self, pos: Pos) -> bool:
        """False when some suit cannot be completed even alone: the deal is lost."""
        lay, built = self.lay, pos.built
        for suit in range(4):
            ace = 2 * suit
            if built[ace] == FULL and built[ace + 1] == FULL:
                continue
            mask = lay.suit_mask[suit]
            waste = [card for card in pos.talon[: pos.cur] if mask >> card & 1]
            stock = [card for card in pos.talon[pos.cur :] if mask >> card & 1]
            counts = [FULL] * 8
            counts[ace], counts[ace + 1] = built[ace], built[ace + 1]
            alone = Pos(
                self.in_packet[suit][pos.p],
                (*waste, *stock),
                len(waste),
                tuple(counts),
                pos.deal,
                pos.src & mask,
                pos.to_ace & mask,
                pos.to_deuce & mask,
            )
            key = (suit, *alone.key())
            answer = self.known.get(key)
            if answer is None:
                searcher = self.searchers[suit]
                answer = searcher.wins(alone)
                searcher.path.clear()
                self.known[key] = answer
            if not answer:
                return False
        return True


def solve_bytwos(
    state: ByTwosState, *, budget: Budget | None = None, **limits: Unpack[Limits]
) -> Verdict:
    """Search from ``state`` for a win, within the budget (or the limits) given."""
    budget = budget_for(budget, limits)
    opening: list[Any] = []
    while state.phase is Phase.FORMING:  # B1: nothing to choose
        state = BYTWOS._apply(state, TURN)
        opening.append(TURN)
    score = BYTWOS.score(state)
    if state.phase is Phase.FINISHED:
        outcome = BYTWOS.outcome(state)
        won = outcome is not None and outcome.won
        status = WINNABLE if won else NOT_WINNABLE
        return Verdict(status, score, tuple(opening), 1, budget.elapsed())
    cards = (*state.packet, *state.waste, *state.stock)
    built_cards = Counter(card for index, count in enumerate(state.built)
                          for card in foundation_cards(index, count))  # fmt: skip
    if any(n > 2 for n in (Counter(cards) + built_cards).values()):
        # more than two copies of a card: section 1 assumes two, so search plainly
        plain = solve(BYTWOS, state, budget=budget)
        return replace(plain, line=(*opening, *plain.line))
    lay = Layout(cards, range(len(state.packet)))
    talon = tuple(range(len(state.packet), len(cards)))
    root = Pos(len(state.packet), talon, len(state.waste), state.built, state.deal,
               (1 << len(cards)) - 1, 0, 0)  # fmt: skip
    searcher = _Searcher(lay, True, budget)
    searcher.best = score

    def verdict(status: str, line: list[int]) -> Verdict:
        moves = (*opening, *(model.ENGINE_MOVES[move] for move in line))
        best = 104 if status == WINNABLE else searcher.best
        return Verdict(status, best, moves, budget.nodes, budget.elapsed())

    try:
        if _probe(searcher, root):
            return verdict(WINNABLE, searcher.path)
        searcher.path.clear()
        relaxation = _Relaxation(lay, budget)
        if not relaxation.allows(root):
            return verdict(NOT_WINNABLE, searcher.best_line)
        searcher.bound = relaxation.allows
        if searcher.wins(root):
            return verdict(WINNABLE, searcher.path)
        return verdict(NOT_WINNABLE, searcher.best_line)
    except OutOfBudget:
        return verdict(UNKNOWN, searcher.best_line)


#: the plug-in's solver
SOLVER: Final[PlainSolver[ByTwosState]] = PlainSolver(
    lambda state, budget: solve_bytwos(state, budget=budget)
)


def _probe(searcher: _Searcher, pos: Pos) -> bool:
    """One quick game, taking the first option at every choice: a first best score."""
    while not pos.won():
        _, options = searcher.examine(pos)
        if not options:
            return False
        move, mark = options[0]
        if move < 0:
            pos = Pos(pos.p, pos.talon, pos.cur, pos.built, pos.deal, pos.src,
                      pos.to_ace | (mark if move == -1 else 0),
                      pos.to_deuce | (mark if move == -2 else 0))  # fmt: skip
        else:
            pos = searcher.step(pos, move)
    return True
