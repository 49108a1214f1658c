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
    from rich.table import Table
    from rich.text import Text

    from parlour.store.signing import folded

    console = Console(highlight=False)
    code = shown(str(answer.get("course", "?")), limit=20)
    today = " (today's course)" if answer.get("daily") else ""
    boards = answer.get("boards")
    if not isinstance(boards, list) or not boards:
        console.print(Text(f"No rounds of course {code}{today} at {url} yet."))
        return
    mine: list[str] = []
    for board in boards:
        if not isinstance(board, dict):
            continue
        options = str(board.get("options", "none"))
        rule = "book rule" if options == "none" else options
        given = board.get("pars")
        pars: list[int] = (
            given if isinstance(given, list) and all(isinstance(p, int) for p in given) else []
        )
        par_total = sum(pars) if pars else None
        listed = board.get("standings")
        standings: list[Any] = listed if isinstance(listed, list) else []
        title = Text(f"Course {code}{today} · {shown(rule, limit=40)} · {len(standings)} played")
        table = Table(title=title)
        table.add_column("#", justify="right")
        table.add_column("Player")
        holes = max((len(s.get("holes", [])) for s in standings if isinstance(s, dict)), default=9)
        for hole in range(1, holes + 1):
            table.add_column(str(hole), justify="right")
        for heading in ("Total", "±bogey", "±par"):
            table.add_column(heading, justify="right")
        if par_total is not None:
            table.add_row("", "par", *map(str, pars), str(par_total), "", "", style="dim")
        for standing in standings:
            if not isinstance(standing, dict):
                continue
            holes_given = standing.get("holes")
            scores: list[Any] = holes_given if isinstance(holes_given, list) else []
            name = str(standing.get("player", "?"))
            is_me = folded(name) == folded(me)
            table.add_row(
                _number(standing.get("place")),
                _text(name),
                *(_number(score) for score in scores[:holes]),
                *([""] * (holes - len(scores[:holes]))),
                _number(standing.get("total")),
                _signed(standing.get("versus_bogey")),
                _signed(standing.get("versus_par")),
                style="bold" if is_me else None,
            )
            if is_me:
                mine.append(f"{_number(standing.get('place'))} of {len(standings)} ({shown(rule)})")
        console.print(table)
    if mine:
        console.print(Text(f"{shown(me)}: place {', '.join(mine)}."))
    else:
        console.print(Text(f"{shown(me)} has no round on this board yet."))
    console.print(Text(f"The page: {url}/course/{code}", style="dim"))


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
