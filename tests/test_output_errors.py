"""Output that cannot be written, as a process meets it: a reader that goes away (a pipe
into ``head``) ends the command quietly with status 141, as SIGPIPE ends ``cat``; a full
disk (Linux's ``/dev/full``) is one line on stderr and status 2. Never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.store.database import Store
from tests.test_cli_match import play_round

PARLOUR = [sys.executable, "-m", "parlour"]
FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full (Linux)")

COMMANDS = {
    "history --csv": ["history", "--csv"],
    "history": ["history"],
    "deal": ["deal", "golf", "--seed", "1"],
    "stats --json": ["stats", "--json"],
    "export-round --out -": ["export-round", "--out", "-"],
    "play --plain": ["play", "golf", "--seed", "1", "--plain"],
    "config": ["config"],
}


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ann's data: a finished round of Golf (nine finished games)."""
    directory = tmp_path_factory.mktemp("output") / "data"
    play_round(directory, "ann", best=False)
    return directory


def run(
    data: Path, argv: list[str], stdout: int, stderr: int = subprocess.PIPE
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*PARLOUR, "--data-dir", str(data), "--player", "ann", *argv],
        input=b"1\n2\nundo\nq\n",  # for plain mode; the other commands do not read it
        stdout=stdout,
        stderr=stderr,
        timeout=120,
    )


@pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_reader_gone_ends_the_command_quietly_with_141(data: Path, argv: list[str]) -> None:
    said = into_a_closed_pipe(data, argv)
    assert said.stderr == b""
    assert said.returncode == 141


def test_help_into_a_closed_pipe_ends_quietly(data: Path) -> None:
    said = into_a_closed_pipe(data, ["--help"])
    assert said.stderr == b""
    assert said.returncode == 0  # argparse itself gives up writing --help quietly


def into_a_closed_pipe(data: Path, argv: list[str]) -> subprocess.CompletedProcess[bytes]:
    reading, writing = os.pipe()
    os.close(reading)  # the reader has gone before the first byte: every write fails
    try:
        said = run(data, argv, stdout=writing)
    finally:
        os.close(writing)
    return said


@needs_dev_full
@pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
def test_a_full_disk_is_one_line_and_status_2(data: Path, argv: list[str]) -> None:
    with FULL.open("wb") as full:
        said = run(data, argv, stdout=full.fileno())
    assert said.stderr == b"parlour: cannot write the output: No space left on device\n"
    assert said.returncode == 2


@needs_dev_full
def test_a_full_disk_for_both_outputs_ends_silently_with_status_2(data: Path) -> None:
    with FULL.open("wb") as full:
        said = run(
            data, ["deal", "golf", "--seed", "1"], stdout=full.fileno(), stderr=full.fileno()
        )
    assert said.returncode == 2


def test_a_real_pipe_into_head(tmp_path: Path) -> None:
    # more history than a pipe holds, so that head's leaving is met while writing
    store = Store(tmp_path, player="ann")
    for seed in range(2000):
        store.finish_game(
            None, game="golf", options="none", seed=seed, deck="", moves=[], won=False,
            score=seed % 30, summary="", started="2026-01-01T10:00:00+00:00",
        )  # fmt: skip
    store.close()
    command = " ".join([*PARLOUR, "--data-dir", str(tmp_path), "--player", "ann"])
    said = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} history --csv | head -c 100"],
        capture_output=True,
        timeout=120,
    )
    assert len(said.stdout) == 100 and said.stdout.startswith(b"finished,player,game")
    assert said.stderr == b""
    assert said.returncode == 141  # pipefail: parlour's status, as cat's would be
