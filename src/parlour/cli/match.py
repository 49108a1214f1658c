"""Round records and match play: ``parlour export-round`` writes a player's round as a
record, ``parlour check`` replays one (all its holes), ``parlour match`` checks several
rounds of one course and ranks them, and ``parlour scorecard --course CODE`` ranks every
local player's rounds of a course."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from collections.abc import Sequence
from typing import TYPE_CHECKING
from typing import Any
from typing import TypeVar

from parlour.cli.common import CliError
from parlour.cli.common import open_store
from parlour.engine.errors import ParlourError
from parlour.engine.leaderboard import Standing
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import round_game
from parlour.engine.round_record import CheckedRound
from parlour.engine.round_record import RoundResult
from parlour.engine.untrusted import shown

if TYPE_CHECKING:
    from parlour.store.database import Store

T = TypeVar("T")


def _course(code: str) -> int:
    from parlour.engine.rounds import parse_course_code

    try:
        return parse_course_code(code)
    except ParlourError as error:
        raise CliError(f"--course {code!r}: {error}") from None


# -- export-round ---------------------------------------------------------------------------


def command_export_round(args: argparse.Namespace) -> int:
    from parlour.engine.rounds import course_code
    from parlour.store.files import write_text
    from parlour.store.round_records import export_round
    from parlour.store.round_records import round_record_text

    spec = round_game()
    course = _course(args.course) if args.course else None
    store = open_store(args)
    try:
        rounds = [
            r for r in store.rounds() if r.is_complete and (course is None or r.course == course)
        ]
        where = f" of course {course_code(course)}" if course is not None else ""
        if not rounds:
            raise CliError(
                f"{shown(store.player)} has no finished {spec.name} round{where} to export"
            )
        chosen = max(rounds, key=lambda r: (r.finished or "", r.id))
        text = signed(round_record_text(store, chosen), args, chosen.player)
        if args.out == "-":
            sys.stdout.write(text)
            return 0
        if args.out:
            path = write_text(args.out, text, private=True, replace=args.force)
        else:
            path = export_round(args.data_dir, chosen, text)
    finally:
        store.close()
    print(
        f"Round record of {shown(chosen.player)}'s round of course {course_code(chosen.course)} "
        f"(total {chosen.total}) written to {shown(str(path))}"
    )
    return 0


def signed(text: str, args: argparse.Namespace, player: str) -> str:
    """A round record signed with the player's key (made on first use; docs/club.md)."""
    from parlour.store.paths import data_dir
    from parlour.store.signing import player_key
    from parlour.store.signing import sign_record

    return sign_record(text, player_key(data_dir(args.data_dir), player))


def signature_words(path: str) -> str:
    """Whether a round record file is signed, and whether its signature is good."""
    from parlour.store.files import read_text
    from parlour.store.signing import check_signature

    return check_signature(read_text(path)).words()


# -- check and match -------------------------------------------------------------------------


def read_round(path: str) -> CheckedRound:
    """A round record file, every hole replayed; a problem is one line naming the file."""
    from parlour.engine.round_record import parse_round_record
    from parlour.engine.round_record import verify_round
    from parlour.store.files import read_text

    text = read_text(path)
    try:
        return verify_round(parse_round_record(text))
    except ParlourError as error:
        raise CliError(f"{shown(path)}: {error}") from None


def check_round(path: str) -> int:
    """``parlour check`` of a round record: its scorecard and total once every hole
    replays."""
    from rich.console import Console
    from rich.text import Text

    from parlour.engine.notation import format_options
    from parlour.render.untrusted import said

    checked = read_round(path)
    spec = _spec(checked)
    console = Console(highlight=False)
    console.print(
        said(
            f"{spec.name} round · course {checked.code} · options: "
            f"{format_options(checked.options)} · player {shown(checked.player)}",
            style="bold",
        )
    )
    console.print(Text(signature_words(path)))
    console.print(_scorecard(checked))
    kind = checked.kind
    console.print(
        f"All {kind.holes} {kind.unit}s replay: total {checked.total}, "
        f"{_against(checked.versus_bogey)} bogey {kind.bogey}."
    )
    return 0


def _spec(result: RoundResult) -> GameSpec:
    from parlour.engine.registry import find_spec

    return find_spec(result.game)


