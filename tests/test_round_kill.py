"""A Golf round survives kill -9 at any moment: started again, Parlour goes on with the
round at the right hole, every finished hole's score kept, and no process is left."""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path

import pytest

from parlour.engine.rounds import course_code
from parlour.store.database import Store

from .terminal import Terminal
from .terminal import children
from .terminal import outlived
from .terminal import session_of

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def kill_hard(terminal: Terminal) -> None:
    """kill -9 the app, and check that nothing it started lives on."""
    workers = children(terminal.pid)
    session = session_of(terminal.pid)
    os.kill(terminal.pid, signal.SIGKILL)
    terminal.process.wait()
    left = outlived(workers, session=session, terminal=terminal)
    assert not left, f"processes outlived the app: {left}"
    terminal.close()


def the_round(data: Path) -> tuple[int, tuple[int, ...], int | None]:
    """(round id, its scores, the hole in play if one is saved) of the one round."""
    store = Store(data)
    try:
        [stored] = store.unfinished_rounds()
        saved = store.game_in_progress_for_round(stored.id)
        return stored.id, stored.scores, saved.hole if saved else None
    finally:
        store.close()


def test_killed_between_holes_and_in_a_hole_the_round_goes_on(private_data_dir: Path) -> None:
    terminal = Terminal(private_data_dir, "play", "golf", "--round")
    terminal.wait_for("hole 1 of 9")
    terminal.press("D")  # the demo plays the hole out; the scorecard follows
    terminal.wait_for("Next hole", seconds=90)
    kill_hard(terminal)  # between holes: hole 1 scored, hole 2 not dealt
    _, scores, in_play = the_round(private_data_dir)
    assert len(scores) == 1 and in_play is None

    terminal = Terminal(private_data_dir)
    terminal.wait_for("hole 2 of 9")  # the start screen's first entry
    terminal.press("\r")
    terminal.wait_for("hole 2 of 9")
    terminal.press("D")  # a few moves of hole 2, then any key stops the demo
    terminal.read(1.0)
    terminal.press("x")
    terminal.read(0.5)
    kill_hard(terminal)  # in the middle of hole 2
    round_id, again, in_play = the_round(private_data_dir)
    assert again == scores and in_play == 2

    # the course's code goes on with the same round, in its hole in play
    store = Store(private_data_dir)
    code = course_code(store.rounds()[0].course)
    store.close()
    terminal = Terminal(private_data_dir, "play", "golf", "--course", code)
    terminal.wait_for("hole 2 of 9")
    terminal.read(0.5)
    kill_hard(terminal)
    store = Store(private_data_dir)
    assert [r.id for r in store.rounds()] == [round_id]  # no second round
    store.close()
    assert the_round(private_data_dir) == (round_id, scores, 2)


@pytest.mark.parametrize("seed", [1, 2])
def test_killed_at_a_random_moment_of_the_demo_the_scores_stand(
    private_data_dir: Path, seed: int
) -> None:
    moment = random.Random(seed).uniform(0.3, 4.0)
    terminal = Terminal(private_data_dir, "play", "golf", "--round")
    terminal.wait_for("hole 1 of 9")
    terminal.press("D")
    terminal.read(moment)
    kill_hard(terminal)
    round_id, scores, in_play = the_round(private_data_dir)
    hole = in_play or len(scores) + 1
    terminal = Terminal(private_data_dir)
    terminal.wait_for(f"hole {hole} of 9")
    terminal.press("\r")
    terminal.wait_for(f"hole {hole} of 9")
    kill_hard(terminal)
    assert the_round(private_data_dir)[:2] == (round_id, scores)
