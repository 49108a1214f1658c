"""Talking to a club: HTTP with the standard library (``urllib``), each call bounded by a
timeout, every failure one of two errors: :class:`Unreachable` (try again later) or
:class:`Refused` (the club said no, and why).

The timeout is the whole call's, not each step's: a socket's own timeout bounds one wait
for bytes, so a club (or anything between) that sends a byte every few seconds would keep
a call going for ever. Here every step (connecting, the TLS handshake, each write, each
read of the answer, redirects too) is given only what is left of the call's time."""

from __future__ import annotations

import http.client
import io
import json
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any
from typing import Final

from parlour import __version__
from parlour.engine.untrusted import shown

#: seconds any call to a club may take
TIMEOUT: Final = 10.0
#: the largest answer read from a club
MAX_ANSWER: Final = 1 << 22
USER_AGENT: Final = f"parlour/{__version__}"


class ClubError(Exception):
    """A call to a club that did not work (a message a player can read)."""


class Unreachable(ClubError):
    """The club could not be reached, or did not answer in time, or answered with
    something that is not the club's (worth trying again later)."""


#: the deepest a club's answer nests (a board's answer: a standing's holes, six deep);
#: one deeper is no club's (``club board --json`` indents it: each level costs every line
#: below it two more characters, and 4 MiB of lists 900 deep would be written as 4 GB)
MAX_DEPTH: Final = 8
#: the longest reason of a club's refusal told (a hostile one may send megabytes)
MAX_REASON: Final = 300


