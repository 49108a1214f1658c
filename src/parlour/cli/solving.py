"""``parlour solve`` and ``parlour analyse``: what perfect play could reach, for one deal or
for a range of seeds (any size, in bounded memory; Ctrl-C prints what was solved)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
from collections.abc import Iterator
from typing import Any
from typing import TextIO

from parlour.analysis import DealResult
from parlour.analysis import Tally
from parlour.cli.common import CliError
from parlour.cli.common import chosen_options
from parlour.cli.common import describe_deal
from parlour.cli.common import read_record
from parlour.cli.common import start_line
from parlour.engine.deals import MAX_SEED
from parlour.engine.deals import check_seed
from parlour.engine.deals import shown
from parlour.engine.plugin import GameSpec


def solve_budget(game: str, budget: float | None) -> float | None:
    from parlour.analysis import default_budget

    if budget is not None and not budget > 0:  # also refuses nan
        raise CliError("--budget must be a positive number of seconds")
    if budget is not None and budget == float("inf"):
        return None
    return default_budget(game) if budget is None else budget


def command_solve(args: argparse.Namespace) -> int:
    from rich.console import Console

    from parlour.analysis import move_texts
    from parlour.analysis import solve_state
    from parlour.engine.registry import find_spec

    if args.record:
        _, line = read_record(args.record)
    else:
        args.option = []
        line = start_line(args)
    rules = line.rules
    spec = find_spec(rules.id)
    budget = solve_budget(rules.id, args.budget)
    verdict = solve_state(rules.id, line.current, budget=budget)
    moves = move_texts(rules.id, verdict)
    if args.json:
        answer = {
            "game": rules.id,
            "options": sorted(line.options),
            "seed": line.seed,
            "from_move": len(line.moves),
            "status": verdict.status,
            "best_score": verdict.best_score,
            "exact": verdict.exact,
            "moves": list(moves),
            "nodes": verdict.nodes,
            "seconds": round(verdict.seconds or 0.0, 4),
        }
        sys.stdout.write(json.dumps(answer, indent=2) + "\n")
        return 0
    console = Console(highlight=False)
    console.print(
        describe_deal(line) + (f" · from move {len(line.moves)}" if line.moves else ""),
        style="bold",
    )
    exact = "exact" if verdict.exact else "best found within the budget"
    console.print(
        f"Best score: {verdict.best_score} ({exact}), counting {rules.words.score_label}."
    )
    console.print(f"Verdict: {spec.solver().verdict_words(verdict)}.")
    console.print(f"Line ({len(moves)} moves): {' '.join(moves) or '(none)'}")
    seconds = verdict.seconds or 0.0
    console.print(f"Searched {verdict.nodes:,} positions in {seconds:.2f} s CPU.")
    return 0


def parse_seed_range(text: str) -> range:
    """``A..B``: seeds A to B inclusive, both within 0 … 2**63 − 1 and A ≤ B."""
    first, dots, last = text.partition("..")
    if not dots:
        raise CliError(f"--seeds takes a range like 1..1000, not {shown(text)}")
    try:
        low, high = check_seed(first), check_seed(last)
    except ValueError as error:
        raise CliError(f"--seeds {shown(text)}, at each end of the range: {error}") from None
    if high < low:
        raise CliError(f"--seeds {shown(text)}: the range is empty (the start is after the end)")
    assert high <= MAX_SEED
    return range(low, high + 1)


def command_analyse(args: argparse.Namespace) -> int:
    from parlour.analysis import analyse
    from parlour.engine.registry import find_spec

    spec = find_spec(args.game)
    seeds = parse_seed_range(args.seeds)
    options = frozenset(chosen_options(args, spec))
    spec.rules().check_options(options)
    budget = solve_budget(spec.id, args.budget)
    cores = os.cpu_count() or 1
    most = 4 * cores  # (more gain nothing, and each is a Python of its own in memory)
    if args.jobs < 0 or args.jobs > most:
        raise CliError(
            f"--jobs takes a number of worker processes from 1 to {most} (four for each of "
            f"this machine's {cores} cores)"
        )
    jobs = args.jobs or cores
    if args.out and not args.out.endswith((".csv", ".json")):
        raise CliError("--out must name a .csv or .json file")
    tally = Tally(spec.id, options)
    results = _counted(
        analyse(spec.id, seeds, options=options, budget=budget, jobs=jobs),
        tally,
        spec.name,
        seeds.stop - seeds.start,  # (len() of a range past 2**63 fails)
    )
    interrupted = False
    with _stopped_as_by_ctrl_c() as stopped_by:
        if args.out:
            from parlour.store.files import text_writer

            # what was solved is kept on Ctrl-C (or SIGTERM, or the terminal closed)
            with text_writer(args.out, replace=args.force) as out:
                try:
                    _write_results(out, args.out.endswith(".json"), results, tally)
                except KeyboardInterrupt:
                    interrupted = True
        else:
            try:
                for _ in results:
                    pass
            except KeyboardInterrupt:
                interrupted = True
    if stopped_by:  # (the terminal may be gone: the file is what matters)
        with contextlib.suppress(OSError):
            _print_summary(spec, seeds, tally, budget, interrupted)
        return 128 + stopped_by[0]
    _print_summary(spec, seeds, tally, budget, interrupted)
    return 130 if interrupted else 0


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP during an analysis: it stops as on Ctrl-C."""


