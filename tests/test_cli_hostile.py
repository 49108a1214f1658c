"""Hostile text on the command line: a round record's Player line, a record's headers, a
setting or a file's name that hold escape sequences, C1 controls, bidirectional
overrides or Rich markup reach the terminal shown, never obeyed or parsed; CSV cells that
begin like a formula are quoted as OWASP advises; records with a byte-order mark are read.
Run in-process (hypothesis too) and, for what a terminal really receives, in a
pseudo-terminal."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.cli import main
from parlour.engine.untrusted import needs_escape
from parlour.engine.untrusted import shown
from parlour.store.database import Store
from parlour.store.round_records import round_record_text
from tests.engine.test_untrusted import HOSTILE
from tests.terminal import Terminal
from tests.test_cli_match import play_round

#: what a terminal must never receive from a record: a window title or any OSC (a
#: clipboard write, a hyperlink), a clear screen, a C1 control sequence introducer
OBEYED = (b"\x1b]", b"\x1b[2J", b"\xc2\x9b", b"\x07")
#: any text a file can hold, controls and all, and the markup that crashes a parser or
#: makes a link
MARKUP = st.sampled_from(["[/]", "[link=https://evil.example]", "[bold", "[/nope]", "[b]", "\\["])
CHARACTERS = st.characters(codec=None, exclude_categories=["Cs"], exclude_characters="\x00")
ANY_TEXT = st.lists(st.one_of(st.text(alphabet=CHARACTERS), MARKUP), max_size=5).map("".join)
#: a file's name as Python reads it from a command line: any text, and bytes that are not
#: UTF-8 (as the surrogates U+DC80 to U+DCFF)
UNDECODABLE = st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF)
ANY_NAME = st.lists(
    st.one_of(st.text(alphabet=CHARACTERS), st.text(alphabet=UNDECODABLE), MARKUP), max_size=5
).map("".join)
SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def clean(text: str) -> None:
    """Nothing in ``text`` that a terminal would act on (line breaks apart)."""
    acted_on = sorted({char for char in text if char != "\n" and needs_escape(char)})
    assert not acted_on, f"raw {acted_on!r} in {text!r}"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    clean(out)
    clean(err)
    return status, out, err


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich's tables and lines as wide as they need, so that no name is wrapped or cut."""
    monkeypatch.setenv("COLUMNS", "240")


