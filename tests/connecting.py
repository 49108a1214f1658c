"""Raw connections to a server under test, as a client that hoards them would make: opened
from a chosen loopback address (every 127.x.y.z is this computer), sending nothing or
half a request, and watched for the server closing them."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager


def opened(port: int, source: str = "127.0.0.1", sent: bytes = b"") -> socket.socket:
    """A connection to ``127.0.0.1:port`` from ``source``, having sent ``sent``."""
    client = socket.socket()
    client.bind((source, 0))
    client.connect(("127.0.0.1", port))
    if sent:
        client.sendall(sent)
    client.setblocking(False)
    return client


class Watched:
    """A connection and what the server has sent on it until it closed it."""

    def __init__(self, client: socket.socket) -> None:
        self.client = client
        self.received = b""
        self.closed = False

    def look(self) -> bool:
        """Read what has come; whether the server has closed the connection."""
        while not self.closed:
            try:
                data = self.client.recv(65536)
            except BlockingIOError:
                break
            except ConnectionError:
                self.closed = True
                break
            if not data:
                self.closed = True
            self.received += data
        return self.closed


@contextmanager
def hoard(
    port: int, count: int, source: str = "127.0.0.1", sent: bytes = b""
) -> Iterator[list[Watched]]:
    """``count`` connections from ``source``, closed after the block."""
    connections: list[Watched] = []
    try:
        for _ in range(count):
            connections.append(Watched(opened(port, source, sent)))
        yield connections
    finally:
        for connection in connections:
            connection.client.close()


def closed_ones(connections: list[Watched]) -> list[Watched]:
    return [c for c in connections if c.look()]


def wait_closed(connections: list[Watched], count: int, seconds: float) -> float:
    """Wait until ``count`` of ``connections`` have been closed by the server (fail if
    they are not within ``seconds``); the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if len(closed_ones(connections)) >= count:
            return time.monotonic() - start
        time.sleep(0.1)
    closed = len(closed_ones(connections))
    raise AssertionError(
        f"{closed} of {len(connections)} connections closed within {seconds} s, not {count}"
    )


async def closing(connections: list[Watched], count: int, seconds: float) -> float:
    """:func:`wait_closed` for a test that runs an event loop (its own clients go on
    meanwhile)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if len(closed_ones(connections)) >= count:
            return time.monotonic() - start
        await asyncio.sleep(0.1)
    closed = len(closed_ones(connections))
    raise AssertionError(
        f"{closed} of {len(connections)} connections closed within {seconds} s, not {count}"
    )
