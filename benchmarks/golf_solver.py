"""CPU time of the exact Golf solver on the 1,000 reference deals, under both rule options.

    python benchmarks/golf_solver.py [--runs 3] [--limit N] [--rule book|free-stock]
    python benchmarks/golf_solver.py --against LIBRARY [--limit N]

The deals are PySolFC's Golf deals 1-1000 (``tests/data/golf-reference.jsonl``). Each deal
is solved from its opening position and timed with ``time.process_time``; every answer is
checked against the file. For each rule the script prints the median, mean and maximum
CPU time per deal, the positions searched, and the mean best score and share of holes
cleared. With ``--runs N`` the whole set is solved N
times and the per-run figures are printed with their median across runs (the machine's
speed varies from run to run).

With ``--against LIBRARY`` (black-hole-solver's shared library, ``libblack_hole_solver.so``,
built from its source: ``cmake -DCMAKE_BUILD_TYPE=release`` then ``make``) the free-stock
solver is timed beside black-hole-solver in the same process, on the same deals, one after
the other, the order flipped every deal so that neither always runs on a warmer cache.
Black-hole-solver is called through ``ctypes`` as its own command-line program calls it
(Golf: nothing on a king, no wrap, the stock turned at will) and timed with
``time.process_time`` too. The script prints both medians, 99th percentiles, means and
maxima and their ratios, and checks that the two agree on every deal: whether the links
can be cleared, and, when the library was built with
``-DENABLE_DISPLAYING_MAX_NUM_PLAYED_CARDS=ON``, the fewest link cards left on a deal that
cannot be cleared.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import statistics
import time
from pathlib import Path

from parlour.engine.cards import parse_cards
from parlour.engine.games.golf import GOLF
from parlour.engine.solve.golf import solve_golf

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "data" / "golf-reference.jsonl"
RULES = {"book": ((), "best_book"), "free-stock": (("free-stock",), "best_free_stock")}


def one_run(lines: list[dict[str, object]], rule: str) -> tuple[list[float], list[int], list[int]]:
    options, field = RULES[rule]
    seconds: list[float] = []
    nodes: list[int] = []
    scores: list[int] = []
    for line in lines:
        state = GOLF.start(parse_cards(str(line["deck"])), options)
        solution = solve_golf(state, clock=time.process_time)
        assert solution.seconds is not None
        if not solution.exact or solution.best_score != line[field]:
            raise SystemExit(f"deal {line['pysol_deal']}: {solution.best_score} != {line[field]}")
        seconds.append(solution.seconds)
        nodes.append(solution.nodes)
        scores.append(solution.best_score)
    return seconds, nodes, scores


class BlackHoleSolver:
    """black-hole-solver's library, set up for Golf as its ``--game golf`` option does."""

    COLUMNS, HEIGHT, BITS = 7, 5, 3  # its Golf layout: columns, cards a column, bits
    SOLVED = 0
    TALON = 16

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(path)
        lib.black_hole_solver_set_max_iters_limit.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        for name in ("read_board", "setup", "run", "recycle"):
            getattr(lib, f"black_hole_solver_{name}").argtypes = [ctypes.c_void_p] + (
                [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
                if name == "read_board"
                else []
            )
        self.played = getattr(lib, "black_hole_solver_get_max_num_played_cards", None)
        if self.played is not None:
            self.played.argtypes = [ctypes.c_void_p]
            self.played.restype = ctypes.c_ulong
        self.lib = lib
        self.instance = ctypes.c_void_p()
        if lib.black_hole_solver_create(ctypes.byref(self.instance)):
            raise SystemExit("black-hole-solver: out of memory")
        lib.black_hole_solver_enable_rank_reachability_prune(self.instance, False)
        lib.black_hole_solver_enable_wrap_ranks(self.instance, False)
        lib.black_hole_solver_enable_place_queens_on_kings(self.instance, False)
        lib.black_hole_solver_config_setup(self.instance)

    @staticmethod
    def board(deck: str) -> bytes:
        """A reference deck (ruling G1's order) as black-hole-solver's board text: the
        stock first card first, the foundation card, then each column bottom to top."""
        cards = [card.replace("10", "T") for card in deck.split()]
        columns = [" ".join(cards[c:35:7]) for c in range(7)]
        text = f"Talon: {' '.join(cards[36:])}\nFoundations: {cards[35]}\n"
        return (text + "\n".join(columns) + "\n").encode("ascii")

    def solve(self, board: bytes) -> tuple[bool, int | None]:
        """Whether the links can be cleared and, when the library counts the cards it
        played, the fewest link cards left (it plays the whole stock on its deepest line)."""
        lib, instance = self.lib, self.instance
        error = ctypes.c_int()
        if lib.black_hole_solver_read_board(
            instance, board, ctypes.byref(error), self.COLUMNS, self.HEIGHT, self.BITS
        ):
            raise SystemExit(f"black-hole-solver: cannot read the board (line {error.value})")
        if lib.black_hole_solver_setup(instance):
            raise SystemExit("black-hole-solver: out of memory")
        lib.black_hole_solver_set_max_iters_limit(instance, (1 << 63) - 1)
        cleared = lib.black_hole_solver_run(instance) == self.SOLVED
        left = None
        if self.played is not None and not cleared:
            left = 35 + self.TALON - int(self.played(instance))
        lib.black_hole_solver_recycle(instance)
        return cleared, left


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def side_by_side(lines: list[dict[str, object]], path: str) -> None:
    """Parlour's free-stock solver and black-hole-solver on the same deals, interleaved."""
    bhs = BlackHoleSolver(path)
    ours: list[float] = []
    theirs: list[float] = []
    lefts = 0
    for number, line in enumerate(lines):
        deck = str(line["deck"])
        state = GOLF.start(parse_cards(deck), ("free-stock",))
        board = bhs.board(deck)
        for turn in (0, 1) if number % 2 == 0 else (1, 0):
            started = time.process_time()
            if turn == 0:
                solution = solve_golf(state)
                ours.append(time.process_time() - started)
            else:
                cleared, left = bhs.solve(board)
                theirs.append(time.process_time() - started)
        deal = line["pysol_deal"]
        if not solution.exact or solution.best_score != line["best_free_stock"]:
            raise SystemExit(f"deal {deal}: {solution.best_score} != {line['best_free_stock']}")
        if cleared != (solution.best_score <= 0) or cleared != line["bhs_clears_free_stock"]:
            raise SystemExit(f"deal {deal}: black-hole-solver says cleared={cleared}")
        if left is not None:
            if left != solution.best_score:
                raise SystemExit(f"deal {deal}: black-hole-solver leaves {left} link cards")
            lefts += 1
    print(f"{len(lines)} deals, free-stock, side by side in one process; CPU time per deal")
    for name, figures in (("Parlour", ours), ("black-hole-solver", theirs)):
        print(
            f"  {name}: median {statistics.median(figures) * 1000:.1f} ms, "
            f"p99 {percentile(figures, 0.99) * 1000:.0f} ms, "
            f"mean {statistics.mean(figures) * 1000:.1f} ms, max {max(figures) * 1000:.0f} ms"
        )
    print(
        f"  ratio Parlour / black-hole-solver: median "
        f"{statistics.median(ours) / statistics.median(theirs):.2f}, p99 "
        f"{percentile(ours, 0.99) / percentile(theirs, 0.99):.2f}, mean "
        f"{statistics.mean(ours) / statistics.mean(theirs):.2f}; Parlour faster on "
        f"{sum(a < b for a, b in zip(ours, theirs, strict=True))} of {len(lines)} deals"
    )
    for cleared_now, name in ((True, "cleared"), (False, "not cleared")):
        ours_part = [a for a, line in zip(ours, lines, strict=True)
                     if line["bhs_clears_free_stock"] is cleared_now]  # fmt: skip
        theirs_part = [b for b, line in zip(theirs, lines, strict=True)
                       if line["bhs_clears_free_stock"] is cleared_now]  # fmt: skip
        if ours_part:
            print(
                f"  {name} ({len(ours_part)} deals): median Parlour "
                f"{statistics.median(ours_part) * 1000:.1f} ms, black-hole-solver "
                f"{statistics.median(theirs_part) * 1000:.1f} ms"
            )
    agreed = f"; the fewest link cards left on all {lefts} deals not cleared" if lefts else ""
    print(f"  every verdict agrees (cleared or not){agreed}; Parlour also proves the best score")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals")
    parser.add_argument("--rule", choices=[*RULES, "both"], default="both")
    parser.add_argument(
        "--against", metavar="LIBRARY", help="black-hole-solver's libblack_hole_solver.so"
    )
    args = parser.parse_args()
    with REFERENCE.open(encoding="utf-8") as file:
        lines = [json.loads(text) for text in file if text.strip()][: args.limit]
    if args.against:
        side_by_side(lines, args.against)
        return
    rules = list(RULES) if args.rule == "both" else [args.rule]
    print(f"{len(lines)} deals, {args.runs} run(s) per rule; CPU time per deal")
    for rule in rules:
        medians, means, maxima = [], [], []
        nodes: list[int] = []
        scores: list[int] = []
        for run in range(1, args.runs + 1):
            seconds, nodes, scores = one_run(lines, rule)
            medians.append(statistics.median(seconds))
            means.append(statistics.mean(seconds))
            maxima.append(max(seconds))
            print(
                f"  {rule} run {run}: median {medians[-1] * 1000:.1f} ms, "
                f"mean {means[-1] * 1000:.1f} ms, max {maxima[-1] * 1000:.0f} ms, "
                f"total {sum(seconds):.1f} s"
            )
        print(
            f"{rule}: median {statistics.median(medians) * 1000:.1f} ms, "
            f"mean {statistics.median(means) * 1000:.1f} ms, "
            f"max {statistics.median(maxima) * 1000:.0f} ms (medians over runs); "
            f"positions per deal: median {statistics.median(nodes):.0f}, "
            f"mean {statistics.mean(nodes):.0f}, max {max(nodes)}; total {sum(nodes)}"
        )
        cleared = sum(score <= 0 for score in scores)
        print(
            f"{rule}: every answer agrees with the file; best score per hole: mean "
            f"{statistics.mean(scores):.3f}, cleared {cleared} of {len(scores)} "
            f"({100 * cleared / len(scores):.1f} %)"
        )


if __name__ == "__main__":
    main()
