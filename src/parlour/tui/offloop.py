"""The store off the event loop: its reads and its opening in threads (:func:`in_thread`),
its writes through the writer (:func:`in_writer`), each answering on the event loop. SQLite
waits for a database another program holds locked, and the screen must not wait with it.
(Threads, not the background processes of :mod:`parlour.tui.background`: the store's
work is waiting on the disk, not computing. This module is light: the app imports it at
start-up.)"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TypeVar

from parlour.store.writer import Writer

T = TypeVar("T")


def in_thread(
    function: Callable[[], T], *, discard: Callable[[T], object] | None = None
) -> asyncio.Future[T]:
    """Run ``function`` (a read of the store, or its opening) in a thread of its own and
    answer on the running event loop, so that the screen never waits on the disk.

    A plain daemon thread rather than a Textual thread worker: those run in the event
    loop's default executor, which is waited for as the program ends, and a read or an
    opening that waits for a locked database must not keep a player who quits. An answer
    no one waits for any more (the future cancelled, or the loop closed) is handed to
    ``discard`` (a store opened for nothing is closed)."""

    def start(running: Callable[[], None]) -> None:
        threading.Thread(target=running, name="parlour-store", daemon=True).start()

    return _answered_on_loop(function, start, discard)


def in_writer(writer: Writer, function: Callable[[], T]) -> asyncio.Future[T]:
    """Hand ``function`` (a write to the store) to the writer, after every write handed
    over before it, and answer on the running event loop with what it returns. The
    write is done even if no one waits for the answer any more (the writer is flushed as
    the app ends): a write handed over is never lost."""
    return _answered_on_loop(function, writer.submit, None)


def _answered_on_loop(
    function: Callable[[], T],
    start: Callable[[Callable[[], None]], object],
    discard: Callable[[T], object] | None,
) -> asyncio.Future[T]:
    """Run ``function`` off the loop as ``start`` runs what it is given, and answer on the
    running event loop (its error too); an answer no one waits for is given to
    ``discard``, if any."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[T] = loop.create_future()

    def unwanted(result: T | None, error: BaseException | None) -> None:
        if error is None and discard is not None:
            discard(result)  # type: ignore[arg-type]

    def settle(result: T | None, error: BaseException | None) -> None:
        if answer.cancelled():
            unwanted(result, error)
        elif error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(result)  # type: ignore[arg-type]

    def running() -> None:
        result: T | None = None
        error: BaseException | None = None
        try:
            result = function()
        except Exception as raised:  # StoreError, or a bug: told on the loop either way
            error = raised
        try:
            loop.call_soon_threadsafe(settle, result, error)
        except RuntimeError:  # the loop has closed: the program is ending
            unwanted(result, error)

    start(running)
    return answer


async def answered(future: asyncio.Future[T], busy: Callable[[], object], grace: float = 0.5) -> T:
    """The future's answer; if it has not come within ``grace`` seconds (the database is
    busy), ``busy()`` is called first (to say so), once."""
    try:
        done, _ = await asyncio.wait({future}, timeout=grace)
    except asyncio.CancelledError:  # no one waits any more: the answer is discarded
        future.cancel()
        raise
    if not done:
        busy()
    return await future
