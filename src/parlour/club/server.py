"""``parlour club serve``: the club's server, on aiohttp (already Parlour's, through
textual-serve: its own HTTP server, a request-size limit built in, no second framework).

The JSON API (docs/club.md):

- ``POST /api/rounds``: a signed round record (text); verified, kept, ranked.
- ``GET /api/board?course=CODE&player=NAME``: a course's leaderboards (today's course
  without one): each board's first standings, and the player's own.
- ``GET /api/players/NAME``: a player's rounds.
- ``GET /healthz``: whether the server and its database answer.

and the web pages (:mod:`parlour.club.pages`).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import Awaitable
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from typing import Any
from typing import Final

from aiohttp import web

from parlour.club.appkeys import DATABASE
from parlour.club.appkeys import LIMITS
from parlour.club.appkeys import SETTINGS
from parlour.club.appkeys import STARTED
from parlour.club.appkeys import VERIFIER
from parlour.club.boards import course_boards
from parlour.club.boards import todays_course
from parlour.club.database import ClubDatabase
from parlour.club.database import NameTaken
from parlour.club.limits import RateLimits
from parlour.club.limits import counted_as
from parlour.club.logs import log
from parlour.club.settings import ClubSettings
from parlour.club.verify import Verifier
from parlour.connections import Door
from parlour.connections import handler_arguments
from parlour.connections import listen
from parlour.connections import make_room
from parlour.engine.errors import ParlourError
from parlour.engine.rounds import course_code
from parlour.engine.rounds import parse_course_code
from parlour.engine.untrusted import shown
from parlour.store.signing import KEY_HEADER
from parlour.store.signing import fingerprint
from parlour.store.signing import folded
from parlour.store.signing import parse_public_key
from parlour.store.signing import public_key_text
from parlour.store.signing import round_headers

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: the most requests refused by an address's rate limit that are logged a minute, for
#: each address (the rest are answered alike, and not logged)
REFUSALS_LOGGED: Final = 10


def refuse(status: int, reason: str, **headers: str) -> web.Response:
    """A refusal with its reason, as JSON (``{"error": reason}``)."""
    return web.json_response({"error": reason}, status=status, headers=headers)


def client_address(request: web.Request) -> str:
    """Who is asking: the peer's address, or behind a trusted reverse proxy the address it
    put last in X-Forwarded-For (its lines taken as one list, in order, as HTTP has it: a
    proxy may add a line of its own after the client's)."""
    if request.app[SETTINGS].trust_proxy:
        forwarded = ",".join(request.headers.getall("X-Forwarded-For", []))
        last = forwarded.split(",")[-1].strip()
        if last:
            return last
    return request.remote or "?"


@web.middleware
async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every request: the address's rate limit, security headers, a log line, and no
    traceback ever shown."""
    started = time.perf_counter()
    address = client_address(request)
    limits, counted = request.app[LIMITS]["requests"], counted_as(address)
    response: web.StreamResponse
    logged = True
    if request.path != "/healthz" and not limits.allow(counted):
        wait = limits.retry_after(counted)
        response = refuse(
            429, f"too many requests from your address: wait {wait} s", **{"Retry-After": str(wait)}
        )
        # (a flood of refused requests must not grow the log as fast as it comes)
        logged = request.app[LIMITS]["refusals logged"].allow(counted)
    else:
        try:
            response = await handler(request)
        except web.HTTPException as error:
            if request.path.startswith("/api/"):
                # (a 405 says which methods the path takes, as HTTP asks)
                allowed = {"Allow": error.headers["Allow"]} if "Allow" in error.headers else {}
                response = refuse(error.status, error.reason, **allowed)
            else:
                response = error
        except Exception:
            logging.getLogger("parlour.club").exception("request failed")
            response = refuse(500, "the club could not answer: an error on the server")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if response.content_type == "text/html":
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
            "base-uri 'none'; frame-ancestors 'none'",
        )
    if not logged:
        return response
    log(
        "request",
        method=request.method,
        path=shown(request.path, limit=200),
        status=response.status,
        ms=round((time.perf_counter() - started) * 1000, 2),
        address=address,
    )
    return response


def _key_of(text: str) -> str | None:
    """The key a record names, read before the record is verified (for the key's rate
    limit), as the signature's check reads it: the last ``Key:`` header, written as the
    club writes keys (so that no other spelling of it is counted apart); None if there is
    none that is a key."""
    value = {name: value for _, name, value in round_headers(text)}.get(KEY_HEADER)
    if value is None:
        return None
    try:
        return public_key_text(parse_public_key(value))
    except ValueError:
        return None


async def submit_round(request: web.Request) -> web.Response:
    settings = request.app[SETTINGS]
    limits = request.app[LIMITS]
    address = client_address(request)
    if request.content_length is not None and request.content_length > settings.max_bytes:
        return _too_large(settings)
    if not limits["submissions"].allow(f"address {counted_as(address)}"):
        wait = limits["submissions"].retry_after(f"address {counted_as(address)}")
        return refuse(429, f"too many rounds from your address: wait {wait} s",
                      **{"Retry-After": str(wait)})  # fmt: skip
    try:
        # (aiohttp waits for a body as long as it takes: one sent a few bytes at a time
        # held its connection for as long as its sender liked)
        async with asyncio.timeout(settings.request_timeout):
            body = await request.read()
    except web.HTTPRequestEntityTooLarge:
        return _too_large(settings)
    except TimeoutError:
        return refuse(408, f"the round record did not come within {settings.request_timeout:g} "
                      "s of its request's headers", Connection="close")  # fmt: skip
    if len(body) > settings.max_bytes:
        return _too_large(settings)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return refuse(400, "the round record is not UTF-8 text")
    # a key's rounds are counted once its signature is verified: anyone can read a key
    # (it is in every record the club shows), so a record that only names it must not
    # use up its owner's rounds; one already over its limit is not verified at all
    key = _key_of(text)
    if key is not None and limits["submissions"].spent(f"key {key}"):
        return _too_many_from_key(limits["submissions"], key)
    found = await request.app[VERIFIER].examine(text)
    if found is None:
        return refuse(503, "the club is busy verifying other rounds: try again in a minute",
                      **{"Retry-After": "30"})  # fmt: skip
    if not found["ok"]:
        log("refused", address=address, reason=found["reason"], cpu=found.get("cpu"))
        return refuse(422, found["reason"])
    database = request.app[DATABASE]
    # a round the player sent before is answered as before and not counted again: every
    # round is published, so anyone could send a player's own rounds again and again to
    # use up that player's rounds (its sender's address is counted, above); the same play
    # under another name of the key's is a new round, and is counted
    sent = await database.sent_before(found["name_key"], found["public_key"], found["digest"])
    if not sent and not limits["submissions"].allow(f"key {found['public_key']}"):
        return _too_many_from_key(limits["submissions"], found["public_key"])
    try:
        player = await database.bind_player(
            found["player"], found["name_key"], found["public_key"], found["look_alike"]
        )
    except NameTaken as taken:
        log("name taken", address=address, player=shown(found["player"]), alike=taken.alike)
        return _name_taken(found["player"], taken)
    stored, new = await database.add_round(player, found, text)
    boards = await course_boards(database, None, stored.course)
    place, players = None, 0
    for board in boards:
        if board.options == stored.options:
            players = len(board.standings)
            for standing, kept in board.standings:
                if kept.player == stored.player:
                    place = standing.place
    log("round", new=new, player=shown(stored.player), course=course_code(stored.course),
        total=stored.total, cpu=round(found["cpu"], 4), address=address)  # fmt: skip
    return web.json_response(
        {
            "round": stored.id,
            "new": new,
            "player": stored.player,
            "course": course_code(stored.course),
            "options": stored.options,
            "total": stored.total,
            "place": place,
            "players": players,
            "page": f"/round/{stored.id}",
        },
        status=201 if new else 200,
    )


def _name_taken(name: str, taken: NameTaken) -> web.Response:
    """The refusal of a round whose player's ``name`` is another key's, or looks like it."""
    bound = fingerprint(parse_public_key(taken.player.public_key))
    if taken.alike:
        return refuse(
            403,
            f"the name {name} looks like {taken.player.name}, the name of another player "
            f"here (key {bound}): choose a name that does not",
        )
    return refuse(
        403,
        f"the name {name} belongs to another player here (key {bound}): choose another "
        "name, or import that player's key (parlour club key import)",
    )


def _too_many_from_key(limits: RateLimits, key: str) -> web.Response:
    wait = limits.retry_after(f"key {key}")
    return refuse(429, f"too many rounds from your key: wait {wait} s",
                  **{"Retry-After": str(wait)})  # fmt: skip


def _too_large(settings: ClubSettings) -> web.Response:
    return refuse(413, f"the request is larger than {settings.max_bytes // 1024} KiB: a round "
                  "record is about 20 KiB")  # fmt: skip


def requested_course(request: web.Request) -> tuple[int, bool]:
    """The course a board is asked for (``?course=CODE``; today's without one), and
    whether it is today's."""
    code = request.query.get("course", "").strip()
    today = todays_course(datetime.now(UTC).date())
    if not code or code == "daily":
        return today, True
    try:
        course = parse_course_code(code)
    except ParlourError as error:
        raise web.HTTPBadRequest(reason=str(error)) from None
    return course, course == today


async def board(request: web.Request) -> web.Response:
    course, daily = requested_course(request)
    boards = await course_boards(request.app[DATABASE], request.app[VERIFIER], course)
    return web.json_response(
        {
            "course": course_code(course),
            "daily": daily,
            "boards": [b.as_json(request.query.get("player", "")[:200]) for b in boards],
        }
    )


async def player_rounds(request: web.Request) -> web.Response:
    found = await request.app[DATABASE].player_rounds(folded(request.match_info["name"]))
    if found is None:
        return refuse(404, "no player of that name has sent a round here")
    name, rounds = found
    return web.json_response(
        {
            "player": name,
            "rounds": [
                {
                    "round": r.id,
                    "course": course_code(r.course),
                    "options": r.options,
                    "holes": list(r.scores),
                    "total": r.total,
                    "submitted": r.submitted.isoformat(timespec="seconds"),
                }
                for r in rounds
            ],
        }
    )


async def health(request: web.Request) -> web.Response:
    database = request.app[DATABASE]
    try:
        await asyncio.wait_for(database.ping(), timeout=5)
    except Exception as error:
        return web.json_response(
            {"status": "failing", "database": database.kind, "error": type(error).__name__},
            status=503,
        )
    return web.json_response(
        {
            "status": "ok",
            "database": database.kind,
            "uptime": round(time.monotonic() - request.app[STARTED], 1),
            "verifying": request.app[VERIFIER].busy,
        }
    )


def make_app(settings: ClubSettings, database: ClubDatabase, verifier: Verifier) -> web.Application:
    from parlour.club import pages

    app = web.Application(middlewares=[guarded], client_max_size=settings.max_bytes)
    app[SETTINGS] = settings
    app[DATABASE] = database
    app[VERIFIER] = verifier
    app[STARTED] = time.monotonic()
    app[LIMITS] = {
        "requests": RateLimits(settings.requests_per_minute),
        "submissions": RateLimits(settings.submissions_per_minute),
        "refusals logged": RateLimits(REFUSALS_LOGGED),
    }
    app.router.add_post("/api/rounds", submit_round)
    app.router.add_get("/api/board", board)
    app.router.add_get("/api/players/{name}", player_rounds)
    app.router.add_get("/healthz", health)
    pages.add_routes(app)
    return app


def door_of(settings: ClubSettings) -> Door:
    """The connections the club takes (docs/club.md): behind a trusted proxy every
    connection comes from the proxy, which bounds its own clients, so none is counted by
    address."""
    per_address = None if settings.trust_proxy else settings.max_connections_per_address
    return Door(
        settings.max_connections, per_address, settings.request_timeout, settings.write_timeout
    )


def refusals(event: str = "connection refused") -> Callable[[str, str], None]:
    """Logs a connection refused (or another ``event``, such as one cut), at most
    :data:`REFUSALS_LOGGED` a minute for each address."""
    logged = RateLimits(REFUSALS_LOGGED)

    def refused(address: str, why: str) -> None:
        if logged.allow(counted_as(address)):
            log(event, address=address, reason=why)

    return refused


def serve(settings: ClubSettings, announce: Callable[[str], None]) -> None:
    """Run the club until Ctrl-C or SIGTERM: migrate the database, start the verifying
    processes, listen; ``announce`` is told the address once the socket listens."""
    from parlour.club.database import wait_ready

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    stop = asyncio.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)

    async def run() -> None:
        database = ClubDatabase(settings.database, pool_size=settings.pool_size)
        verifier = Verifier(
            settings.worker_count, settings.budget, waiting=8 * settings.worker_count
        )
        try:
            await wait_ready(database, 30)
            revision = await database.migrate()
            await verifier.warm()
            door = door_of(settings)
            # (the database's connections, two a verifying process, and room to spare)
            make_room(door.most, 64 + 2 * settings.pool_size + 4 * verifier.workers)
            runner = web.AppRunner(
                make_app(settings, database, verifier), access_log=None, **handler_arguments(door)
            )
            await runner.setup()
            try:
                listening = await listen(
                    runner, settings.host, settings.port, door,
                    refusals(), refusals("connection cut"),
                )  # fmt: skip
            except BaseException:
                await runner.cleanup()
                raise
            log("listening", host=settings.host, port=settings.port, database=database.shown,
                schema=revision, workers=verifier.workers)  # fmt: skip
            announce(database.kind)
            await stop.wait()
            listening.close()
            await runner.cleanup()
        finally:
            verifier.close()
            await database.close()
        log("stopped")

    try:
        loop.run_until_complete(run())
    finally:
        loop.close()


__all__: list[Any] = ["make_app", "serve"]
