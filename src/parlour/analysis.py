"""Solving deals and analysing ranges of seeds, for ``parlour solve``, ``parlour analyse``
and the app's live verdict.

This is where solvers meet the clock and the process pool; the solvers themselves are
pure engine code, each named by its game's plug-in. A range of any size is analysed in
bounded memory: deals are handed to the workers a few at a time, results come back in
seed order, and the summary is kept as running totals.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from parlour.engine.registry import find_spec
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget
from parlour.engine.verdict import Verdict

#: deals handed to each worker ahead of the results (the memory an analysis uses)
_AHEAD_PER_JOB = 8
#: seconds between a worker's looks at whether the process that started it is still there
PARENT_WATCH_SECONDS = 0.5
#: prctl's request to be sent a signal when the parent ends (linux/prctl.h)
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask Linux to kill this process the moment its parent ends (PR_SET_PDEATHSIG); the
    pools are made and fed from the main thread, whose end is the parent's."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _worker_start(parent: int, niceness: int = 0) -> None:
    """Run first in every worker process: leave Ctrl-C and a closed terminal to the
    parent (which stops the workers itself), and exit as soon as the parent is gone,
    even when it was killed with no chance to stop its workers (kill -9): at once on
    Linux, else within :data:`PARENT_WATCH_SECONDS`. A worker of work nobody waits for
    lowers its priority by ``niceness``, so that it takes only the CPU the player's own
    work leaves."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):  # (a closed terminal: the parent stops its workers too)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)
    _die_with_parent()
    if os.getppid() != parent:  # gone before the request was made
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _tracker_deaf_to_hangups() -> None:
    """Start multiprocessing's resource tracker (a process of its own, which the pools
    use) ignoring SIGHUP, as it ignores SIGINT and SIGTERM by itself: a terminal that
    closes sends SIGHUP to the whole group, and a tracker ended by it is started again,
    and then prints a traceback for every resource it did not know."""
    if not hasattr(signal, "SIGHUP") or threading.current_thread() is not threading.main_thread():
        return
    from multiprocessing import resource_tracker

    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # (kept across its exec)
    try:
        resource_tracker.ensure_running()
    finally:
        signal.signal(signal.SIGHUP, before if before is not None else signal.SIG_DFL)


def process_pool(workers: int, *, niceness: int = 0) -> ProcessPoolExecutor:
    """A pool of fresh worker processes (spawned, so they share nothing with a running
    app) that never outlive the process that made it; ``niceness`` lowers their priority
    (work done in the background, that nobody waits for)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(), niceness),
    )


def default_budget(game: str) -> float | None:
    """The CPU seconds a solve of this game gets unless told otherwise."""
    return find_spec(game).solver().default_seconds


def solve_state(game: str, state: Any, *, budget: float | None) -> Verdict:
    """Solve a position with its game's solver, within ``budget`` CPU seconds (None: no
    limit), timed on this process's CPU clock."""
    solver = find_spec(game).solver()
    return solver.solve(state, Budget(None, budget, time.process_time))


def solve_seed(
    game: str, seed: int, options: frozenset[str] = frozenset(), budget: float | None = None
) -> Verdict:
    rules = find_spec(game).rules()
    return solve_state(game, rules.start_from_seed(seed, options), budget=budget)


def hint_par(game: str, seed: int, options: frozenset[str] = frozenset()) -> int:
    """A deal's par in golf's sense: the score Parlour's own play makes on it, following
    the game's hint (which never looks at hidden cards) from the deal to the end. The hint
    is seeded from what it can see, so a deal's par never changes. Seconds of CPU a deal
    (Golf: about three); the best score, by contrast, is what perfect play knowing every
    card reaches (:func:`solve_seed`)."""
    spec = find_spec(game)
    rules, hint = spec.rules(), spec.hint()
    state = rules.start_from_seed(seed, options)
    while rules.outcome(state) is None:
        state = rules.apply(state, hint(state))
    return rules.score(state)


def move_texts(game: str, verdict: Verdict) -> tuple[str, ...]:
    """The verdict's line of moves in notation."""
    rules = find_spec(game).rules()
    return tuple(rules.format_move(move) for move in verdict.line)


# -- batch analysis ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealResult:
    seed: int
    status: str
    best_score: int
    exact: bool
    nodes: int
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _analyse_one(job: tuple[str, int, tuple[str, ...], float | None]) -> DealResult:
    game, seed, options, budget = job
    verdict = solve_seed(game, seed, frozenset(options), budget)
    return DealResult(
        seed,
        verdict.status,
        verdict.best_score,
        verdict.exact,
        verdict.nodes,
        verdict.seconds or 0.0,
    )


