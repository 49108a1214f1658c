"""What checking a game record may cost, and what real games need of it (docs/formats.md).

    python benchmarks/record_budget.py [--games 300] [--jobs 2] [--hostile]

**Real games.** Plays ``--games`` seeded deals of every game (seeds 1 … N) by random legal
moves, each drawn (``random.Random(seed)``) from the moves that lead to a position not met
before in that game, never giving up, until the game ends or no such move is left (or it
has more moves than a record may hold: in Three Squares, cards can be moved between
spaces for ever without dealing); and ``--hinted`` deals by the game's hint (a random new
move where the hint would go back). Each game is written as a record and replayed as
``parlour check`` replays it; the figures are its moves and the positions the rules'
searches looked at (Three Squares' end search: the budget
:data:`parlour.engine.record.MAX_POSITIONS` counts these).

**Hostile records** (``--hostile``), each parsed and replayed as ``parlour check`` does,
timed (CPU and wall clock):

- the largest record the 1 MiB cap on record files allows: Three Squares with the pack
  empty and one card moved to a space and back, over and over (refused at move 2,001);
- a walk with the pack empty through positions the move's own search cannot settle (each
  a full look of 2,500 positions), as long as the moves allow (cut off once the positions
  allowed run out);
- the same walk ending in ``end`` (Parlour's own move, ruling S11) where the longer look
  cannot settle the end: the costliest single move there is (a million positions, not
  counted in the allowance, once), refused: the worst case.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from parlour.engine import work
from parlour.engine.errors import RecordError
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import DEEP_BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import explore
from parlour.engine.games.squares_state import END
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import end_undecided
from parlour.engine.history import Line
from parlour.engine.record import MAX_MOVES
from parlour.engine.record import MAX_POSITIONS
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.registry import find_game
from parlour.engine.registry import specs

FILE_CAP = 1 << 20


def play(game: str, seed: int, hinted: bool) -> Line[Any, Any]:
    """A game of moves drawn at random from those that lead to a position not met before
    (or, ``hinted``, the game's hint where it leads somewhere new), never giving up, until
    the game ends, no such move is left, or it is longer than a record may be."""
    spec = next(spec for spec in specs() if spec.id == game)
    rules, hint = spec.rules(), spec.hint()
    rnd = Random(seed)
    line: Line[Any, Any] = Line.from_seed(rules, seed)
    met = {line.current}
    while rules.outcome(line.current) is None and len(line.moves) <= MAX_MOVES:
        moves = [move for move in rules.legal_moves(line.current) if not rules.is_give_up(move)]
        rnd.shuffle(moves)
        if hinted and (advice := hint(line.current)) is not None:
            moves.insert(0, advice)
        for move in moves:
            if rules.is_give_up(move):
                continue
            after = rules.apply(line.current, move)
            if after not in met:
                break
        else:
            break
        met.add(after)
        line = line.play(move)
    return line


def cost(text: str) -> tuple[int, int | None]:
    """The moves of a record and the positions its replay's searches look at (None when
    it holds more moves than a record may)."""
    record = parse_record(text)
    if len(record.moves) > MAX_MOVES:
        return len(record.moves), None
    try:
        replay(record)  # as parlour check does, within the budget
    except RecordError as error:
        print(f"refused: {error}", flush=True)
    rules = find_game(record.game)
    line: Line[Any, Any] = Line.new(rules, record.deck, record.options, record.seed)
    with work.metered(1 << 62) as meter:  # again, counting (replay's own meter is inside)
        line.played_on(recorded.notation for recorded in record.moves)
        return len(record.moves), meter.spent


def real_game(job: tuple[str, int, bool]) -> tuple[str, int, bool, int, int | None]:
    game, seed, hinted = job
    moves, positions = cost(format_record(play(game, seed, hinted)))
    return game, seed, hinted, moves, positions


def percentile(values: Sequence[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def real_games(count: int, hinted: int, jobs: int) -> None:
    work_list = [
        (spec.id, seed, hint)
        for spec in specs()
        for hint, seeds in ((False, count), (True, hinted))
        for seed in range(1, seeds + 1)
    ]
    started = time.monotonic()
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(real_game, work_list))
    print(f"Real games: seeds 1..{count} of each game played at random, 1..{hinted} by the "
          f"hint, never going back to a position ({time.monotonic() - started:.0f} s)")  # fmt: skip
    print("| game | player | moves: median | 99th percentile | most | over the cap | "
          "search positions: median | 99th percentile | most |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in specs():
        for hint in (False, True):
            mine = [r for r in results if r[0] == spec.id and r[2] == hint]
            if not mine:
                continue
            moves = [r[3] for r in mine]
            over = sum(r[4] is None for r in mine)
            positions = [r[4] for r in mine if r[4] is not None]
            longest = max((r for r in mine if r[4] is not None), key=lambda r: r[3])
            costliest = max((r for r in mine if r[4] is not None), key=lambda r: r[4] or 0)
            print(
                f"| {spec.id} | {'hint' if hint else 'random'} | {percentile(moves, 0.5):,} | "
                f"{percentile(moves, 0.99):,} | {longest[3]:,} (seed {longest[1]}) | "
                f"{over} of {len(mine)} | {percentile(positions, 0.5):,} | "
                f"{percentile(positions, 0.99):,} | {max(positions):,} "
                f"(seed {costliest[1]}) |"
            )


# -- hostile records ---------------------------------------------------------------------


def pack_emptied(seed: int) -> Line[Any, Any]:
    """Random moves until the pack is empty (the game still on)."""
    rnd = Random(seed)
    line: Line[Any, Any] = Line.from_seed(SQUARES, seed)
    while SQUARES.outcome(line.current) is None and line.current.pack:
        moves = [m for m in SQUARES.legal_moves(line.current) if not SQUARES.is_give_up(m)]
        line = line.play(rnd.choice(moves))
    return line


def undecided_start(first: int = 1) -> tuple[int, Line[Any, Any]]:
    """The first deal from ``first`` whose random play empties the pack at a position the
    move's own search cannot settle."""
    seed = first
    while True:
        line = pack_emptied(seed)
        if SQUARES.outcome(line.current) is None and end_undecided(line.current):
            return seed, line
        seed += 1


