"""``parlour club``: run a club (``serve``), join one, send it your rounds (``submit``),
read its leaderboards (``board``), and move your key to another machine (``key export``,
``key import``). See docs/club.md."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from typing import TYPE_CHECKING
from typing import Any

from parlour.cli.common import CliError
from parlour.cli.common import open_store
from parlour.cli.common import player_name

if TYPE_CHECKING:
    from parlour.clubclient.outbox import Sent


def command_club(args: argparse.Namespace) -> int:
    commands = {
        "serve": command_serve,
        "join": command_join,
        "submit": command_submit,
        "board": command_board,
        "key": command_key,
    }
    return commands[args.club_command](args)


def _data_dir(args: argparse.Namespace) -> Any:
    from parlour.store.paths import data_dir

    return data_dir(getattr(args, "data_dir", None))


def _club_url() -> str:
    from parlour.cli.settings import read_settings

    url = read_settings().club_url
    if not url:
        raise CliError("you have not joined a club: parlour club join URL")
    return url


def command_serve(args: argparse.Namespace) -> int:
    import os

    try:
        from parlour.club.server import serve
        from parlour.club.settings import SettingsError
        from parlour.club.settings import from_environment
    except ImportError as error:
        raise CliError(
            f"the club's server needs the club extra (pip install 'parlour[club]'): {error}"
        ) from None
    given = {name: getattr(args, name) for name in (
        "database", "host", "port", "title", "workers", "budget", "max_bytes",
        "submissions_per_minute", "requests_per_minute", "trust_proxy", "max_connections",
        "max_connections_per_address", "request_timeout", "write_timeout",
    )}  # fmt: skip
    try:
        settings = from_environment(os.environ, given)
    except SettingsError as error:
        raise CliError(str(error)) from None
    if not settings.database:
        from dataclasses import replace

        settings = replace(settings, database=str(_data_dir(args) / "club.db"))
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    url = f"http://{host}:{settings.port}"

    def announce(kind: str) -> None:
        print(f"The Parlour club is served at {url} ({kind} database)", flush=True)
        print(f"Players join it with: parlour club join {url}  (Ctrl-C stops it)", flush=True)

    from parlour.club.logs import set_up

    set_up()
    try:
        serve(settings, announce)
    except OSError as error:
        raise CliError(f"cannot serve the club: {error.strerror or error}") from None
    except Exception as error:  # a database that cannot be reached or migrated, say
        raise CliError(f"cannot serve the club: {type(error).__name__}: {error}") from None
    return 0


def command_join(args: argparse.Namespace) -> int:
    from parlour.clubclient.http import check_url
    from parlour.clubclient.outbox import join
    from parlour.store.config import ConfigError
    from parlour.store.config import config_path
    from parlour.store.config import save_changes

    try:
        url = check_url(args.url)
    except ValueError as error:
        raise CliError(str(error)) from None
    path = config_path()
    try:
        save_changes(path, club_url=url)
    except ConfigError as error:
        raise CliError(str(error)) from None
    join(_data_dir(args), url)
    print(f"Joined the club at {url} (remembered in {path}).")
    print("Rounds you finish from now on are sent with: parlour club submit")
    return 0


def command_submit(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    from parlour.cli.match import _course
    from parlour.clubclient.outbox import join
    from parlour.clubclient.outbox import send
    from parlour.clubclient.outbox import to_send

    url = _club_url()
    directory = _data_dir(args)
    course = _course(args.course) if args.course else None
    store = open_store(args)
    try:
        join(directory, url)  # (a club set in the settings by hand is joined now)
        rounds = to_send(store, directory, url, course)
        if not rounds:
            print(f"Nothing to send: every round {store.player} finished since joining "
                  f"{url} has been sent." if course is None else
                  "Nothing to send: no finished round of that course is waiting.")  # fmt: skip
            return 0
        console = Console(highlight=False)
        seen = itertools.count()

        def tell(sent: Sent) -> None:
            # (each round told as the club answers it: a slow club takes seconds for each)
            waiting = len(rounds) - next(seen)  # (this round and those after it)
            console.print(Text(_sent_words(sent, url, waiting=waiting)))

        results = send(store, directory, url, rounds, told=tell)
    finally:
        store.close()
    failed = any(result.outcome != "sent" for result in results)
    return 2 if failed else 0


def _sent_words(result: Sent, url: str, *, waiting: int) -> str:
    """What ``parlour club submit`` says of one round (``waiting``: the rounds not sent
    before it, if the club could not be reached for it)."""
    from parlour.clubclient.answers import place_words
    from parlour.clubclient.answers import text
    from parlour.engine.untrusted import shown

    if result.outcome == "sent" and result.answer is not None:
        answer = result.answer
        again = "" if answer.get("new") else " (it had it already)"
        return (
            f"Sent round of course {result.code}, total {result.round.total}{again}"
            f"{place_words(answer)}. {url}{text(answer.get('page', ''), limit=40)}"
        )
    if result.outcome == "refused":
        return f"Refused: the round of course {result.code}: {shown(result.reason)}"
    rounds = f"{waiting} round{'s' if waiting != 1 else ''}"
    return f"Not sent: {shown(result.reason)}. {rounds} wait; parlour club submit sends them later."


def command_board(args: argparse.Namespace) -> int:
    from parlour.cli.match import _course
    from parlour.clubclient.http import ClubError
    from parlour.clubclient.http import board
    from parlour.engine.rounds import course_code
    from parlour.store.config import load

    url = _club_url()
    code = course_code(_course(args.course)) if args.course else None
    me = player_name(args) or load().settings.player
    try:
        answer = board(url, code, player=me)
    except ClubError as error:
        raise CliError(str(error)) from None
    if args.json:
        sys.stdout.write(json.dumps(answer, indent=2) + "\n")
        return 0
    from parlour.cli.club_board import print_boards

    print_boards(answer, url, me)
    return 0


def command_key(args: argparse.Namespace) -> int:
    from parlour.cli.club_board import export_key
    from parlour.cli.club_board import import_key

    if args.key_command == "export":
        return export_key(args, _data_dir(args))
    return import_key(args, _data_dir(args))