def analyse(
    game: str,
    seeds: Iterable[int],
    *,
    options: frozenset[str] = frozenset(),
    budget: float | None = None,
    jobs: int = 1,
) -> Iterator[DealResult]:
    """Solve every seed, in a pool of ``jobs`` processes, yielding results in seed order.
    Only a few deals per worker are ever waiting, so any range runs in bounded memory."""
    work = ((game, seed, tuple(sorted(options)), budget) for seed in seeds)
    if jobs <= 1:
        yield from map(_analyse_one, work)
        return
    # a command that stops as on Ctrl-C when its terminal closes (``analyse``): the
    # tracker must outlive the hangup (an app ends with everything it started)
    _tracker_deaf_to_hangups()
    pool = process_pool(jobs)
    waiting: deque[Future[DealResult]] = deque()
    finished = False
    try:
        for job in work:
            waiting.append(pool.submit(_analyse_one, job))
            if len(waiting) >= jobs * _AHEAD_PER_JOB:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
        finished = True
    finally:
        # on Ctrl-C (or any early stop, even while the workers are starting) no deal is
        # wanted any more: those not yet started are dropped, and the workers are
        # stopped, or the deals they are solving (with no budget, perhaps for long) would
        # hold this process at its exit until they ended
        if not finished:
            workers: dict[int, Any] = getattr(pool, "_processes", None) or {}
            for process in list(workers.values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


class _Seconds:
    """The median of many timings in bounded memory: exact up to :data:`EXACT` values,
    then from a histogram with buckets 1 % wide (so within 1 % of the true median)."""

    EXACT = 100_000

    def __init__(self) -> None:
        self.values: list[float] | None = []
        self.buckets: dict[int, int] = {}
        self.count = 0

    def add(self, value: float) -> None:
        self.count += 1
        self.buckets[self._bucket(value)] = self.buckets.get(self._bucket(value), 0) + 1
        if self.values is not None:
            self.values.append(value)
            if len(self.values) > self.EXACT:
                self.values = None

    @staticmethod
    def _bucket(value: float) -> int:
        import math

        return -10_000 if value <= 1e-9 else round(math.log(value) / math.log(1.01))

    def median(self) -> float:
        if self.values is not None:
            if not self.values:
                return 0.0
            ordered = sorted(self.values)
            middle = len(ordered) // 2
            if len(ordered) % 2:
                return ordered[middle]
            return (ordered[middle - 1] + ordered[middle]) / 2
        seen = 0
        for bucket in sorted(self.buckets):
            seen += self.buckets[bucket]
            if seen * 2 >= self.count:
                return 0.0 if bucket == -10_000 else float(1.01**bucket)
        return 0.0  # pragma: no cover - the loop always reaches the middle


@dataclass
class Tally:
    """Running totals of an analysis, so that a range of any size needs no list of its
    results; :meth:`summary` gives the figures at any moment (Ctrl-C included)."""

    game: str
    options: frozenset[str]
    deals: int = 0
    winnable: int = 0
    not_winnable: int = 0
    unknown: int = 0
    total_best: int = 0
    total_seconds: float = 0.0
    max_seconds: float = 0.0
    _seconds: _Seconds = field(default_factory=_Seconds)

    def add(self, result: DealResult) -> None:
        self.deals += 1
        if result.status == WINNABLE:
            self.winnable += 1
        elif result.status == NOT_WINNABLE:
            self.not_winnable += 1
        else:
            self.unknown += 1
        self.total_best += result.best_score
        self.total_seconds += result.seconds
        self.max_seconds = max(self.max_seconds, result.seconds)
        self._seconds.add(result.seconds)

    def summary(self) -> Summary:
        deals = self.deals
        mean_best = self.total_best / deals if deals else 0.0
        rounds = find_spec(self.game).rounds
        return Summary(
            self.game,
            ",".join(sorted(self.options)) or "none",
            deals,
            self.winnable,
            self.not_winnable,
            self.unknown,
            mean_best,
            rounds.holes * mean_best if rounds is not None else None,
            self._seconds.median(),
            self.total_seconds / deals if deals else 0.0,
            self.max_seconds,
        )


@dataclass(frozen=True, slots=True)
class Summary:
    game: str
    options: str
    deals: int
    winnable: int
    not_winnable: int
    unknown: int
    mean_best_score: float
    #: for a game played in rounds, the mean best total of a round (nine holes of Golf;
    #: the field keeps its first name: it is perfect play's, not the hint player's par)
    mean_nine_hole_par: float | None
    median_seconds: float
    mean_seconds: float
    max_seconds: float

    @property
    def winnable_share(self) -> float:
        return self.winnable / self.deals if self.deals else 0.0

    @property
    def definite_share(self) -> float:
        return (self.winnable + self.not_winnable) / self.deals if self.deals else 0.0

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["winnable_share"] = self.winnable_share
        data["definite_share"] = self.definite_share
        return data


def summarise(game: str, options: frozenset[str], results: Iterable[DealResult]) -> Summary:
    tally = Tally(game, options)
    for result in results:
        tally.add(result)
    return tally.summary()


__all__ = [
    "DealResult",
    "Summary",
    "Tally",
    "analyse",
    "default_budget",
    "hint_par",
    "move_texts",
    "solve_seed",
    "solve_state",
    "summarise",
]
