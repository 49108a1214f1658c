"""The settings on the command line: ``parlour config``, ``--theme``, ``--four-colour``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.engine.cards import parse_card
from parlour.render import card_text
from parlour.render import four_colour_deck


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def write_config(text: str) -> Path:
    path = Path(os.environ["PARLOUR_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_config_prints_the_path_and_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "config")
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith(f"# settings file: {os.environ['PARLOUR_CONFIG']}")
    assert 'theme = "textual-dark"' in out
    assert "four_colour = false" in out


def test_config_prints_the_settings_in_effect_and_each_problem_on_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write_config(
        'theme = "nope"\nfour_colour = true\n[keys]\nhint = "x"\nundo = "r"\nbogus = "b"\n'
    )
    status, out, err = run(capsys, "config", "--json")
    assert status == 0
    shown = json.loads(out)
    assert shown["path"] == str(path) and shown["exists"] is True
    # the bad theme gives way to the default, the clashing and unknown keys are dropped
    assert shown["settings"]["theme"] == "textual-dark"
    assert shown["settings"]["four_colour"] is True
    assert shown["settings"]["keys"] == {"hint": "x"}
    lines = err.splitlines()
    assert len(lines) == 3
    assert all(line.startswith(f"parlour: warning: {path}: ") for line in lines)
    assert {line.split(": ")[3] for line in lines} == {"theme", "keys.undo", "keys.bogus"}


def test_an_unknown_theme_exits_2_listing_the_themes(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--theme", "plaid")
    assert status == 2
    assert "no theme 'plaid'" in err
    assert "baize" in err and "high-contrast" in err and "textual-dark" in err
    status, _, err = run(capsys, "play", "golf", "--theme", "plaid")
    assert status == 2 and "no theme 'plaid'" in err


def test_the_printed_layout_takes_four_colour(capsys: pytest.CaptureFixture[str]) -> None:
    cards = [parse_card(text) for text in ("AS", "AH", "AD", "AC")]
    assert len({str(card_text(card).style) for card in cards}) == 2
    with four_colour_deck():
        styles = [str(card_text(card).style) for card in cards]
    assert len(set(styles)) == 4
    assert styles[1] == "bold red" and "blue" in styles[2] and "green" in styles[3]
    status, out, _ = run(capsys, "deal", "golf", "--seed", "1", "--four-colour")
    assert status == 0 and "9♠" in out


def test_joining_a_club_never_saves_over_a_file_that_could_not_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = 'theme = "baize"\nfour_colour = true\nplayer = "Ann\n'
    path = write_config(text)
    status, out, err = run(
        capsys, "--data-dir", str(tmp_path), "club", "join", "https://club.example.org/"
    )
    assert status != 0 and out == ""
    assert f"{path} could not be read (not valid TOML" in err and "left as it is" in err
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "url",
    [
        "http://club.example/\x1b]0;pwned\x07\x1b[2J",  # written to the terminal as it was
        "ftp://club.example",  # club board: a TypeError traceback
        "file:///etc/passwd",  # the same
        "http://[::1",  # club board: a ValueError traceback
        "http://club.example:99999",  # refused only once a connection was tried
        "not an address",
    ],
)
@pytest.mark.parametrize("command", ["submit", "board"])
def test_a_club_address_written_by_hand_that_is_not_one_is_one_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, url: str, command: str
) -> None:
    """``club_url`` was taken from the file as any text: ``club submit`` printed it to
    the terminal as it was (escape sequences obeyed), and ``club board`` ended in a
    traceback for an address that is not http(s). It is read now as ``club join`` reads
    an address: one warning, and no club joined."""
    path = write_config(f"club_url = {json.dumps(url)}\n")
    status, out, err = run(capsys, "--data-dir", str(tmp_path), "club", command)
    assert status == 2 and out == ""
    assert err.splitlines()[0].startswith(f"parlour: warning: {path}: club_url: '")
    assert err.splitlines()[0].endswith("; default used")
    assert err.splitlines()[1] == "parlour: you have not joined a club: parlour club join URL"
    assert "\x1b" not in err and "\x07" not in err


def test_a_club_address_written_by_hand_is_tidied_as_one_joined(tmp_path: Path) -> None:
    from parlour.store.config import load

    write_config('club_url = " https://club.example.org/ "\n')
    assert load().settings.club_url == "https://club.example.org"
    assert load().problems == ()


def test_joining_an_address_with_an_escape_sequence_is_refused_unprinted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``club join`` took an address whose path held an escape sequence, wrote it to the
    settings file and printed it to the terminal as it was."""
    path = Path(os.environ["PARLOUR_CONFIG"])
    status, out, err = run(
        capsys, "--data-dir", str(tmp_path), "club", "join", "http://club.example/\x1b[2J"
    )
    assert status == 2 and out == "" and "\x1b" not in err
    assert "is not a club's address: it holds a space or a control character" in err
    assert not path.exists()


def test_a_value_tens_of_kilobytes_long_is_quoted_in_a_line_of_a_few_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A settings file may be 64 KiB, and a value in it nearly all of that. Each mistake is
    still one short line saying which setting and what was done: the value is quoted cut
    (it was quoted whole: a warning of 8,000 characters for each, which the app showed as
    a notice over the board and past the foot of the screen, its last words never seen)."""
    long = "A" * 8_000
    write_config(
        f'theme = "{long}"\nascii = "{long}"\n"{long}" = 1\nclub_url = "http://x/{long} y"\n'
        f'[keys]\nhint = "{long}"\n"{long}" = "x"\n'
    )
    status, _, err = run(capsys, "config")
    assert status == 0
    lines = err.splitlines()
    assert len(lines) == 6
    for line in lines:  # (the theme's line lists the themes: some 400 characters)
        assert len(line) < 1000, line[:120]
        assert line.endswith(("default used", "ignored")) or "(the settings:" in line, line
    assert "A" * 80 not in err
