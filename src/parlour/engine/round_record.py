"""Round records: a whole round (every deal of a game played in rounds) in one text file
that anyone can check by replaying it; :mod:`parlour.engine.leaderboard` ranks them.

A round record is the round's own headers (game, course, options, player, each hole's
score and the total), then the game record of every hole (:mod:`parlour.engine.record`),
each under a line ``[Hole N]``. Checking it replays every hole from the deal that course
gives that hole, so a move, a score, the total or a whole hole changed by hand is found.
See docs/formats.md.

>>> from parlour.engine.history import Line
>>> from parlour.engine.registry import round_game
>>> from parlour.engine.rounds import hole_seed
>>> spec = round_game()
>>> kind = spec.rounds
>>> def best_line(hole):
...     line = Line.from_seed(spec.rules(), hole_seed(kind, 42, hole))
...     while spec.rules().outcome(line.current) is None:
...         line = line.play(spec.rules().legal_moves(line.current)[0])
...     return line
>>> text = format_round_record(spec.id, 42, "ann", [best_line(h) for h in range(1, 10)])
>>> checked = verify_round(parse_round_record(text))
>>> checked.player, checked.code, len(checked.scores), checked.total == sum(checked.scores)
('ann', '1A', 9, True)
>>> verify_round(parse_round_record(text.replace("Total: ", "Total: 1")))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
parlour.engine.round_record.RoundRecordError: line 7: the total is 1..., but the holes' scores ...
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Final

from parlour.engine.deals import deck_from_seed
from parlour.engine.errors import ParlourError
from parlour.engine.errors import RecordError
from parlour.engine.errors import located
from parlour.engine.history import AnyLine
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.notation import read_options
from parlour.engine.notation import small_number
from parlour.engine.plugin import GameSpec
from parlour.engine.plugin import Rounds
from parlour.engine.record import BOM
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.registry import find_spec
from parlour.engine.rounds import Round
from parlour.engine.rounds import course_code
from parlour.engine.rounds import hole_seed
from parlour.engine.rounds import parse_course_code
from parlour.engine.untrusted import shown

FIRST_LINE: Final = "# Parlour round record"
#: the round's headers, in the order they are written; others are kept as extras
KNOWN_HEADERS: Final = ("Game", "Course", "Options", "Player", "Scores", "Total")
_SECTION: Final = re.compile(r"\[\s*(\w+)\s+(\S+)\s*\]")


class RoundRecordError(ParlourError):
    """A round record that cannot be read, does not verify, or cannot be matched against
    another. ``hole`` (from 1) and ``line`` (1-based, in the file) are set when known."""

    def __init__(
        self, message: str, *, hole: int | None = None, line: int | None = None,
        move: int | None = None,
    ):  # fmt: skip
        super().__init__(located(message, hole=hole, line=line, move=move))
        self.hole = hole
        self.line = line
        self.detail = message


@dataclass(frozen=True, slots=True)
class RecordedHole:
    """One hole's section of a round record: its game record's text and where it starts."""

    hole: int
    text: str
    first_line: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A parsed round record, not yet replayed."""

    game: str
    course: int
    options: frozenset[str]
    player: str
    scores: tuple[int, ...]
    total: int
    holes: tuple[RecordedHole, ...]
    extra: Mapping[str, str] = field(default_factory=dict)
    header_lines: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RoundResult(Round):
    """A complete round's result (a :class:`Round`, with its code, total and standing
    against bogey): and whose, in which game."""

    game: str = ""
    player: str = ""


@dataclass(frozen=True, slots=True)
class CheckedRound(RoundResult):
    """A round record whose every hole replays to the scores it claims: the holes' games."""

    lines: tuple[Line[Any, Any], ...] = ()

    @property
    def identity(self) -> str:
        """What the round is, whoever's name is on it: a hash of its game, course, rule
        options and every hole's moves (not the Player, Date or other headers). Two
        records of the same round have the same identity."""
        played = [self.game, course_code(self.course), format_options(self.options)]
        for line in self.lines:
            played.append(" ".join(line.rules.format_move(move) for move in line.moves))
        return hashlib.sha256("\n".join(played).encode()).hexdigest()


def is_round_record(text: str) -> bool:
    """Whether a file's text is a round record (its first line says so; a byte-order
    mark before it is skipped)."""
    first = next((line.strip() for line in text.removeprefix(BOM).splitlines() if line.strip()), "")
    return first == FIRST_LINE