@pytest.fixture(scope="module")
def round_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A real round record (ann's round, as export-round writes it)."""
    data = tmp_path_factory.mktemp("hostile") / "data"
    play_round(data, "ann", best=False)
    store = Store(data, player="ann")
    try:
        return round_record_text(store, store.rounds()[0])
    finally:
        store.close()


@pytest.fixture(scope="module")
def other_round_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Another round of the same course (bob's, played otherwise): match refuses the same
    round given twice, whatever the name on it."""
    data = tmp_path_factory.mktemp("hostile-other") / "data"
    play_round(data, "bob", best=True)
    store = Store(data, player="bob")
    try:
        return round_record_text(store, store.rounds()[0])
    finally:
        store.close()


def header(text: str, name: str, value: str) -> str:
    """The record with its first ``name:`` line holding ``value``."""
    before, found, after = text.partition(f"\n{name}: ")
    assert found
    return f"{before}\n{name}: {value}\n{after.partition(chr(10))[2]}"


def write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- a round record's Player line --------------------------------------------------------


@pytest.mark.parametrize("hostile", HOSTILE)
def test_check_and_match_show_a_hostile_player_as_written(
    hostile: str,
    round_text: str,
    other_round_text: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    evil = write(tmp_path / "evil.txt", header(round_text, "Player", f"{hostile}ann"))
    status, out, err = run(capsys, "--data-dir", str(tmp_path / "d"), "check", evil)
    assert status == 0, err
    assert f"player {shown(hostile)}ann" in out.splitlines()[0]
    ann = write(tmp_path / "ann.txt", other_round_text)
    status, out, err = run(capsys, "--data-dir", str(tmp_path / "d"), "match", evil, ann)
    assert status == 0, err
    assert f"{shown(hostile)}ann" in out


def test_markup_in_a_player_line_is_not_a_link(
    round_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evil = write(tmp_path / "evil.txt", header(round_text, "Player", "[/]"))
    status, out, _ = run(capsys, "--data-dir", str(tmp_path / "d"), "check", evil)
    assert status == 0 and out.splitlines()[0].endswith("player [/]")


def test_in_a_terminal_nothing_of_a_hostile_record_is_obeyed(
    round_text: str, other_round_text: str, tmp_path: Path
) -> None:
    """What a real terminal receives from check and match: colours, and the record's
    escapes written out, but no OSC (title, clipboard, hyperlink), no clear screen, no C1."""
    player = "".join(HOSTILE)
    evil = write(tmp_path / "evil.txt", header(round_text, "Player", player))
    ann = write(tmp_path / "ann.txt", other_round_text)
    for argv in (["check", evil], ["match", evil, ann]):
        terminal = Terminal(tmp_path / "data", *argv, width=240)
        assert terminal.wait_to_end() == 0
        screen = bytes(terminal.output)
        terminal.close()
        assert b"\x1b[" in screen  # it is a terminal: Rich writes colours
        assert not [seen for seen in OBEYED if seen in screen], screen
        assert b"\\x1b]0;pwned\\x07" in screen
        assert b"[link=https://evil.example]bob[/link]" in screen


# -- a record's headers and a file's name in an error line ---------------------------------


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_hostile_options_header_is_one_shown_line(
    hostile: str, round_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    evil = write(tmp_path / "evil.txt", header(round_text, "Options", hostile))
    ann = write(tmp_path / "ann.txt", round_text)
    game = round_text.partition("[Hole 1]\n")[2].partition("[Hole 2]")[0]
    evil_game = write(tmp_path / "game.txt", header(game, "Options", hostile))
    for argv in (["check", evil], ["match", ann, evil], ["play", "golf", "--record", evil_game],
                 ["replay", evil_game], ["check", evil_game]):  # fmt: skip
        status, _, err = run(capsys, "--data-dir", data, *argv)
        assert status == 2
        assert len(err.splitlines()) == 1 and "has no option" in err
        assert shown(hostile) in err


NAMES = ["g1[/b].txt", "\x1b]0;pwned\x07.txt", "[link=https://evil.example]x[/link]\x9b.txt",
         "two\nlines.txt", "\u202etxt.exe"]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_a_hostile_file_name_is_shown_in_the_error(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    missing = str(tmp_path / name)
    broken = write(tmp_path / f"broken-{name}", "# Parlour game record\nGame: golf\n")
    for path in (missing, broken):
        for argv in (["check", path], ["match", path, path], ["replay", path],
                     ["play", "golf", "--record", path],
                     ["solve", "golf", "--record", path]):  # fmt: skip
            status, _, err = run(capsys, "--data-dir", data, *argv)
            assert status == 2
            assert err.count("\n") == 1 and err.startswith("parlour: ")
            assert shown(path) in err


def test_a_hostile_argument_argparse_refuses_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "golf", "--seed", "1", "\x1b]0;pwned\x07[/]")
    assert status == 2 and "\\x1b]0;pwned\\x07[/]" in err
    status, _, err = run(capsys, "play", "\x1b[2J")
    assert status == 2 and "\\x1b[2J" in err


# -- settings ------------------------------------------------------------------------------


def write_config(text: str) -> Path:
    path = Path(os.environ["PARLOUR_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_markup_in_settings_is_reported_readably(capsys: pytest.CaptureFixture[str]) -> None:
    write_config(
        'theme = "[/]"\n"[/nope]" = "x"\nplayer = "\\u001b]0;pwned\\u0007"\n'
        '[keys]\nmenu = "[/]"\n"\\u009b[/]" = "x"\n'
    )
    status, out, err = run(capsys, "config")
    assert status == 0
    tomllib.loads(out.partition("\n")[2])  # the settings in effect, still TOML
    said = err.splitlines()
    assert any("[/nope]: unknown setting" in line for line in said)
    assert any("theme: no theme '[/]'" in line for line in said)
    assert any("keys.menu: '[/]' is not a key" in line for line in said)
    assert any("keys.\\x9b[/]: no such action" in line for line in said)
    assert any("player: a player's name" in line and "'\\x1b'" in line for line in said)
    # the commands that print a position read the settings too, and say what is wrong
    status, _, err = run(capsys, "deal", "golf", "--seed", "1")
    assert status == 0 and "[/nope]" in err


@SETTINGS
@given(value=ANY_TEXT, key=ANY_TEXT)
def test_any_setting_is_shown_without_a_control(
    value: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import tomli_w

    write_config(tomli_w.dumps({"theme": value, "player": value, key: value,
                                "keys": {key: value, "menu": value}}))  # fmt: skip
    status, _, _ = run(capsys, "config")
    assert status == 0


# -- any Player line, any file name ---------------------------------------------------------


@SETTINGS
@given(player=ANY_TEXT)
def test_any_player_line_is_shown_without_a_control(
    player: str, round_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evil = write(tmp_path / "evil.txt", header(round_text, "Player", player))
    ann = write(tmp_path / "ann.txt", round_text)
    data = str(tmp_path / "d")
    for argv in (["check", evil], ["match", evil, ann]):
        status, _, err = run(capsys, "--data-dir", data, *argv)
        assert status in (0, 2), err


@SETTINGS
@given(name=ANY_NAME.filter(lambda name: name.strip() and "/" not in name))
def test_any_file_name_is_shown_without_a_control(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / name[:60])
    for argv in (["check", path], ["match", path], ["replay", path]):
        status, _, _ = run(capsys, "--data-dir", str(tmp_path / "d"), *argv)
        assert status == 2


# -- CSV -----------------------------------------------------------------------------------


def finish(store: Store, options: str) -> None:
    store.finish_game(None, game="golf", options=options, seed=1, deck="", moves=["s"],
                      won=False, score=3, summary="")  # fmt: skip


def csv_rows(text: str) -> list[dict[str, Any]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_csv_cells_that_begin_like_a_formula_are_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player named ``-A1``, and rule options stored as ``=1+1`` (a database changed by
    hand): a spreadsheet shows them, it does not compute them."""
    store = Store(tmp_path, player="-A1")
    finish(store, "=1+1")
    finish(store, "@SUM(A1:A2)")
    store.close()
    data = ["--data-dir", str(tmp_path), "--player=-A1"]
    status, out, _ = run(capsys, *data, "history", "--csv")
    assert status == 0
    assert out.splitlines()[1].split(",")[1:3] == ['"\'-A1"', "golf"]
    rows = csv_rows(out)
    assert {row["player"] for row in rows} == {"'-A1"}
    assert [row["options"] for row in rows] == ["'=1+1", "'@SUM(A1:A2)"]
    status, out, _ = run(capsys, *data, "stats", "--csv")
    assert status == 0
    assert sorted(row["options"] for row in csv_rows(out)) == ["'=1+1", "'@SUM(A1:A2)"]
    status, out, _ = run(capsys, *data, "history")
    assert status == 0 and "=1+1" in out and "Finished games of -A1" in out


def test_csv_from_a_database_changed_by_hand_obeys_nothing_in_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule options stored with a window title's escape and a screen clear: written to a
    terminal they are shown as escapes; to a file or a pipe, as they are (it is data)."""
    data = tmp_path / "data"
    store = Store(data, player="ann")
    finish(store, "x\x1b]0;pwned\x07\x1b[2J\x9b")
    store.close()
    terminal = Terminal(data, "--player", "ann", "history", "--csv", width=240)
    assert terminal.wait_to_end() == 0
    screen = bytes(terminal.output)
    terminal.close()
    assert not [seen for seen in OBEYED if seen in screen], screen
    assert b"x\\x1b]0;pwned\\x07\\x1b[2J\\x9b" in screen
    assert main(["--data-dir", str(data), "--player", "ann", "history", "--csv"]) == 0
    assert csv_rows(capsys.readouterr().out)[0]["options"] == "x\x1b]0;pwned\x07\x1b[2J\x9b"


# -- a byte-order mark -----------------------------------------------------------------------


def test_records_beginning_with_a_byte_order_mark_are_read(
    round_text: str, other_round_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    bom_round = write(tmp_path / "round.txt", "\ufeff" + round_text)
    game = round_text.partition("[Hole 1]\n")[2].partition("[Hole 2]")[0]
    bom_game = write(tmp_path / "game.txt", "\ufeff" + game)
    other = write(tmp_path / "other.txt", "\ufeff" + other_round_text)
    status, out, err = run(capsys, "--data-dir", data, "check", bom_round)
    assert status == 0 and "player ann" in out, err
    status, out, err = run(capsys, "--data-dir", data, "match", bom_round, other)
    assert status == 0 and "bob" in out, err
    status, out, err = run(capsys, "--data-dir", data, "check", bom_game)
    assert status == 0 and "Final score" in out, err
    status, out, err = run(capsys, "--data-dir", data, "solve", "golf", "--record", bom_game)
    assert status == 0, err
    plain = subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", data, "play", "golf", "--plain",
         "--record", bom_game],
        input="q\n", capture_output=True, text=True, timeout=120,
        env=dict(os.environ, PYTHONIOENCODING="utf-8"),
    )  # fmt: skip
    assert plain.returncode == 0, plain.stderr


# -- the database's words --------------------------------------------------------------------


@pytest.mark.parametrize("hostile", ["[/]", "".join(HOSTILE)])
def test_scorecards_and_history_show_the_databases_words_as_written(
    hostile: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule options and a player's name in the database (written by hand, or by a Parlour
    that checked less) are drawn as written by scorecard, scorecard --course and history."""
    import sqlite3

    from tests.test_cli_match import CODE

    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    play_round(mine, "ann", best=False)
    play_round(theirs, "ann", best=False)
    play_round(theirs, "bob", best=False)
    with sqlite3.connect(mine / "parlour.db") as db:
        db.execute("UPDATE rounds SET options = ?", (hostile,))
        db.execute("UPDATE games SET options = ?", (hostile,))
    db.close()
    with sqlite3.connect(theirs / "parlour.db") as db:
        db.execute("UPDATE rounds SET player = ? WHERE player = 'bob'", (hostile,))
    db.close()
    status, out, err = run(capsys, "--data-dir", str(mine), "--player", "ann", "scorecard")
    assert status == 0 and shown(hostile) in out, err
    status, out, err = run(capsys, "--data-dir", str(mine), "--player", "ann", "history")
    assert status == 0 and shown(hostile) in out, err
    status, out, err = run(capsys, "--data-dir", str(theirs), "scorecard", "--course", CODE)
    assert status == 0 and shown(hostile) in out, err
