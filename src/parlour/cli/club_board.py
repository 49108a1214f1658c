"""What ``parlour club board`` prints (a club's answer is text from outside: every name is
shown through :func:`shown`, in a Rich ``Text``, never parsed as markup), and ``parlour
club key export`` and ``import``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from parlour.cli.common import CliError
from parlour.cli.common import player_name
from parlour.engine.untrusted import shown

#: the most holes a board's table has columns for (a round has nine; a hostile club's
#: answer may claim thousands)
MAX_HOLES = 18


def _text(value: object, limit: int = 40) -> Any:
    from rich.text import Text

    return Text(shown(str(value), limit=limit))


def _number(value: object) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else "?"


def _signed(value: object) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return "…"
    return "E" if value == 0 else f"{value:+d}"


def print_boards(answer: dict[str, Any], url: str, me: str) -> None:
    """A club's leaderboards of one course, and where ``me`` stands."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    code = shown(str(answer.get("course", "?")), limit=20)
    today = " (today's course)" if answer.get("daily") else ""
    boards = answer.get("boards")
    if not isinstance(boards, list) or not boards:
        console.print(Text(f"No rounds of course {code}{today} at {url} yet."))
        return
    mine: list[str] = []
    for board in boards:
        if isinstance(board, dict):
            table, places = _board_table(board, f"{code}{today}", me)
            console.print(table)
            mine += places
    if mine:
        console.print(Text(f"{shown(me)}: place {', '.join(mine)}."))
    else:
        console.print(Text(f"{shown(me)} has no round on this board yet."))
    console.print(Text(f"The page: {url}/course/{code}", style="dim"))


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _board_table(board: dict[str, Any], course: str, me: str) -> tuple[Any, list[str]]:
    """One board as a table, and where ``me`` stands on it (``3 of 12 (book rule)``)."""
    from rich.table import Table
    from rich.text import Text

    from parlour.store.signing import folded

    options = str(board.get("options", "none"))
    rule = "book rule" if options == "none" else options
    pars = [p for p in _listed(board.get("pars")) if isinstance(p, int)]
    if len(pars) != len(_listed(board.get("pars"))):
        pars = []  # a par that is not a number: none are shown
    standings = [s for s in _listed(board.get("standings")) if isinstance(s, dict)]
    played = len(_listed(board.get("standings")))
    table = Table(title=Text(f"Course {course} · {shown(rule, limit=40)} · {played} played"))
    table.add_column("#", justify="right")
    table.add_column("Player")
    # (as many columns as the longest standing's holes, within reason)
    holes = min(max((len(_listed(s.get("holes"))) for s in standings), default=9), MAX_HOLES)
    for heading in (*map(str, range(1, holes + 1)), "Total", "±bogey", "±par"):
        table.add_column(heading, justify="right")
    if pars and len(pars) == holes:
        table.add_row("", "par", *map(str, pars), str(sum(pars)), "", "", style="dim")
    places = []
    for standing in standings:
        name = str(standing.get("player", "?"))
        is_me = folded(name) == folded(me)
        table.add_row(*_standing_cells(standing, name, holes), style="bold" if is_me else None)
        if is_me:
            places.append(f"{_number(standing.get('place'))} of {played} ({shown(rule)})")
    return table, places


def _standing_cells(standing: dict[str, Any], name: str, holes: int) -> list[Any]:
    scores = _listed(standing.get("holes"))[:holes]
    return [
        _number(standing.get("place")),
        _text(name),
        *(_number(score) for score in scores),
        *([""] * (holes - len(scores))),
        _number(standing.get("total")),
        _signed(standing.get("versus_bogey")),
        _signed(standing.get("versus_par")),
    ]


def export_key(args: argparse.Namespace, directory: Path) -> int:
    """Write the player's key (made now if they have none) to a file or standard output."""
    from parlour.store.config import load
    from parlour.store.files import write_text
    from parlour.store.signing import key_text
    from parlour.store.signing import player_key

    player = player_name(args) or load().settings.player
    pair = player_key(directory, player)
    if args.out and args.out != "-":
        path = write_text(args.out, key_text(pair), private=True, replace=args.force)
        print(
            f"{shown(player)}'s key ({pair.fingerprint}) written to {shown(str(path))}: keep it "
            "secret, and import it on your other machine with parlour club key import FILE"
        )
        return 0
    sys.stdout.write(key_text(pair))
    return 0


def import_key(args: argparse.Namespace, directory: Path) -> int:
    """Take a key exported elsewhere as the player's here."""
    from parlour.store.files import read_text
    from parlour.store.players import check_player
    from parlour.store.signing import KeyPair
    from parlour.store.signing import load_key
    from parlour.store.signing import parse_key_text
    from parlour.store.signing import save_key

    try:
        pair = parse_key_text(read_text(args.file, limit=4096))
    except ValueError as error:
        raise CliError(f"{args.file}: {error}") from None
    try:
        player = player_name(args) or check_player(pair.player)
    except ValueError as error:
        raise CliError(f"{args.file}: the Player line: {error}") from None
    pair = KeyPair(player, pair.private, pair.public)
    have = load_key(directory, player)
    if have is not None and have.public != pair.public and not args.replace:
        raise CliError(
            f"{shown(player)} already has another key here ({have.fingerprint}); --replace "
            "replaces it"
        )
    if have is not None and have.public == pair.public:
        print(f"{shown(player)}'s key ({pair.fingerprint}) is already kept here.")
        return 0
    path = save_key(directory, pair, replace=have is not None)
    print(f"{shown(player)}'s key ({pair.fingerprint}) is now kept in {shown(str(path))}.")
    return 0
