"""Writes to the store run by one thread of their own, in the order they were handed over,
so that a program with an event loop (the app) never waits on the disk: a database that
another process holds locked delays the saving, not the keys.

The writes are plain functions (a session's save); the writer only runs them, one at a
time, and says how long the one in hand has waited (to say that saving is delayed).
``flush`` waits for every write handed over so far: the app calls it as it closes.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

Write = Callable[[], None]


class Writer:
    """One thread that runs the writes handed to it, in order."""

    def __init__(self, name: str = "parlour-writer") -> None:
        self._writes: deque[Write] = deque()
        self._changed = threading.Condition()
        #: since when the write in hand has waited (None: nothing waits)
        self._waiting_since: float | None = None
        self._closed = False
        #: the last write that failed with an error of its own (a bug, not the store's
        #: trouble, which a write notes itself): the writes after it still run
        self.failure: Exception | None = None
        #: started with the first write (an app that never writes starts no thread)
        self._thread: threading.Thread | None = None
        self._name = name

    def submit(self, write: Write) -> None:
        """Run ``write`` after every write handed over before it (at once, in this
        thread, once the writer is closed: a save as the program ends)."""
        with self._changed:
            if self._closed:
                write()
                return
            if self._waiting_since is None:
                self._waiting_since = time.monotonic()
            self._writes.append(write)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def waited(self) -> float:
        """How long the write in hand has waited, in seconds (0: none waits)."""
        since = self._waiting_since
        return 0.0 if since is None else time.monotonic() - since

    def pending(self) -> bool:
        """Whether a write handed over is not done yet."""
        return self._waiting_since is not None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write handed over so far is done; False if ``timeout``
        seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while self._waiting_since is not None:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def close(self, timeout: float | None = None) -> bool:
        """Finish the writes handed over (waiting at most ``timeout`` seconds) and stop."""
        done = self.flush(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        return done

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._writes and not self._closed:
                    self._changed.wait()
                if not self._writes:
                    return
                write = self._writes[0]
            try:
                write()
            except Exception as error:  # a write that fails must not stop those after it
                self.failure = error
            with self._changed:
                self._writes.popleft()
                self._waiting_since = time.monotonic() if self._writes else None
                self._changed.notify_all()


class UnderWay:
    """Whether a store's write (a transaction) is under way, in any thread, and a wait
    for it to end: what a program ended by a signal lets finish before it ends
    (:class:`parlour.ending.Saves`). Entered around each write; :attr:`failed` says
    whether the last write to end failed."""

    def __init__(self) -> None:
        self._count = 0
        self._changed = threading.Condition()
        self.failed = False

    def __enter__(self) -> None:
        with self._changed:
            self._count += 1

    def __exit__(self, kind: object, *_: object) -> None:
        with self._changed:
            self._count -= 1
            self.failed = kind is not None
            self._changed.notify_all()

    def pending(self) -> bool:
        """Whether a write is under way (read without a lock: a signal's handler asks)."""
        return self._count > 0

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until no write is under way; False if ``timeout`` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count == 0, timeout)
