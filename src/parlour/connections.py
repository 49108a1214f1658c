"""The door of Parlour's two web servers (``parlour serve`` and ``parlour club serve``):
how many connections may be open at once, in all and from one address, and how long a
connection may take to send a request.

aiohttp bounds what a request may hold, not how many connections are open: a client
that opened hundreds and sent nothing, or half a request's headers, held every one of
them until aiohttp's keep-alive timeout (75 s under ``web.run_app``, an hour under an
``AppRunner``). Here each connection passes a :class:`Doorman` first, the protocol
factory the listening socket is given: beyond :attr:`Door.most` open connections, or
:attr:`Door.most_per_address` from one address, a new connection is answered ``503`` and
closed at once, and the connections already open go on as before. The time for a
request's headers is aiohttp's own keep-alive timeout (:func:`handler_arguments`): it
runs from the moment a connection opens, and again from each answer, and closes the
connection if no whole request has come by then; a request being answered (a served
app's websocket, however long it lasts) is never cut off by it. Nor may a client hold a
connection by not reading what it asked for (many requests sent at once, or one large
answer, and nothing read): once the connection's answers have filled what the kernel
holds for it and aiohttp has stopped writing, the client has :attr:`Door.write_seconds`
to read some of them, or the connection is cut. (Files are sent through the connection
too, not with the kernel's ``sendfile``, whose wait for a client that reads nothing has
no end and is not seen here.)
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import Final

from aiohttp import web
from aiohttp import web_fileresponse

try:
    import fcntl
    import termios
except ImportError:  # (not on Windows)
    fcntl = termios = None  # type: ignore[assignment]

#: connections the kernel may hold for the server before it accepts them; asyncio accepts
#: up to as many at once, and each is a file descriptor until one refused is closed
BACKLOG: Final = 128
#: seconds a connection's answers may wait unread before it is cut (``--write-timeout``)
WRITE_SECONDS: Final = 30.0
#: SO_LINGER on, for no time: closing the socket resets the connection
RESET: Final = struct.pack("ii", 1, 0)
#: the ioctl that asks Linux for the bytes in a TCP socket's send queue not yet
#: acknowledged (``SIOCOUTQ``, the same number as ``TIOCOUTQ``); None elsewhere
OUTQ: Final = getattr(termios, "TIOCOUTQ", None) if sys.platform == "linux" else None
#: what a connection beyond the limits is told before it is closed
BUSY: Final = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: 41\r\nRetry-After: 10\r\nConnection: close\r\n\r\n"
    b"Too many connections: try again shortly.\n"
)


def counted_as(address: str) -> str:
    """The name an address is counted under: an IPv6 address by its /64 (a home or a
    host is given a whole /64, so counting each address would let one client take a new
    one for every connection), an IPv4 one as it is (and as itself when written as IPv6).

    >>> counted_as("2001:db8:1:2:aaaa::1"), counted_as("2001:db8:1:2::ffff")
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> counted_as("192.0.2.7"), counted_as("::ffff:192.0.2.7"), counted_as("?")
    ('192.0.2.7', '192.0.2.7', '?')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(frozen=True)
class Door:
    #: connections open at once, in all
    most: int
    #: connections open at once from one address (None: no limit but ``most``)
    most_per_address: int | None
    #: seconds a connection has to send a whole request's headers, from the moment it
    #: opens and again from each answer (an idle kept-alive connection is closed then)
    header_seconds: float
    #: seconds a connection's answers may wait for the client to read them, once the
    #: kernel's buffers for it are full, before the connection is cut
    write_seconds: float = WRITE_SECONDS


def handler_arguments(door: Door) -> dict[str, Any]:
    """aiohttp's arguments for each connection's handler (``AppRunner(app, **these)``).

    aiohttp arms its keep-alive timer when a connection opens and again after each
    answer, and closes the connection when it fires while no request is being answered
    (data arriving does not put it off): so it bounds both the wait for a request's
    headers and an idle kept-alive connection."""
    return {"keepalive_timeout": door.header_seconds}


class Doorman:
    """The protocol factory of a listening socket, in front of aiohttp's ``web.Server``
    (``runner.server``): a connection within the limits is handed to aiohttp as it would
    be without it; one beyond them is answered :data:`BUSY` and closed, and
    ``refused(address, why)`` is told; one whose answers go unread too long is cut, and
    ``cut(address, why)`` is told."""

    def __init__(
        self,
        server: web.Server,
        door: Door,
        refused: Callable[[str, str], None] = lambda address, why: None,
        cut: Callable[[str, str], None] = lambda address, why: None,
    ) -> None:
        self.server = server
        self.door = door
        self.refused = refused
        self.cut = cut
        #: connections open now, in all and by address counted
        self.open = 0
        self.by_address: Counter[str] = Counter()

    def __call__(self) -> asyncio.Protocol:
        return _Guarded(self)

    def admit(self, address: str) -> bool:
        door = self.door
        counted = counted_as(address)
        if self.open >= door.most:
            self.refused(address, f"too many connections ({self.open} open, at most {door.most})")
            return False
        if door.most_per_address is not None and self.by_address[counted] >= door.most_per_address:
            self.refused(
                address,
                f"too many connections from its address ({self.by_address[counted]} open, "
                f"at most {door.most_per_address})",
            )
            return False
        self.open += 1
        self.by_address[counted] += 1
        return True

    def release(self, address: str) -> None:
        counted = counted_as(address)
        self.open -= 1
        self.by_address[counted] -= 1
        if self.by_address[counted] <= 0:
            del self.by_address[counted]


