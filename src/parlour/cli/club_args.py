"""The ``club`` command's grammar, apart from what it does (cli/club.py), so that building
the parser loads nothing of the club."""

from __future__ import annotations

from typing import Any

from parlour.cli.common import add_force_flag
from parlour.cli.common import given


def add_club_parser(commands: Any, app_arguments: Any) -> None:
    """The ``club`` command and its own commands (``app_arguments`` adds --data-dir and
    --player)."""
    club = commands.add_parser("club", help="a club: play the same courses as others and rank")
    actions = club.add_subparsers(dest="club_command", metavar="ACTION", required=True)

    serve = actions.add_parser("serve", help="run a club's server (docs/club.md)")
    serve.add_argument("--database", metavar="PATH|URL",
                       help="an SQLite file, or postgresql://… (default: club.db in the data "
                       "directory; $PARLOUR_CLUB_DATABASE)")  # fmt: skip
    serve.add_argument("--host", help="the address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=int, help="the port (default: 8080)")
    serve.add_argument("--title", help="the club's name on its page")
    serve.add_argument("--workers", type=int, help="processes verifying rounds (default: cores)")
    serve.add_argument("--budget", type=float, metavar="S", help="CPU seconds to verify a round")
    serve.add_argument("--max-bytes", type=int, metavar="N", help="the largest request body")
    serve.add_argument("--submissions-per-minute", type=float, metavar="N",
                       help="rounds a key, and an address, may send a minute "
                       "(0: unlimited)")  # fmt: skip
    serve.add_argument("--requests-per-minute", type=float, metavar="N",
                       help="requests an address may make a minute (0: unlimited)")  # fmt: skip
    serve.add_argument("--max-connections", type=int, metavar="N",
                       help="connections open at once (default: 256)")  # fmt: skip
    serve.add_argument("--max-connections-per-address", type=int, metavar="N",
                       help="connections open at once from one address (default: 32)")  # fmt: skip
    serve.add_argument("--request-timeout", type=float, metavar="S",
                       help="seconds for a request's headers, then its body, to come "
                       "(default: 10)")  # fmt: skip
    serve.add_argument("--write-timeout", type=float, metavar="S",
                       help="seconds a connection's answers may go unread before it is "
                       "cut (default: 30)")  # fmt: skip
    serve.add_argument("--trust-proxy", action="store_const", const=True,
                       help="take the client's address from X-Forwarded-For")  # fmt: skip
    app_arguments(serve)

    join = actions.add_parser("join", help="join the club at URL (remembered in the settings)")
    join.add_argument("url", metavar="URL")
    app_arguments(join)

    submit = actions.add_parser("submit", help="send your finished rounds to the club, signed")
    submit.add_argument(
        "--course", type=given, metavar="CODE", help="every finished round of this course"
    )
    app_arguments(submit)

    board = actions.add_parser("board", help="the club's leaderboard of a course")
    which = board.add_mutually_exclusive_group()
    which.add_argument("--daily", action="store_true", help="today's course (the default)")
    which.add_argument("--course", type=given, metavar="CODE", help="this course")
    board.add_argument("--json", action="store_true", help="machine-readable output")
    app_arguments(board)

    key = actions.add_parser("key", help="your signing key: export it, or import it")
    key_actions = key.add_subparsers(dest="key_command", metavar="ACTION", required=True)
    export = key_actions.add_parser("export", help="write your key (keep the file secret)")
    export.add_argument(
        "--out", type=given, metavar="FILE", help="where (default: standard output)"
    )
    add_force_flag(export)
    app_arguments(export)
    imported = key_actions.add_parser("import", help="use a key exported on another machine")
    imported.add_argument("file", metavar="FILE")
    imported.add_argument(
        "--replace", action="store_true", help="replace the key you have here (the rounds "
        "it signed stay signed by it)"
    )  # fmt: skip
    app_arguments(imported)
