"""Text from outside Parlour made safe: messages whose controls are shown (visible), CSV
cells a spreadsheet shows rather than computes (csv_cell), records that begin with a
byte-order mark, and engine errors that echo a record's words."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.errors import ParlourError
from parlour.engine.games.golf import GOLF
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay
from parlour.engine.untrusted import FORMULA_STARTS
from parlour.engine.untrusted import csv_cell
from parlour.engine.untrusted import csv_line
from parlour.engine.untrusted import is_clean
from parlour.engine.untrusted import needs_escape
from parlour.engine.untrusted import shown
from parlour.engine.untrusted import visible

#: what a hostile record holds: a window title, a clear screen, a clipboard write, a C1
#: control sequence introducer, a right-to-left override, and Rich markup
HOSTILE = (
    "\x1b]0;pwned\x07",
    "\x1b[2J",
    "\x1b]52;c;cm0gLXJmIH4=\x07",
    "\x9b31m",
    "\u202etxt.exe",
    "[link=https://evil.example]bob[/link]",
)
ANY_TEXT = st.text(alphabet=st.characters(codec=None), max_size=40)


@given(ANY_TEXT)
def test_a_message_of_shown_text_is_left_as_it_is(text: str) -> None:
    assert visible(shown(text)) == shown(text)
    assert visible(f"no file {shown(text)}: said") == f"no file {shown(text)}: said"


@given(ANY_TEXT)
def test_a_visible_message_holds_nothing_a_terminal_acts_on_but_line_breaks(text: str) -> None:
    assert all(char == "\n" or not needs_escape(char) for char in visible(text))
    assert is_clean(visible(text, lines=False))
    assert visible(visible(text)) == visible(text)


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_text_in_a_message_is_shown_not_obeyed(hostile: str) -> None:
    said = visible(f"line 3: {hostile}")
    assert is_clean(said)
    assert "\x1b" not in said and "\x9b" not in said and "\x07" not in said


# -- CSV ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "written", "read_back"),
    [
        ("=1+1", "\"'=1+1\"", "'=1+1"),
        ("-A1", "\"'-A1\"", "'-A1"),
        ("+1", "\"'+1\"", "'+1"),
        ("@SUM(A1:A9)", "\"'@SUM(A1:A9)\"", "'@SUM(A1:A9)"),
        ("\tx", "\"'\tx\"", "'\tx"),
        ('=HYPERLINK("http://evil.example","x")', "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\"",
         "'=HYPERLINK(\"http://evil.example\",\"x\")"),
        ("ann", "ann", "ann"),
        ("a,b", '"a,b"', "a,b"),
    ],
)  # fmt: skip
def test_a_cell_that_begins_like_a_formula_is_quoted_after_a_single_quote(
    cell: str, written: str, read_back: str
) -> None:
    """OWASP's advice for CSV injection: such a cell quoted, with a single quote first."""
    assert csv_cell(cell) == written
    assert next(csv.reader(io.StringIO(csv_line(["x", cell])))) == ["x", read_back]


def test_numbers_stay_numbers_negative_ones_too() -> None:
    assert csv_line([-3, -0.5, 0, True, None]) == "-3,-0.5,0,True,\n"


@settings(max_examples=200)
@given(st.lists(st.one_of(ANY_TEXT, st.integers(), st.none()), min_size=1, max_size=6))
def test_every_row_reads_back_and_no_text_cell_begins_like_a_formula(cells: list[Any]) -> None:
    text = csv_line(cells)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == 1
    for cell, read in zip(cells, rows[0], strict=True):
        if isinstance(cell, str):
            assert not read.startswith(FORMULA_STARTS)
            assert read in (cell, "'" + cell)
        else:
            assert read == ("" if cell is None else str(cell))


# -- records -----------------------------------------------------------------------------


def a_record() -> str:
    line: Line[Any, Any] = Line.from_seed(GOLF, 1)
    for _ in range(3):
        line = line.play(GOLF.legal_moves(line.current)[0])
    return format_record(line)


def test_a_record_beginning_with_a_byte_order_mark_is_read() -> None:
    """Windows Notepad saves UTF-8 with a byte-order mark; the record is the same."""
    text = a_record()
    assert replay(parse_record("\ufeff" + text)).current == replay(parse_record(text)).current


@pytest.mark.parametrize("hostile", HOSTILE)
@pytest.mark.parametrize("header", ["Options", "Game", "Deck", "Seed", "Result"])
def test_an_error_echoing_a_hostile_header_holds_no_control(header: str, hostile: str) -> None:
    text = "\n".join(
        f"{header}: {hostile}" if line.startswith(f"{header}:") else line
        for line in a_record().splitlines()
    )
    with pytest.raises(ParlourError) as refused:
        replay(parse_record(text))
    assert is_clean(str(refused.value))


@settings(max_examples=100)
@given(ANY_TEXT, st.sampled_from(["Options", "Game", "Seed", "Deck", "Result", "Moves", "1."]))
def test_no_engine_error_echoes_a_control(hostile: str, where: str) -> None:
    lines = a_record().splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith(where))
    lines[at] = f"{where} {hostile}" if where == "1." else f"{where}: {hostile}"
    lines.insert(2, f"{hostile}: twice")
    lines.insert(2, f"{hostile}: once")
    said = ""
    try:
        replay(parse_record("\n".join(lines)))
    except ParlourError as error:
        said = str(error)
    assert is_clean(said)
