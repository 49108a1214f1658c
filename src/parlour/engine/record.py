"""Game records: plain text that replays a game without knowing how its deck was made (C3).

A record is header lines (``Name: value``), a ``Moves:`` line, then one move a line,
numbered, each optionally followed by ``;`` and what the move did. Lines starting
with ``#`` are comments. A byte-order mark at the start (as some editors save UTF-8) is
skipped. See docs/formats.md.

>>> from parlour.engine.games.golf import GOLF
>>> from parlour.engine.history import Line
>>> line = Line.from_seed(GOLF, 1).play("7")
>>> text = format_record(line)
>>> replay(parse_record(text)).current == line.current
True
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from functools import partial
from typing import Any
from typing import Final
from typing import TypeVar

from parlour.engine.cards import Card
from parlour.engine.cards import format_cards
from parlour.engine.deals import check_seed
from parlour.engine.deals import deck_from_seed
from parlour.engine.deals import parse_deck
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import ParlourError
from parlour.engine.errors import RecordError
from parlour.engine.history import AnyLine
from parlour.engine.history import Line
from parlour.engine.notation import format_options
from parlour.engine.notation import read_options
from parlour.engine.notation import small_number
from parlour.engine.registry import find_game
from parlour.engine.untrusted import shown

FIRST_LINE: Final = "# Parlour game record"
#: the most moves a game record may hold: far more than any game takes (docs/formats.md
#: has the longest measured), so that no record can make a replay long by sheer length
MAX_MOVES: Final = 2_000
#: the most positions the rules' searches made after each move may look at, in all, while
#: one record is replayed (Three Squares' end search: 2,500 after each move made with the
#: pack empty); Parlour's move ``end`` makes its own longer look, once (docs/formats.md)
MAX_POSITIONS: Final = 250_000
#: headers written by :func:`format_record`, in order; others are kept as extras
KNOWN_HEADERS: Final = ("Game", "Options", "Seed", "Deck", "Result")
#: the byte-order mark some editors (Windows Notepad) put at the start of a UTF-8 file
BOM: Final = "\ufeff"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RecordedMove:
    number: int
    notation: str
    description: str | None
    line: int


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed record, not yet replayed."""

    game: str
    options: frozenset[str]
    deck: tuple[Card, ...]
    seed: int | None
    moves: tuple[RecordedMove, ...]
    result: str | None = None
    extra: Mapping[str, str] = field(default_factory=dict)
    header_lines: Mapping[str, int] = field(default_factory=dict)


def result_text(line: AnyLine) -> str:
    """The ``Result`` header for a line: ``finished, score 14 (…)`` or ``in play, score 20``."""
    outcome = line.rules.outcome(line.current)
    if outcome is None:
        return f"in play, score {line.rules.score(line.current)}"
    return f"finished, score {outcome.score} ({line.rules.words.ending(line.current)})"


def format_record(line: AnyLine, extra: Mapping[str, str] | None = None) -> str:
    """Write a record of a game: its deal, options, moves and result."""
    lines = [
        FIRST_LINE,
        f"Game: {line.rules.id}",
        f"Options: {format_options(line.options)}",
    ]
    if line.seed is not None:
        lines.append(f"Seed: {line.seed}")
    lines.append(f"Deck: {format_cards(line.deck)}")
    lines.append(f"Result: {result_text(line)}")
    for name, value in (extra or {}).items():
        lines.append(f"{name}: {value}")
    lines.append("Moves:")
    descriptions = line.describe_moves()
    width = len(str(len(line.moves)))
    for number, (move, said) in enumerate(zip(line.moves, descriptions, strict=True), start=1):
        notation = line.rules.format_move(move)
        lines.append(f"{number:>{width}}. {notation:<4} ; {said}")
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> Record:
    """Read a record's text (syntax only: :func:`replay` checks the moves)."""
    text = text.removeprefix(BOM)
    headers, header_lines, moves = _read_lines(text)
    for required in ("Game", "Deck"):
        if required not in headers:
            raise RecordError(f"the record has no {required} line")
    rules = _header(header_lines, "Game", lambda: find_game(headers["Game"]))
    options = _header(
        header_lines,
        "Options",
        lambda: rules.check_options(read_options(headers.get("Options", ""))),
    )
    deck = _header(header_lines, "Deck", lambda: parse_deck(headers["Deck"], rules.deck_size))
    seed = None
    if "Seed" in headers:
        seed = _header(header_lines, "Seed", lambda: check_seed(headers["Seed"]))
        if deck_from_seed(seed, rules.deck_size) != deck:
            raise RecordError(
                f"the deck is not the one seed {seed} deals (a card has been changed?)",
                header_lines["Deck"],
            )
    if moves is None:
        last = len(text.splitlines())
        raise RecordError("the record ends without a Moves: line (is it cut short?)", last)
    extra = {k: v for k, v in headers.items() if k not in KNOWN_HEADERS}
    return Record(
        rules.id,
        options,
        deck,
        seed,
        tuple(moves),
        headers.get("Result"),
        extra,
        header_lines,
    )


