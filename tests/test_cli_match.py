"""Round records and match play from the command line: ``export-round``, ``check`` of a
round record, ``match`` and ``scorecard --course``; every record that does not verify,
and every pair of rounds that cannot be matched, is one line naming the file (and the
hole) with exit status 2."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import course_code
from parlour.engine.rounds import hole_seed
from parlour.engine.solve.golf import hole_pars
from parlour.engine.solve.golf import solve_golf
from parlour.session import Session
from parlour.store.database import Store

COURSE = 1234567
CODE = course_code(COURSE)


def play_round(
    data: Path,
    player: str,
    course: int = COURSE,
    *,
    best: bool,
    options: frozenset[str] = frozenset(),
) -> tuple[int, ...]:
    """A whole round stored for ``player``: the solver's line on every hole (``best``), or
    always the first legal move. Returns the scores."""
    store = Store(data, player=player)
    session: Session | None = Session.new_round(store, course, options)
    while session is not None:
        if best:
            for move in solve_golf(session.state).line:
                session.play(move)
        while not session.is_finished:
            session.play(session.rules.legal_moves(session.state)[0])
        last = session.round_after
        session = session.next_hole()
    store.close()
    assert last is not None and last.is_complete
    return last.scores


def run(capsys: pytest.CaptureFixture[str], data: Path, *argv: str) -> tuple[int, str, str]:
    status = main(["--data-dir", str(data), *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, tuple[int, ...]]]:
    """ann plays the course perfectly, bob badly; carol plays another course; dave plays
    the course with the free stock."""
    data = tmp_path_factory.mktemp("match") / "data"
    scores = {
        "ann": play_round(data, "ann", best=True),
        "bob": play_round(data, "bob", best=False),
        "carol": play_round(data, "carol", 99, best=True),
        "dave": play_round(data, "dave", best=True, options=frozenset({"free-stock"})),
    }
    return data, scores


@pytest.fixture
def records(played: tuple[Path, dict[str, tuple[int, ...]]], tmp_path: Path) -> dict[str, Path]:
    data, _ = played
    files = {}
    for player in ("ann", "bob", "carol", "dave"):
        files[player] = tmp_path / f"{player}.txt"
        assert main(["--data-dir", str(data), "--player", player, "export-round",
                     "--out", str(files[player])]) == 0  # fmt: skip
    return files


def test_export_round_writes_the_players_round_and_check_replays_it(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data, scores = played
    out_file = tmp_path / "ann.txt"
    status, out, err = run(capsys, data, "export-round", "--player", "ann", "--out", str(out_file))
    assert status == 0, err
    assert out.strip() == (
        f"Round record of ann's round of course {CODE} (total {sum(scores['ann'])}) written "
        f"to {out_file}"
    )
    text = out_file.read_text(encoding="utf-8")
    assert text.startswith("# Parlour round record\nGame: golf\n")
    assert f"Course: {CODE}\nOptions: none\nPlayer: ann\n" in text
    assert f"Scores: {' '.join(map(str, scores['ann']))}\nTotal: {sum(scores['ann'])}\n" in text
    assert [int(n) for n in re.findall(r"^\[Hole (\d)\]$", text, re.M)] == list(range(1, 10))
    assert text.count("# Parlour game record") == 9
    assert os.stat(out_file).st_mode & 0o777 == 0o600

    status, out, err = run(capsys, data, "check", str(out_file))
    assert status == 0, err
    said = out.splitlines()
    assert said[0] == f"Golf round · course {CODE} · options: none · player ann"
    score_row = next(line for line in said if "Score" in line)
    assert [int(w) for w in score_row.replace("│", " ").split()[1:]] == [
        *scores["ann"],
        sum(scores["ann"]),
    ]
    total, bogey = sum(scores["ann"]), 40
    assert said[-1] == f"All 9 holes replay: total {total}, {bogey - total} under bogey 40."


def test_export_round_to_standard_output_and_to_the_records_folder(
    played: tuple[Path, dict[str, tuple[int, ...]]], capsys: pytest.CaptureFixture[str]
) -> None:
    data = played[0]
    status, out, _ = run(capsys, data, "--player", "bob", "export-round", "--out", "-")
    assert status == 0 and out.startswith("# Parlour round record\n") and "Player: bob" in out
    status, out, _ = run(capsys, data, "--player", "bob", "export-round", "--course", CODE)
    assert status == 0
    written = Path(out.strip().rpartition(" written to ")[2])
    assert written.parent == data / "records" and written.name.startswith(f"golf-round-{CODE}-")
    assert (
        written.read_text(encoding="utf-8")
        == run(capsys, data, "--player", "bob", "export-round", "--out", "-")[1]
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--player", "eve", "export-round"], "eve has no finished Golf round to export"),
        (["--player", "ann", "export-round", "--course", "99"],
         "ann has no finished Golf round of course 99 to export"),
        (["export-round", "--course", "U"], "--course 'U': "),
    ],
)  # fmt: skip
def test_export_round_without_a_round_is_one_line(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    said: str,
) -> None:
    status, out, err = run(capsys, played[0], *argv)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"parlour: {said}")


def test_match_ranks_the_rounds_best_first(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    data, scores = played
    status, out, err = run(capsys, data, "match", str(records["bob"]), str(records["ann"]))
    assert status == 0, err
    rows = [line for line in out.splitlines() if "ann" in line or "bob" in line]
    assert "ann" in rows[0] and "bob" in rows[1]
    assert f"Match on course {CODE}" in out
    status, out, err = run(
        capsys, data, "match", "--json", str(records["bob"]), str(records["ann"])
    )
    assert status == 0, err
    board = json.loads(out)
    bests = list(hole_pars(COURSE))
    assert board["course"] == CODE and board["bests"] == bests and board["bogey"] == 40
    assert board["pars"] is None  # the hint player's scores: not worked out here yet
    assert [(s["place"], s["player"], s["total"]) for s in board["standings"]] == [
        (1, "ann", sum(scores["ann"])),
        (2, "bob", sum(scores["bob"])),
    ]
    bob = board["standings"][1]
    assert bob["holes"] == list(scores["bob"])
    assert bob["versus_bogey"] == sum(scores["bob"]) - 40
    assert bob["versus_best"] == sum(scores["bob"]) - sum(bests)
    assert bob["versus_par"] is None
    # once the pars are known (as the app keeps them when it works them out), against par
    kept = [5, 4, 6, 3, 7, 5, 6, 4, 5]
    store = Store(data)
    for hole, par in enumerate(kept, 1):
        store.save_hint_par(hole_seed(ROUNDS, COURSE, hole), "none", par)
    store.close()
    status, out, err = run(
        capsys, data, "match", "--json", str(records["bob"]), str(records["ann"])
    )
    board = json.loads(out)
    assert board["pars"] == kept
    assert board["standings"][1]["versus_par"] == sum(scores["bob"]) - sum(kept)
    status, out, err = run(capsys, data, "match", str(records["bob"]), str(records["ann"]))
    said = " ".join(out.split())
    assert "Par: the hint's score · Best: perfect play, all cards seen · Bogey: the target" in said
    par_row = next(line for line in out.splitlines() if " par " in line)
    assert re.findall(r"-?\d+", par_row) == [*map(str, kept), str(sum(kept))]


def test_scorecard_of_a_course_ranks_every_local_players_rounds(
    played: tuple[Path, dict[str, tuple[int, ...]]], capsys: pytest.CaptureFixture[str]
) -> None:
    data, scores = played
    status, out, err = run(capsys, data, "scorecard", "--course", CODE, "--json")
    assert status == 0, err
    boards = {board["options"]: board for board in json.loads(out)}
    assert set(boards) == {"none", "free-stock"}
    assert [s["player"] for s in boards["none"]["standings"]] == ["ann", "bob"]
    assert [s["player"] for s in boards["free-stock"]["standings"]] == ["dave"]
    assert boards["none"]["standings"][0]["total"] == sum(scores["ann"])
    status, out, err = run(capsys, data, "scorecard", "--course", CODE)
    assert status == 0, err
    assert out.index("ann") < out.index("bob") and "dave" in out and "carol" not in out
    status, out, _ = run(capsys, data, "scorecard", "--course", "ZZZ")
    assert status == 0 and out.strip() == "No finished Golf rounds of course ZZZ here."


# -- records that do not verify ---------------------------------------------------------------


def section(text: str, hole: int) -> tuple[int, int]:
    """Where hole ``hole``'s section (its [Hole N] line to the next) lies in the text."""
    start = text.index(f"[Hole {hole}]\n")
    following = text.find("[Hole ", start + 1)
    return start, len(text) if following < 0 else following


