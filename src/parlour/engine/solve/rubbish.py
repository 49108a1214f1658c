"""An exact Rubbish Heap solver: winnable, not winnable, or unknown within a budget.

It searches depth first through the engine's own positions (``RUBBISH.legal_moves`` and
``RUBBISH._apply``, so that legality and the automatic steps have one definition), with
three things the generic search (:mod:`parlour.engine.solve.search`) lacks.

**1. One entry per position that matters.** The board's places mean nothing (R1), so the
transposition table keys a position by the board as a sorted set of cards, the waste in
order, the number of cards left in the stock (the stock is always the end of the root's
stock), the foundations, R7's lock and the round of discards in progress.

**2. Moves in a sensible order.** While discarding, the card furthest from going out is
thrown first, so the card kept is the one closest to going out and the one left on top of
the waste the next closest; while filling, the waste's top card is taken back first when
it is within three of going out. This only orders the search; it prunes nothing.

**3. A bound that proves positions lost.** To win, every waste card must leave the waste,
and only its top card ever does. Take the waste ``w1 … wn`` (``w1`` at the bottom) and the
moment ``wi`` first leaves, ``d`` stock cards from now. At that moment:

* every card that is now on the board, now above ``wi`` in the waste, or among the next
  ``d`` stock cards is home or on the board: it is out of the stock, and it is not in the
  waste, which then holds just ``w1 … wi`` (cards join and leave the waste only at the top,
  so nothing gets below ``wi``);
* such a card cannot be home yet if a lower card of its suit is among ``w1 … wi`` (still
  in the waste) or in the stock after those ``d`` cards: call it *held*;
* the held cards are therefore all on the board, which has 13 places, and 12 for them if
  ``wi`` is held too, since then it cannot go home and needs a place itself.

Of the cards not home, a suit's cards below its lowest card among ``w1 … wi`` and the
stock after ``d`` are exactly the ones not held, so the held cards are counted with a
little arithmetic. ``wi`` can leave only if they fit for some ``d``; the waste empties from
the top, so ``wi``'s ``d`` is at least that of the card above it; and after a discard at
least one card must come from the stock first (R7 locks the waste, and nothing can go
home before a new card comes). If no such ``d`` exists for some waste card, the position
cannot be won and the search goes no further. The bound settles most deals: it proves the
lost ones lost and keeps the search for a win out of dead ends.

>>> import time
>>> from parlour.engine.games.rubbish import RUBBISH
>>> solve_rubbish(RUBBISH.start_from_seed(9), budget_seconds=5, clock=time.process_time).status
'winnable'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from typing import Final
from typing import Unpack

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Limits
from parlour.engine.verdict import OutOfBudget
from parlour.engine.verdict import PlainSolver
from parlour.engine.verdict import Verdict
from parlour.engine.verdict import budget_for

_SUIT: Final = {suit: index for index, suit in enumerate(SUITS)}
_PACK: Final = 52
_BOARD: Final = 13
_NONE: Final = 14  # "no card of the suit": higher than any rank
#: the waste's top card is taken back first when it is this close to going out
_TAKE_BACK_WITHIN: Final = 3


def suffix_lows(stock: Sequence[Card]) -> list[tuple[int, ...]]:
    """``lows[j]``: the lowest rank of each suit (C D H S) among ``stock[j:]``, or 14."""
    lows: list[tuple[int, ...]] = [(_NONE,) * 4]
    low = [_NONE] * 4
    for card in reversed(stock):
        suit = _SUIT[card.suit]
        low[suit] = min(low[suit], card.rank)
        lows.append(tuple(low))
    lows.reverse()
    return lows


def waste_stuck(state: RubbishState, lows: Sequence[tuple[int, ...]] | None = None) -> bool:
    """True when some waste card can never leave the waste, so the position cannot be won
    (section 3 above). ``lows`` is :func:`suffix_lows` of a stock that ends with this
    position's stock (computed when not given)."""
    waste = state.waste
    if not waste:
        return False
    stock_left = len(state.stock)
    if lows is None:
        lows = suffix_lows(state.stock)
    first = len(lows) - 1 - stock_left  # where this position's stock starts in ``lows``
    # Of the cards not home, (52 - home) - i - (stock_left - drawn) are neither among
    # w1 … wi nor in the rest of the stock; of those, each suit's cards below its lowest
    # card among w1 … wi and the rest of the stock (``lowest - 1 - built`` of them, 14 for
    # "none") are not held. Summed over the suits, with ``index = i - 1``, the held cards
    # number 55 - stock_left - index + drawn - (the four lowest ranks added up).
    # For each waste card, bottom up: the lowest rank of each suit up to it, the lowest of
    # its own suit below it, its rank and its suit.
    marks: list[tuple[int, int, int, int, int, int, int]] = []
    low = [_NONE] * 4
    for card in waste:
        suit = _SUIT[card.suit]
        below = low[suit]
        if card.rank < below:
            low[suit] = card.rank
        marks.append((low[0], low[1], low[2], low[3], below, card.rank, suit))
    # after a discard nothing leaves the waste before a card comes from the stock (R7)
    locked = state.waste_locked or state.phase is Phase.DISCARDING
    drawn = 1 if locked and stock_left else 0
    for index in range(len(waste) - 1, -1, -1):
        w0, w1, w2, w3, below, rank, suit = marks[index]
        base = 55 - stock_left - index
        while True:
            rest = lows[first + drawn]
            r0, r1, r2, r3 = rest
            lowest = (
                (w0 if w0 < r0 else r0)
                + (w1 if w1 < r1 else r1)
                + (w2 if w2 < r2 else r2)
                + (w3 if w3 < r3 else r3)
            )
            held = base + drawn - lowest
            # 12 places for them when the card itself is held and must go to the board
            if held < _BOARD or (held == _BOARD and rank < below and rank < rest[suit]):
                break
            drawn += 1
            if drawn > stock_left:
                return True
    return False


