"""Work too heavy for the screen's thread: solving, hints, pars. It runs in one separate
process, so the app never stalls (a thread would share the interpreter with the screen).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")

_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _pool


async def run(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ``function(*args, **kwargs)`` in the background process and await its result."""
    loop = asyncio.get_running_loop()
    # Starting the process hands it the standard error stream; the app has swapped that
    # for its own capture, which has no file descriptor, so hand over the real one.
    with contextlib.redirect_stderr(sys.__stderr__):
        future = loop.run_in_executor(_executor(), partial(function, *args, **kwargs))
    return await future


def shut_down() -> None:
    """Stop the background process (at exit), dropping work not yet started."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


# -- the jobs (module-level functions, so the background process can import them) ----------


def hint_job(game_id: str, state: Any) -> Any:
    from parlour.engine.solve.hint import suggest

    return suggest(game_id, state)


def golf_par_job(seed: int, options: frozenset[str]) -> int:
    from parlour.engine.solve.golf import par_for_seed

    return par_for_seed(seed, options)


def verdict_job(game_id: str, state: Any, budget: float) -> Any:
    """What perfect play could still reach from here (this one peeks at hidden cards)."""
    from parlour.analysis import solve_state

    return solve_state(game_id, state, budget=budget)