def record_text(line: Line[Any, Any], moves: Sequence[Any]) -> str:
    """The record of ``line`` followed by ``moves`` (numbered, without descriptions or a
    result, as a hand-made record would be)."""
    head = format_record(Line.new(line.rules, line.deck, line.options, line.seed))
    lines = [row for row in head.splitlines() if not row.startswith("Result:")]
    played = [*map(line.rules.format_move, line.moves), *map(str, moves)]
    lines += [f"{number}. {move}" for number, move in enumerate(played, start=1)]
    return "\n".join(lines) + "\n"


def back_and_forth() -> str:
    """The largest record the file cap allows: one card to a space and back, repeated."""
    for seed in range(1, 10_000):
        line = pack_emptied(seed)
        state: SquaresState = line.current
        if SQUARES.outcome(state) is not None:
            continue
        for move in SQUARES.legal_moves(state):
            if isinstance(move, HeapMove) and not state.heaps[move.target]:
                after = SQUARES.apply(state, move)
                back = HeapMove(move.target, move.source)
                if SQUARES.outcome(after) is None and back in SQUARES.legal_moves(after):
                    text = record_text(line, [])
                    number = len(line.moves)
                    pair = [str(move), str(back)]
                    rows = []
                    size = len(text.encode())
                    while True:
                        number += 1
                        row = f"{number}. {pair[number % 2]}\n"
                        if size + len(row) > FILE_CAP:
                            return text + "".join(rows)
                        rows.append(row)
                        size += len(row)
    raise AssertionError("no deal found")


def fresh_walk() -> tuple[Line[Any, Any], list[Any]]:
    """Moves with the pack empty through positions not met before that the move's own
    search cannot settle (a full look each), until the positions allowed are spent."""
    seed, line = undecided_start()
    rnd = Random(seed)
    state: SquaresState = line.current
    met = {canonical(state.heaps, state.squares)}
    walk: list[Any] = []
    spent = BUDGET
    while len(line.moves) + len(walk) < MAX_MOVES and spent <= MAX_POSITIONS:
        fresh, old = [], []
        for move in state.legal:
            if not isinstance(move, HeapMove):
                continue
            after = SQUARES.apply(state, move)
            if after.phase is Phase.FINISHED:
                continue
            node = canonical(after.heaps, after.squares)
            (old if node in met else fresh).append((end_undecided(after), move, after, node))
        if not fresh and not old:
            break
        fresh.sort(key=lambda item: not item[0])  # undecided first
        choice = fresh[0] if fresh and fresh[0][0] else rnd.choice(fresh or old)
        undecided, move, state, node = choice
        spent += BUDGET if undecided and node not in met else 0
        met.add(node)
        walk.append(move)
    return line, walk


def undecided_end() -> str:
    """A record ending in ``end`` where the longer look cannot settle (a million
    positions): the costliest single move there is."""
    seed = 1
    while True:
        seed, start = undecided_start(seed)
        node = canonical(start.current.heaps, start.current.squares)
        if explore(node, DEEP_BUDGET)[0] is Verdict.UNDECIDED:
            return record_text(start, [END])
        seed += 1


def check(name: str, text: str) -> float:
    """Check a record as ``parlour check`` does; print a row; return the CPU seconds."""
    cpu, wall = time.process_time(), time.monotonic()
    try:
        replay(parse_record(text))
        said = "replayed"
    except RecordError as error:
        said = str(error)
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    record = parse_record(text)
    print(f"| {name} | {len(text.encode()):,} bytes, {len(record.moves):,} moves | "
          f"{cpu:.1f} s CPU, {wall:.1f} s | {said} |", flush=True)  # fmt: skip
    return cpu


def hostile() -> None:
    print(f"Hostile records (budget: {MAX_MOVES:,} moves, {MAX_POSITIONS:,} positions; the "
          f"move's own look {BUDGET:,}, the longer look {DEEP_BUDGET:,})")  # fmt: skip
    print("| record | size | time to check | what check says |")
    print("| --- | --- | --- | --- |")
    check("1 MiB: a card to a space and back", back_and_forth())
    line, walk = fresh_walk()
    walking = check("a walk through unsettled positions", record_text(line, walk))
    ending = check("`end` where the longer look cannot settle", undecided_end())
    print(f"The worst case, both in one record: {walking + ending:.1f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--hinted", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hostile", action="store_true")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    real_games(args.games, args.hinted, args.jobs)
    if args.hostile:
        hostile()


if __name__ == "__main__":
    main()