def _against(difference: int) -> str:
    if difference < 0:
        return f"{-difference} under"
    return "level with" if difference == 0 else f"{difference} over"


def _scorecard(checked: CheckedRound) -> Any:
    from rich.table import Table

    kind = checked.kind
    table = Table()
    table.add_column(kind.unit.capitalize())
    for hole in range(1, kind.holes + 1):
        table.add_column(str(hole), justify="right")
    table.add_column("Total", justify="right")
    table.add_row("Score", *map(str, checked.scores), str(checked.total))
    return table


def command_match(args: argparse.Namespace) -> int:
    from rich.console import Console

    from parlour.engine.leaderboard import leaderboard
    from parlour.engine.leaderboard import same_course
    from parlour.engine.round_record import RoundRecordError

    rounds = [(path, read_round(path)) for path in args.files]
    try:
        same_course(rounds)
    except RoundRecordError as error:
        raise CliError(str(error)) from None
    first = rounds[0][1]
    bests = course_pars(args, _spec(first), first.course, first.options)
    pars = course_hint_pars(args, _spec(first), first.course, first.options)
    board = leaderboard([(checked.player, checked) for _, checked in rounds], bests)
    signatures = {id(checked): signature_words(path) for path, checked in rounds}
    if args.json:
        payload = _board_json(board, pars, bests)
        for standing, shown in zip(board, payload["standings"], strict=True):
            shown["signature"] = signatures[id(standing.round)]
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return 0
    from rich.text import Text

    from parlour.engine.untrusted import shown

    console = Console(highlight=False)
    console.print(_board_table(board, pars, bests, f"Match on course {first.code}"))
    console.print(Text(_legend(pars)))
    for path, checked in rounds:
        console.print(Text(f"{shown(path)}: {signatures[id(checked)]}"))
    return 0


def _legend(pars: Sequence[int | None] | None) -> str:
    from parlour.render.scorecard import LEGEND

    if pars is not None and None not in pars:
        return LEGEND
    return f"{LEGEND}\nA par not yet worked out is '-' ('--par' works it out)."


def _with_course_store(
    args: argparse.Namespace,
    spec: GameSpec,
    course: int,
    work: Callable[[list[int], Store], T],
) -> T | None:
    """``work`` on the seeds of a course's holes and the store their figures are kept in;
    None if the store cannot be opened or used."""
    from parlour.engine.rounds import hole_seed
    from parlour.store.opening import StoreError

    kind = spec.rounds
    assert kind is not None
    try:
        store = open_store(args)
    except CliError:
        return None
    try:
        return work([hole_seed(kind, course, hole) for hole in range(1, kind.holes + 1)], store)
    except StoreError:
        return None
    finally:
        store.close()


def course_hint_pars(
    args: argparse.Namespace, spec: GameSpec, course: int, options: frozenset[str]
) -> list[int | None] | None:
    """The par of each hole of a course (the hint player's score; None while not known,
    worked out with ``--par``); None if the store cannot be used."""
    from parlour.cli.pars import hint_pars
    from parlour.engine.notation import format_options

    def pars(seeds: list[int], store: Store) -> list[int | None]:
        work_out = bool(getattr(args, "par", False))
        known = hint_pars(spec, store, seeds, format_options(options), work_out=work_out)
        return [known.get(seed) for seed in seeds]

    return _with_course_store(args, spec, course, pars)


def course_pars(
    args: argparse.Namespace, spec: GameSpec, course: int, options: frozenset[str]
) -> list[int] | None:
    """The best of each hole of a course under these options (perfect play knowing every
    card): from the store's cache, the rest worked out (and kept); None if the store
    cannot be used."""
    from parlour.engine.notation import format_options
    from parlour.engine.verdict import Budget

    def bests(seeds: list[int], store: Store) -> list[int]:
        written = format_options(options)
        known = store.pars(seeds, written)
        for seed in seeds:
            if seed not in known:
                start = spec.rules().start_from_seed(seed, options)
                known[seed] = spec.solver().solve(start, Budget()).best_score
                store.save_par(seed, written, known[seed])
        return [known[seed] for seed in seeds]

    return _with_course_store(args, spec, course, bests)


