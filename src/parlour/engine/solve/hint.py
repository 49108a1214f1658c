"""Hints that never peek: the best move judged only from what the player can see.

The player of Golf sees every card on the links and on the foundation, and knows which
cards are still in the stock, but not their order. Until the next stock card is turned
nothing new comes into view, so every run of plays that can be made now is known in full:
the hint lists the positions the player can reach before turning again (under the book
rule, every stoppage that some order of plays leads to; with ``free-stock``, every
position on the way too). Only what comes after the turn is uncertain, so for each of
those positions it samples orders of the stock, solves each sampled deal exactly
(:func:`parlour.engine.solve.golf.solve_golf`), and aims for the position with the lowest
average best score; the hint is the first move towards it (perfect-information Monte
Carlo, applied only where information is really missing). The sampling is seeded from the
visible cards alone, so two deals that differ only in the hidden order always get the
same hint. Under the book rule, once the stock is down to :data:`EXACT_STOCK` cards,
sampling gives way to the exact answer (:class:`ExpectedScores`): the expected score of
each stopping place over every order of the unseen cards, with every later choice made
as well as possible without seeing them. Sampled solves assume the player will know the
whole order from then on; the exact answer does not, and it played better over seeded
holes (see docs/analysis.md).

Rubbish Heap and Three Squares get hints made the same way, by judging each move rather
than each stopping place: the player of Rubbish Heap sees the board, the foundations and
the whole waste heap, and the player of Three Squares every heap; only the order of the
stock (the pack) is hidden. When there is one move to make besides giving up, that is the
hint, with no search. Otherwise the hint samples a few orders of the hidden cards (seeded
from the visible position alone), plays each candidate move in each sampled deal, and
solves the result with a small budget of positions (never of time: the engine reads no
clock). In Rubbish Heap the move whose results are won most often, and then have the best
mean score, is the hint (:func:`rubbish_hint`). A Three Squares position costs the solver
some ten times as much, so its searches are too small to settle much; their mean best
score favours dealing (a search that starts nearer the end of the pack gets further), and
judged by it the hints played far worse than the old heuristic (:func:`squares_hint`).
So there the solver only vetoes: the move proved lost in the fewest sampled deals, then
won in the most, with ties going to the heuristic's move; once the pack is empty the
heuristic's exact end search decides (:func:`squares_solver_hint`). Even so it played
worse than the heuristic over seeded deals, so :func:`suggest` still gives the heuristic's
hint for Three Squares.

>>> from parlour.engine.games.golf import GOLF
>>> hint = golf_hint(GOLF.start_from_seed(7), samples=4)
>>> hint.move in GOLF.legal_moves(GOLF.start_from_seed(7))
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Generic, TypeVar

from parlour.engine.cards import KING, Card, format_cards
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import (
    ACE_PILE_OF,
    Build,
    ByTwosMove,
    ByTwosState,
    DealCard,
    Redeal,
    TurnCard,
    wanted,
)
from parlour.engine.games.golf import FREE_STOCK, GOLF, TURN, GolfMove, GolfState, PlayColumn
from parlour.engine.games.rubbish import GIVE_UP as RUBBISH_GIVE_UP
from parlour.engine.games.rubbish import RUBBISH, RubbishMove, RubbishState
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import Deal as SquaresDeal
from parlour.engine.games.squares_state import (
    FillFromPack,
    GiveUp,
    HeapMove,
    Phase,
    SquaresMove,
    SquaresState,
    TakeSequence,
)
from parlour.engine.solve.golf import solve_golf
from parlour.engine.solve.rubbish import ordered_moves, solve_rubbish
from parlour.engine.solve.search import NOT_WINNABLE, WINNABLE, Verdict
from parlour.engine.solve.squares import model_position, solve_squares
from parlour.engine.solve.squares_model import Model, codes

DEFAULT_SAMPLES: Final = 16
#: under the book rule, once the stock holds this many cards or fewer the Golf hint is
#: exact: it works out the expected score of every stopping place over every order of the
#: unseen cards instead of sampling (about half a second, once a hole)
EXACT_STOCK: Final = 9
#: orders of the hidden cards sampled for a Rubbish Heap or Three Squares hint
JUDGED_SAMPLES: Final = 8
#: positions each sampled deal's search may visit after each candidate move; a Rubbish
#: Heap position costs some 30 µs, a Three Squares one some 300 µs
RUBBISH_BUDGET: Final = 1500
SQUARES_BUDGET: Final = 60
#: the same once nothing is hidden (at most one card left in the pack)
SQUARES_END_BUDGET: Final = 400


@dataclass(frozen=True, slots=True)
class GolfHint:
    """The suggested move, and each legal move's average best score over the samples."""

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


