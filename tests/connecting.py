"""Raw connections to a server under test, as a client that hoards them would make: opened
from a chosen loopback address (every 127.x.y.z is this computer), sending nothing or
half a request, and watched for the server closing them; or asking for much and reading
little or nothing of it."""

from __future__ import annotations

import asyncio
import errno
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


class Unread:
    """A connection that asks for ``asked`` (requests sent at once) and reads its answers
    only when told to, through a receive buffer kept small, so that they pile up on the
    server's side: a client that holds a connection by not reading."""

    def __init__(self, port: int, asked: bytes) -> None:
        self.client = socket.socket()
        self.client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.client.connect(("127.0.0.1", port))
        self.client.sendall(asked)
        self.client.setblocking(False)
        #: bytes read, and whether the server has reset the connection
        self.taken = 0
        self.reset = False

    def take(self, most: int) -> None:
        """Read at most ``most`` bytes of what has come; note a reset."""
        if self.reset:
            return
        try:
            self.taken += len(self.client.recv(most))
        except BlockingIOError:
            pass
        except ConnectionResetError:
            self.reset = True

    def was_reset(self) -> bool:
        """Whether the server has reset the connection (asked without reading it)."""
        if not self.reset:
            error = self.client.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            self.reset = error == errno.ECONNRESET
        return self.reset


def requests(port: int, path: str, count: int) -> bytes:
    """``count`` requests for ``path``, to be sent at once."""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode() * count