def change_a_move(text: str) -> str:
    start, end = section(text, 3)
    part = text[start:end]
    first = re.search(r"^( *1\. )(\S+)", part, re.M)
    assert first is not None
    other = "s" if first.group(2) != "s" else "1"
    return text[:start] + part.replace(first.group(0), first.group(1) + other, 1) + text[end:]


def change_a_score(text: str) -> str:
    found = re.search(r"^Scores: (.*)$", text, re.M)
    assert found is not None
    values = found.group(1)
    numbers = values.split()
    numbers[3] = str(int(numbers[3]) + 1)
    return text.replace(f"Scores: {values}", f"Scores: {' '.join(numbers)}", 1)


def change_the_total(text: str) -> str:
    found = re.search(r"^Total: (-?\d+)$", text, re.M)
    assert found is not None
    total = int(found.group(1))
    return text.replace(f"Total: {total}\n", f"Total: {total - 1}\n", 1)


def drop_a_hole(text: str) -> str:
    start, end = section(text, 5)
    return text[:start] + text[end:]


TAMPERED = {
    "a move changed": (change_a_move, "hole 3, line "),
    "a score changed": (change_a_score, "hole 4, line 6: the Scores line gives this hole "),
    "the total changed": (change_the_total, "line 7: the total is "),
    "a hole missing": (drop_a_hole, "hole 5: the hole is missing from the record"),
}


