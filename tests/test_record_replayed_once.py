"""A record given on the command line is replayed once: ``play --record FILE`` (the app and
``--plain``) and ``replay FILE`` check it as they read it and hand the game they replayed
to the app or plain mode, rather than replaying it again. A record may cost tens of
seconds to replay (docs/formats.md, *What replaying a record may cost*), so each replay
more is that again before the first board.

Each run is the command itself, in a pseudo-terminal, with a profiling hook (nothing
replaced) that counts the calls of :func:`parlour.engine.record.replay`."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from tests.terminal import Terminal

#: ``parlour ARGS…`` with every call of the record's replay counted, the count written to
#: the file named by PARLOUR_TEST_COUNT as the command ends
COUNTING = """
import os, sys
from parlour.engine import record

calls = 0

def count(frame, event, arg):
    global calls
    if event == "call" and frame.f_code is record.replay.__code__:
        calls += 1

sys.setprofile(count)
from parlour.cli import main
from tests.terminal import Terminal

try:
    status = main(sys.argv[1:])
finally:
    sys.setprofile(None)
    with open(os.environ["PARLOUR_TEST_COUNT"], "w") as out:
        out.write(str(calls))
sys.exit(status)
"""


def replays(tmp_path: Path, args: list[str], keys: str, shown: str) -> int:
    """How many times ``parlour ARGS…`` replays a record: run in a pseudo-terminal until
    ``shown`` appears, then sent ``keys`` (to quit), and waited for."""
    counted = tmp_path / "count"
    terminal = Terminal(
        tmp_path / "data",
        *args,
        program=("-c", COUNTING),
        environment={
            "PARLOUR_CONFIG": str(tmp_path / "config.toml"),
            "PARLOUR_TEST_COUNT": str(counted),
        },
    )
    try:
        terminal.wait_for(shown, seconds=120)
        terminal.press(keys)
        assert terminal.wait_to_end(seconds=60) == 0, bytes(terminal.output[-400:])
    finally:
        terminal.close()
    return int(counted.read_text())


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["play-moves", "golf", "--seed", "1", "7", "s", "--record"]) == 0
    path = tmp_path / "game.txt"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("args", "keys", "shown"),
    [
        (["play", "--record", "{}", "--plain"], "quit\n", "> "),
        (["play", "--record", "{}"], "q", "move 2"),
        (["replay", "{}"], "q", "Replay"),
    ],
    ids=["play-plain", "play-app", "replay-app"],
)
def test_a_record_on_the_command_line_is_replayed_once(
    tmp_path: Path, record: Path, args: list[str], keys: str, shown: str
) -> None:
    given = [str(record) if arg == "{}" else arg for arg in args]
    assert replays(tmp_path, given, keys, shown) == 1