def _board_table(
    board: Sequence[Standing],
    pars: Sequence[int | None] | None,
    bests: Sequence[int] | None,
    title: str,
) -> Any:
    from rich.table import Table

    from parlour.engine.notation import format_options
    from parlour.render.untrusted import outside
    from parlour.render.untrusted import said

    first = board[0].round
    kind = first.kind
    table = Table(
        title=said(f"{title} · options: {format_options(first.options)}", style="table.title")
    )
    table.add_column("#", justify="right")
    table.add_column("Player")
    for hole in range(1, kind.holes + 1):
        table.add_column(str(hole), justify="right")
    for heading in ("Total", "±bogey", "±par", "±best"):
        table.add_column(heading, justify="right")
    par_total = None
    if pars is not None:
        cells = ["-" if par is None else str(par) for par in pars]
        par_total = None if None in pars else sum(par or 0 for par in pars)
        total = "-" if par_total is None else str(par_total)
        table.add_row("", "par", *cells, total, "", "", "", style="dim")
    if bests is not None:
        table.add_row("", "best", *map(str, bests), str(sum(bests)), "", "", "", style="dim")
    for standing in board:
        result = standing.round
        table.add_row(
            str(standing.place),
            outside(standing.label),
            *map(str, result.scores),
            str(result.total),
            f"{result.versus_bogey:+d}",
            "-" if par_total is None else f"{result.total - par_total:+d}",
            "…" if standing.versus_par is None else f"{standing.versus_par:+d}",
        )
    return table


def _board_json(
    board: Sequence[Standing], pars: Sequence[int | None] | None, bests: Sequence[int] | None
) -> dict[str, Any]:
    """The board as JSON: ``pars`` (the hint player's scores; null until every hole's is
    known), ``bests`` (perfect play's); each standing's ``versus_par`` and ``versus_best``."""
    from parlour.engine.notation import format_options

    first = board[0].round
    known = None if pars is None or None in pars else [par or 0 for par in pars]
    return {
        "game": first.game,
        "course": _code(first),
        "options": format_options(first.options),
        "bogey": first.kind.bogey,
        "pars": known,
        "bests": None if bests is None else list(bests),
        "standings": [
            {
                "place": s.place,
                "player": s.round.player,
                "holes": list(s.round.scores),
                "total": s.round.total,
                "versus_bogey": s.round.versus_bogey,
                "versus_par": None if known is None else s.round.total - sum(known),
                "versus_best": s.versus_par,
            }
            for s in board
        ],
    }


def _code(result: RoundResult) -> str:
    from parlour.engine.rounds import course_code

    return course_code(result.course)


# -- scorecard --course ----------------------------------------------------------------------


def course_scorecard(args: argparse.Namespace) -> int:
    """Every local player's finished rounds of one course, ranked (one board for each set
    of rule options they were played under)."""
    from rich.console import Console
    from rich.text import Text

    from parlour.engine.leaderboard import leaderboard
    from parlour.engine.notation import parse_options
    from parlour.engine.rounds import course_code

    spec = round_game()
    kind = spec.rounds
    assert kind is not None
    course = _course(args.course)
    store = open_store(args)
    try:
        stored = [r for r in store.rounds(everyone=True) if r.course == course and r.is_complete]
    finally:
        store.close()
    groups: dict[str, list[tuple[str, RoundResult]]] = {}
    for r in stored:
        result = RoundResult(
            kind, course, parse_options(r.options), tuple(r.scores), spec.id, r.player
        )
        groups.setdefault(r.options, []).append((r.player, result))
    boards = []
    for rounds in groups.values():
        bests = course_pars(args, spec, course, rounds[0][1].options)
        pars = course_hint_pars(args, spec, course, rounds[0][1].options)
        boards.append((leaderboard(rounds, bests), pars, bests))
    if args.json:
        payload = [_board_json(*board) for board in boards]
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return 0
    console = Console(highlight=False)
    if not boards:
        console.print(f"No finished {spec.name} rounds of course {course_code(course)} here.")
    for board, pars, bests in boards:
        console.print(_board_table(board, pars, bests, f"Course {course_code(course)}"))
        console.print(Text(_legend(pars)))
    return 0
