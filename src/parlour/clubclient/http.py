"""Talking to a club: HTTP with the standard library (``urllib``), each call bounded by a
timeout, every failure one of two errors: :class:`Unreachable` (try again later) or
:class:`Refused` (the club said no, and why)."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any
from typing import Final

from parlour import __version__

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
    """A club's address, tidied (no trailing slash); ValueError if it is not http(s)."""
    url = url.strip().rstrip("/")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{url!r} is not a club's address (http://… or https://…)")
    if parts.query or parts.fragment:
        raise ValueError(f"{url!r}: a club's address has no ?query or #fragment")
    return url


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
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, data = response.status, response.read(MAX_ANSWER)
    except urllib.error.HTTPError as error:
        status, data = error.code, error.read(MAX_ANSWER)
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise Unreachable(f"the club at {url} cannot be reached ({reason})") from None
    try:
        answer = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # (brackets nested deep)
        answer = None
    if not isinstance(answer, dict):
        raise Unreachable(f"{url} answered {status} with something that is not a club's answer")
    if status >= 400:
        error_text = answer.get("error")
        reason = error_text if isinstance(error_text, str) else f"status {status}"
        if status >= 500 or status == 429:
            raise Unreachable(f"the club at {url} cannot take it now: {reason}")
        raise Refused(status, reason)
    return status, answer


def board(url: str, course: str | None = None, *, timeout: float = TIMEOUT) -> dict[str, Any]:
    """A course's leaderboards at the club (today's course when ``course`` is None)."""
    query = "?" + urllib.parse.urlencode({"course": course}) if course else ""
    return call(url, f"/api/board{query}", timeout=timeout)[1]


def submit(url: str, record: str, *, timeout: float = TIMEOUT) -> dict[str, Any]:
    """Send a signed round record; the club's answer (201 new, 200 already there)."""
    return call(url, "/api/rounds", body=record.encode("utf-8"), timeout=timeout)[1]
