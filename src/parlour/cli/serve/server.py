"""The web server of ``parlour serve``: textual-serve's ``Server`` (its page, its
browser-side terminal and its downloads), with Parlour's own routes in front of it.

Every request passes :meth:`ParlourServer.guard` first (Host, Origin, then the token;
:mod:`parlour.cli.serve.guard`). The page gives the browser a websocket address built
from the Host the browser used, with the token in its path. Each websocket runs one app
(:class:`parlour.cli.serve.apps.ServedApp`), at most ``max_apps`` at once, ended when its
visitor leaves, stops reading or stays idle too long, or when the server stops.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import signal
from dataclasses import dataclass
from typing import Any
from typing import Final

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType
from aiohttp import web
from aiohttp.typedefs import Handler
from textual_serve.server import Server

from parlour.cli.serve.apps import DEFAULT_SIZE
from parlour.cli.serve.apps import MAX_HEIGHT
from parlour.cli.serve.apps import MAX_WIDTH
from parlour.cli.serve.apps import ServedApp
from parlour.cli.serve.apps import clamped
from parlour.cli.serve.downloads import LatestDownloads
from parlour.cli.serve.guard import Gate
from parlour.cli.serve.guard import same_origin
from parlour.cli.serve.journal import Journal
from parlour.cli.serve.journal import quoted
from parlour.connections import Door
from parlour.connections import handler_arguments
from parlour.connections import listen
from parlour.connections import make_room

#: aiohttp pings every websocket this often and drops one that has not answered within
#: half of it (a browser that vanished without closing its connection)
HEARTBEAT: Final = 10.0
#: the largest message a browser may send (a key, a paste, a resize)
MAX_MESSAGE: Final = 64 * 1024
#: the page's font size, in pixels, that a link may ask for (``?fontsize=``)
FONT_SIZES: Final = (6, 64)

#: sent with every page: no framing by other sites, no address (with its token) passed
#: on to another site, nothing kept in a cache, nothing loaded from elsewhere
_PAGE_HEADERS: Final = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
}


def _policy(host: str) -> str:
    return (
        "default-src 'self'; script-src 'self' 'unsafe-inline'; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; "
        f"connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'none'"
    )


#: the connections served at once, and how long one may take to send a request's headers
#: (``--max-connections``, ``--header-timeout``)
DEFAULT_DOOR: Final = Door(most=128, most_per_address=None, header_seconds=10.0)


@dataclass(frozen=True)
class Limits:
    #: apps running at once (one per browser tab)
    max_apps: int = 4
    #: seconds without a key or a click before an app is ended
    idle_seconds: float = 1800.0
    #: connections open at once, and how long one may take to send a request
    door: Door = DEFAULT_DOOR


#: a stylesheet of another server in the page (its font)
_OTHER_SERVERS: Final = re.compile(r"<link\s[^>]*href=\"https?://[^>]*>", re.S)


async def _no_icon(_request: web.Request) -> web.Response:
    return web.Response(status=204)


def notice(status: int, title: str, words: str, *, retry: bool = False) -> web.Response:
    """A short page that says what happened (a refusal, a full server)."""
    refresh = '<meta http-equiv="refresh" content="30">' if retry else ""
    body = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"{refresh}<title>Parlour: {html.escape(title)}</title></head>"
        f"<body><h1>{html.escape(title)}</h1><p>{html.escape(words)}</p></body></html>"
    )
    return web.Response(status=status, text=body, content_type="text/html")


def peer_of(request: web.Request) -> str:
    return request.remote or "?"


class ParlourServer(Server):
    def __init__(
        self,
        argv: list[str],
        *,
        host: str,
        port: int,
        gate: Gate,
        limits: Limits,
        journal: Journal,
        announce: Any,
    ) -> None:
        super().__init__("parlour", host=host, port=port, title="Parlour")
        self.argv = argv
        self.gate = gate
        self.limits = limits
        self.journal = journal
        self.announce = announce
        self.apps: set[ServedApp] = set()
        # (an app's latest screenshot only, none of an app that has ended: .downloads)
        self.download_manager = LatestDownloads()

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(
            app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True
        )
        app.add_routes(
            [
                web.get("/", self.page, name="index"),
                web.get("/ws", self.websocket, name="websocket"),
                web.get("/ws/{token}", self.websocket, name="websocket-token"),
                web.get("/download/{key}", self.handle_download, name="download"),
                # (every browser asks for it with no key: answered, with nothing, not
                # counted as a refusal in the journal)
                web.get("/favicon.ico", _no_icon, name="favicon"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    # -- every request -----------------------------------------------------------------

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Host, then Origin, then (but for the page's own files and downloads, whose
        keys are secrets made for one app) the token."""
        peer, host = peer_of(request), request.headers.get("Host", "")
        if not self.gate.host_allowed(host):
            self.journal.refused(peer, f"a request addressed to {quoted(host)}")
            return notice(
                403,
                "Not this address",
                "Parlour answers only to the addresses of the computer it runs on. Open the "
                "link it printed when it started.",
            )
        origin = request.headers.get("Origin")
        if not same_origin(origin, host):
            self.journal.refused(peer, f"a request from a page of {quoted(origin or '')}")
            return notice(403, "Refused", "A page of another site may not use this Parlour.")
        resource = request.match_info.route.name or ""
        if resource not in ("static", "download", "favicon"):
            given = request.match_info.get("token") or request.query.get("token")
            if not self.gate.token_matches(given):
                self.journal.refused(peer, "no token" if given is None else "a wrong token")
                return notice(
                    403,
                    "This needs its link",
                    "Open Parlour with the whole link it printed when it started (the "
                    "part after ?token= is its key); ask whoever started it for the link.",
                )
        response = await handler(request)
        if not response.prepared:
            for name, value in _PAGE_HEADERS.items():
                response.headers.setdefault(name, value)
            response.headers.setdefault("Content-Security-Policy", _policy(host))
        return response

    # -- the page ----------------------------------------------------------------------

    def _full(self, peer: str) -> web.Response:
        count = len(self.apps)
        self.journal.refused(peer, f"full ({count} of {self.limits.max_apps} apps running)")
        return notice(
            503,
            "Parlour is full",
            f"Parlour is running as many games as its owner allows at once "
            f"({self.limits.max_apps}). This page tries again every 30 seconds; a place "
            "comes free when a player closes their tab.",
            retry=True,
        )

    async def page(self, request: web.Request) -> web.StreamResponse:
        if len(self.apps) >= self.limits.max_apps:
            return self._full(peer_of(request))
        host = request.headers["Host"]
        scheme = "wss" if request.secure else "ws"
        font_size = clamped(request.query.get("fontsize", "16"), 16, FONT_SIZES[1])
        context = {
            "font_size": max(font_size, FONT_SIZES[0]),
            # the address the browser used, never the one the server listens on
            "app_websocket_url": f"{scheme}://{host}/ws/{self.gate.token}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        # the page of textual-serve links a font of another server, which the page's
        # policy refuses anyway: the page asks nothing of other servers (docs/serve.md)
        response.text = _OTHER_SERVERS.sub("", response.text or "")
        return response

    # -- the apps ----------------------------------------------------------------------

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        peer = peer_of(request)
        if len(self.apps) >= self.limits.max_apps:
            return self._full(peer)
        width = clamped(request.query.get("width"), DEFAULT_SIZE[0], MAX_WIDTH)
        height = clamped(request.query.get("height"), DEFAULT_SIZE[1], MAX_HEIGHT)
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        if not websocket.can_prepare(request).ok:
            return notice(400, "Not a websocket", "This address is the page's websocket.")
        app = ServedApp(self.argv, websocket, request, self.download_manager, self.journal)
        self.apps.add(app)  # before any await: the count is never exceeded
        loop = asyncio.get_running_loop()
        began = loop.time()
        try:
            await websocket.prepare(request)
            await app.start(width, height)
            self.journal.say(
                peer,
                f"app {app.pid} started, {width}×{height} "
                f"({len(self.apps)} of {self.limits.max_apps} running)",
            )
            app.end(await self._converse(websocket, app))
        except asyncio.CancelledError:
            app.end("the server stopped")
            raise
        except OSError as error:
            app.end(f"the app could not start: {error.strerror or error}")
        finally:
            await app.stop()
            self.apps.discard(app)
            self.journal.say(
                peer,
                f"app {app.pid} ended after {loop.time() - began:.0f} s: {app.ending} "
                f"({len(self.apps)} of {self.limits.max_apps} running)",
            )
        return websocket

    async def _converse(self, websocket: web.WebSocketResponse, app: ServedApp) -> str:
        """Pass the browser's messages to the app until one of them goes or the visitor
        has been idle too long; why it ended."""
        loop = asyncio.get_running_loop()
        idle = self.limits.idle_seconds
        while app.ending is None:
            left = app.last_input + idle - loop.time()
            if left <= 0:
                return f"no key or click for {idle:g} s"
            try:
                message = await websocket.receive(timeout=left)
            except TimeoutError:
                continue
            if message.type == WSMsgType.TEXT:
                await self._obey(message.data, websocket, app)
            elif message.type == WSMsgType.ERROR:
                return "the browser stopped answering"
            elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return "the browser left"
        return app.ending

    async def _obey(self, text: str, websocket: web.WebSocketResponse, app: ServedApp) -> None:
        """One message of textual-serve's page; anything else is ignored."""
        try:
            envelope = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested past Python's depth
            return
        if not isinstance(envelope, list) or not envelope:
            return
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            app.last_input = asyncio.get_running_loop().time()
            await app.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            await app.set_terminal_size(data.get("width"), data.get("height"))
        elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
            await app.send_to_browser_json(["pong", data])
        elif kind == "blur":
            await app.blur()
        elif kind == "focus":
            await app.focus()

    async def on_shutdown(self, app: web.Application) -> None:
        """Every app ends with the server (each saves its game)."""
        for served in list(self.apps):
            served.end("the server stopped")
        await asyncio.gather(*(served.stop() for served in list(self.apps)))

    # -- running -----------------------------------------------------------------------

    def serve(self, debug: bool = False) -> None:
        """Listen until Ctrl-C or SIGTERM; the address is announced once the socket is
        listening. No access log: request lines would carry the token. Every connection
        passes the door first (:mod:`parlour.connections`): ``web.run_app`` gives its
        listening socket aiohttp's own, which counts no connection."""
        self.debug = debug
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGINT, stop.set)
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        try:
            loop.run_until_complete(self._run(stop))
        finally:
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _run(self, stop: asyncio.Event) -> None:
        door = self.limits.door
        # (each app's pipes, and room to spare)
        make_room(door.most, 64 + 4 * self.limits.max_apps)
        runner = web.AppRunner(await self._make_app(), access_log=None, **handler_arguments(door))
        await runner.setup()
        try:
            listening = await listen(runner, self.host, self.port, door, self._refused, self._cut)
            try:
                self.announce()
                await stop.wait()
            finally:
                listening.close()
        finally:
            await runner.cleanup()

    def _refused(self, peer: str, why: str) -> None:
        self.journal.refused(peer, why)

    def _cut(self, peer: str, why: str) -> None:
        self.journal.refused(peer, why, said="cut")
