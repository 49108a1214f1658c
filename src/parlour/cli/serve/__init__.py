"""``parlour serve``: the app in a web browser, one app process per visitor, with
textual-serve (the Textual authors' server), open only to those given its link.

Each run makes a secret token and prints a link that carries it; the page and its
websocket need it, and requests addressed to another site's name or sent by another
site's page are refused (:mod:`.guard`). Each visitor's app is ``parlour`` itself, with
the same data directory and display settings as this command, as the player the server
was started for, with settings that last for the visit (``--served``); at most
``--max-apps`` run at once, each ended when idle for ``--idle-timeout`` seconds or when
its browser leaves or stops reading (:mod:`.apps`). docs/serve.md is the threat model.

This module is imported by every command, so it imports nothing heavy until asked to
serve."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys

from parlour.cli.common import SERVED_MODES
from parlour.cli.common import CliError
from parlour.cli.common import player_name

#: the bounds of ``--max-apps``, ``--idle-timeout``, ``--max-connections``,
#: ``--header-timeout`` and ``--write-timeout``
MAX_APPS_LIMIT = 64
IDLE_LIMIT = 7 * 24 * 3600
CONNECTIONS_LIMIT = 4096
HEADER_LIMIT = 300
#: connections beyond the apps' own that ``--max-connections`` leaves at the least (a
#: page and its files, a tab that waits for a place)
SPARE_CONNECTIONS = 8


def command_serve(args: argparse.Namespace) -> int:
    from parlour.cli.serve.guard import Gate
    from parlour.cli.serve.guard import host_names
    from parlour.cli.serve.guard import is_loopback
    from parlour.cli.serve.guard import new_token
    from parlour.cli.serve.guard import split_host
    from parlour.cli.serve.journal import Journal
    from parlour.cli.serve.server import Limits
    from parlour.cli.serve.server import ParlourServer
    from parlour.cli.settings import checked_theme
    from parlour.connections import Door
    from parlour.store.config import load
    from parlour.store.paths import data_dir

    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port}: a port is a number from 1 to 65535")
    if not 0 < args.max_apps <= MAX_APPS_LIMIT:
        raise CliError(f"--max-apps {args.max_apps}: a number from 1 to {MAX_APPS_LIMIT}")
    if not 0 < args.idle_timeout <= IDLE_LIMIT:
        raise CliError(
            f"--idle-timeout {args.idle_timeout:g}: seconds, more than 0 and at most "
            f"{IDLE_LIMIT} (a week)"
        )
    least = args.max_apps + SPARE_CONNECTIONS
    if not least <= args.max_connections <= CONNECTIONS_LIMIT:
        raise CliError(
            f"--max-connections {args.max_connections}: a number from {least} (--max-apps "
            f"and {SPARE_CONNECTIONS} more) to {CONNECTIONS_LIMIT}"
        )
    if not 0 < args.header_timeout <= HEADER_LIMIT:
        raise CliError(
            f"--header-timeout {args.header_timeout:g}: seconds, more than 0 and at most "
            f"{HEADER_LIMIT}"
        )
    if not 0 < args.write_timeout <= HEADER_LIMIT:
        raise CliError(
            f"--write-timeout {args.write_timeout:g}: seconds, more than 0 and at most "
            f"{HEADER_LIMIT}"
        )
    for name in args.allow_host:
        parsed = split_host(name)
        if parsed is None or parsed[1]:
            raise CliError(f"--allow-host {name!r}: a host name, such as parlour.home")
    # each visitor's app: this Python, this data directory, these settings, this player
    player = player_name(args) or load().settings.player
    # (each value joined to its option: a player's name may begin with "-")
    command = [sys.executable, "-m", "parlour", f"--data-dir={data_dir(args.data_dir)}"]
    command += [f"--player={player}", "--served", SERVED_MODES[1 if args.any_player else 0]]
    if args.ascii:
        command.append("--ascii")
    if args.theme:
        command += ["--theme", checked_theme(args.theme)]
    if args.four_colour:
        command.append("--four-colour")

    loopback = is_loopback(args.host)
    gate = Gate(new_token(), host_names(args.host, args.allow_host), any_address=not loopback)
    limits = Limits(
        max_apps=args.max_apps,
        idle_seconds=args.idle_timeout,
        door=Door(
            most=args.max_connections,
            # (beyond loopback: every client on this computer has a loopback address)
            most_per_address=None if loopback else args.max_connections // 2,
            header_seconds=args.header_timeout,
            write_seconds=args.write_timeout,
        ),
    )
    links = [f"http://{host}:{args.port}/?token={gate.token}" for host in _link_hosts(args.host)]

    def announce(*_: object) -> None:
        print(f"Parlour is served at {links[0]}", flush=True)
        who = "the visitors choose the player" if args.any_player else f"visitors play as {player}"
        if loopback:
            print(
                "Only this computer can reach it, and only with this link "
                f"({who}). Ctrl-C stops it.",
                flush=True,
            )
        else:
            print(
                f"Listening on {args.host}: anyone who can reach this computer and has this "
                f"link can play ({who}). Ctrl-C stops it.",
                flush=True,
            )
            for link in links[1:]:
                print(f"Also at {link}", flush=True)
        print(
            f"At most {limits.max_apps} app{'' if limits.max_apps == 1 else 's'} at once; "
            "an app ends after "
            f"{limits.idle_seconds:g} s without a key or a click.",
            flush=True,
        )

    server = ParlourServer(
        command,
        host=args.host,
        port=args.port,
        gate=gate,
        limits=limits,
        journal=Journal(),
        announce=announce,
    )
    try:
        server.serve()
    except OSError as error:
        raise CliError(
            f"cannot serve on {args.host}:{args.port}: {error.strerror or error}"
        ) from None
    return 0


def _link_hosts(host: str) -> list[str]:
    """The hosts to print links with: the one listened on, or for every address
    (0.0.0.0, ::) this computer's name first, then its loopback address."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return [host]
    if address.is_unspecified:
        loopback = "127.0.0.1" if address.version == 4 else "[::1]"
        return [socket.gethostname(), loopback]
    return [f"[{host}]" if address.version == 6 else host]
