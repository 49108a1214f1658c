"""Who may talk to ``parlour serve``: the checks every request passes before it reaches a
page or an app, as local servers such as Jupyter make them.

- The **token**, made afresh for each run with :func:`secrets.token_urlsafe` and printed
  in the link, is asked of the page and of the websocket and compared in constant time.
- The **Host** header must name this computer: ``localhost``, an address (a loopback
  address unless the server listens beyond loopback), this computer's own names, or a
  name the owner allowed. A page of another site whose name was made to resolve to this
  computer (DNS rebinding) sends its own name, and is refused.
- The **Origin** header, which browsers send with every websocket and cross-site request,
  must be this server itself: a page of another site cannot drive an app (cross-site
  websocket hijacking). A request without one (not a browser's) is judged by the token.

These are pure functions of the header values, tested without a server; the server
(:mod:`parlour.cli.serve.server`) applies them to every request.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from collections.abc import Iterable
from dataclasses import dataclass

#: the bytes of a token (``secrets.token_urlsafe``: 43 characters, 256 bits)
TOKEN_BYTES = 32

_NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-.")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def split_host(value: str) -> tuple[str, str] | None:
    """The name (or address) and the port of a Host header, the name in lower case;
    None if ``value`` is not a host a browser would send.

    >>> split_host("LocalHost:8000")
    ('localhost', '8000')
    >>> split_host("[::1]:8000")
    ('::1', '8000')
    >>> split_host("127.0.0.1")
    ('127.0.0.1', '')
    >>> split_host("evil.example:80:81") is None, split_host("a b") is None
    (True, True)

    An IPv6 zone (``fe80::1%eth0``) is refused: no browser sends one, and its text after
    the ``%`` is anything at all (the page puts the Host it was asked by into its
    security policy and its websocket's address).

    >>> split_host("[::1%x;script-src *;]:8000") is None
    True
    """
    if value.startswith("["):
        end = value.find("]")
        name, rest = value[1:end], value[end + 1 :]
        if end < 0 or not _is_address(name):
            return None
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:]
    else:
        name, colon, port = value.partition(":")
        if not colon:
            port = ""
        elif not port:
            return None
    name = name.lower()
    if port and not (port.isascii() and port.isdigit() and len(port) <= 5):
        return None
    if not name or not (_is_address(name) or set(name) <= _NAME_CHARACTERS):
        return None
    return name, port


def _is_address(name: str) -> bool:
    """Whether ``name`` is an IP address (with no IPv6 zone)."""
    if "%" in name:
        return False
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` reaches this computer only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_names(listen: str, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The names a request may address this server by: ``localhost``, this computer's
    own names, the name it listens on (if it is a name) and the names the owner allowed
    (``--allow-host``)."""
    names = {"localhost", *(name.lower().rstrip(".") for name in allowed)}
    for name in (socket.gethostname(), socket.getfqdn(), listen):
        name = name.lower().rstrip(".")
        if name and not _is_address(name) and set(name) <= _NAME_CHARACTERS:
            names.update({name, f"{name.split('.')[0]}.local"})
    return frozenset(names)


@dataclass(frozen=True)
class Gate:
    """The token and the host names of one run of the server."""

    token: str
    #: the names (not addresses) a request may address this server by
    names: frozenset[str]
    #: any address may be named in Host (the server listens beyond loopback); else only
    #: loopback addresses
    any_address: bool = False

    def host_allowed(self, host: str) -> bool:
        """Whether the Host header names this server (not another site's name that was
        made to resolve here).

        >>> gate = Gate("t", frozenset({"localhost"}))
        >>> gate.host_allowed("localhost:8000"), gate.host_allowed("127.0.0.1:8000")
        (True, True)
        >>> gate.host_allowed("evil.example:8000"), gate.host_allowed("192.0.2.7:8000")
        (False, False)
        """
        parsed = split_host(host)
        if parsed is None:
            return False
        name = parsed[0].rstrip(".")
        if name in self.names:
            return True
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            return False
        return self.any_address or address.is_loopback

    def token_matches(self, given: str | None) -> bool:
        """Whether ``given`` is this run's token (compared in constant time)."""
        if given is None:
            return False
        return secrets.compare_digest(
            given.encode("utf-8", "surrogatepass"), self.token.encode("ascii")
        )


def same_origin(origin: str | None, host: str) -> bool:
    """Whether a request's Origin header is this server itself (the page it served), or
    absent (a client that is not a browser, which the token alone admits).

    >>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000"), same_origin(None, "x")
    (True, True)
    >>> same_origin("http://evil.example", "127.0.0.1:8000"), same_origin("null", "x")
    (False, False)
    """
    if origin is None:
        return True
    scheme, separator, rest = origin.partition("://")
    return (
        bool(separator)
        and scheme.lower() in ("http", "https")
        and rest.lower() == host.lower()
        and split_host(rest) is not None
    )