def _read_lines(text: str) -> tuple[dict[str, str], dict[str, int], list[RecordedMove] | None]:
    """The headers (by name, and the line each is on) and the moves (None when there is
    no ``Moves:`` line), comments and blank lines skipped."""
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    moves: list[RecordedMove] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if moves is not None:
            moves.append(_parse_move_line(line, number, len(moves) + 1))
        elif line == "Moves:":
            moves = []
        else:
            name, value = _parse_header_line(line, number)
            if name in headers:
                raise RecordError(f"the header {shown(name)} appears twice", number)
            if name == "Options":  # (refused here, not after every move has been read)
                _header({name: number}, name, partial(read_options, value))
            headers[name], header_lines[name] = value, number
    return headers, header_lines, moves


def _parse_header_line(line: str, number: int) -> tuple[str, str]:
    name, colon, value = line.partition(":")
    if not colon or not name.strip() or " " in name.strip():
        raise RecordError(f"expected a header like 'Game: golf', found {line!r}", number)
    return name.strip(), value.strip()


def _header(header_lines: Mapping[str, int], name: str, read: Callable[[], T]) -> T:
    """``read()``, a header's value checked; its error told as a record error on the
    header's line."""
    try:
        return read()
    except ParlourError as error:
        raise RecordError(str(error), header_lines.get(name)) from None


def _parse_move_line(line: str, number: int, expected: int) -> RecordedMove:
    body, semicolon, description = line.partition(";")
    words = body.split()
    if words and words[0].endswith("."):
        label = words.pop(0)[:-1]
        if small_number(label) != expected:
            raise RecordError(
                f"expected move number {expected}, found {label!r} (a move is missing?)",
                number,
                expected,
            )
    if len(words) != 1:
        raise RecordError(f"expected one move on the line, found {body.strip()!r}", number)
    return RecordedMove(expected, words[0], description.strip() if semicolon else None, number)


def kept_within(line: AnyLine) -> AnyLine:
    """``line``, just played on, if it stays within the bound a saved game is rebuilt in
    (:func:`resumed`); else its last move is refused. An unfinished game holds at most
    ``MAX_MOVES - 1`` moves, those undone counted, so that the move that ends it (the
    player's, or Parlour's own ``end``) still fits: a game played past the bound could not
    be opened again, and the next start would offer a new deal in its place."""
    held = len(line.moves) + len(line.undone)
    if held < MAX_MOVES or line.rules.is_finished(line.current):
        return line
    raise IllegalMoveError(
        line.rules.format_move(line.moves[-1]),
        f"a game in play may hold at most {MAX_MOVES - 1:,} moves, those undone counted, "
        "so that it can be saved and opened again; undo and play another, or give up",
    )


def resumed(line: AnyLine, moves: Sequence[str], undone: Sequence[str]) -> AnyLine:
    """A saved game rebuilt from its start ``line``: its ``moves`` played, then its
    ``undone`` ones (the latest first) played and undone again, so that redo has them.
    The work is bounded as a record's replay is (:func:`replay`): a saved game is as
    untrusted as a record (its database may have been written by anyone), and its moves
    could otherwise keep the rules' end searches busy for many seconds."""
    if len(moves) + len(undone) > MAX_MOVES:
        raise ParlourError(
            f"the saved game holds {len(moves) + len(undone):,} moves; a game may hold at "
            f"most {MAX_MOVES:,}, far more than any game takes"
        )
    from parlour.engine import work  # (not needed before a new deal's first board)

    with work.metered(MAX_POSITIONS):
        line = line.played_on(moves)
        if line.rules.is_finished(line.current):
            return line
        redone = line.played_on(reversed(undone))
    for _ in redone.moves[len(line.moves) :]:
        redone = redone.undo()
    return redone


def replay(record: Record, positions: int = MAX_POSITIONS) -> Line[Any, Any]:
    """Play a record's moves from its deck, checking every move and the result. The work
    is bounded: at most :data:`MAX_MOVES` moves, and ``positions`` looked at by the rules'
    searches (:mod:`parlour.engine.work`); a record that needs more is refused at the move
    that goes past, with an error naming the limit."""
    rules = find_game(record.game)
    line: Line[Any, Any] = Line.new(rules, record.deck, record.options, record.seed)
    if len(record.moves) > MAX_MOVES:
        first = record.moves[MAX_MOVES]
        raise RecordError(
            f"the record holds {len(record.moves):,} moves; a game record may hold at most "
            f"{MAX_MOVES:,} (docs/formats.md), far more than any game takes",
            first.line,
            first.number,
        )
    # the meter's module only when a record is replayed: a new deal's first board needs
    # none (docs/performance.md)
    from parlour.engine import work

    with work.metered(positions):
        for recorded in record.moves:
            try:
                move = rules.parse_move(recorded.notation)
                said = rules.words.describe(line.current, move)
                line = line.play(move)
            except ParlourError as error:
                raise RecordError(str(error), recorded.line, recorded.number) from None
            if recorded.description is not None and not _same(recorded.description, said):
                raise RecordError(
                    f"the record says {recorded.description!r}, but here {recorded.notation} "
                    f"means {said!r}",
                    recorded.line,
                    recorded.number,
                )
    if record.result is not None:
        actual = result_text(line)
        if not _same(record.result, actual):
            raise RecordError(
                f"the record's result is {record.result!r}, but its {len(record.moves)} moves "
                f"give {actual!r} (moves missing or changed?)",
                record.header_lines.get("Result"),
            )
    return line


def _same(recorded: str, actual: str) -> bool:
    return " ".join(recorded.split()) == " ".join(actual.split())