def round_kind(game: str) -> tuple[GameSpec, Rounds]:
    """A game played in rounds, and its kind of round; an error for any other game."""
    spec = find_spec(game)
    if spec.rounds is None:
        raise RoundRecordError(f"{spec.name} is not played in rounds")
    return spec, spec.rounds


def format_round_record(
    game: str,
    course: int,
    player: str,
    lines: Sequence[AnyLine],
    extra: Mapping[str, str] | None = None,
) -> str:
    """Write a round record from its finished holes, first hole first (every hole of the
    round, each finished and dealt as the course deals it)."""
    spec, kind = round_kind(game)
    if len(lines) != kind.holes:
        raise RoundRecordError(f"a round has {kind.holes} {kind.unit}s, not {len(lines)}")
    scores = []
    for hole, line in enumerate(lines, start=1):
        outcome = line.rules.outcome(line.current)
        if outcome is None:
            raise RoundRecordError(f"the {kind.unit} is not finished", hole=hole)
        scores.append(outcome.score)
    options = lines[0].options
    head = [
        FIRST_LINE,
        f"Game: {spec.id}",
        f"Course: {course_code(course)}",
        f"Options: {format_options(options)}",
        f"Player: {player}",
        f"Scores: {' '.join(map(str, scores))}",
        f"Total: {sum(scores)}",
        *(f"{name}: {value}" for name, value in (extra or {}).items()),
    ]
    sections = []
    for hole, line in enumerate(lines, start=1):
        about = {"Course": course_code(course), kind.unit.capitalize(): str(hole)}
        sections.append(f"[{kind.unit.capitalize()} {hole}]\n{format_record(line, about)}")
    return "\n".join(head) + "\n\n" + "\n".join(sections)


