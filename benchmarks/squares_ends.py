"""How often Three Squares declares a lost game over once the pack is empty (S10, S11).

    python benchmarks/squares_ends.py [--games 10000] [--first 1] [--jobs 2]
                                      [--cap 500] [--plain] [--out FILE]
    python benchmarks/squares_ends.py --summarise FILE [FILE ...]

Plays ``--games`` seeded games (deals ``--first`` … ) by random legal moves: each move is
drawn (``random.Random(seed)``) from the legal moves that lead to a position not seen
before in that game, never giving up; a game with no such move left, or with more than
``--cap`` moves made with the pack empty, is stopped. Every move is timed (CPU time,
``time.process_time``: the machine may be shared) as the engine makes it, which includes
the end search made after it (S10).

With the pack empty, each position reached is judged as the app would: the move's own
search (``BUDGET`` positions) has ended the game, found a higher score or been left
undecided; when undecided, the longer search of ruling S11 (``DEEP_BUDGET`` positions,
what the app runs in the background) is made too, and timed. The first *lost* position of
each game (no higher score can be reached, fewer than four suits complete) is counted:
declared at once, declared by the longer search, and positions neither settles (more
than ``DEEP_BUDGET`` positions; whether they are lost is not known). For each lost
position it also records how many positions the pruned search saw and whether the old
rule (the plain search, no pruning, 1,000 positions) would have declared it; with
``--plain`` it counts the positions the plain search can reach from those that needed
the longer search (up to 3,000,000).

Prints the figures for docs/analysis.md. ``--out`` also writes each game's figures (one
JSON object a line) as the games are played, so a long run can be stopped and resumed with
``--first``; ``--summarise`` prints the figures of such files together.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from random import Random

from parlour.engine.game import GIVE_UP
from parlour.engine.games import squares_search
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import DEEP_BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import explore
from parlour.engine.games.squares_search import search_longer
from parlour.engine.games.squares_search import verdict
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState

OLD_BUDGET = 1_000
PLAIN_CAP = 3_000_000


@dataclass
class Game:
    seed: int
    #: how the game's first lost position was met: "declared", "background", "undecided"
    #: (neither search settled a position), or "" (no lost position: won, or stopped)
    end: str = ""
    stopped: str = ""  # "won", "no-fresh-move", "cap", or "" when a lost position was met
    score: int = 0
    seen: int = 0  # positions the pruned search saw from the lost (or undecided) position
    old_declared: bool = False
    plain: int | None = None  # positions the plain search reaches (--plain)
    move_times: list[float] = field(default_factory=list)  # every move, CPU seconds
    empty_times: list[float] = field(default_factory=list)  # moves made with the pack empty
    deep_times: list[float] = field(default_factory=list)  # longer searches made (S11)
    deep_verdicts: list[str] = field(default_factory=list)


def play(seed: int, cap: int, plain: bool) -> Game:
    rnd = Random(seed)
    state: SquaresState = SQUARES.start_from_seed(seed)
    seen = {state}
    game = Game(seed)
    empty_moves = 0
    while True:
        if state.phase is Phase.FINISHED:
            game.score = SQUARES.score(state)
            if game.score == 4:
                game.stopped = "won"
            else:
                lost(game, state, "declared", plain)
            return game
        if state.phase is Phase.BUILDING and not state.pack:
            node = canonical(state.heaps, state.squares)
            if verdict(node) is Verdict.UNDECIDED:
                started = time.process_time()
                found = search_longer(node)  # as the app's background process does
                size = len(squares_search.positions_seen_stuck())
                game.deep_times.append(time.process_time() - started)
                game.deep_verdicts.append(found.value)
                if found is Verdict.STUCK:
                    lost(game, state, "background", plain, size)
                    return game
                if found is Verdict.UNDECIDED:
                    game.end, game.seen = "undecided", DEEP_BUDGET + 1
                    game.score = SQUARES.score(state)
                    return game
            if empty_moves >= cap:
                game.stopped = "cap"
                return game
            empty_moves += 1
        moves = [move for move in state.legal if move is not GIVE_UP]
        rnd.shuffle(moves)
        for move in moves:
            started = time.process_time()
            after = SQUARES.apply(state, move)
            spent = time.process_time() - started
            if after not in seen:
                break
        else:
            game.stopped = "no-fresh-move"
            return game
        game.move_times.append(spent)
        if not state.pack and state.phase is Phase.BUILDING:
            game.empty_times.append(spent)
        seen.add(after)
        state = after


def lost(game: Game, state: SquaresState, how: str, plain: bool, size: int = 0) -> None:
    node = canonical(state.heaps, state.squares)
    game.end = how
    game.score = SQUARES.score(state)
    game.seen = size or explore(node, DEEP_BUDGET)[1]
    game.old_declared = explore(node, OLD_BUDGET, prune=False)[0] is Verdict.STUCK
    if plain and how == "background":
        found, count = explore(node, PLAIN_CAP, prune=False)
        game.plain = count if found is Verdict.STUCK else None


def run_chunk(seeds: list[int], cap: int, plain: bool) -> list[Game]:
    return [play(seed, cap, plain) for seed in seeds]


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(games: list[Game], seconds: float | None) -> None:
    ends = Counter(game.end for game in games)
    stops = Counter(game.stopped for game in games if game.stopped)
    lost_games = [game for game in games if game.end in ("declared", "background")]
    met = len(lost_games) + ends["undecided"]
    seeds = sorted(game.seed for game in games)
    say = print
    say(f"Three Squares ends: {len(games):,} games, seeds {seeds[0]}..{seeds[-1]}")
    say(f"  budgets: {BUDGET:,} positions after each move, {DEEP_BUDGET:,} in the background")
    say(f"  stopped without a lost position: {dict(stops)}")
    say(f"  lost (or undecided) positions met, the first of each game: {met:,}")
    for how in ("declared", "background", "undecided"):
        share = 100 * ends[how] / met if met else 0
        say(f"    {how}: {ends[how]:,} ({share:.2f} %)")
    old = sum(game.old_declared for game in lost_games)
    known = len(lost_games)
    say(
        f"  the old rule (plain search, {OLD_BUDGET:,} positions) declares {old:,} of the "
        f"{known:,} known lost ({100 * old / max(1, known):.2f} %)"
    )
    sizes = sorted(game.seen for game in lost_games)
    if sizes:
        say(
            f"  positions the pruned search saw from a lost position: median "
            f"{sizes[len(sizes) // 2]:,}, 99th percentile {percentile(sizes, 0.99):,}, most "
            f"{sizes[-1]:,}; settled without searching: {sizes.count(1):,}"
        )
    background = sorted(game.seen for game in lost_games if game.end == "background")
    say(f"  seen by the longer search where it was needed: {background}")
    plains = [game.plain for game in lost_games if game.end == "background"]
    if any(count is not None for count in plains):
        say(f"  reachable by the plain search from those: {plains}")
    undecided = [(game.seed, game.seen, game.score) for game in games if game.end == "undecided"]
    say(f"  undecided (seed, positions seen, score): {undecided}")
    moves = [t for game in games for t in game.move_times]
    empty = [t for game in games for t in game.empty_times]
    deep = [t for game in games for t in game.deep_times]
    deep_verdicts = Counter(v for game in games for v in game.deep_verdicts)
    ms = 1000
    say(
        f"  CPU per move, all {len(moves):,} moves: median {ms * statistics.median(moves):.2f} "
        f"ms, 99th percentile {ms * percentile(moves, 0.99):.2f} ms, most {ms * max(moves):.0f} ms"
    )
    say(
        f"  CPU per move with the pack empty ({len(empty):,} moves): median "
        f"{ms * statistics.median(empty):.2f} ms, 99th percentile "
        f"{ms * percentile(empty, 0.99):.2f} ms, 99.9th {ms * percentile(empty, 0.999):.1f} ms, "
        f"most {ms * max(empty):.0f} ms"
    )
    if deep:
        say(
            f"  longer searches (S11): {len(deep):,} {dict(deep_verdicts)}; CPU median "
            f"{statistics.median(deep):.2f} s, most {max(deep):.1f} s, total {sum(deep):.0f} s"
        )
    if seconds is not None:
        say(
            f"  run: {seconds:.0f} s wall on {platform.python_implementation()} "
            f"{platform.python_version()}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cap", type=int, default=500)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument("--out", help="write each game's figures here (JSON lines)")
    parser.add_argument("--summarise", nargs="+", metavar="FILE", help="report files of --out")
    args = parser.parse_args()
    if args.summarise:
        games = []
        for name in args.summarise:
            with open(name, encoding="utf-8") as lines:
                games += [Game(**json.loads(line)) for line in lines if line.strip()]
        report(games, None)
        return
    seeds = list(range(args.first, args.first + args.games))
    chunks = [seeds[i : i + 20] for i in range(0, len(seeds), 20)]
    started = time.perf_counter()
    games = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    with ProcessPoolExecutor(args.jobs) as pool:
        count = len(chunks)
        for done in pool.map(run_chunk, chunks, [args.cap] * count, [args.plain] * count):
            games += done
            if out is not None:
                out.writelines(json.dumps(asdict(game)) + "\n" for game in done)
                out.flush()
    if out is not None:
        out.close()
    report(games, time.perf_counter() - started)


if __name__ == "__main__":
    main()
