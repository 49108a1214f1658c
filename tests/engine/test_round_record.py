"""Round records in the engine: writing one from nine finished holes, reading it back, and
every way a changed record is caught, with the hole and the line it is on."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.history import Line
from parlour.engine.leaderboard import leaderboard
from parlour.engine.round_record import RoundRecordError
from parlour.engine.round_record import format_round_record
from parlour.engine.round_record import is_round_record
from parlour.engine.round_record import parse_round_record
from parlour.engine.round_record import verify_round
from parlour.engine.rounds import hole_seed
from parlour.engine.solve.golf import solve_golf

COURSE = 4242


def finished(course: int, hole: int, options: frozenset[str] = frozenset()) -> Line[Any, Any]:
    line: Line[Any, Any] = Line.from_seed(GOLF, hole_seed(ROUNDS, course, hole), options)
    for move in solve_golf(line.current).line:
        line = line.play(move)
    return line


@pytest.fixture(scope="module")
def holes() -> list[Line[Any, Any]]:
    return [finished(COURSE, hole) for hole in range(1, 10)]


@pytest.fixture(scope="module")
def text(holes: list[Line[Any, Any]]) -> str:
    return format_round_record("golf", COURSE, "ann", holes, {"Finished": "today"})


def check(text: str) -> Any:
    return verify_round(parse_round_record(text))


def test_a_round_record_reads_back_to_its_scores(holes: list[Line[Any, Any]], text: str) -> None:
    assert is_round_record(text) and not is_round_record("# Parlour game record\n")
    record = parse_round_record(text)
    assert record.extra == {"Finished": "today"}
    checked = verify_round(record)
    scores = tuple(GOLF.score(line.current) for line in holes)
    assert checked.scores == scores and checked.total == sum(scores)
    assert checked.player == "ann" and checked.course == COURSE
    assert [line.current for line in checked.lines] == [line.current for line in holes]


def test_a_record_is_written_only_of_a_whole_finished_round(
    holes: list[Line[Any, Any]],
) -> None:
    with pytest.raises(RoundRecordError, match="a round has 9 holes, not 8"):
        format_round_record("golf", COURSE, "ann", holes[:8])
    unfinished = [*holes[:4], Line.from_seed(GOLF, hole_seed(ROUNDS, COURSE, 5)), *holes[5:]]
    with pytest.raises(RoundRecordError, match=r"^hole 5: the hole is not finished"):
        format_round_record("golf", COURSE, "ann", unfinished)
    with pytest.raises(RoundRecordError, match="Rubbish Heap is not played in rounds"):
        format_round_record("rubbish", COURSE, "ann", holes)


def swap(text: str, first: str, second: str) -> str:
    return text.replace(first, "\0").replace(second, first).replace("\0", second)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda t: swap(t, "[Hole 2]", "[Hole 3]"),
         r"^hole 3, line \d+: this hole is out of place"),
        (lambda t: t + t[t.index("[Hole 1]") : t.index("[Hole 2]")],
         r"^hole 1, line \d+: this hole appears twice"),
        (lambda t: t.replace("[Hole 9]", "[Hole 10]"),
         r"^hole 9: the hole is missing from the record"),
        (lambda t: t.replace("[Hole 9]", "[Hole 10]") + "[Hole 9]\n",
         r"^hole 10, line \d+: this hole is not one of the round's 9 holes"),
        (lambda t: t.replace("[Hole 4]", "[Deal 4]"), r"^line \d+: expected \[Hole N\]"),
        (lambda t: t.replace("[Hole 4]", "[Hole \u00b2]"), r"^line \d+: '\u00b2' is not a hole"),
        (lambda t: t.replace("[Hole 4]", "[Hole " + "4" * 5000 + "]"),
         r"^line \d+: '4444.* is not a hole number"),
        (lambda t: t.replace("Course: 44J", "Course: 44U"), r"^line 3: '44U' is not a course"),
        (lambda t: t.replace("Options: none", "Options: free-stock", 1),
         r"^hole 1, line 13: the hole was played with options none, the round with free-stock"),
        (lambda t: t.replace("Total: ", "Total: x"), "^line 7: Total should be whole numbers"),
        (lambda t: t.replace("Player: ann\n", ""), "^the round record has no Player line"),
        (lambda t: t.replace("Scores: ", "Scores: 1 "), "^line 6: the record gives 10 scores"),
        (lambda t: t.replace("Game: golf", "Game: rubbish", 1),
         "^line 2: Rubbish Heap is not played in rounds"),
    ],
)  # fmt: skip
def test_a_changed_record_names_the_hole_and_the_line(text: str, change: Any, said: str) -> None:
    with pytest.raises(RoundRecordError, match=said):
        check(change(text))


def test_a_hole_cut_short_is_not_played_to_the_end(text: str) -> None:
    start = text.index("[Hole 6]")
    end = text.index("[Hole 7]")
    part = text[start:end].splitlines(keepends=True)
    kept = [line for line in part if line.strip() and not line.startswith("Result:")]
    cut = "".join(kept[:-1])  # the hole's last move dropped
    with pytest.raises(RoundRecordError, match=r"^hole 6: the hole was not played to the end"):
        check(text[:start] + cut + text[end:])


def test_a_leaderboard_refuses_another_course_and_ranks_one() -> None:
    ann = check(
        format_round_record("golf", COURSE, "ann", [finished(COURSE, h) for h in range(1, 10)])
    )
    other = check(format_round_record("golf", 7, "bob", [finished(7, h) for h in range(1, 10)]))
    with pytest.raises(RoundRecordError, match=r"^b: course 7, not 44J as a: only rounds"):
        leaderboard([("a", ann), ("b", other)])
    board = leaderboard([("ann", ann)], [0] * 9)
    assert board[0].place == 1 and board[0].versus_par == ann.total


def test_a_rounds_identity_is_what_was_played_not_whose_name_is_on_it(
    holes: list[Line[Any, Any]],
) -> None:
    ann = check(format_round_record("golf", COURSE, "ann", holes, {"Date": "2030-01-01"}))
    for name in ("Ann", "mallory"):
        other = check(format_round_record("golf", COURSE, name, holes, {"Date": "2031-05-05"}))
        assert other.player == name and other.identity == ann.identity
    # the last hole played to its end otherwise: another round
    last: Line[Any, Any] = Line.from_seed(GOLF, hole_seed(ROUNDS, COURSE, 9))
    while GOLF.outcome(last.current) is None:
        last = last.play(last.current.legal[-1])
    assert last.moves != holes[8].moves
    other = check(format_round_record("golf", COURSE, "ann", [*holes[:8], last]))
    assert other.identity != ann.identity