class _Guarded(asyncio.Protocol):
    """One connection: aiohttp's own handler once admitted, every event passed on to it
    unchanged (and the connection cut if its answers go unread too long); nothing at all
    if refused."""

    def __init__(self, doorman: Doorman) -> None:
        self._doorman = doorman
        self._inner: web.RequestHandler | None = None
        self._address = "?"
        self._transport: asyncio.BaseTransport | None = None
        #: the cut armed while writing is paused, and the bytes waiting when it was armed
        self._stall: asyncio.TimerHandle | None = None
        self._waiting = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self._doorman.admit(self._address):
            if isinstance(transport, asyncio.WriteTransport):
                transport.write(BUSY)
            transport.close()
            return
        self._transport = transport
        self._inner = self._doorman.server()
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> None:
        # (aiohttp's handler answers None: the transport closes its side)
        if self._inner is not None:
            self._inner.eof_received()

    def pause_writing(self) -> None:
        # (the transport's buffer is full: the client has not read what it was sent)
        if self._inner is not None:
            if self._stall is None:
                self._arm()
            self._inner.pause_writing()

    def _arm(self) -> None:
        self._waiting = self._unsent()
        seconds = self._doorman.door.write_seconds
        self._stall = asyncio.get_running_loop().call_later(seconds, self._stalled)

    def resume_writing(self) -> None:
        self._unarm()
        if self._inner is not None:
            self._inner.resume_writing()

    def _unsent(self) -> int:
        """Bytes of answers the client has not yet taken: those waiting in the transport,
        and those in the kernel's queue for the socket that the client has not
        acknowledged (where the kernel says: Linux's ``SIOCOUTQ``)."""
        transport = self._transport
        if not isinstance(transport, asyncio.WriteTransport):
            return 0
        unsent = transport.get_write_buffer_size()
        sock = transport.get_extra_info("socket")
        if sock is not None and OUTQ is not None:
            with contextlib.suppress(OSError, ValueError):
                queued = fcntl.ioctl(sock.fileno(), OUTQ, b"\0\0\0\0")
                unsent += int.from_bytes(queued, sys.byteorder, signed=True)
        return unsent

    def _unarm(self) -> None:
        stall, self._stall = self._stall, None
        if stall is not None:
            stall.cancel()

    def _stalled(self) -> None:
        """Writing has been paused for the time allowed. If the client has read some of
        its answers since (less waits to be sent), it is slow but reading: it gets as
        long again. If it has read nothing, the connection is reset at once, what it has
        not read thrown away (a close would leave the kernel holding it, and trying to
        send it, long after the socket was gone)."""
        self._stall = None
        transport = self._transport
        if self._inner is None or transport is None or transport.is_closing():
            return
        if self._unsent() < self._waiting:
            self._arm()
            return
        seconds = self._doorman.door.write_seconds
        self._doorman.cut(self._address, f"its answers went unread for {seconds:g} s")
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
        if isinstance(transport, asyncio.WriteTransport):
            transport.abort()
        else:
            transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unarm()
        inner, self._inner = self._inner, None
        if inner is not None:
            self._doorman.release(self._address)
            inner.connection_lost(exc)


class NoRoom(OSError):
    """The open-file limit cannot hold the connections allowed."""


def make_room(connections: int, others: int) -> None:
    """Raise this process's open-file limit (its soft limit, up to the hard one) so that
    it holds ``connections``, ``others`` more files (its own: database, processes, logs)
    and a :data:`BACKLOG` of connections accepted but not yet refused; :class:`NoRoom`,
    saying how many connections it could hold, if the hard limit is lower. A server that
    runs out of file descriptors stops accepting connections at all (asyncio waits for
    one to close), its own users' included."""
    others += BACKLOG
    try:
        import resource
    except ImportError:  # (not on Windows)
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = connections + others
    if soft == resource.RLIM_INFINITY or needed <= soft:
        return
    if hard != resource.RLIM_INFINITY and needed > hard:
        raise NoRoom(
            f"{connections} connections at once need {needed} open files, and this process "
            f"may open {hard} (ulimit -Hn): allow at most {max(0, hard - others)} connections"
        )
    resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


async def listen(
    runner: web.BaseRunner,
    host: str,
    port: int,
    door: Door,
    refused: Callable[[str, str], None] = lambda address, why: None,
    cut: Callable[[str, str], None] = lambda address, why: None,
) -> asyncio.Server:
    """Listen on ``host`` and ``port`` for ``runner`` (set up) through a
    :class:`Doorman`; the listening server, which the caller closes before
    ``runner.cleanup()``."""
    server = runner.server
    if server is None:
        raise RuntimeError("the runner is not set up")
    # aiohttp's switch for ``AIOHTTP_NOSENDFILE``, read as each file is sent: a file goes
    # out in chunks through the transport, whose pauses the Doorman times
    setattr(web_fileresponse, "NOSENDFILE", True)  # noqa: B010
    loop = asyncio.get_running_loop()
    doorman = Doorman(server, door, refused, cut)
    return await loop.create_server(doorman, host, port, backlog=BACKLOG)
