"""How often By Twos is lost by its packet alone, as Parlour tells the player (ruling B9),
and how often the game can be won at all.

    python benchmarks/bytwos_truth.py [--deals 10000] [--seconds 1] [--jobs 2] [--no-solve]

For each seeded deal 1..N the packet is formed, and the packet test (``packet_block`` in
``engine/games/bytwos_truth.py``, which looks only at what the player has seen) is asked
after every card turned: how many deals it calls lost, how early (cards turned, and
whether before the packet is made), and in which words (three falling cards of a parity,
two falling pairs, a chain, or another set). The hint player then plays the deal out, and
the deals it makes lost by the packet with its own builds are counted too; the test is
also checked to stay true once true, along the way.

Unless ``--no-solve``, the exact solver (which sees every card) is run on each opening
position with ``--seconds`` of CPU time: winnable, not winnable or unknown. Every deal the
packet test calls lost must come out not winnable or unknown; the script stops if one is
found winnable (the test would be unsound), and replays any winning line through the
engine.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_truth import block_shape
from parlour.engine.games.bytwos_truth import packet_block
from parlour.engine.solve.bytwos import solve_bytwos
from parlour.engine.solve.bytwos_hint import bytwos_hint
from parlour.engine.verdict import WINNABLE

#: a game the hint player has not finished in this many moves is left there
MAX_MOVES = 2000


@dataclass(frozen=True)
class Deal:
    seed: int
    #: cards turned when the packet test first called the deal lost (0: never, by then)
    lost_at: int
    #: cards turned to make the packet
    turned: int
    #: how the reason is worded: "triple", "pairs", "chain", "other" or ""
    words: str
    #: how the hint player's game was told it became lost by the packet after the packet
    #: was made (as ``words``), or ""
    hint_lost: str
    #: the hint player's score
    hint_score: int
    #: the solver's verdict, or "" without the solver
    verdict: str
    solve_seconds: float


def one(job: tuple[int, float | None]) -> Deal:
    seed, seconds = job
    state = BYTWOS.start_from_seed(seed)
    opening = state
    turned = lost_at = 0
    while state.phase is Phase.FORMING:
        state = BYTWOS.apply(state, TURN)
        turned += 1
        if not lost_at and packet_block(state) is not None:
            lost_at = turned
    block = packet_block(state)
    assert (block is not None) == bool(lost_at), f"seed {seed}: the loss did not stay"
    words = "" if block is None else block_shape(block)
    hint_lost, game = "", state
    for _ in range(MAX_MOVES):
        if BYTWOS.outcome(game) is not None:
            break
        game = BYTWOS.apply(game, bytwos_hint(game))
        if game.phase is Phase.FINISHED:
            break  # the test says nothing of a finished game
        now = packet_block(game)
        assert now is not None or not lost_at, f"seed {seed}: the loss did not stay"
        if now is not None and not lost_at and not hint_lost:
            hint_lost = block_shape(now)
    verdict, spent = "", 0.0
    if seconds is not None:
        started = time.process_time()
        found = solve_bytwos(opening, budget_seconds=seconds, clock=time.process_time)
        spent = time.process_time() - started
        verdict = found.status
        if verdict == WINNABLE:
            assert not lost_at, f"seed {seed}: lost by the packet, yet the solver wins it"
            won = opening
            for move in found.line:
                won = BYTWOS.apply(won, move)
            outcome = BYTWOS.outcome(won)
            assert outcome is not None and outcome.won, f"seed {seed}: the line does not win"
    return Deal(seed, lost_at, turned, words, hint_lost, BYTWOS.score(game), verdict, spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=1.0, help="solver CPU per deal")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--no-solve", action="store_true", help="skip the exact solver")
    args = parser.parse_args()
    seconds = None if args.no_solve else args.seconds
    jobs = [(seed, seconds) for seed in range(1, args.deals + 1)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            deals = list(pool.map(one, jobs, chunksize=50))
    else:
        deals = [one(job) for job in jobs]
    report(deals, seconds)


def report(deals: list[Deal], seconds: float | None) -> None:
    count = len(deals)
    lost = [deal for deal in deals if deal.lost_at]
    early = [deal for deal in lost if deal.lost_at < deal.turned]
    words = Counter(deal.words for deal in lost)
    hint_words = Counter(deal.hint_lost for deal in deals if deal.hint_lost)
    hint_lost = sum(hint_words.values())

    def share(part: int, whole: int = count) -> str:
        return f"{part:,} ({100 * part / whole:.1f} %)" if whole else f"{part:,}"

    print(f"Python {platform.python_version()}, seeds 1..{count}")
    print(f"lost by the packet when it is made: {share(len(lost))}")
    print(f"  of them, seen before the packet was made: {share(len(early), len(lost))}")
    if lost:
        mean = sum(deal.lost_at for deal in lost) / len(lost)
        made = sum(deal.turned for deal in lost) / len(lost)
        print(f"  cards turned when first seen: mean {mean:.1f}, of {made:.1f} to make the packet")
    for kind in ("triple", "pairs", "chain", "other"):
        print(f"  worded as {kind}: {share(words[kind], len(lost))}")
    print(
        "not lost by the packet when it is made, then made so by the hint player's builds: "
        f"{share(hint_lost, count - len(lost))}"
    )
    for kind in ("triple", "pairs", "chain", "other"):
        print(f"  worded as {kind}: {share(hint_words[kind], hint_lost)}")
    mean_score = sum(deal.hint_score for deal in deals) / count
    print(f"hint player: mean {mean_score:.2f} cards built (of 104)")
    if seconds is None:
        return
    verdicts = Counter(deal.verdict for deal in deals)
    lost_verdicts = Counter(deal.verdict for deal in lost)
    spent = sum(deal.solve_seconds for deal in deals)
    print(
        f"solver, {seconds:g} s CPU a deal: "
        + ", ".join(f"{status} {share(verdicts[status])}" for status in sorted(verdicts))
        + f"; {spent / 60:.1f} CPU minutes in all"
    )
    print(
        "  of the deals lost by the packet: "
        + ", ".join(f"{status} {lost_verdicts[status]:,}" for status in sorted(lost_verdicts))
    )


if __name__ == "__main__":
    main()