def parse_round_record(text: str) -> RoundRecord:
    """Read a round record's text (its syntax and headers: :func:`verify_round` replays)."""
    text = text.removeprefix(BOM)
    if not is_round_record(text):
        raise RoundRecordError(f"not a Parlour round record (it does not begin {FIRST_LINE!r})")
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    sections: list[tuple[str, int, int, list[str]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        marked = _SECTION.fullmatch(line)
        if marked:
            sections.append((marked.group(1), _hole_number(marked.group(2), number), number, []))
        elif sections:
            sections[-1][3].append(raw)
        elif line and not line.startswith("#"):
            name, value = _header_line(line, number, headers)
            headers[name], header_lines[name] = value, number
    for required in KNOWN_HEADERS:
        if required not in headers:
            raise RoundRecordError(f"the round record has no {required} line")

    def problem(name: str, error: Exception) -> RoundRecordError:
        return RoundRecordError(str(error), line=header_lines[name])

    try:
        spec, kind = round_kind(headers["Game"])
    except ParlourError as error:
        raise problem("Game", error) from None
    try:
        course = parse_course_code(headers["Course"])
    except ParlourError as error:
        raise problem("Course", error) from None
    try:
        options = spec.rules().check_options(read_options(headers["Options"]))
    except ParlourError as error:
        raise problem("Options", error) from None
    scores = _numbers(headers["Scores"], header_lines["Scores"], "Scores")
    (total,) = _numbers(headers["Total"], header_lines["Total"], "Total", count=1)
    holes = []
    for unit, hole, number, body in sections:
        if unit.lower() != kind.unit:
            raise RoundRecordError(f"expected [{kind.unit.capitalize()} N], found [{unit} …]",
                                   line=number)  # fmt: skip
        holes.append(RecordedHole(hole, "\n".join(body) + "\n", number + 1))
    extra = {k: v for k, v in headers.items() if k not in KNOWN_HEADERS}
    return RoundRecord(
        spec.id, course, options, headers["Player"], scores, total, tuple(holes), extra,
        header_lines,
    )  # fmt: skip


def _header_line(line: str, number: int, headers: dict[str, str]) -> tuple[str, str]:
    """A header line's name and value, refused if it is not one (or its name was given
    before, or it is an ``Options:`` line that names an option twice: refused here, not
    after every hole has been read)."""
    name, colon, value = line.partition(":")
    if not colon or not name.strip() or " " in name.strip():
        raise RoundRecordError(f"expected a header like 'Course: 1A', found {line!r}",
                               line=number)  # fmt: skip
    name, value = name.strip(), value.strip()
    if name in headers:
        raise RoundRecordError(f"the header {shown(name)} appears twice", line=number)
    if name == "Options":
        _options(value, number)
    return name, value


def _options(text: str, line: int) -> frozenset[str]:
    """The round's ``Options:`` line read (each option named once, see
    :func:`read_options`); its error told on its line."""
    try:
        return read_options(text)
    except ParlourError as error:
        raise RoundRecordError(str(error), line=line) from None


def _hole_number(text: str, line: int) -> int:
    number = small_number(text)
    if number is None:
        raise RoundRecordError(f"{text!r} is not a hole number", line=line)
    return number


def _numbers(text: str, line: int, name: str, count: int | None = None) -> tuple[int, ...]:
    try:
        found = tuple(int(word) for word in text.split())
    except ValueError:
        raise RoundRecordError(f"{name} should be whole numbers, not {text!r}", line=line) from None
    if count is not None and len(found) != count:
        raise RoundRecordError(f"{name} should be one whole number, not {text!r}", line=line)
    return found


def verify_round(record: RoundRecord) -> CheckedRound:
    """Replay every hole of a round record: each must be there once, in order, dealt as
    the course deals it, played under the round's options to the end, and score what the
    record says; the total must be their sum."""
    spec, kind = round_kind(record.game)
    unit = kind.unit
    seen = [recorded.hole for recorded in record.holes]
    for hole in range(1, kind.holes + 1):
        if hole not in seen:
            raise RoundRecordError(f"the {unit} is missing from the record", hole=hole)
    for recorded, expected in zip(record.holes, range(1, len(record.holes) + 1), strict=True):
        if recorded.hole != expected:
            problem = "appears twice" if seen.count(recorded.hole) > 1 else "is out of place"
            if not 1 <= recorded.hole <= kind.holes:
                problem = f"is not one of the round's {kind.holes} {unit}s"
            raise RoundRecordError(f"this {unit} {problem}", hole=recorded.hole,
                                   line=recorded.first_line - 1)  # fmt: skip
    if len(record.scores) != kind.holes:
        raise RoundRecordError(
            f"the record gives {len(record.scores)} scores for {kind.holes} {unit}s",
            line=record.header_lines.get("Scores"),
        )
    lines = tuple(_replay_hole(spec, kind, record, recorded) for recorded in record.holes)
    scores = []
    for recorded, line in zip(record.holes, lines, strict=True):
        outcome = line.rules.outcome(line.current)
        hole = recorded.hole
        if outcome is None:
            raise RoundRecordError(f"the {unit} was not played to the end", hole=hole)
        if outcome.score != record.scores[hole - 1]:
            raise RoundRecordError(
                f"the Scores line gives this {unit} {record.scores[hole - 1]}, but its moves "
                f"score {outcome.score}",
                hole=hole,
                line=record.header_lines.get("Scores"),
            )
        scores.append(outcome.score)
    if sum(scores) != record.total:
        raise RoundRecordError(
            f"the total is {record.total}, but the {unit}s' scores add up to {sum(scores)}",
            line=record.header_lines.get("Total"),
        )
    return CheckedRound(
        kind, record.course, record.options, tuple(scores), spec.id, record.player, lines
    )


def _replay_hole(
    spec: GameSpec, kind: Rounds, record: RoundRecord, recorded: RecordedHole
) -> Line[Any, Any]:
    hole, unit, offset = recorded.hole, kind.unit, recorded.first_line - 1
    try:
        game = parse_record(recorded.text)
    except RecordError as error:
        raise _in_file(error, hole, offset) from None
    if game.game != spec.id:
        raise RoundRecordError(f"the {unit} is a game of {game.game}, not {spec.id}", hole=hole,
                               line=_at(game.header_lines.get("Game"), offset))  # fmt: skip
    if game.options != record.options:
        raise RoundRecordError(
            f"the {unit} was played with options {format_options(game.options)}, the round "
            f"with {format_options(record.options)}",
            hole=hole,
            line=_at(game.header_lines.get("Options"), offset),
        )
    seed = hole_seed(kind, record.course, hole)
    if game.deck != deck_from_seed(seed) or game.seed not in (None, seed):
        raise RoundRecordError(
            f"the deal is not {unit} {hole} of course {course_code(record.course)} "
            f"(a {unit} of another course?)",
            hole=hole,
            line=_at(game.header_lines.get("Seed", game.header_lines.get("Deck")), offset),
        )
    try:
        return replay(game)
    except RecordError as error:
        raise _in_file(error, hole, offset) from None


def _at(line: int | None, offset: int) -> int | None:
    return None if line is None else line + offset


def _in_file(error: RecordError, hole: int, offset: int) -> RoundRecordError:
    """A game record's error, its line counted in the whole round record's file."""
    return RoundRecordError(
        error.detail, hole=hole, line=_at(error.line, offset), move=error.move_number
    )
