"""What ``parlour club board`` prints (a club's answer is text from outside: it is read by
:func:`parlour.clubclient.answers.read_boards`, which keeps numbers only if they are
integers, shows a name only if a club could have taken it, and cuts a board to what a
table can show; names go in a Rich ``Text``, never parsed as markup), and ``parlour club key
export`` and ``import``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from parlour.cli.common import CliError
from parlour.cli.common import player_name
from parlour.clubclient.answers import Board
from parlour.clubclient.answers import Standing
from parlour.engine.untrusted import shown


def _number(value: int | None) -> str:
    return "?" if value is None else str(value)


def _signed(value: int | None) -> str:
    if value is None:
        return "…"
    return "E" if value == 0 else f"{value:+d}"


def print_boards(answer: dict[str, Any], url: str, me: str) -> None:
    """A club's leaderboards of one course, and where ``me`` stands."""
    from rich.console import Console
    from rich.text import Text

    from parlour.clubclient.answers import read_boards

    console = Console(highlight=False)
    found = read_boards(answer, me)
    today = " (today's course)" if found.daily else ""
    if not found.boards:
        console.print(Text(f"No rounds of course {found.course}{today} at {url} yet."))
        return
    mine: list[str] = []
    for board in found.boards:
        console.print(_board_table(board, f"{found.course}{today}"))
        if board.played > len(board.standings):
            console.print(
                Text(f"(the first {len(board.standings)} of {board.played} shown)", style="dim")
            )
        mine += [f"{_number(place)} of {board.played} ({board.rule})" for place in board.places]
    if mine:
        console.print(Text(f"{shown(me)}: place {', '.join(mine)}."))
    else:
        console.print(Text(f"{shown(me)} has no round on this board yet."))
    console.print(Text(f"The page: {url}/course/{found.course}", style="dim"))


def _board_table(board: Board, course: str) -> Any:
    """One board as a table."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(f"Course {course} · {board.rule} · {board.played} played"))
    table.add_column("#", justify="right")
    table.add_column("Player")
    for heading in (*map(str, range(1, board.holes + 1)), "Total", "±bogey", "±par"):
        table.add_column(heading, justify="right")
    if board.pars and len(board.pars) == board.holes:
        pars = board.pars
        table.add_row("", "par", *map(str, pars), str(sum(pars)), "", "", style="dim")
    for standing in board.standings:
        table.add_row(
            *_standing_cells(standing, board.holes), style="bold" if standing.mine else None
        )
    return table


def _standing_cells(standing: Standing, holes: int) -> list[Any]:
    from rich.text import Text

    return [
        _number(standing.place),
        Text(standing.player),
        *map(_number, standing.holes),
        *([""] * (holes - len(standing.holes))),
        _number(standing.total),
        _signed(standing.versus_bogey),
        _signed(standing.versus_par),
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
    from parlour.store.signing import KeyFileError
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
    try:
        have = load_key(directory, player)
    except KeyFileError as error:
        # (never written over, even with --replace: it may be the only copy of a key)
        raise CliError(
            f"the key kept here for {shown(player)} cannot be read, and is left as it is "
            f"({error}): move that file away, then import again"
        ) from None
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
