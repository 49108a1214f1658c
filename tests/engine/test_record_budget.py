"""Bounded work for any record: replaying a game record takes at most MAX_MOVES moves and
MAX_POSITIONS positions of the rules' searches (Three Squares' end search, rulings S10 and
S11); a record that asks for more is refused, or cut off at the move that goes past, with
a message naming the limit. Hostile records of Three Squares with the pack empty: a card
moved to a space and back until the 1 MiB cap on record files, a walk through positions
the move's own search cannot settle, and an ``end`` the longer look would need long for."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pytest

from parlour.cli import main
from parlour.engine import record as record_module
from parlour.engine import work
from parlour.engine.errors import ParlourError
from parlour.engine.errors import RecordError
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import explore
from parlour.engine.games.squares_state import END
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import end_undecided
from parlour.engine.history import Line
from parlour.engine.record import MAX_MOVES
from parlour.engine.record import MAX_POSITIONS
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.record import resumed
from parlour.engine.work import WorkExceeded

FILE_CAP = 1 << 20


def pack_emptied(seed: int) -> Line[Any, Any]:
    """Random moves (never giving up) until the pack is empty, the game still on."""
    rnd = Random(seed)
    line: Line[Any, Any] = Line.from_seed(SQUARES, seed)
    while SQUARES.outcome(line.current) is None and line.current.pack:
        moves = [m for m in SQUARES.legal_moves(line.current) if not SQUARES.is_give_up(m)]
        line = line.play(rnd.choice(moves))
    return line


@pytest.fixture(scope="module")
def unsettled() -> Line[Any, Any]:
    """A game whose pack has just run out at a position its move's own search (2,500
    positions) could not settle."""
    for seed in range(1, 1000):
        line = pack_emptied(seed)
        if SQUARES.outcome(line.current) is None and end_undecided(line.current):
            return line
    raise AssertionError("no such deal")


def hand_made(line: Line[Any, Any], moves: list[Any]) -> str:
    """The record of ``line`` and then ``moves``, numbered, with no descriptions and no
    result (as a record made by hand would be)."""
    head = format_record(Line.new(line.rules, line.deck, line.options, line.seed))
    rows = [row for row in head.splitlines() if not row.startswith("Result:")]
    played = [*map(line.rules.format_move, line.moves), *map(str, moves)]
    rows += [f"{number}. {move}" for number, move in enumerate(played, start=1)]
    return "\n".join(rows) + "\n"


def positions_needed(text: str) -> int:
    """The positions a record's moves make the rules' searches look at (unlimited)."""
    record = parse_record(text)
    line: Line[Any, Any] = Line.new(SQUARES, record.deck, record.options, record.seed)
    with work.metered(1 << 62) as meter:
        line.played_on(recorded.notation for recorded in record.moves)
    return meter.spent


def there_and_back() -> tuple[Line[Any, Any], HeapMove, HeapMove]:
    """A game with the pack just empty where a card can go into a space of its square and
    back again: the same two positions for ever."""
    for seed in range(1, 1000):
        line = pack_emptied(seed)
        state: SquaresState = line.current
        if SQUARES.outcome(state) is not None:
            continue
        for move in state.legal:
            if isinstance(move, HeapMove) and not state.heaps[move.target]:
                back = HeapMove(move.target, move.source)
                after = SQUARES.apply(state, move)
                if after.phase is Phase.BUILDING and back in after.legal:
                    return line, move, back
    raise AssertionError("no such deal")


def test_the_largest_record_the_file_cap_allows_is_refused_at_the_move_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unsettled, move, back = there_and_back()
    text = hand_made(unsettled, [])
    number, rows, size = len(unsettled.moves), [], len(text)
    while size < FILE_CAP - 64:
        number += 1
        rows.append(f"{number}. {move if number % 2 else back}\n")
        size += len(rows[-1])
    path = tmp_path / "huge.txt"
    path.write_text(text + "".join(rows), encoding="utf-8")
    assert FILE_CAP - 64 <= path.stat().st_size <= FILE_CAP and number > 40 * MAX_MOVES
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    first_over = text.count("\n") + MAX_MOVES + 1 - len(unsettled.moves)
    assert out == "" and err == (
        f"parlour: {path}: line {first_over}, move {MAX_MOVES + 1}: the record holds "
        f"{number:,} moves; a game record may hold at most {MAX_MOVES:,} (docs/formats.md), "
        "far more than any game takes\n"
    )
    # the moves up to the cap are a record like any other
    within = text + "".join(rows[: MAX_MOVES - len(unsettled.moves)])
    assert len(replay(parse_record(within)).moves) == MAX_MOVES


def walk(start: Line[Any, Any], steps: int) -> list[Any]:
    """Moves with the pack empty, each to a position not met before that the move's own
    search cannot settle either (a full look of 2,500 positions each)."""
    state: SquaresState = start.current
    met = {state.heaps}
    made: list[Any] = []
    while len(made) < steps:
        for move in state.legal:
            if not isinstance(move, HeapMove):
                continue
            after = SQUARES.apply(state, move)
            if after.heaps not in met and after.phase is Phase.BUILDING and end_undecided(after):
                break
        else:
            break
        met.add(after.heaps)
        made.append(move)
        state = after
    return made


def test_a_walk_through_unsettled_positions_is_cut_off_at_the_position_budget(
    unsettled: Line[Any, Any],
) -> None:
    moves = walk(unsettled, 6)
    assert len(moves) >= 3
    text = hand_made(unsettled, moves)
    needed = positions_needed(text)
    assert needed > (len(moves) + 1) * BUDGET  # a full look after each of them
    assert needed <= MAX_POSITIONS
    assert replay(parse_record(text)).moves[-len(moves) :] == tuple(moves)
    # with less room, the replay stops at the move whose look goes past, naming the room
    room = needed - BUDGET
    with pytest.raises(RecordError) as refused:
        replay(parse_record(text), positions=room)
    assert refused.value.move_number == len(unsettled.moves) + len(moves)
    assert refused.value.detail == (
        f"the end search made after each move has looked at {room:,} positions in all, the "
        "most that replaying one game record may take (docs/formats.md), so the record is not "
        "replayed further"
    )


def test_what_a_record_costs_does_not_depend_on_what_was_worked_out_before(
    unsettled: Line[Any, Any],
) -> None:
    text = hand_made(unsettled, walk(unsettled, 3))
    needed = positions_needed(text)
    record = parse_record(text)
    # the rules remember their searches; a replay counts every one as if they did not
    line: Line[Any, Any] = Line.new(SQUARES, record.deck, record.options, record.seed)
    line.played_on(recorded.notation for recorded in record.moves)
    for _ in range(2):
        assert positions_needed(text) == needed
        replay(record, positions=needed)
        with pytest.raises(RecordError, match=f"looked at {needed - 1:,} positions"):
            replay(record, positions=needed - 1)


def test_the_longer_look_of_end_is_made_once_and_not_counted() -> None:
    """Parlour's move ``end`` (S11) is legal only where the longer look shows the game
    over. A replay makes that look (up to a million positions) outside the allowance, and
    only once: the move ends the game, so a record cannot ask for another."""
    for seed in range(1, 1000):
        line = pack_emptied(seed)
        state = line.current
        if SQUARES.outcome(state) is None and end_undecided(state):
            node = canonical(state.heaps, state.squares)
            if explore(node, 5 * BUDGET)[0] is Verdict.STUCK:
                break
    else:
        raise AssertionError("no such deal")
    before = positions_needed(hand_made(line, []))
    text = hand_made(line, [END])
    assert positions_needed(text) == before  # the longer look is not counted
    ended = replay(parse_record(text), positions=before)
    assert ended.moves[-1] == END and SQUARES.outcome(ended.current) is not None
    with pytest.raises(RecordError, match="the game is over"):
        replay(parse_record(hand_made(line, [END, END])), positions=before)


def test_a_saved_game_is_rebuilt_within_a_records_bounds(
    unsettled: Line[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game in progress is read from the database, which anyone may have written: it
    was replayed with no bound at all (some 1,100 moves of such a walk, saved, took 13 s
    of processor time to open)."""
    moves = walk(unsettled, 6)
    needed = positions_needed(hand_made(unsettled, moves))
    played = [*map(SQUARES.format_move, unsettled.moves), *map(str, moves)]
    start: Line[Any, Any] = Line.new(SQUARES, unsettled.deck, unsettled.options, unsettled.seed)
    # the last two moves undone: redo has them, the latest first
    rebuilt = resumed(start, played[:-2], played[:-3:-1])
    assert rebuilt.moves == (*unsettled.moves, *moves[:-2])
    assert rebuilt.redo().redo().moves[-2:] == tuple(moves[-2:])
    monkeypatch.setattr(record_module, "MAX_POSITIONS", needed - BUDGET)
    with pytest.raises(WorkExceeded):
        resumed(start, played, [])
    monkeypatch.setattr(record_module, "MAX_MOVES", len(played) - 1)
    with pytest.raises(ParlourError, match=f"the saved game holds {len(played)} moves"):
        resumed(start, played, [])