@pytest.mark.parametrize("command", ["check", "match"])
@pytest.mark.parametrize("how", sorted(TAMPERED))
def test_a_tampered_round_record_is_one_line_naming_the_file_and_the_hole(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    command: str,
    how: str,
) -> None:
    change, said = TAMPERED[how]
    bad = records["ann"]
    bad.write_text(change(bad.read_text(encoding="utf-8")), encoding="utf-8")
    others = [str(records["bob"])] if command == "match" else []
    status, out, err = run(capsys, played[0], command, *others, str(bad))
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"parlour: {bad}: {said}"), err
    if how == "a move changed":
        assert re.match(rf"parlour: {re.escape(str(bad))}: hole 3, line \d+, move 1: ", err)


def test_a_hole_of_another_course_swapped_in_is_found(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    ann = records["ann"].read_text(encoding="utf-8")
    carol = records["carol"].read_text(encoding="utf-8")
    start, end = section(ann, 2)
    other_start, other_end = section(carol, 2)
    swapped = ann[:start] + carol[other_start:other_end] + ann[end:]
    records["ann"].write_text(swapped, encoding="utf-8")
    for argv in (["check"], ["match", str(records["bob"])]):
        status, _, err = run(capsys, played[0], *argv, str(records["ann"]))
        assert status == 2 and len(err.splitlines()) == 1
        assert err.startswith(f"parlour: {records['ann']}: hole 2, line "), err
        assert f"the deal is not hole 2 of course {CODE} (a hole of another course?)" in err


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"# Parlour round record\nnonsense\n", "line 2: expected a header like"),
        (b"\x00\xff\xfe garbage \x80", "is not a text file"),
        (b"just some words\n", "not a Parlour round record"),
    ],
)
def test_a_file_of_garbage_is_one_line_for_match(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    said: str,
) -> None:
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(content)
    status, out, err = run(capsys, played[0], "match", str(records["ann"]), str(garbage))
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("parlour: ") and str(garbage) in err and said in err, err
    status, _, err = run(capsys, played[0], "check", str(garbage))
    assert status == 2 and len(err.splitlines()) == 1 and str(garbage) in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_file_that_is_not_regular_is_refused_unread(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target in (pipe, tmp_path):
        for argv in (["match", str(records["ann"])], ["check"]):
            status, _, err = run(capsys, played[0], *argv, str(target))
            assert status == 2 and len(err.splitlines()) == 1, err
            assert err.startswith(f"parlour: {target}") and "Traceback" not in err


@pytest.mark.parametrize(
    ("other", "reason"),
    [
        ("carol", "course 33, not {code} as {first}: only rounds of one course"),
        ("dave", "options free-stock, not none as {first}: only rounds of one course"),
    ],
)
def test_rounds_of_another_course_or_other_options_are_refused(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    other: str,
    reason: str,
) -> None:
    first = records["ann"]
    status, out, err = run(capsys, played[0], "match", str(first), str(records[other]))
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    expected = reason.format(code=CODE, first=first)
    assert err.startswith(f"parlour: {records[other]}: {expected}"), err


def test_the_same_round_twice_is_refused(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    copy = tmp_path / "copy.txt"
    copy.write_text(records["ann"].read_text(encoding="utf-8"), encoding="utf-8")
    status, _, err = run(capsys, played[0], "match", str(records["ann"]), str(copy))
    assert status == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"parlour: {copy}: the same round as {records['ann']}")


@pytest.mark.parametrize("name", ["ann", "Ann", "mallory"])
def test_the_same_round_under_another_player_line_is_refused(
    played: tuple[Path, dict[str, tuple[int, ...]]],
    records: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
) -> None:
    """A round is what was played (course, options, moves), not the name on it: ann's
    round given again as Ann's or mallory's (another Date line too) is the same round."""
    text = records["ann"].read_text(encoding="utf-8")
    assert "\nPlayer: ann\n" in text
    copy = tmp_path / f"{name}.txt"
    copy.write_text(
        text.replace("\nPlayer: ann\n", f"\nPlayer: {name}\nDate: 2031-01-01\n"),
        encoding="utf-8",
    )
    status, out, err = run(capsys, played[0], "check", str(copy))
    assert status == 0 and f"player {name}" in out  # a round record that checks
    for files in ([records["ann"], copy], [records["bob"], records["ann"], copy]):
        status, out, err = run(capsys, played[0], "match", *map(str, files))
        assert status == 2 and out == "" and len(err.splitlines()) == 1
        assert err.startswith(f"parlour: {copy}: the same round as {records['ann']}"), err
    # a round played otherwise is another round
    status, _, err = run(capsys, played[0], "match", str(records["ann"]), str(records["bob"]))
    assert status == 0, err


def test_replay_of_a_round_record_steps_through_the_hole_asked_for(
    records: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``parlour replay`` of the round record the app writes said only that line 12 was not
    a game record's header."""
    from parlour.engine.record import format_record
    from parlour.engine.round_record import parse_round_record
    from parlour.engine.round_record import verify_round
    from parlour.tui.opening import Replay

    opened: list[object] = []
    monkeypatch.setattr("parlour.tui.app.ParlourApp.run", lambda app: opened.append(app))
    path = records["ann"]
    lines = verify_round(parse_round_record(path.read_text(encoding="utf-8"))).lines
    data = str(tmp_path / "data")
    for argv, hole in ((["replay", str(path)], 1), (["replay", str(path), "--hole", "9"], 9)):
        assert main(["--data-dir", data, *argv]) == 0
        replayed: Any = opened.pop()
        assert isinstance(replayed.opening, Replay)
        assert replayed.opening.line.states == lines[hole - 1].states
        assert replayed.opening.title == f"{path} · hole {hole} of 9"
    for asked in ("10", "0", "-1"):  # (--hole 0 opened hole 1, as if no hole were asked)
        status, out, err = run(capsys, tmp_path / "data", "replay", str(path), "--hole", asked)
        assert out == "" and status == 2 and not opened
        assert err == f"parlour: --hole {asked}: the round record has holes 1 to 9\n"
    # playing on from a round record, or --hole for a game record, says what each is
    status, out, err = run(capsys, tmp_path / "data", "play", "--record", str(path))
    assert status == 2 and "is a round record, not one game's: parlour check" in err
    game = tmp_path / "hole.txt"
    game.write_text(format_record(lines[0]), encoding="utf-8")
    status, out, err = run(capsys, tmp_path / "data", "replay", str(game), "--hole", "2")
    assert (
        status == 2 and err == f"parlour: {game} is a game record: --hole is for a round record\n"
    )