class Refused(ClubError):
    """The club answered no, with its reason: ``status`` is the HTTP status."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason

    @property
    def for_good(self) -> bool:
        """Whether sending the same again can never work (not a busy club or a limit)."""
        return self.status in (400, 403, 413, 422)


def check_url(url: str) -> str:
    """A club's address, tidied (no trailing slash); ValueError if it is not http(s)
    (:func:`parlour.store.config.club_address`, which the settings file's is read by)."""
    from parlour.store.config import club_address

    return club_address(url)


def call(
    url: str, path: str, *, body: bytes | None = None, timeout: float = TIMEOUT
) -> tuple[int, dict[str, Any]]:
    """GET (or POST ``body``) ``path`` at the club; the status and the JSON answer."""
    request = urllib.request.Request(
        url + path,
        data=body,
        method="POST" if body is not None else "GET",
        headers={
            "User-Agent": USER_AGENT,
            "Accept": "application/json",
            **({"Content-Type": "text/plain; charset=utf-8"} if body is not None else {}),
        },
    )
    deadline = _Deadline(timeout)
    try:
        try:
            # (a round sent is never redirected: urllib sends a POST redirected by a 301,
            # 302 or 303 on as a GET, without the round, and takes the answer to that)
            opener = _opener(deadline, follow=body is None)
            with opener.open(request, timeout=deadline.left()) as response:
                status, data = response.status, response.read(MAX_ANSWER)
        except urllib.error.HTTPError as error:
            status, data = error.code, error.read(MAX_ANSWER)
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
        reason = _cut(str(getattr(error, "reason", error)))  # (a status line of 64 KiB)
        raise Unreachable(f"the club at {url} cannot be reached ({reason})") from None
    if 300 <= status < 400:
        raise Unreachable(
            f"the club at {url} answered {status}, sending Parlour elsewhere: is that the "
            "club's address? (parlour club join ADDRESS)"
        )
    try:
        answer = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # (brackets nested deep)
        answer = None
    if not isinstance(answer, dict) or not _nested_within(answer, MAX_DEPTH):
        raise Unreachable(f"{url} answered {status} with something that is not a club's answer")
    if status >= 400:
        error_text = answer.get("error")
        reason = _cut(error_text) if isinstance(error_text, str) else f"status {status}"
        if status >= 500 or status == 429:
            raise Unreachable(f"the club at {url} cannot take it now: {reason}")
        raise Refused(status, reason)
    return status, answer


def _nested_within(answer: dict[str, Any], depth: int) -> bool:
    """Whether ``answer``'s objects and lists nest at most ``depth`` deep (looked at
    without recursion, each once)."""
    waiting: list[tuple[dict[str, Any] | list[Any], int]] = [(answer, 1)]
    while waiting:
        value, level = waiting.pop()
        for item in value.values() if isinstance(value, dict) else value:
            if isinstance(item, dict | list):
                if level >= depth:
                    return False
                waiting.append((item, level + 1))
    return True


def _cut(reason: str) -> str:
    """A club's reason cut so that, shown (:func:`shown`, each character a terminal would
    act on written as an escape of up to ten), it takes at most :data:`MAX_REASON`
    characters (a club's own reasons are a sentence or two)."""
    if len(reason) <= MAX_REASON and len(shown(reason)) <= MAX_REASON:
        return reason
    kept, size = [], 1  # (the "…" at its end)
    for char in reason:
        size += len(shown(char))
        if size > MAX_REASON:
            break
        kept.append(char)
    return "".join(kept) + "…"


class _Deadline:
    """When a call must be over."""

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def left(self) -> float:
        """The seconds left (TimeoutError, an OSError, once there are none)."""
        left = self.at - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")
        return left


#: the most bytes written to a club at once, each write given what is left of the time
_WRITE: Final = 16384


class _Reader(io.RawIOBase):
    """What a club sends, each read given only what is left of the call's time."""

    def __init__(self, sock: socket.socket, deadline: _Deadline) -> None:
        super().__init__()
        self._sock = sock
        self._raw = sock.makefile("rb", buffering=0)
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        self._sock.settimeout(self._deadline.left())
        return self._raw.readinto(buffer)

    def close(self) -> None:
        self._raw.close()
        super().close()


def _response_class(deadline: _Deadline) -> type[http.client.HTTPResponse]:
    class Response(http.client.HTTPResponse):
        """An answer whose status line, headers and body are read by :class:`_Reader`."""

        def __init__(self, sock: socket.socket, *args: Any, **kwargs: Any) -> None:
            super().__init__(sock, *args, **kwargs)
            self.fp.close()  # (the socket's own reader, which waits as long as it is sent to)
            self.fp = io.BufferedReader(_Reader(sock, deadline))

    return Response


class _Connection(http.client.HTTPConnection):
    """A connection that gives connecting, each write and each read what is left."""

    def __init__(self, host: str, *, deadline: _Deadline, **kwargs: Any) -> None:
        super().__init__(host, **kwargs)
        self.deadline = deadline
        self.response_class = _response_class(deadline)
        self._create_connection = self._connect_within

    def connect(self) -> None:
        self.timeout = self.deadline.left()
        super().connect()

    def _connect_within(
        self, address: tuple[str, int], timeout: Any = None, source: Any = None
    ) -> socket.socket:
        """A socket connected to one of the addresses of ``address``'s name, each try
        given only what is left of the call's time (``socket.create_connection`` gives
        each address the whole timeout again: a name of four silent addresses took four
        times the call's time)."""
        host, port = address
        failed: OSError = OSError(f"no address found for {host}")
        for family, kind, protocol, _, where in socket.getaddrinfo(
            host, port, 0, socket.SOCK_STREAM
        ):
            left = self.deadline.left()  # (TimeoutError once the time is spent)
            sock = socket.socket(family, kind, protocol)
            try:
                sock.settimeout(left)
                if source:
                    sock.bind(source)
                sock.connect(where)
                return sock
            except OSError as error:
                sock.close()
                failed = error
        raise failed

    def send(self, data: Any) -> None:
        if not isinstance(data, bytes | bytearray):
            super().send(data)
            return
        for start in range(0, len(data), _WRITE):
            if self.sock is None:
                self.connect()
            self.sock.settimeout(self.deadline.left())
            super().send(data[start : start + _WRITE])


class _TlsConnection(_Connection, http.client.HTTPSConnection):
    pass


class _TlsContext(ssl.SSLContext):
    """A client's default TLS context, whose handshake is given what is left of the time
    (made as ``ssl.create_default_context`` makes it)."""

    deadline: _Deadline

    def wrap_socket(self, sock: socket.socket, *args: Any, **kwargs: Any) -> ssl.SSLSocket:
        sock.settimeout(self.deadline.left())
        return super().wrap_socket(sock, *args, **kwargs)


class _Http(urllib.request.HTTPHandler):
    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(
            lambda host, **kwargs: _Connection(host, deadline=self.deadline, **kwargs), req
        )


class _Https(urllib.request.HTTPSHandler):
    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        context = _TlsContext(ssl.PROTOCOL_TLS_CLIENT)
        context.load_default_certs(ssl.Purpose.SERVER_AUTH)
        context.deadline = self.deadline
        return self.do_open(
            lambda host, **kwargs: _TlsConnection(
                host, deadline=self.deadline, context=context, **kwargs
            ),
            req,
        )


def same_club(old: str, new: str) -> bool:
    """Whether a redirect from ``old`` to ``new`` stays with the club: the same host and
    port, by the same scheme or from http up to https. Elsewhere (another host, or
    from https down to plain http, where anyone on the way could answer in the club's
    name) is not followed.

    >>> same_club("https://club.example/api/board", "https://club.example/api/board/")
    True
    >>> same_club("http://club.example/api/board", "https://club.example/api/board")
    True
    >>> same_club("https://club.example/api/board", "http://club.example/api/board")
    False
    >>> same_club("https://club.example/api/board", "https://other.example/api/board")
    False
    """
    before, after = urllib.parse.urlsplit(old), urllib.parse.urlsplit(new)
    if (before.scheme, after.scheme) not in {
        ("http", "http"),
        ("https", "https"),
        ("http", "https"),
    }:
        return False
    if before.scheme == after.scheme:
        return before.netloc.lower() == after.netloc.lower()
    return before.hostname == after.hostname  # (up to https: its own port)


class _SameClub(urllib.request.HTTPRedirectHandler):
    """Redirects followed as urllib follows them, but only within the club
    (:func:`same_club`): one elsewhere is answered as the redirect itself."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: Any,
        code: int,
        msg: str,
        headers: Any,
        newurl: str,
    ) -> urllib.request.Request | None:
        if not same_club(req.full_url, newurl):
            return None  # (urllib then raises the redirect as an HTTPError)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener(deadline: _Deadline, *, follow: bool) -> urllib.request.OpenerDirector:
    """urllib's opener for http and https only (a proxy, and with ``follow`` redirects
    within the club, :class:`_SameClub`), every connection bounded by ``deadline``."""
    opener = urllib.request.OpenerDirector()
    for handler in (
        urllib.request.ProxyHandler(),
        _Http(deadline),
        _Https(deadline),
        urllib.request.HTTPDefaultErrorHandler(),
        *([_SameClub()] if follow else []),
        urllib.request.HTTPErrorProcessor(),
    ):
        opener.add_handler(handler)
    return opener


def board(
    url: str, course: str | None = None, *, player: str = "", timeout: float = TIMEOUT
) -> dict[str, Any]:
    """A course's leaderboards at the club (today's course when ``course`` is None): the
    first standings of each, and ``player``'s own further down."""
    asked = {"course": course or "", "player": player}
    query = urllib.parse.urlencode({name: value for name, value in asked.items() if value})
    return call(url, f"/api/board{'?' + query if query else ''}", timeout=timeout)[1]


def submit(url: str, record: str, *, timeout: float = TIMEOUT) -> dict[str, Any]:
    """Send a signed round record; the club's answer (201 new, 200 already there). Any
    other answer is :class:`Unreachable`, so the round waits to be sent again: a round is
    taken only as a club says it took one (its answer tells whether the round is ``new``;
    202, a redirect, or a 200 with an error in it is not that)."""
    status, answer = call(url, "/api/rounds", body=record.encode("utf-8"), timeout=timeout)
    if status not in (200, 201) or not isinstance(answer.get("new"), bool):
        raise Unreachable(f"the club at {url} answered {status} without taking the round")
    return answer
