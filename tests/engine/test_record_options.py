"""A record names each rule option once: an ``Options:`` line naming one option many times,
``none`` among options or an option with no name is refused on its own line, before the
moves or holes after it are read (docs/formats.md)."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine.errors import NotationError
from parlour.engine.errors import RecordError
from parlour.engine.games.golf import GOLF
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.registry import find_spec
from parlour.engine.round_record import RoundRecordError
from parlour.engine.round_record import parse_round_record
from parlour.engine.round_record import verify_round
from tests.club.helpers import round_record

#: the same option named 90,000 times: some 990 KB, within the 1 MiB a record file may be
MANY = ",".join(["free-stock"] * 90_000)


def game_text() -> str:
    line: Line[Any, Any] = Line.from_seed(GOLF, 1, frozenset({"free-stock"})).play("s")
    return format_record(line)


def with_options(text: str, options: str) -> str:
    """The record with its first ``Options:`` line naming ``options``."""
    before, found, after = text.partition("\nOptions: ")
    assert found
    return f"{before}\nOptions: {options}\n{after.partition(chr(10))[2]}"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (MANY, "the rule option free-stock is named twice"),
        ("free-stock, free-stock", "the rule option free-stock is named twice"),
        ("free-stock, none", r"none \(no rule option\) named with rule options"),
        ("none, none", r"none \(no rule option\) named with rule options"),
        ("free-stock,", "a rule option with no name"),
        (",free-stock", "a rule option with no name"),
    ],
    ids=["90,000 times", "twice", "none among them", "none twice", "a comma after", "before"],
)
def test_a_game_record_naming_options_so_is_refused_on_that_line(options: str, said: str) -> None:
    text = with_options(game_text(), options)
    with pytest.raises(RecordError, match=f"^line 3: {said}") as caught:
        parse_record(text)
    assert caught.value.line == 3


def test_the_options_line_is_refused_before_the_moves_after_it_are_read() -> None:
    """The moves after a doubled option are not read (90,000 lines that are no moves
    would otherwise be read, and the first of them be what the record is refused for)."""
    text = with_options(game_text(), "free-stock,free-stock") + "not a move\n" * 90_000
    with pytest.raises(RecordError, match=r"^line 3: the rule option free-stock is named twice"):
        parse_record(text)


def test_a_record_naming_each_option_once_is_read() -> None:
    for options in ("free-stock", " free-stock ", "none", "-", ""):
        record = parse_record(with_options(game_text(), options))
        assert record.options == (frozenset() if options in ("none", "-", "") else {"free-stock"})


@pytest.fixture(scope="module")
def round_text() -> str:
    return round_record(4242, "ann", None)


def test_a_round_naming_an_option_many_times_is_refused_on_that_line(round_text: str) -> None:
    text = with_options(round_text, MANY)
    with pytest.raises(RoundRecordError, match=r"^line 4: the rule option free-stock is named"):
        parse_round_record(text)
    # the round's line is refused before the holes are read: one that is no hole is not
    # what the record is refused for
    text = with_options(round_text, "free-stock,free-stock").replace("[Hole 9]", "[Hole x]")
    with pytest.raises(RoundRecordError, match=r"^line 4: the rule option free-stock is named"):
        parse_round_record(text)


def test_a_hole_naming_an_option_twice_is_refused_on_its_line(round_text: str) -> None:
    text = round_text.replace("Options: none", "Options: free-stock, free-stock")
    record = parse_round_record(text.replace("free-stock, free-stock", "free-stock", 1))
    with pytest.raises(RoundRecordError, match=r"^hole 1, line 12: the rule option free-stock"):
        verify_round(record)


def test_an_options_line_of_many_unknown_names_is_refused_in_a_short_message() -> None:
    """A refusal is told to whoever sent the record (the club sends it back whole): an
    Options line listing 50,000 names no game has names the first few, not all."""
    rules = find_spec("golf").rules()
    names = [f"opt{n:05d}" for n in range(50_000)]
    with pytest.raises(NotationError) as refused:
        rules.check_options(names)
    message = str(refused.value)
    assert len(message) < 300, len(message)
    assert "opt00000" in message and "49997 more" in message
    with pytest.raises(NotationError) as one:
        rules.check_options(["opt1"])
    assert str(one.value) == "Golf has no option opt1 (its options: free-stock)"