def _need(card: Card, built: tuple[int, ...]) -> int:
    """How far a card is from going out: 1 when it is the next one its suit needs."""
    return card.rank - built[_SUIT[card.suit]]


def ordered_moves(state: RubbishState) -> list[RubbishMove]:
    """The legal moves, giving up aside, in the order the search tries them (section 2)."""
    moves = [move for move in RUBBISH.legal_moves(state) if move is not GIVE_UP]
    built = state.foundations
    if state.phase is Phase.FILLING:
        if _need(state.waste[-1], built) <= _TAKE_BACK_WITHIN:
            return [FROM_WASTE, FROM_STOCK]
        return [FROM_STOCK, FROM_WASTE]
    discards = [move for move in moves if isinstance(move, Discard)]
    discards.sort(key=lambda move: -_need(move.card, built))
    return list(discards)


def position_key(state: RubbishState) -> tuple[object, ...]:
    """What identifies a position for the search (section 1)."""
    board = sorted([card._key for card in state.board if card is not None])
    return (
        tuple(board),
        state.foundations,
        state.waste,
        len(state.stock),
        state.waste_locked,
        state.discard_rank,
        state.discards_left,
        state.phase,
    )


class _Search:
    def __init__(self, lows: list[tuple[int, ...]], budget: Budget) -> None:
        self.lows = lows
        self.budget = budget
        self.seen: set[tuple[object, ...]] = set()
        self.path: list[RubbishMove] = []
        self.best = -1
        self.best_line: tuple[RubbishMove, ...] = ()

    def wins(self, state: RubbishState) -> bool:
        """Whether ``state`` can be won; on success ``path`` ends with the winning moves."""
        self.budget.tick()
        home = state.cards_home
        if home > self.best:
            self.best, self.best_line = home, tuple(self.path)
        if state.phase is Phase.FINISHED:
            return home == _PACK
        key = position_key(state)
        if key in self.seen:
            return False
        self.seen.add(key)
        if waste_stuck(state, self.lows):
            return False
        for move in ordered_moves(state):
            self.path.append(move)
            if self.wins(RUBBISH._apply(state, move)):
                return True
            self.path.pop()
        return False


def solve_rubbish(
    state: RubbishState, *, budget: Budget | None = None, **limits: Unpack[Limits]
) -> Verdict:
    """Search from ``state`` for a win, within the budget (or the limits) given."""
    budget = budget_for(budget, limits)
    search = _Search(suffix_lows(state.stock), budget)

    def verdict(status: str, line: tuple[Any, ...], score: int) -> Verdict:
        return Verdict(status, score, line, budget.nodes, budget.elapsed())

    try:
        if search.wins(state):
            return verdict(WINNABLE, tuple(search.path), _PACK)
        return verdict(NOT_WINNABLE, search.best_line, search.best)
    except OutOfBudget:
        return verdict(UNKNOWN, search.best_line, search.best)


#: the plug-in's solver
SOLVER: Final[PlainSolver[RubbishState]] = PlainSolver(
    lambda state, budget: solve_rubbish(state, budget=budget)
)
