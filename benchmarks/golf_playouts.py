"""Random legal Golf playouts per second on one core.

    python benchmarks/golf_playouts.py [--seconds 5] [--free-stock]

Each playout deals a seeded hole and plays uniformly random legal moves until the hole is
over, two ways: through ``GOLF.playout`` (each move drawn from the position's legal moves
and made without a second check: the engine's path for Monte Carlo work), and move by move
through ``legal_moves`` and ``apply``, which checks every move as it does for the app.
"""

from __future__ import annotations

import argparse
import random
import time

from parlour.engine.deals import deck_from_seed
from parlour.engine.games.golf import GOLF


def fast_playouts(seconds: float, options: tuple[str, ...]) -> tuple[int, float]:
    rng = random.Random(2026)
    decks = [deck_from_seed(seed) for seed in range(100)]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for deck in decks:
            GOLF.playout(GOLF.start(deck, options), rng.random)
            games += 1
    return games, time.process_time() - start


def playouts(seconds: float, options: tuple[str, ...]) -> tuple[int, int, float, float]:
    rng = random.Random(2026)
    decks = [deck_from_seed(seed) for seed in range(1000)]
    games = moves = 0
    deal_time = 0.0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for deck in decks[:100]:
            state = GOLF.start(deck, options)
            legal = GOLF.legal_moves(state)
            while legal:
                state = GOLF.apply(state, legal[int(rng.random() * len(legal))])
                legal = GOLF.legal_moves(state)
                moves += 1
            games += 1
    elapsed = time.process_time() - start
    return games, moves, elapsed, deal_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--free-stock", action="store_true")
    args = parser.parse_args()
    options = ("free-stock",) if args.free_stock else ()
    print(f"rule: {'free-stock' if options else 'book'}")
    games, elapsed = fast_playouts(args.seconds, options)
    print(f"GOLF.playout: {games} in {elapsed:.2f} s CPU -> {games / elapsed:,.0f} playouts/s")
    games, moves, elapsed, _ = playouts(args.seconds, options)
    print("legal_moves and apply, checked:")
    print(f"playouts: {games} in {elapsed:.2f} s CPU -> {games / elapsed:,.0f} playouts/s")
    print(f"moves: {moves} -> {moves / elapsed:,.0f} moves/s, {moves / games:.1f} moves/playout")


if __name__ == "__main__":
    main()
