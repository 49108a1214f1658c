"""A club's answer is text from outside: ``parlour club board`` shows every name as
characters only (no terminal control, no Rich markup), and the web page escapes it."""

from __future__ import annotations

import pytest

from parlour.cli.club_board import print_boards


def test_a_hostile_board_is_only_shown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # (no name wrapped in its cell)
    hostile = "ev\x1b]0;owned\x07e[bold red]X[/]\u202e"
    answer = {
        "course": "15NM7\x1b[2J",
        "daily": False,
        "boards": [
            {
                "options": "none",
                "pars": "not a list",
                "standings": [
                    {"place": 1, "player": hostile, "holes": [1, "x", 3], "total": 5},
                    "not a standing",
                ],
            }
        ],
    }
    print_boards(answer, "http://club.example", "me")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "\\x1b]0;owned\\x07" in out
    assert "[bold red]X[/]" in out  # written as it is, never read as markup
    assert "me has no round on this board yet." in out