@contextlib.contextmanager
def _stopped_as_by_ctrl_c() -> Iterator[list[int]]:
    """While an analysis runs, SIGTERM and SIGHUP stop it as Ctrl-C does (the deals solved
    so far written out, the workers stopped); the list yielded gets the signal's number.
    The handlers there before are put back."""
    got: list[int] = []

    def stop(number: int, _frame: object) -> None:
        if not got:
            got.append(number)
            raise _Stopped

    numbers = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    before = {number: signal.signal(number, stop) for number in numbers}
    try:
        yield got
    finally:
        for number, handler in before.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


def _counted(results: Iterator[DealResult], tally: Tally, name: str, total: int) -> Any:
    """The results as they come, each counted into ``tally``, with a progress bar while
    standard error is a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn
    from rich.progress import MofNCompleteColumn
    from rich.progress import Progress
    from rich.progress import TextColumn
    from rich.progress import TimeElapsedColumn
    from rich.progress import TimeRemainingColumn

    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        for result in results:
            tally.add(result)
            yield result
        return
    with Progress(
        TextColumn(name),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("solving", total=total)
        for result in results:
            tally.add(result)
            progress.advance(task)
            yield result


def _write_results(out: TextIO, as_json: bool, results: Any, tally: Tally) -> None:
    """Write every deal's result as it comes (CSV rows, or a JSON object whose summary
    comes after the deals); an interrupted run still leaves a complete file."""
    from parlour.engine.untrusted import csv_line

    if as_json:
        out.write('{\n "deals": [')
        first = True
        try:
            for result in results:
                out.write(("\n  " if first else ",\n  ") + json.dumps(result.as_dict()))
                first = False
        finally:
            out.write('\n ],\n "summary": ' + json.dumps(tally.summary().as_dict()) + "\n}\n")
        return
    # the csv module's line ends, as before; every cell written as every CSV of Parlour's
    out.write(csv_line(["seed", "status", "best_score", "exact", "nodes", "seconds"], "\r\n"))
    for r in results:
        cells = [r.seed, r.status, r.best_score, r.exact, r.nodes, f"{r.seconds:.4f}"]
        out.write(csv_line(cells, "\r\n"))


def _print_summary(
    spec: GameSpec, seeds: range, tally: Tally, budget: float | None, cut: bool
) -> None:
    from rich.console import Console
    from rich.table import Table

    summary = tally.summary()
    table = Table(
        title=f"{spec.name}, seeds {seeds.start}..{seeds.stop - 1} "
        f"({summary.options}, budget {budget or 'none'})"
    )
    par = summary.mean_nine_hole_par
    rounds = spec.rounds
    round_par = [f"mean {rounds.holes}-{rounds.unit} best"] if rounds is not None else []
    for heading in (
        "deals",
        "winnable %",
        "definite %",
        "mean best score",
        *round_par,
        "median s/deal",
        "max s/deal",
    ):
        table.add_column(heading, justify="right")
    table.add_row(
        f"{summary.deals:,}",
        f"{100 * summary.winnable_share:.1f}",
        f"{100 * summary.definite_share:.1f}",
        f"{summary.mean_best_score:.2f}",
        *([f"{par:.1f}"] if par is not None else []),
        f"{summary.median_seconds:.3f}",
        f"{summary.max_seconds:.3f}",
    )
    console = Console(highlight=False)
    console.print(table)
    if cut:
        console.print(
            f"Interrupted: {summary.deals:,} of {seeds.stop - seeds.start:,} deals solved; "
            "the figures are of those."
        )
