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
same hint.

>>> from parlour.engine.games.golf import GOLF
>>> hint = golf_hint(GOLF.start_from_seed(7), samples=4)
>>> hint.move in GOLF.legal_moves(GOLF.start_from_seed(7))
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.engine.cards import Card, format_cards
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
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import Deal as SquaresDeal
from parlour.engine.games.squares_state import (
    FillFromPack,
    HeapMove,
    SquaresMove,
    SquaresState,
    TakeSequence,
)
from parlour.engine.solve.golf import solve_golf

DEFAULT_SAMPLES: Final = 16


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
    best_target = min(targets, key=lambda target: totals[target])
    first = targets[best_target]
    move = first if first is not None else TURN
    by_move: dict[GolfMove, float] = {}
    for target, first_move in targets.items():
        key = first_move if first_move is not None else TURN
        average = totals[target] / done
        by_move[key] = min(by_move.get(key, average), average)
    averages = tuple((m, by_move[m]) for m in moves if m in by_move)
    return GolfHint(move, averages, done)


# -- the hint for any game ------------------------------------------------------------------


def suggest(game_id: str, state: Any, *, samples: int = DEFAULT_SAMPLES) -> Any:
    """The hint for any game: a legal move chosen from what the player can see only."""
    if game_id == "golf":
        return golf_hint(state, samples=samples).move
    if game_id == "bytwos":
        return bytwos_hint(state)
    if game_id == "squares":
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
