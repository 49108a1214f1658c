"""Processes and signals, in a real pseudo-terminal: SIGTERM and SIGHUP end the app with
the game saved and the terminal given back; no worker outlives the app, kill -9 included."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from parlour.store.database import Store

from .terminal import Terminal
from .terminal import children
from .terminal import outlived
from .terminal import session_of

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: what a terminal is sent to leave the alternate screen (the app's full-screen mode)
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_app_with_the_game_saved_and_the_terminal_restored(
    private_data_dir: Path, number: signal.Signals
) -> None:
    terminal = Terminal(private_data_dir, "play", "golf", "--seed", "1")
    try:
        terminal.wait_for("seed 1")
        terminal.press("7")
        terminal.wait_for("move 1")
        before = len(terminal.output)
        os.kill(terminal.pid, number)
        assert terminal.wait_to_end() == 128 + number
        assert LEAVE_ALTERNATE_SCREEN in terminal.output[before:]
    finally:
        terminal.close()
    saved = Store(private_data_dir).games_in_progress()
    assert [game.moves for game in saved] == [("7",)]


def test_no_worker_outlives_an_app_killed_with_sigkill(private_data_dir: Path) -> None:
    terminal = Terminal(private_data_dir, "play", "golf", "--seed", "3")
    try:
        terminal.wait_for("seed 3")
        terminal.press("h")  # a hint starts the background process
        terminal.wait_for("Hint:", seconds=60)
        workers = children(terminal.pid)
        assert workers, "the hint ran in a worker process"
        session = session_of(terminal.pid)
        os.kill(terminal.pid, signal.SIGKILL)
        terminal.process.wait()
        left = outlived(workers, session=session, terminal=terminal)
        assert not left, f"workers outlived the app: {left}"
    finally:
        terminal.close()


def test_ctrl_c_stops_an_analysis_with_the_summary_of_what_was_solved(tmp_path: Path) -> None:
    import subprocess

    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "analyse", "golf", "--seeds", "1..100000000",
         "--jobs", "2", "--out", str(tmp_path / "golf.csv")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        # as in a terminal, whatever started the tests: a job started in the background
        # by a shell ignores Ctrl-C, and its children would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    time.sleep(4)  # some deals solved
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the whole group
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"Traceback" not in err
    assert b"Interrupted: " in out and b" of 100,000,000 deals solved" in out
    rows = (tmp_path / "golf.csv").read_text().splitlines()
    assert rows[0].startswith("seed,") and len(rows) > 1  # what was solved is written


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_or_a_closed_terminal_stops_an_analysis_as_ctrl_c_does(
    tmp_path: Path, number: signal.Signals
) -> None:
    """SIGTERM (kill, timeout, a service manager: to the command alone) and SIGHUP (the
    terminal closed: to its whole group) ended an analysis at once, its file never
    written and its part left behind. Every seed there is, too: its count is past what
    len() takes."""
    import subprocess

    from parlour.engine.deals import MAX_SEED

    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "analyse", "golf", "--seeds", f"0..{MAX_SEED}",
         "--jobs", "2", "--out", str(tmp_path / "golf.csv")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )  # fmt: skip
    time.sleep(4)  # some deals solved
    workers = children(process.pid)
    if number == signal.SIGHUP:
        os.killpg(process.pid, number)
    else:
        os.kill(process.pid, number)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + number, err
    assert b"Traceback" not in err
    assert b" of 9,223,372,036,854,775,808 deals solved" in out
    rows = (tmp_path / "golf.csv").read_text().splitlines()
    assert rows[0].startswith("seed,") and len(rows) > 1  # what was solved is written
    assert [path.name for path in tmp_path.iterdir()] == ["golf.csv"]  # no part left
    left = outlived(workers)
    assert not left, f"workers outlived the analysis: {left}"


async def test_pars_are_worked_out_at_a_lower_priority_than_hints() -> None:
    from parlour.tui import background

    try:
        # os.nice(0) answers the process's niceness without changing it
        hints = await background.run(os.nice, 0)
        pars = await background.run_pars(os.nice, 0)
        ends = await background.run_end_look(os.nice, 0)
    finally:
        background.shut_down()
    assert pars == ends == hints + 10