def sample_orders(
    unseen: Sequence[Card], samples: int, rng: random.Random
) -> list[tuple[Card, ...]]:
    """``samples`` orders of the unseen cards (Fisher–Yates on ``rng.random()``)."""
    base = sorted(unseen)
    orders = []
    for _ in range(samples):
        cards = list(base)
        for i in range(len(cards) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        orders.append(tuple(cards))
    return orders


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
        plays = [m for m in GOLF.legal_moves(position) if isinstance(m, PlayColumn)]
        if free or not plays:
            found.setdefault(position, first)
        for move in plays:
            walk(GOLF.apply(position, move), first if first is not None else move)

    walk(state, None)
    return found


class ExpectedScores:
    """The best expected G4 score of a Golf position under the book rule for a player
    who knows which cards the stock holds but not their order: expectimax, exact.

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
    samples: int = DEFAULT_SAMPLES,
    stop: Callable[[], bool] | None = None,
) -> GolfHint:
    """The move a strong player who cannot see the stock's order would make.

    ``stop`` is polled between samples; when it says so the hint is made from the
    samples done so far (a front end uses it to cancel a hint the player no longer needs).
    """
    moves = GOLF.legal_moves(state)
    if not moves:
        raise ValueError("the hole is over: there is nothing to hint")
    if len(moves) == 1:
        return GolfHint(moves[0], ((moves[0], float(GOLF.score(state))),), 0)
    targets = reachable_before_turning(state)
    if FREE_STOCK not in state.options and len(state.stock) <= EXACT_STOCK:
        return _exact_golf_hint(state, targets)
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
            totals[target] += solve_golf(sampled).score
        done += 1
    return _aim(moves, targets, {target: totals[target] / done for target in targets}, done)


def _exact_golf_hint(state: GolfState, targets: dict[GolfState, GolfMove | None]) -> GolfHint:
    """The hint once the stock is small: each stopping place's exact expected score."""
    table = _expected_scores(state)
    expected = {target: table.of(target) for target in targets}
    return _aim(GOLF.legal_moves(state), targets, expected, 0)


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


# -- the hint for any game ------------------------------------------------------------------


def suggest(game_id: str, state: Any, *, samples: int | None = None) -> Any:
    """The hint for any game: a legal move chosen from what the player can see only."""
    if game_id == "golf":
        return golf_hint(state, samples=samples or DEFAULT_SAMPLES).move
    if game_id == "bytwos":
        return bytwos_hint(state)
    if game_id == "rubbish":
        return rubbish_hint(state, samples=samples or JUDGED_SAMPLES).move
    if game_id == "squares":
        # squares_solver_hint is not used yet: over seeded deals it played worse than the
        # heuristic (its small searches cannot rank moves, and its vetoes led to moves
        # going back and forth), so the heuristic stays the hint
        return squares_hint(state)
    from parlour.engine.registry import find_game

    rules = find_game(game_id)
    playable = [m for m in rules.legal_moves(state) if rules.format_move(m) != "give-up"]
    if not playable:
        raise ValueError("there is nothing to hint")
    return playable[0]


def bytwos_hint(state: ByTwosState) -> ByTwosMove:
    """By Twos: build whenever a card can be built, else deal, else turn the waste over.

    The foundations only grow and each pile wants one card next, so building a card as
    soon as it can go never takes a possibility away: the hint builds first. When both
    piles of a suit want the same card it prefers the pile whose next card after this one
    is already on view, so that a run can follow. Nothing hidden is consulted: only the
    three cards on view and the foundations.
    """
    moves = BYTWOS.legal_moves(state)
    builds = [m for m in moves if isinstance(m, Build)]
    if builds:
        on_view = {card for _, card in state.available()}

        def follows(move: Build) -> bool:
            card = state.top_of(move.source)
            if card is None:
                return False
            index = ACE_PILE_OF[card.suit] + (move.pile == "d")
            after = wanted(index, state.built[index] + 1)
            return after is not None and after in on_view

        return max(builds, key=follows)
    for kind in (TurnCard, DealCard, Redeal):
        for move in moves:
            if isinstance(move, kind):
                return move
    raise ValueError("there is nothing to hint")


def squares_hint(state: SquaresState) -> SquaresMove:
    """Three Squares: take the first sequence while forming; with the pack empty (nothing
    is hidden then) the first move of the end search's line to a higher score; otherwise a
    run onto its next-higher card, else a lone card into a space where that lets a run
    move, else a fill from the pack or a deal. The order of the pack is never consulted.
    """
    moves = SQUARES.legal_moves(state)
    takes = [move for move in moves if isinstance(move, TakeSequence)]
    if takes:
        return takes[0]
    heap_moves = [move for move in moves if isinstance(move, HeapMove)]
    if not state.pack:
        line = SQUARES.improving_line(state)
        if line:
            return line[0]
    builds = [move for move in heap_moves if state.heaps[move.target]]
    if builds:
        return builds[0]
    for move in heap_moves:
        if top_run_length(state.heaps[move.source]) > 1:
            continue  # it would only break up a run
        after = SQUARES.apply(state, move)
        if any(isinstance(m, HeapMove) and after.heaps[m.target] for m in after.legal):
            return move
    for other in moves:
        if isinstance(other, FillFromPack | SquaresDeal):
            return other
    if heap_moves:
        return heap_moves[0]
    raise ValueError("there is nothing to hint")


# -- Rubbish Heap and Three Squares: each move judged over sampled orders -----------------

Move = TypeVar("Move")


@dataclass(frozen=True, slots=True)
class Judgement(Generic[Move]):
    """What the searches of the sampled deals found after one move: how many were won,
    how many proved lost, and the mean best score they reached."""

    move: Move
    wins: int
    lost: int
    mean: float


@dataclass(frozen=True, slots=True)
class JudgedHint(Generic[Move]):
    """The suggested move and the judgement of each move judged (none when there was only
    one move to make)."""

    move: Move
    judged: tuple[Judgement[Move], ...]
    samples: int


def seed_from(parts: Sequence[str]) -> int:
    """A sampling seed made from the visible parts of a position, written out."""
    text = "|".join(parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def wins_then_score(judgement: Judgement[Any]) -> tuple[float, ...]:
    """Most sampled deals won, then the best mean score."""
    return (judgement.wins, judgement.mean)


def fewest_lost_then_wins(judgement: Judgement[Any]) -> tuple[float, ...]:
    """Fewest sampled deals proved lost, then most won."""
    return (-judgement.lost, judgement.wins)


def _best_judged(
    candidates: Sequence[Move],
    sampled: Sequence[Callable[[Move], Verdict]],
    key: Callable[[Judgement[Any]], tuple[float, ...]],
) -> JudgedHint[Move]:
    """Each candidate judged over the sampled deals and the best by ``key``; ties go to
    the candidate listed first."""
    judged = []
    for move in candidates:
        verdicts = [judge(move) for judge in sampled]
        wins = sum(1 for verdict in verdicts if verdict.status == WINNABLE)
        lost = sum(1 for verdict in verdicts if verdict.status == NOT_WINNABLE)
        mean = sum(verdict.best_score for verdict in verdicts) / len(verdicts)
        judged.append(Judgement(move, wins, lost, mean))
    best = max(judged, key=key)  # the first of the best
    return JudgedHint(best.move, tuple(judged), len(sampled))


def rubbish_visible_seed(state: RubbishState) -> int:
    """The board place by place, the foundations, the waste heap, R7's lock, the round of
    discards, the options and how many cards the stock holds: never the stock's order."""
    return seed_from(
        [
            " ".join("--" if c is None else str(c) for c in state.board),
            ",".join(map(str, state.foundations)),
            format_cards(state.waste),
            f"{state.waste_locked} {state.discard_rank} {state.discards_left} {state.phase}",
            ",".join(sorted(state.options)),
            str(len(state.stock)),
        ]
    )


def rubbish_hint(
    state: RubbishState, *, samples: int = JUDGED_SAMPLES, budget_nodes: int = RUBBISH_BUDGET
) -> JudgedHint[RubbishMove]:
    """Rubbish Heap: the move that wins most often over sampled orders of the stock.

    The candidates are the legal moves other than giving up, in the order the solver
    tries them (:func:`parlour.engine.solve.rubbish.ordered_moves`); with only one, it is
    the hint. Giving up is hinted only when nothing else is legal.
    """
    moves = RUBBISH.legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is nothing to hint")
    candidates = ordered_moves(state)
    if len(candidates) <= 1:
        return JudgedHint(candidates[0] if candidates else RUBBISH_GIVE_UP, (), 0)
    count = samples if len(state.stock) > 1 else 1
    orders = sample_orders(state.stock, count, random.Random(rubbish_visible_seed(state)))

    def judge_in(order: tuple[Card, ...]) -> Callable[[RubbishMove], Verdict]:
        deal = replace(state, stock=order)
        return lambda move: solve_rubbish(RUBBISH.apply(deal, move), budget_nodes=budget_nodes)

    return _best_judged(candidates, [judge_in(order) for order in orders], wins_then_score)


def squares_visible_seed(state: SquaresState) -> int:
    """The heaps, the phase, the squares, the next deal, the options and how many cards the
    pack holds: never the pack's order."""
    return seed_from(
        [
            *(format_cards(heap) for heap in state.heaps),
            f"{state.phase} {state.squares} {state.next_deal}",
            ",".join(sorted(state.options)),
            str(len(state.pack)),
        ]
    )


def squares_candidates(state: SquaresState) -> list[SquaresMove]:
    """The moves worth judging: the legal moves other than giving up, one for each class
    of positions they lead to (the solver's classes: moving a lone card about a square
    with a space changes nothing that matters), leaving out those that lead back to the
    class of ``state`` itself unless nothing else is left or the heuristic hint
    (:func:`squares_hint`) chose one. The heuristic's move comes first, so that it wins
    ties."""
    moves: list[SquaresMove] = [m for m in SQUARES.legal_moves(state) if not isinstance(m, GiveUp)]
    if state.phase is not Phase.BUILDING or len(moves) <= 1:
        return moves
    model = Model(codes(state.pack), state.squares)

    def cls(position: SquaresState) -> object:
        if position.phase is not Phase.BUILDING:
            return position
        heaps, used, next_deal = model_position(model, position)
        return model.key(list(heaps), used, next_deal)

    preferred = squares_hint(state)

    def order(move: SquaresMove) -> int:  # the heuristic's move, then builds, then others
        if move == preferred:
            return 0
        return 1 if isinstance(move, HeapMove) and state.heaps[move.target] else 2

    moves.sort(key=order)
    here = cls(state)
    chosen: dict[object, SquaresMove] = {}
    for move in moves:
        chosen.setdefault(cls(SQUARES.apply(state, move)), move)
    if chosen.get(here, preferred) != preferred:
        del chosen[here]
    return list(chosen.values()) or moves[:1]


def squares_solver_hint(
    state: SquaresState,
    *,
    samples: int = JUDGED_SAMPLES,
    budget_nodes: int = SQUARES_BUDGET,
    end_budget: int = SQUARES_END_BUDGET,
) -> JudgedHint[SquaresMove]:
    """Three Squares: the heuristic's move unless searches of sampled orders of the pack
    prove it lost more often than another (:func:`fewest_lost_then_wins`).

    Each class of move (:func:`squares_candidates`) is judged over the samples; with one
    card left in the pack nothing is hidden, and one search, with a larger budget
    (``end_budget``), judges each. With the pack empty the heuristic's move is the hint:
    its end search looks for any higher score, where the solver looks only for a win.
    """
    moves = SQUARES.legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is nothing to hint")
    if not state.pack:  # nothing is hidden: the end search aims at a higher score, not a win
        return JudgedHint(squares_hint(state), (), 0)
    candidates = squares_candidates(state)
    if len(candidates) <= 1:
        return JudgedHint(candidates[0] if candidates else moves[0], (), 0)
    count = samples
    if len(state.pack) <= 1:
        count, budget_nodes = 1, max(budget_nodes, end_budget)
    orders = sample_orders(state.pack, count, random.Random(squares_visible_seed(state)))

    def judge_in(order: tuple[Card, ...]) -> Callable[[SquaresMove], Verdict]:
        deal = replace(state, pack=order)
        return lambda move: solve_squares(
            SQUARES.apply(deal, move), budget_nodes=budget_nodes, with_line=False
        )

    return _best_judged(candidates, [judge_in(order) for order in orders], fewest_lost_then_wins)
