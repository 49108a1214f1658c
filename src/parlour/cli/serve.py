"""``parlour serve``: the app in a web browser, one app process per visitor, with
textual-serve (the Textual authors' server). Each visitor's app is ``parlour`` itself,
started with the same data directory and display settings as this command."""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
from typing import Any

from parlour.cli.common import CliError


def command_serve(args: argparse.Namespace) -> int:
    from textual_serve.server import Server

    from parlour.store.paths import data_dir

    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port}: a port is a number from 1 to 65535")
    # each visitor's app: this Python, this data directory, these settings
    command = [sys.executable, "-m", "parlour", "--data-dir", str(data_dir(args.data_dir))]
    if args.ascii:
        command.append("--ascii")
    url = f"http://{_url_host(args.host)}:{args.port}"

    class ParlourServer(Server):
        async def on_startup(self, app: Any) -> None:
            print(f"Parlour is served at {url}", flush=True)
            if _is_loopback(args.host):
                print("Only this computer can reach it. Ctrl-C stops it.", flush=True)
            else:
                print(
                    f"Listening on {args.host}: anyone who can reach this computer can play "
                    "and see your scorecards. Ctrl-C stops it.",
                    flush=True,
                )

        def initialize_logging(self) -> None:
            pass  # one line a request is noise for a player

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
