"""A hostile club's board costs the client little: a name is shown only if a club could
have taken it (a player's name as the club keeps it), any other as a short placeholder,
and a board only under rule options its game has, once for each. Names of U+FDFA (ARABIC
LIGATURE SALLALLAHOU ALAYHE WASALLAM, one very wide glyph that NFKC makes 18 letters) on
sixteen boards of one rule, within every cap on a board, once took seconds of CPU to
draw after the answer had come (docs/club.md has the times)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table

from parlour.cli import main
from parlour.clubclient.answers import MAX_BOARDS
from parlour.clubclient.answers import MAX_ROWS
from parlour.clubclient.answers import NOT_A_NAME
from parlour.clubclient.answers import read_boards
from parlour.tui.screens.club import board_view
from tests.club.helpers import hostile_club

WIDE = "\ufdfa"
#: names a club takes, as it keeps them (tidied): shown as they are
GOOD = ["ann", "Zoë", "ศิริ", "अनिल", "me"]
#: names no club takes or keeps so: shown as the placeholder
BAD = [WIDE * 40, WIDE, "ｍe", " ann", "a" * 33, "ev\x1b]0;owned\x07", "[b]x[/b]", "", 7]


def standings(names: list[object]) -> list[dict[str, object]]:
    return [
        {"place": n, "player": name, "holes": [3] * 9, "total": 27}
        for n, name in enumerate(names, start=1)
    ]


def hostile_answer() -> dict[str, object]:
    """Sixteen boards of the book rule, each of 200 standings named with U+FDFA, then the
    names above (``me`` the 191st): what a hostile club may answer within every cap on a
    board."""
    rows = standings([WIDE * 40] * (MAX_ROWS - len(GOOD) - len(BAD)) + GOOD + BAD)
    return {"course": "15NM7", "boards": [{"options": "none", "standings": rows}] * MAX_BOARDS}


def test_a_board_of_names_no_club_takes_shows_each_as_a_placeholder(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, private_data_dir: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    with hostile_club(hostile_answer()) as url:
        assert main(["--player", "me", "club", "join", url]) == 0
        assert main(["--player", "me", "club", "board"]) == 0
    out = capsys.readouterr().out
    assert WIDE not in out and "\x1b" not in out and "owned" not in out and "ｍe" not in out
    assert out.count("Course 15NM7 · book rule · 200 played") == 1  # (one board of a rule)
    names = [line.split("│")[2].strip() for line in out.splitlines() if line.count("│") > 3]
    wide = MAX_ROWS - len(GOOD) - len(BAD)
    assert names == [NOT_A_NAME] * wide + GOOD + [NOT_A_NAME] * len(BAD)
    assert "me: place 191 of 200 (book rule)." in out


def test_the_apps_view_of_a_hostile_board_shows_a_placeholder_for_each_name() -> None:
    view = board_view(hostile_answer(), "me")
    tables = [part for part in view.renderables if isinstance(part, Table)]
    assert len(tables) == 1 and tables[0].row_count == MAX_ROWS
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(view)
    assert WIDE not in out.getvalue() and out.getvalue().count(NOT_A_NAME) == MAX_ROWS - len(GOOD)
    assert "me: place 191 of 200." in out.getvalue()


def test_a_board_is_shown_only_under_rule_options_its_game_has() -> None:
    rows = standings(["ann"])
    options = ["none", "free-stock", "none", "free-stock,free-stock", "wild", "x" * 10_000, 3]
    answer = {"course": "1A", "boards": [{"options": o, "standings": rows} for o in options]}
    assert [board.rule for board in read_boards(answer, "ann").boards] == [
        "book rule",
        "free stock",
    ]


def test_the_players_place_is_found_among_every_standing_however_it_is_written() -> None:
    """Compared as the club compares names (``ME`` is ``me``), whichever of a board's
    standings it is on, shown or not; a name the club would never keep is no one's."""
    names = ["ｍｅ", "em", "m e"] * 5_000 + ["ME"]
    answer = {"course": "1A", "boards": [{"options": "none", "standings": standings(names)}]}
    (board,) = read_boards(answer, "me").boards
    assert board.places == (len(names),) and board.played == len(names)
    assert not any(standing.mine for standing in board.standings)
