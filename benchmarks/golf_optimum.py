"""How far the Golf hint player is from the best any player who cannot see the stock's
order could do (book rule).

    python benchmarks/golf_optimum.py [--holes 100] [--first 1] [--jobs 2]
                                      [--early expectimax|solves]

For each seeded hole it works out, exactly, the expected score of the best play that
never peeks: an expectimax over every order of the unseen stock, every later choice also
made without seeing it (the same recurrence as the hint's exact end game,
``ExpectedScores``, but from the full stock of sixteen cards: tens of millions of
positions a hole, so it runs in C, ``golf_expectimax.c``, compiled here with the
system's C compiler). Then it follows the hint key through the hole (with ``--early
solves``, the earlier hint, which solved sampled orders one by one before the exact end)
and, after every turn
of the stock, compares the stoppage the hint player runs to with the best one it could
have chosen: the difference of their exact expected scores is that run's *regret*. The
sum of a hole's regrets is an unbiased estimate of how much the hint player loses on
that hole by playing the hint instead of the best non-peeking play, so

    best possible score on these holes ≈ hint player's score - mean regret

and, unlike the mean of the exact expected scores themselves, that estimate does not
carry the luck of the stock orders. Before the run it checks the C program against the
engine's own ``ExpectedScores`` on end positions of a few holes. It needs a C compiler
(``cc``) and about 2 GB of memory a job; expect 20 to 60 s a hole.
"""

from __future__ import annotations

import argparse
import math
import shutil
import statistics
import subprocess
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import Phase
from parlour.engine.solve.golf_hint import EXACT_STOCK
from parlour.engine.solve.golf_hint import EXPECTIMAX
from parlour.engine.solve.golf_hint import SOLVES
from parlour.engine.solve.golf_hint import ExpectedScores
from parlour.engine.solve.golf_hint import golf_hint
from parlour.engine.solve.golf_hint import reachable_before_turning

SOURCE = Path(__file__).with_name("golf_expectimax.c")
HEX = "0123456789abcd"


def build(directory: Path) -> Path:
    """Compile the C expectimax into ``directory``; the path of the program."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise SystemExit("golf_optimum needs a C compiler (cc) for golf_expectimax.c")
    program = directory / "golf_expectimax"
    subprocess.run([compiler, "-O2", "-o", str(program), str(SOURCE)], check=True)
    return program


class Oracle:
    """The C program, asked one question at a time."""

    def __init__(self, program: Path) -> None:
        self._process = subprocess.Popen(
            [str(program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def hole(self, state: GolfState) -> None:
        """Start a new hole on ``state``'s columns (as dealt: all five cards each)."""
        columns = " ".join("".join(HEX[card.rank] for card in column) for column in state.columns)
        self._ask(f"hole {columns}")

    def value(self, stoppage: GolfState) -> float:
        """The exact expected score of ``stoppage`` (columns of the hole's deal, cut down)."""
        stock = "".join(HEX[card.rank] for card in stoppage.stock) or "-"
        heights = "".join(str(len(column)) for column in stoppage.columns)
        self._ask(f"value {stock} {heights}")
        assert self._process.stdout is not None
        return float(self._process.stdout.readline())

    def _ask(self, line: str) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()

    def close(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait()


def run_to_stoppage(state: GolfState, early: str = EXPECTIMAX) -> GolfState:
    """Follow the hint through the plays that come before the next turn."""
    while state.phase is Phase.PLAY:
        state = GOLF.apply(state, golf_hint(state, early=early).move)
    return state


def study_hole(job: tuple[Path, int, str]) -> tuple[int, float, list[tuple[int, float]], int]:
    """One hole: its best non-peeking expected score, the hint player's regret after each
    turn (with the stock size), and the hint player's score."""
    program, seed, early = job
    oracle = Oracle(program)
    state = GOLF.start_from_seed(seed)
    oracle.hole(state)
    best_start: float | None = None
    regrets: list[tuple[int, float]] = []
    while GOLF.outcome(state) is None:
        targets = list(reachable_before_turning(state))
        values = {target: oracle.value(target) for target in targets}
        best = min(values.values())
        if best_start is None:
            best_start = best
        reached = run_to_stoppage(state, early)
        if len(targets) > 1:
            regrets.append((len(state.stock), values[reached] - best))
        if GOLF.outcome(reached) is not None:
            state = reached
            break
        state = GOLF.apply(reached, GOLF.legal_moves(reached)[0])  # the turn
    oracle.close()
    assert best_start is not None
    return seed, best_start, regrets, GOLF.score(state)


def check(program: Path, seeds: range) -> int:
    """Compare the C program with the engine's ``ExpectedScores`` once each hole is down
    to a few stock cards; the number of positions compared."""
    compared = 0
    for seed in seeds:
        state = GOLF.start_from_seed(seed)
        oracle = Oracle(program)
        oracle.hole(state)
        while GOLF.outcome(state) is None and len(state.stock) > EXACT_STOCK - 2:
            state = GOLF.apply(state, golf_hint(state, early=SOLVES).move)
        if GOLF.outcome(state) is None:
            table = ExpectedScores(state)
            for target in reachable_before_turning(state):
                ours, theirs = oracle.value(target), table.of(target)
                if not math.isclose(ours, theirs, abs_tol=1e-6):
                    raise SystemExit(f"hole {seed}: C says {ours}, the engine {theirs}")
                compared += 1
        oracle.close()
    return compared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--holes", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--early", choices=(EXPECTIMAX, SOLVES), default=EXPECTIMAX)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        program = build(Path(directory))
        compared = check(program, range(1, 21))
        print(f"C expectimax agrees with the engine's ExpectedScores on {compared} positions")
        seeds = range(args.first, args.first + args.holes)
        with ProcessPoolExecutor(args.jobs) as pool:
            results = []
            jobs = [(program, seed, args.early) for seed in seeds]
            for result in pool.map(study_hole, jobs):
                results.append(result)
                seed, best, regrets, score = result
                lost = sum(r for _, r in regrets)
                print(f"  hole {seed}: best {best:.3f} regret {lost:.3f} score {score}", flush=True)
    best = [result[1] for result in results]
    regret = [sum(r for _, r in result[2]) for result in results]
    scores = [result[3] for result in results]
    n = len(results)
    se = statistics.stdev(regret) / math.sqrt(n) if n > 1 else 0.0
    mean_regret = statistics.fmean(regret)
    print(f"holes {seeds.start}..{seeds.stop - 1} ({n}), book rule, per hole:")
    print(f"  best non-peeking play, exact expected score  {statistics.fmean(best):6.3f}")
    print(f"  hint player's score                          {statistics.fmean(scores):6.3f}")
    print(f"  hint player's regret                         {mean_regret:6.3f} (error {se:.3f})")
    estimate = statistics.fmean(scores) - mean_regret
    print(
        f"  so the best non-peeking play would score     {estimate:6.3f}"
        f" (per nine holes {9 * estimate:.1f} ± {9 * se:.1f}) on these holes"
    )
    by_stock: dict[int, list[float]] = {}
    for result in results:
        for stock, r in result[2]:
            by_stock.setdefault(stock, []).append(r)
    print("  regret by stock cards left at the choice: choices, with regret, total per hole")
    for stock in sorted(by_stock, reverse=True):
        values = by_stock[stock]
        lost = sum(1 for value in values if value > 1e-9)
        print(f"    {stock:2}: {len(values):4} {lost:4} {sum(values) / n:.3f}")


if __name__ == "__main__":
    main()
