"""The Golf hint: the best move for a player who cannot see the order of the stock.

The player sees every card on the links and on the foundation, and knows which cards are
still in the stock, but not their order. Until the next stock card is turned nothing new
comes into view, so every run of plays that can be made now is known in full: the hint
lists the positions the player can reach before turning again (under the book rule, every
stoppage that some order of plays leads to; with ``free-stock``, every position on the way
too), judges each by its expected score over the orders of the stock the player cannot
see, and gives the first move towards the best.

Under the book rule the judgement has two stages. Once the stock is down to
:data:`EXACT_STOCK` cards it is exact (:class:`ExpectedScores`): the expected score of
each stopping place over every order of the unseen cards, with every later choice made as
well as possible without seeing them. Before that, every order is too many, so the hint
samples up to :data:`EARLY_SAMPLES` of them and works out the same expectimax over the
sample (:func:`parlour.engine.solve.golf_sampled.sampled_expectimax`): each later choice
is made knowing only the cards turned so far, for all the sampled orders that still fit
them. The number of orders is set by a budget of positions, so that a hint stays within
about a second and a half of CPU.

With ``free-stock``, and under the book rule with ``early=SOLVES`` (the earlier hint,
kept to compare against), each sampled order is instead solved on its own, exactly
(:func:`parlour.engine.solve.golf.solve_golf`), and the averages compared
(perfect-information Monte Carlo). That assumes the player will know the whole order from
the next turn on, which flatters some stopping places; over seeded holes the sampled
expectimax plays better (docs/analysis.md).

Sampling is seeded from what the player can see alone, so two deals that differ only in
the hidden order always get the same hint.

>>> from parlour.engine.games.golf import GOLF
>>> hint = golf_hint(GOLF.start_from_seed(7), samples=4)
>>> hint.move in GOLF.legal_moves(GOLF.start_from_seed(7))
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from parlour.engine.cards import KING
from parlour.engine.cards import format_cards
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import GolfMove
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import PlayColumn
from parlour.engine.games.golf_plugin import FREE_STOCK
from parlour.engine.solve.golf import solve_golf
from parlour.engine.solve.golf_sampled import Stoppages
from parlour.engine.solve.golf_sampled import pack
from parlour.engine.solve.golf_sampled import sampled_expectimax
from parlour.engine.solve.hint import sample_orders

#: sampled orders for the sampled solves (free-stock, or ``early=SOLVES``)
DEFAULT_SAMPLES: Final = 16
#: how the book-rule hint judges the stopping places before the exact end: the sampled
#: expectimax (:mod:`.golf_sampled`), or the earlier sampled solves, kept to compare
EXPECTIMAX: Final = "expectimax"
SOLVES: Final = "solves"
#: at most this many sampled orders for the sampled expectimax ...
EARLY_SAMPLES: Final = 512
#: ... worked out on the first PILOT_SAMPLES of them first, and then on as many as
#: EARLY_POSITIONS positions allow (reckoned from the pilot's count), so that a hint
#: stays within about a second and a half of CPU however long the stock
PILOT_SAMPLES: Final = 32
EARLY_POSITIONS: Final = 600_000
#: under the book rule, once the stock holds this many cards or fewer the Golf hint is
#: exact: it works out the expected score of every stopping place over every order of the
#: unseen cards instead of sampling (about half a second, once a hole)
EXACT_STOCK: Final = 9


@dataclass(frozen=True, slots=True)
class GolfHint:
    """The suggested move; each legal move's score, the best of the stopping places it
    leads to (an expected score, or with the sampled solves an average; empty when every
    stopping place leaves the same columns); and how many orders were sampled (0: none,
    the answer is exact or there was nothing to judge)."""

    move: GolfMove
    averages: tuple[tuple[GolfMove, float], ...]
    samples: int


def visible_seed(state: GolfState) -> int:
    """A sampling seed made only from what the player can see: the links, the
    foundation, the options and how many cards the stock holds."""
    seen = "|".join(
        [
            *(format_cards(column) for column in state.columns),
            format_cards(state.foundation),
            ",".join(sorted(state.options)),
            str(len(state.stock)),
        ]
    )
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big") >> 1


def reachable_before_turning(state: GolfState) -> dict[GolfState, GolfMove | None]:
    """The positions the player can reach by plays alone (before turning the stock again),
    each with the first move towards it (``None`` for the position itself). Under the book
    rule only those where the player must stop are listed; with ``free-stock`` every one,
    since the player may turn at any of them."""
    free = FREE_STOCK in state.options
    found: dict[GolfState, GolfMove | None] = {}
    seen: set[GolfState] = set()

    def walk(position: GolfState, first: GolfMove | None) -> None:
        if position in seen:
            return
        seen.add(position)
        plays = [m for m in position.legal if isinstance(m, PlayColumn)]
        if free or not plays:
            found.setdefault(position, first)
        for move in plays:
            walk(GOLF.apply(position, move), first if first is not None else move)

    walk(state, None)
    return found


class ExpectedScores:
    """The best expected score (ruling G4: cards left, or minus the stock to spare) of a
    Golf position under the book rule for a player who knows which cards the stock holds
    but not their order: expectimax, exact.

    Under the book rule the player only ever chooses between stopping places (every run
    of plays must go on until none is left), and the next stock card is equally likely
    to be any unseen card. Suits never matter, so a position is the height of each column
    and the ranks still in the stock; ``value`` is memoised on exactly that, and the
    stopping places reachable after turning a rank are memoised on the heights and the
    rank. One table serves every later position of the same hole, since the columns only
    ever lose cards from the top."""

    def __init__(self, state: GolfState) -> None:
        self._ranks = tuple(tuple(card.rank for card in column) for column in state.columns)
        self._stops: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
        self._memo: dict[tuple[tuple[int, ...], int], float] = {}

    def serves(self, state: GolfState) -> bool:
        """Whether ``state``'s columns are this table's columns with cards taken off."""
        return all(
            len(column) <= len(ranks)
            and all(card.rank == rank for card, rank in zip(column, ranks, strict=False))
            for column, ranks in zip(state.columns, self._ranks, strict=True)
        )

    def heights(self, state: GolfState) -> tuple[int, ...]:
        return tuple(len(column) for column in state.columns)

    def of(self, state: GolfState) -> float:
        """The expected score of ``state``, which must be a stoppage (or the end)."""
        stock = 0
        for card in state.stock:
            stock += 1 << (3 * card.rank)
        return self.value(self.heights(state), stock, len(state.stock))

    def stops(self, heights: tuple[int, ...], top: int) -> tuple[tuple[int, ...], ...]:
        """Every stoppage reachable by plays from ``heights`` with ``top`` on the
        foundation (G2: one rank up or down, no wrap, nothing on a king)."""
        key = (heights, top)
        found = self._stops.get(key)
        if found is not None:
            return found
        ranks = self._ranks
        stops: set[tuple[int, ...]] = set()
        seen: set[tuple[tuple[int, ...], int]] = set()
        pending = [key]
        while pending:
            position = pending.pop()
            if position in seen:
                continue
            seen.add(position)
            now, rank_on_top = position
            played = False
            if rank_on_top != KING:
                for index, height in enumerate(now):
                    if height and abs(ranks[index][height - 1] - rank_on_top) == 1:
                        played = True
                        after = (*now[:index], height - 1, *now[index + 1 :])
                        pending.append((after, ranks[index][height - 1]))
            if not played:
                stops.add(now)
        found = tuple(sorted(stops))
        self._stops[key] = found
        return found

    def value(self, heights: tuple[int, ...], stock: int, left: int) -> float:
        """Expected score at a stoppage: ``stock`` packs the count of each rank still in
        the stock (three bits a rank), ``left`` is how many cards that is."""
        key = (heights, stock)
        known = self._memo.get(key)
        if known is not None:
            return known
        if not any(heights):
            result = float(-left)  # G4: the links are clear
        elif not left:
            result = float(sum(heights))
        else:
            total = 0.0
            for rank in range(1, KING + 1):
                count = stock >> (3 * rank) & 7
                if count:
                    rest = stock - (1 << (3 * rank))
                    total += count * min(
                        self.value(after, rest, left - 1) for after in self.stops(heights, rank)
                    )
            result = total / left
        self._memo[key] = result
        return result


#: the table of the hole being hinted (a memo: it holds nothing that is not worked out
#: from the position it is asked about)
_exact: list[ExpectedScores] = []


def _expected_scores(state: GolfState) -> ExpectedScores:
    if not _exact or not _exact[0].serves(state):
        _exact[:] = [ExpectedScores(state)]
    return _exact[0]


def golf_hint(
    state: GolfState,
    *,
    samples: int | None = None,
    stop: Callable[[], bool] | None = None,
    early: str = EXPECTIMAX,
) -> GolfHint:
    """The move a strong player who cannot see the stock's order would make.

    ``samples`` is the number of sampled orders (for the sampled expectimax, the most
    it may use); ``early`` chooses how the book-rule hint judges the stopping places
    before the exact end (:data:`EXPECTIMAX` or :data:`SOLVES`). ``stop`` is polled
    between samples; when it says so the hint is made from the samples done so far (a
    front end uses it to cancel a hint the player no longer needs).
    """
    # the plays and the turn: conceding (G7) never leaves fewer cards than playing on
    moves = state.legal
    if not moves:
        raise ValueError("the hole is over: there is nothing to hint")
    if len(moves) == 1:
        return GolfHint(moves[0], ((moves[0], float(GOLF.score(state))),), 0)
    targets = reachable_before_turning(state)
    if FREE_STOCK not in state.options:
        if len(state.stock) <= EXACT_STOCK:
            return _exact_golf_hint(state, targets)
        if early == EXPECTIMAX:
            return _expectimax_golf_hint(state, targets, samples or EARLY_SAMPLES, stop)
    samples = samples or DEFAULT_SAMPLES
    rng = random.Random(visible_seed(state))
    orders = sample_orders(state.stock, samples, rng)
    totals = dict.fromkeys(targets, 0.0)
    done = 0
    for order in orders:
        if stop is not None and stop() and done:
            break
        for target in targets:
            sampled = GOLF.position(target.columns, target.foundation, order, target.options)
            # from a target the next move is a turn (or the hole is over): solve from there
            if TURN in sampled.legal:
                sampled = GOLF.apply(sampled, TURN)
            totals[target] += solve_golf(sampled).best_score
        done += 1
    return _aim(moves, targets, {target: totals[target] / done for target in targets}, done)


def unseen_seed(state: GolfState) -> int:
    """A sampling seed made only from the cards the player has not seen (which cards,
    not their order) and the options: the same for every position between two turns."""
    unseen = f"{format_cards(sorted(state.stock))}|{','.join(sorted(state.options))}"
    return int.from_bytes(hashlib.sha256(unseen.encode()).digest()[:8], "big") >> 1


#: the stoppages of the hole being hinted (a memo, like ``_exact``)
_stoppages: list[Stoppages] = []


def _expectimax_golf_hint(
    state: GolfState,
    targets: dict[GolfState, GolfMove | None],
    samples: int,
    stop: Callable[[], bool] | None,
) -> GolfHint:
    """The hint before the exact end (book rule): each stopping place's expected score
    by the sampled expectimax, on as many sampled orders as the budget allows."""
    roots = {target: pack(target) for target in targets}
    if len(set(roots.values())) == 1:  # every stopping place leaves the same columns
        first = next(move for move in targets.values() if move is not None)
        return GolfHint(first, (), 0)
    if not _stoppages or not _stoppages[0].serves(state):
        _stoppages[:] = [Stoppages(state)]
    table = _stoppages[0]
    rng = random.Random(unseen_seed(state))
    orders = [
        tuple(card.rank for card in order) for order in sample_orders(state.stock, samples, rng)
    ]
    known: list[dict[int, int]] = []
    used = min(PILOT_SAMPLES, samples)
    values, positions = sampled_expectimax(table, roots.values(), orders[:used], known)
    affordable = used * EARLY_POSITIONS // max(positions, 1)
    if affordable > used and samples > used and (stop is None or not stop()):
        used = min(samples, affordable)
        values, _ = sampled_expectimax(table, roots.values(), orders[:used], known)
    expected = {target: values[heights] for target, heights in roots.items()}
    return _aim(state.legal, targets, expected, used)


def _exact_golf_hint(state: GolfState, targets: dict[GolfState, GolfMove | None]) -> GolfHint:
    """The hint once the stock is small: each stopping place's exact expected score."""
    table = _expected_scores(state)
    expected = {target: table.of(target) for target in targets}
    return _aim(state.legal, targets, expected, 0)


def _aim(
    moves: tuple[GolfMove, ...],
    targets: dict[GolfState, GolfMove | None],
    score: dict[GolfState, float],
    samples: int,
) -> GolfHint:
    """The first move towards the stopping place with the best score (the one with fewer
    cards left on a tie), and each move's best score among the places it leads to."""
    best = min(targets, key=lambda target: (score[target], target.links_left))
    by_move: dict[GolfMove, float] = {}
    for target, first in targets.items():
        key = first if first is not None else TURN
        by_move[key] = min(by_move.get(key, score[target]), score[target])
    averages = tuple((m, by_move[m]) for m in moves if m in by_move)
    first = targets[best]
    return GolfHint(first if first is not None else TURN, averages, samples)


def hint(state: GolfState) -> GolfMove:
    """The plug-in's hint: :func:`golf_hint`'s move."""
    return golf_hint(state).move
