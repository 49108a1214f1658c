"""What the commands share: the one-line error, and reading the game and deal asked for."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from parlour.engine.errors import ParlourError
from parlour.engine.history import Line
from parlour.engine.plugin import GameSpec
from parlour.engine.untrusted import shown

EXIT_BAD_INPUT = 2
#: ``--served`` (what parlour serve starts the app with): the player is fixed to the
#: server's, or visitors may choose one
SERVED_MODES = ("one-player", "any-player")


class CliError(Exception):
    """A problem with what the user asked for; printed as one line, exit status 2."""


def open_store(args: argparse.Namespace) -> Any:
    """The data directory's store, for the player asked for (``--player``); a bad name or
    a store that cannot be used is one line. A damaged database moved aside as it opened
    is told on standard error (where the old file went): this command is the only one
    that knows."""
    from parlour.engine.untrusted import visible
    from parlour.store.config import load
    from parlour.store.database import Store
    from parlour.store.opening import StoreError
    from parlour.store.paths import data_dir

    try:
        store = Store(data_dir(args.data_dir), player=player_name(args) or load().settings.player)
    except StoreError as error:
        raise CliError(str(error)) from None
    if store.notice:
        print(f"parlour: warning: {visible(store.notice, lines=False)}", file=sys.stderr)
    return store


def player_name(args: argparse.Namespace) -> str | None:
    """The ``--player`` name, checked (None: the settings file's player, else the login
    name)."""
    from parlour.store.players import check_player

    name: str | None = getattr(args, "player", None)
    if name is None:
        return None
    try:
        return check_player(name)
    except ValueError as error:
        raise CliError(f"--player {name!r}: {error}") from None


def chosen_options(args: argparse.Namespace, spec: GameSpec) -> list[str]:
    """The rule options asked for with ``--option NAME`` and the options' own flags
    (``--free-stock``), refusing a flag the game does not have."""
    from parlour.engine.registry import specs

    chosen = list(getattr(args, "option", []) or [])
    for option in sorted({o.name for s in specs() for o in s.options}):
        if getattr(args, option_dest(option), False):
            if option not in spec.option_names:
                owners = " and ".join(s.name for s in specs() if option in s.option_names)
                raise CliError(f"--{option} is a {owners} option")
            chosen.append(option)
    return chosen


def option_dest(option: str) -> str:
    return "option_" + option.replace("-", "_")


def start_line(args: argparse.Namespace) -> Line[Any, Any]:
    """The deal asked for by ``GAME --seed N`` or ``GAME --deck "…"``, with its options."""
    from parlour.engine import check_seed
    from parlour.engine import parse_deck
    from parlour.engine.registry import find_spec

    spec = find_spec(args.game)
    rules = spec.rules()
    options = chosen_options(args, spec)
    if args.seed is not None:
        return Line.from_seed(rules, check_seed(args.seed), options)
    return Line.new(rules, parse_deck(args.deck, rules.deck_size), options)


def read_record(path: str) -> tuple[str, Line[Any, Any]]:
    """A record file's text and the game it replays; a bad record is one line."""
    from parlour.engine.record import parse_record
    from parlour.engine.record import replay
    from parlour.store.files import read_text

    text = read_text(path)
    from parlour.engine.round_record import is_round_record

    if is_round_record(text):
        raise CliError(
            f"{shown(path)} is a round record, not one game's: parlour check replays all its "
            "holes, parlour replay FILE --hole N steps through one"
        )
    try:
        return text, replay(parse_record(text))
    except ParlourError as error:
        raise CliError(f"{shown(path)}: {error}") from None


def describe_deal(line: Line[Any, Any]) -> str:
    from parlour.engine.notation import format_options

    source = f"seed {line.seed}" if line.seed is not None else "explicit deck"
    return f"{line.rules.name} · {source} · options: {format_options(line.options)}"


def given(text: str) -> str:
    """An option's value that must say something (an argparse ``type``): an empty one,
    often a shell variable never set, is refused rather than taken as not given (an
    empty ``--data-dir`` was the player's own data directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("is empty (a variable that was never set?)")
    return text


def add_force_flag(parser: argparse.ArgumentParser) -> None:
    """``--force``: a command's ``--out`` file may be replaced."""
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the --out file if it exists (never a link, a device or a pipe)",
    )
