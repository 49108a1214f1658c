"""How well the hint player plays Rubbish Heap and Three Squares without peeking.

    python benchmarks/hints_other.py [--deals 20] [--samples 8] [--game rubbish|squares]

Each seeded deal (seeds 1..deals) is played by following the hint key's suggestions
(each move judged by solving sampled orders of the hidden cards; the real order is never
looked at) and by simple baselines: the first legal move other than giving up, and for
Three Squares the heuristic hint that was used before the solver-backed one. A game that
goes on for more than ``--max-moves`` moves (a player can move cards back and forth for
ever) counts as given up with the score it has. Prints each player's wins, mean score and
the CPU time per hint.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.squares import SQUARES
from parlour.engine.registry import find_game
from parlour.engine.registry import find_spec
from parlour.engine.solve.rubbish_hint import rubbish_hint

Player = Callable[[Any], Any]


def first_legal(game_id: str) -> Player:
    rules = find_game(game_id)

    def player(state: Any) -> Any:
        moves = rules.legal_moves(state)
        return next((m for m in moves if not rules.is_give_up(m)), moves[0])

    return player


def players(game_id: str, samples: int) -> dict[str, Player]:
    hint = find_spec(game_id).hint()
    found: dict[str, Player] = {"hint": hint, "first legal": first_legal(game_id)}
    if game_id == "rubbish":  # the hint key samples a fixed number of orders; try others
        found["hint"] = lambda state: rubbish_hint(state, samples=samples).move
    return found


def play(job: tuple[str, str, int, int, int]) -> tuple[str, bool, int, list[float]]:
    """One deal by one player: (player, won, score, CPU seconds of each decision)."""
    game_id, name, seed, samples, max_moves = job
    rules = find_game(game_id)
    player = players(game_id, samples)[name]
    state = rules.start_from_seed(seed)
    seconds: list[float] = []
    while rules.outcome(state) is None and len(seconds) < max_moves:
        started = time.process_time()
        move = player(state)
        seconds.append(time.process_time() - started)
        state = rules.apply(state, move)
    outcome = rules.outcome(state)
    return name, outcome is not None and outcome.won, rules.score(state), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--game", choices=("rubbish", "squares"), action="append")
    args = parser.parse_args()
    for game_id in args.game or [RUBBISH.id, SQUARES.id]:
        names = list(players(game_id, args.samples))
        jobs = [
            (game_id, name, seed, args.samples, args.max_moves)
            for seed in range(1, args.deals + 1)
            for name in names
        ]
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs))
        print(f"{find_game(game_id).name}: {args.deals} deals, {args.samples} samples per hint")
        for name in names:
            mine = [r for r in results if r[0] == name]
            wins = sum(1 for r in mine if r[1])
            mean = statistics.fmean(r[2] for r in mine)
            line = f"  {name:12} won {wins:3}/{len(mine)}   mean score {mean:5.2f}"
            if name in ("hint", "solver hint"):
                times = [t for r in mine for t in r[3]]
                line += (
                    f"   CPU per hint: mean {statistics.fmean(times):.3f} s, "
                    f"median {statistics.median(times):.3f} s, max {max(times):.2f} s"
                )
            print(line, flush=True)


if __name__ == "__main__":
    main()
