"""Work too heavy for the screen's thread: solving, hints, bests and pars, and settling the
end of a game the move's own search could not (Three Squares' ruling S11). It runs in
separate processes, so the app never stalls (a thread would share the interpreter with the
screen): one for hints and solving, one for working out pars (the hint player playing a
deal to the end: seconds a deal), and one for settling ends, whose searches can take a
minute; neither of the last two holds up a hint, and both run at a lower priority. A
process is started only when first needed and never outlives the app, even one killed
with no chance to stop it (it watches for its parent to go).
(The store's reads and writes, which are off the event loop too, run in threads:
:mod:`parlour.tui.offloop`.)
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any
from typing import TypeVar

T = TypeVar("T")

_pools: dict[str, ProcessPoolExecutor] = {}


def _executor(kind: str) -> ProcessPoolExecutor:
    pool = _pools.get(kind)
    if pool is None:
        from parlour.analysis import process_pool

        # pars and the longer looks at ends are worked out while the player plays: they
        # take only what CPU the screen and the hints leave
        pool = _pools[kind] = process_pool(1, niceness=0 if kind == "work" else 10)
    return pool


async def run(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ``function(*args, **kwargs)`` in the background process and await its result."""
    return await _run("work", function, *args, **kwargs)


async def run_pars(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ``function(*args, **kwargs)`` in the process that works out pars, and await it."""
    return await _run("pars", function, *args, **kwargs)


async def run_end_look(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run ``function(*args, **kwargs)`` in the process that looks further at ends, and
    await it."""
    return await _run("ends", function, *args, **kwargs)


async def _run(kind: str, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    loop = asyncio.get_running_loop()
    # Starting the process hands it the standard error stream; the app has swapped that
    # for its own capture, which has no file descriptor, so hand over the real one.
    with contextlib.redirect_stderr(sys.__stderr__):
        future = loop.run_in_executor(_executor(kind), partial(function, *args, **kwargs))
    return await future


def shut_down() -> None:
    """Stop the background processes (at exit): their work, started or not, is dropped,
    and they are killed, so that nothing waits for a search that may take a minute."""
    from parlour.ending import stop_workers

    for pool in _pools.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _pools.clear()
    stop_workers()


# -- the jobs (module-level functions, so the background process can import them) ----------


def hint_job(game_id: str, state: Any) -> Any:
    """The game's hint (it never peeks at hidden cards)."""
    from parlour.engine.registry import find_spec

    return find_spec(game_id).hint()(state)


def par_job(game_id: str, seed: int, options: frozenset[str]) -> int:
    """The best score perfect play reaches on a deal, knowing every card (a hole's best)."""
    from parlour.engine.registry import find_spec
    from parlour.engine.verdict import Budget

    spec = find_spec(game_id)
    start = spec.rules().start_from_seed(seed, options)
    return spec.solver().solve(start, Budget()).best_score


def hint_par_job(game_id: str, seed: int, options: frozenset[str]) -> int:
    """The score the hint player makes on a deal, never peeking (a hole's par)."""
    from parlour.analysis import hint_par

    return hint_par(game_id, seed, options)


def verdict_job(game_id: str, state: Any, budget: float) -> tuple[Any, str]:
    """What perfect play could still reach from here (this one peeks at hidden cards),
    and the game's words for it."""
    from parlour.analysis import solve_state
    from parlour.engine.registry import find_spec

    verdict = solve_state(game_id, state, budget=budget)
    return verdict, find_spec(game_id).solver().verdict_words(verdict)


def end_look_job(game_id: str, state: Any) -> str:
    """The longer look's finding on a position whose end the move's own check left in
    doubt (the capability :class:`~parlour.engine.game.SettlesEndLater`; Three Squares'
    ruling S11)."""
    from parlour.engine.game import SettlesEndLater
    from parlour.engine.registry import find_game

    rules = find_game(game_id)
    if not isinstance(rules, SettlesEndLater):
        raise TypeError(f"{game_id} decides every end as the move is made")
    return rules.look_further(state)
