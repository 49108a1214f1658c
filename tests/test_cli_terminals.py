"""Every command on any terminal, each run as a real process: with an ASCII encoding and a
C locale (and with ``--ascii``) everything written is ASCII and nothing ends in a
traceback; under ``NO_COLOR`` nothing written holds a colour."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

#: every command, as a player might run it (``{record}``: a game record, ``{round}``: a
#: round record, written first)
COMMANDS = [
    ["--help"],
    ["deal", "golf", "--seed", "42"],
    ["deal", "rubbish", "--seed", "42", "--ascii"],
    ["deal", "squares", "--seed", "42"],
    ["deal", "bytwos", "--seed", "42"],
    ["play-moves", "golf", "--seed", "1", "7"],
    ["play-moves", "golf", "--seed", "1", "s"],  # refused: the message names a card
    ["solve", "golf", "--seed", "1"],
    ["analyse", "golf", "--seeds", "1..3", "--jobs", "1"],
    ["check", "{record}"],
    ["check", "{round}"],
    ["match", "{round}"],
    ["scorecard"],
    ["scorecard", "--course", "{code}"],
    ["stats"],
    ["history"],
    ["config"],
    ["play", "golf", "--seed", "1", "--plain"],
    ["deal", "golf", "--seed", "nonsense"],  # bad input: one line, status 2
]


def parlour(
    data: Path, args: list[str], env: dict[str, str], stdin: str = "q\n"
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(data), *args],
        input=stdin.encode(),
        capture_output=True,
        env={**os.environ, **env, "PARLOUR_CONFIG": str(data / "config.toml")},
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A data directory with a finished round (its record written) and a game record."""
    from parlour.engine.rounds import course_code
    from parlour.session import Session
    from parlour.store.database import Store

    data = tmp_path_factory.mktemp("terminals")
    store = Store(data, player="ann")
    session: Session | None = Session.new_round(store, 4242, frozenset())
    while session is not None:
        while not session.is_finished:
            session.play(session.rules.legal_moves(session.state)[0])
        session = session.next_hole()
    store.close()
    env = {"PYTHONIOENCODING": "utf-8"}
    round_file = data / "round.txt"
    out = parlour(data, ["--player", "ann", "export-round", "--out", str(round_file)], env)
    assert out.returncode == 0, out.stderr
    record = parlour(data, ["play-moves", "golf", "--seed", "3", "7", "--record"], env)
    assert record.returncode == 0, record.stderr
    (data / "game.txt").write_bytes(record.stdout)
    names = {"record": str(data / "game.txt"), "round": str(round_file)}
    return data, {**names, "code": course_code(4242)}


ASCII_TERMINALS = [
    {"PYTHONIOENCODING": "ascii"},
    {"LANG": "C", "LC_ALL": ""},
    {"LC_ALL": "C"},
    {"LANG": "C", "LC_ALL": "", "PYTHONIOENCODING": "ascii"},
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args))
def test_each_command_writes_only_ascii_where_the_terminal_takes_nothing_else(
    played: tuple[Path, dict[str, str]], args: list[str]
) -> None:
    data, names = played
    args = [arg.format(**names) for arg in args]
    for env in ASCII_TERMINALS:
        done = parlour(data, ["--player", "ann", *args], {"PYTHONIOENCODING": "", **env})
        said = done.stdout + done.stderr
        assert b"Traceback" not in said, (env, said.decode("utf-8", "replace"))
        assert said.isascii(), (env, said.decode("utf-8", "replace"))
        assert done.returncode in (0, 2), (env, said)
        assert said.strip()


def test_ascii_asked_for_on_a_utf8_terminal_is_ascii_too(
    played: tuple[Path, dict[str, str]],
) -> None:
    data, _ = played
    env = {"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8", "LC_ALL": ""}
    glyphs = parlour(data, ["deal", "golf", "--seed", "42"], env)
    assert not glyphs.stdout.isascii()  # suits and the middle dot, by default
    plain = parlour(data, ["deal", "golf", "--seed", "42", "--ascii"], env)
    assert plain.returncode == 0 and plain.stdout.isascii()
    assert b"Golf . seed 42" in plain.stdout and b" 6S " in plain.stdout


#: an SGR sequence that sets a colour (foreground, background, 256 or true colour)
COLOUR = re.compile(rb"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")


@pytest.mark.parametrize(
    "args",
    [["deal", game, "--seed", "42"] for game in ("golf", "rubbish", "squares")],
    ids=lambda args: " ".join(args),
)
def test_no_color_means_no_colour_with_red_suits_in_outline(
    played: tuple[Path, dict[str, str]], args: list[str]
) -> None:
    data, _ = played
    env = {"PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8", "LC_ALL": "", "FORCE_COLOR": "1"}
    coloured = parlour(data, ["--player", "ann", *args], {**env, "NO_COLOR": ""})
    assert COLOUR.search(coloured.stdout)  # a terminal that takes colour gets it ...
    plain = parlour(data, ["--player", "ann", *args], {**env, "NO_COLOR": "1"})
    assert plain.returncode == 0
    assert not COLOUR.search(plain.stdout)  # ... and none under NO_COLOR
    if args[1] == "golf":  # every card of the deal is dealt face up
        text = plain.stdout.decode()
        assert "♥" not in text and "♦" not in text and "♡" in text and "♢" in text
        assert "♠" in text and "♣" in text
