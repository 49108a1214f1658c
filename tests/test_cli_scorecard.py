"""``parlour scorecard``: every round a golf card, holes across, whatever the width of the
terminal (60, 80 or 120 columns) and with no text cut short; ``--json`` as it always was."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from tests.scorecard_rounds import fill_store

DATA = Path(__file__).parent / "data"


@pytest.fixture
def filled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "rounds"
    fill_store(directory, monkeypatch).close()
    return directory


def test_json_is_byte_for_byte_what_it_was(
    filled: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scorecard", "--json", "--data-dir", str(filled)]) == 0
    captured = capsys.readouterr()
    assert captured.out == (DATA / "scorecard.json").read_text(encoding="utf-8")
    assert captured.err == ""


def scorecard_at(
    width: int, directory: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> list[str]:
    """The text scorecard as a terminal ``width`` columns wide would show it."""
    monkeypatch.setenv("COLUMNS", str(width))
    assert main(["scorecard", "--data-dir", str(directory)]) == 0
    return capsys.readouterr().out.splitlines()


def words(line: str) -> list[str]:
    return line.split()


def card_lines(lines: list[str], label: str) -> list[list[str]]:
    """The cells of every row labelled ``label`` (``vs bogey`` counts as one word)."""
    found = []
    for line in lines:
        cells = words(line.replace("vs bogey", "vs-bogey"))
        if label in cells:
            found.append(cells[cells.index(label) + 1 :])
    return found


@pytest.mark.parametrize("width", [60, 80, 120])
def test_nothing_is_cut_short_at_any_width(
    width: int, filled: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = scorecard_at(width, filled, monkeypatch, capsys)
    text = "\n".join(lines)
    assert "…" not in text and "..." not in text
    assert all(len(line.rstrip()) <= width for line in lines)
    # every course code, date, rule and total in full
    for code, date, rule in (
        ("1A", "2024-05-04", "book rule"),
        ("XDWT5H", "2024-05-03", "free stock"),
        ("7ZZZZZZZZZZZZ", "2024-05-02", "book rule"),
        ("3RJ0", "2024-05-01", "book rule"),
    ):
        assert any(code in line and rule in line for line in lines), code
        assert date in text
    assert "abandoned, 2 of 9" in text and "unfinished, 3 of 9" in text
    # the header of hole numbers runs across, 1 to 9 then the total
    headers = [words(line) for line in lines if "Hole" in words(line)]
    assert headers
    for header in headers:
        after = header[header.index("Hole") + 1 :]
        assert after == [*map(str, range(1, 10)), "Total"]
    # the finished rounds, hole by hole: scores, pars, and how each stands against bogey
    scores = card_lines(lines, "Score")
    assert ["3", "5", "0", "7", "2", "4", "6", "1", "5", "33"] in scores
    assert ["9", "4", "6", "12", "3", "8", "0", "2", "11", "55"] in scores
    assert ["4", "2", "8", "14"] in scores  # unfinished: three holes and the total so far
    versus = card_lines(lines, "vs-bogey")
    assert ["-1", "-1", "-5", "-3", "-5", "-6", "-4", "-8", "-7", "-7"] in versus
    assert ["+5", "+4", "+6", "+13", "+12", "+15", "+11", "+8", "+15", "+15"] in versus
    assert ["E", "-3", "+1"] in versus  # level after the first hole: 4 against bogey's 4
    # a best or a par not yet known is a dash, never an ellipsis
    assert ["0", "2", *["-"] * 7, "-"] in card_lines(lines, "Best")
    assert [*["-"] * 9, "-"] in card_lines(lines, "Par")
    # and what the rows mean, with how to work out the pars still unknown
    said = " ".join(line.strip() for line in lines)
    assert "Par: the hint's score · Best: perfect play, all cards seen · Bogey: the target" in said
    assert "parlour scorecard --par" in said
    assert "Best round: 33 on course 3RJ0 (2024-05-01), -7 against bogey." in " ".join(
        line.strip() for line in lines
    )


def test_wide_terminals_give_every_round_its_row_of_the_table(
    filled: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    wide = scorecard_at(120, filled, monkeypatch, capsys)
    narrow = scorecard_at(80, filled, monkeypatch, capsys)
    # at 120 columns one table: the date, course and rule beside each card's par row
    assert sum("Hole" in words(line) for line in wide) == 1
    assert any(words(line)[:5] == ["2024-05-02", "7ZZZZZZZZZZZZ", "book", "rule", "Par"]
               for line in wide)  # fmt: skip
    assert any(words(line)[:2] == ["complete", "Best"]
               for line in wide)  # fmt: skip
    # at 80, a card for each round under a line naming it
    assert sum("Hole" in words(line) for line in narrow) == 4
    assert "Course 7ZZZZZZZZZZZZ · 2024-05-02 · book rule · complete" in narrow
    assert len(narrow) > len(wide)


def test_no_rounds_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scorecard", "--data-dir", str(tmp_path / "empty")]) == 0
    assert "No Golf rounds yet" in capsys.readouterr().out


def test_the_readme_shows_a_card_as_the_command_prints_it(
    filled: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    shown = readme.split("## Golf scorecards\n", 1)[1].split("```text\n", 1)[1].split("```")[0]
    printed = [line.rstrip() for line in scorecard_at(80, filled, monkeypatch, capsys)]
    start = printed.index(shown.splitlines()[0])
    assert printed[start : start + len(shown.splitlines())] == shown.splitlines()


@pytest.mark.parametrize("started", ["[/]2024-05-01", "\x1b[2J\x1b]0;X\x07"])
def test_the_best_rounds_date_is_shown_as_written(
    started: str,
    filled: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The line under the cards read the best round's date, the database's text, as
    markup and wrote its controls to the terminal: a date changed by hand to ``[/]…``
    ended the command in a MarkupError, and ``ESC[2J`` cleared the screen."""
    import sqlite3

    with sqlite3.connect(filled / "parlour.db") as db:
        changed = db.execute(
            "UPDATE rounds SET started = ? WHERE started LIKE '2024-05-01%'", (started,)
        )
        assert changed.rowcount == 1
    db.close()
    said = " ".join(line.strip() for line in scorecard_at(120, filled, monkeypatch, capsys))
    assert "\x1b" not in said
    written = started[:10].replace("\x1b", "\\x1b").replace("\x07", "\\x07")
    assert f"Best round: 33 on course 3RJ0 ({written}), -7 against bogey." in said
