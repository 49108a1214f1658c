"""How a club server is set up: flags, else environment variables (``PARLOUR_CLUB_…``),
else the defaults, as twelve-factor services are configured. docs/club.md lists them."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import fields
from typing import Final

PREFIX: Final = "PARLOUR_CLUB_"
#: the most CPU seconds one record may be given to verify (a round takes well under one)
MAX_BUDGET: Final = 3600.0
#: the most verifying processes for each core (more gain nothing, and each is a Python of
#: its own in memory: as ``analyse --jobs``)
MAX_WORKERS_A_CORE: Final = 4
#: the largest request size limit (a body is held in memory while it is read)
MAX_BODY: Final = 16 * 1024 * 1024
#: the most connections open at once that may be allowed (each is a file descriptor)
MOST_CONNECTIONS: Final = 65536
#: the longest time a connection may be given to send a request's headers, or its body
MOST_REQUEST_SECONDS: Final = 300.0


@dataclass(frozen=True)
class ClubSettings:
    #: an SQLite file's path, or a postgresql:// address ("" : club.db in the data directory)
    database: str = ""
    host: str = "127.0.0.1"
    port: int = 8080
    #: the club's name, on its page
    title: str = "Parlour club"
    #: processes verifying records (0: one a core)
    workers: int = 0
    #: CPU seconds a record may take to verify
    budget: float = 2.0
    #: the largest request body, in bytes (a real round record is about 20 KiB)
    max_bytes: int = 128 * 1024
    #: rounds a key, and an address, may submit a minute
    submissions_per_minute: float = 30.0
    #: requests an address may make a minute (pages and boards included)
    requests_per_minute: float = 600.0
    #: take the client's address from X-Forwarded-For (only behind a reverse proxy)
    trust_proxy: bool = False
    #: database connections kept open (PostgreSQL)
    pool_size: int = 10
    #: connections open at once (beyond it a new one is answered 503 and closed)
    max_connections: int = 256
    #: connections open at once from one address (an IPv6 address with its /64); not
    #: applied with ``trust_proxy``, whose connections all come from the proxy
    max_connections_per_address: int = 32
    #: seconds a connection has to send a request's headers, from opening and from each
    #: answer (an idle kept-alive connection is closed then too), and then its body
    request_timeout: float = 10.0
    #: seconds a connection's answers may go unread (the kernel's buffers for it full)
    #: before it is cut
    write_timeout: float = 30.0

    @property
    def worker_count(self) -> int:
        return self.workers or (os.cpu_count() or 1)


class SettingsError(ValueError):
    """A setting that cannot be used."""


def from_environment(environ: Mapping[str, str], given: Mapping[str, object]) -> ClubSettings:
    """The settings: each one from ``given`` (the flags; None where not given), else
    ``PARLOUR_CLUB_<NAME>``, else its default."""
    values: dict[str, object] = {}
    for spec in fields(ClubSettings):
        flag = given.get(spec.name)
        if flag is not None:
            values[spec.name] = flag
            continue
        variable = PREFIX + spec.name.upper()
        if variable not in environ:
            continue
        raw = environ[variable]
        kind: type = type(spec.default)
        try:
            if kind is bool:
                if raw.strip().lower() not in ("1", "true", "yes", "0", "false", "no", ""):
                    raise ValueError
                values[spec.name] = raw.strip().lower() in ("1", "true", "yes")
            else:
                values[spec.name] = kind(raw)
        except ValueError:
            raise SettingsError(f"{variable}={raw!r}: should be a {kind.__name__}") from None
    settings = ClubSettings(**values)  # type: ignore[arg-type]
    _check(settings)
    return settings


def _check(settings: ClubSettings) -> None:
    if not 0 < settings.port < 65536:
        raise SettingsError(f"port {settings.port}: a port is a number from 1 to 65535")
    if settings.workers < 0 or settings.pool_size < 1:
        raise SettingsError("workers and pool size cannot be negative")
    cores = os.cpu_count() or 1
    most = MAX_WORKERS_A_CORE * cores
    if settings.workers > most:
        # (100,000 workers: the pool broke as it started them, a traceback and no club)
        raise SettingsError(
            f"{settings.workers} workers: give at most {most} ({MAX_WORKERS_A_CORE} for each "
            f"of this machine's {cores} cores), 0 for one a core"
        )
    if settings.max_bytes > MAX_BODY:
        raise SettingsError(
            f"a request size limit of {settings.max_bytes} bytes: give at most {MAX_BODY} "
            "(16 MiB; a round record is about 20 KiB)"
        )
    # (NaN is neither: a budget of NaN, infinity or 1e10 s let the club start, and then
    # every round sent was an error on the server, the CPU timer refusing the number)
    if not 0 < settings.budget <= MAX_BUDGET:
        raise SettingsError(
            f"a verification budget of {settings.budget} s: give more than 0 seconds and at "
            f"most {MAX_BUDGET:g} (an hour)"
        )
    for rate in (settings.submissions_per_minute, settings.requests_per_minute):
        if not 0 <= rate < float("inf"):
            raise SettingsError(f"a rate of {rate} a minute: give a number, 0 for no limit")
    if settings.max_bytes < 1024:
        raise SettingsError("the request size limit must be at least 1024 bytes")
    if not 0 < settings.max_connections <= MOST_CONNECTIONS:
        raise SettingsError(
            f"{settings.max_connections} connections at once: give from 1 to {MOST_CONNECTIONS}"
        )
    if not 0 < settings.max_connections_per_address <= settings.max_connections:
        raise SettingsError(
            f"{settings.max_connections_per_address} connections from one address: give from 1 "
            f"to the connections at once ({settings.max_connections})"
        )
    if not 0 < settings.request_timeout <= MOST_REQUEST_SECONDS:
        raise SettingsError(
            f"a request timeout of {settings.request_timeout} s: give more than 0 seconds and at "
            f"most {MOST_REQUEST_SECONDS:g}"
        )
    if not 0 < settings.write_timeout <= MOST_REQUEST_SECONDS:
        raise SettingsError(
            f"a write timeout of {settings.write_timeout} s: give more than 0 seconds and at "
            f"most {MOST_REQUEST_SECONDS:g}"
        )
