"""Every score verified: a submitted round record is read, its signature checked and every
hole replayed from the course's own deals (the engine ``parlour check`` uses) in a pool
of worker processes, each record within a budget of CPU seconds.

The budget is kept inside the worker (a CPU-time timer, ``ITIMER_PROF``): a record that
would take longer is refused and the worker goes on to the next. The server also waits
for no answer longer than a few times the budget, and lets only so many records wait for
a worker at once (the rest are told the club is busy).
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import re
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from types import FrameType
from typing import Any
from typing import Final

from parlour.club.lookalike import look_alike_key
from parlour.engine.errors import ParlourError
from parlour.engine.notation import format_options
from parlour.engine.round_record import format_round_record
from parlour.engine.round_record import parse_round_record
from parlour.engine.round_record import verify_round
from parlour.store.players import check_player
from parlour.store.signing import check_signature
from parlour.store.signing import folded
from parlour.store.signing import public_key_text


class OverBudget(BaseException):
    """The record took more CPU time than its budget (a BaseException, as KeyboardInterrupt
    is, so that no ``except Exception`` on the way can swallow it)."""


def _over_budget(_signal: int, _frame: FrameType | None) -> None:
    raise OverBudget


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`OverBudget` in this process once ``seconds`` of CPU time are spent."""
    previous = signal.signal(signal.SIGPROF, _over_budget)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def round_digest(game: str, course: int, options: frozenset[str], holes: list[list[str]]) -> str:
    """What was played, as a name: SHA-256 of the game, course, options and every hole's
    moves in notation. The same round, however its file was written, has the same digest."""
    text = "\n".join(
        [game, str(course), format_options(options), *(" ".join(moves) for moves in holes)]
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: characters no round record holds: the controls (C0 but tab and line ends, DEL, and C1,
#: whose CSI and OSC a terminal showing the record would obey) and the bidirectional
#: marks, embeddings, overrides and isolates (which make the text shown read otherwise)
_CONTROLS: Final = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


#: how many bytes longer than Parlour writes its holes a round record may be: room for its
#: Key, Signature and Finished lines (some 200 bytes) and a player's own comments. Every
#: record is kept and published as it was sent, and a round of nine holes is some 15 KiB,
#: so padding would otherwise let each round sent take up to ``--max-bytes`` of disk
SPARE_BYTES: Final = 4096


def examine(text: str, budget: float) -> dict[str, Any]:
    """Check a round record as the club does: signed, by a good name, and every hole
    replaying to the scores it claims. ``{"ok": True, …what was found}`` or ``{"ok":
    False, "reason": …}``. Runs in a worker process."""
    started = time.process_time()
    try:
        with cpu_budget(budget):
            found = _examine(text)
    except OverBudget:
        found = {"ok": False, "reason": f"the record took more than {budget:g} s to verify"}
    found["cpu"] = time.process_time() - started
    return found


def _examine(text: str) -> dict[str, Any]:
    def refused(reason: str) -> dict[str, Any]:
        return {"ok": False, "reason": reason}

    control = _CONTROLS.search(text)
    if control is not None:  # (a record is text; PostgreSQL's text cannot hold a NUL)
        return refused(f"the round record holds a control character (U+{ord(control.group()):04X})")
    try:
        record = parse_round_record(text)
    except ParlourError as error:
        return refused(str(error))
    signature = check_signature(text)
    if signature.status == "unsigned":
        return refused(
            "the round record is not signed (parlour club submit signs it with your key)"
        )
    if not signature.good or signature.public is None:
        return refused(f"the signature is not good: {signature.reason}")
    try:
        player = check_player(record.player)
    except ValueError as error:
        return refused(f"the Player line: {error}")
    try:
        checked = verify_round(record)
    except ParlourError as error:
        return refused(str(error))
    written = format_round_record(checked.game, checked.course, record.player, checked.lines)
    spare = len(text.encode("utf-8")) - len(written.encode("utf-8"))
    if spare > SPARE_BYTES:
        return refused(
            f"the round record is {spare} bytes longer than Parlour writes its holes; at most "
            f"{SPARE_BYTES} more (its Key and Signature lines, comments) are taken"
        )
    holes = [
        [str(checked.lines[0].rules.format_move(m)) for m in line.moves] for line in checked.lines
    ]
    return {
        "ok": True,
        "player": player,
        "name_key": folded(player),
        "look_alike": look_alike_key(player),
        "public_key": public_key_text(signature.public),
        "game": checked.game,
        "course": checked.course,
        "options": format_options(checked.options),
        "scores": list(checked.scores),
        "total": checked.total,
        "digest": round_digest(checked.game, checked.course, checked.options, holes),
    }


def work_out_pars(game: str, course: int, options: str, budget: float) -> dict[int, int]:
    """The par of each hole of a course (seed -> par) that the solver proves within the
    budget of CPU seconds for the whole course. Runs in a worker process."""
    from parlour.engine.notation import parse_options
    from parlour.engine.registry import find_spec
    from parlour.engine.rounds import hole_seed
    from parlour.engine.verdict import Budget

    spec = find_spec(game)
    kind = spec.rounds
    if kind is None:
        return {}
    chosen = parse_options(options)
    found: dict[int, int] = {}
    try:
        with cpu_budget(budget):
            for hole in range(1, kind.holes + 1):
                seed = hole_seed(kind, course, hole)
                verdict = spec.solver().solve(spec.rules().start_from_seed(seed, chosen), Budget())
                if verdict.exact:
                    found[seed] = verdict.best_score
    except OverBudget:
        pass
    return found


def _worker_start() -> None:
    # a worker ignores Ctrl-C: the server stops it when it stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # the table of look-alike characters is read now, outside any record's CPU budget
    look_alike_key("")


class Verifier:
    """The pool of verifying processes, shared by every request."""

    def __init__(self, workers: int, budget: float, waiting: int) -> None:
        self.budget = budget
        self.workers = workers
        context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start)
        #: records let in at once (running or waiting for a worker)
        self.slots = asyncio.Semaphore(workers + waiting)
        #: records being examined now, and whether a course's pars are being worked out:
        #: pars are worked out only while neither is, so that they never hold a record up
        self._examining = 0
        self._working_out = False

    async def warm(self) -> None:
        """Start every worker and load the engine in each (the first record is not slow)."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self.pool, examine, "", 1.0) for _ in range(self.workers))
        )

    @property
    def busy(self) -> bool:
        return self.slots.locked()

    async def examine(self, text: str) -> dict[str, Any] | None:
        """What :func:`examine` finds, or None when the club is too busy to look now."""
        if self.slots.locked():
            return None
        async with self.slots:
            self._examining += 1
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self.pool, examine, text, self.budget)
            try:
                # the worker keeps the CPU budget; this bounds the wait, queue included
                return await asyncio.wait_for(future, timeout=self.budget * 4 + 30)
            except TimeoutError:
                return {"ok": False, "reason": "the club could not verify the record in time"}
            finally:
                self._examining -= 1

    async def pars(self, game: str, course: int, options: str) -> dict[int, int] | None:
        """The pars of a course's holes that its budget proves, or None when the pool is
        busy with records or with another course's pars. A course's pars never take a
        record's place (asked for by whoever looks at a board, they could keep every
        record out), and one page never waits for another course's; a record sent while
        they are worked out waits for one course's budget at most."""
        if self._examining or self._working_out:
            return None
        self._working_out = True
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                self.pool, work_out_pars, game, course, options, self.budget * 5
            )
        finally:
            self._working_out = False

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)
