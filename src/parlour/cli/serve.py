"""``parlour serve``: the app in a web browser, one app process per visitor, with
textual-serve (the Textual authors' server). Each visitor's app is ``parlour`` itself,
started with the same data directory and display settings as this command."""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import shlex
import signal
import sys
from typing import Any

from parlour.cli.common import CliError
from parlour.cli.common import player_name


def command_serve(args: argparse.Namespace) -> int:
    from aiohttp import web
    from textual_serve.server import Server

    from parlour.cli.settings import checked_theme
    from parlour.store.paths import data_dir

    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port}: a port is a number from 1 to 65535")
    # each visitor's app: this Python, this data directory, these settings
    command = [sys.executable, "-m", "parlour", "--data-dir", str(data_dir(args.data_dir))]
    if args.ascii:
        command.append("--ascii")
    player = player_name(args)
    if player is not None:
        command += ["--player", player]
    if args.theme:
        command += ["--theme", checked_theme(args.theme)]
    if args.four_colour:
        command.append("--four-colour")
    url = f"http://{_url_host(args.host)}:{args.port}"

    def announce(*_: object) -> None:
        print(f"Parlour is served at {url}", flush=True)
        if _is_loopback(args.host):
            print("Only this computer can reach it. Ctrl-C stops it.", flush=True)
        else:
            print(
                f"Listening on {args.host}: anyone who can reach this computer can play "
                "and see your scorecards. Ctrl-C stops it.",
                flush=True,
            )

    class ParlourServer(Server):
        async def on_startup(self, app: Any) -> None:
            pass  # textual-serve's banner: announce() says what a player needs

        def serve(self, debug: bool = False) -> None:
            # Server.serve, but the address is announced once the socket is listening
            # (aiohttp calls ``print`` after its sites have started), not before
            self.debug = debug
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=announce,
            )

    server = ParlourServer(
        "exec " + shlex.join(command), host=args.host, port=args.port, title="Parlour"
    )
    try:
        server.serve()
    except OSError as error:
        raise CliError(
            f"cannot serve on {args.host}:{args.port}: {error.strerror or error}"
        ) from None
    return 0


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    try:
        return f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        return host
