"""The garbage collector is held off while Parlour starts, and let go once it is not needed
off: at once for a command that does not open the app, once the app has drawn its first
board for one that does (parlour.collector)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.strip import Strip

from parlour import collector
from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.board import LineBoard
from parlour.tui.screens.game import GameScreen

#: the entry point as the ``parlour`` command runs it, saying at the end whether the
#: collector was on
ENTRY = (
    "import atexit, gc, sys\n"
    "atexit.register(lambda: print('collector on:', gc.isenabled(), flush=True))\n"
    "from parlour.__main__ import run\n"
    "raise SystemExit(run())\n"
)


def entry(data: Path, *arguments: str, given: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, "--data-dir", str(data), *arguments],
        input=given,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def held() -> Iterator[None]:
    """The collector held as the entry point holds it (and on again after the test, with
    nothing left frozen, whatever the test did)."""
    collector.hold()
    try:
        yield
    finally:
        collector.release()
        gc.unfreeze()


@pytest.mark.parametrize(
    ("arguments", "given"),
    [
        (("solve", "golf", "--seed", "1", "--json"), ""),
        (("play", "golf", "--seed", "1", "--plain"), "7\nquit\n"),
    ],
    ids=["headless", "plain"],
)
def test_a_command_that_opens_no_app_runs_with_the_collector_on(
    tmp_path: Path, arguments: tuple[str, ...], given: str
) -> None:
    done = entry(tmp_path, *arguments, given=given)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "collector on: True"


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_the_app_draws_its_first_board_with_the_collector_held_and_then_lets_it_go(
    tmp_path: Path, game: str, held: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn_with: list[bool] = []
    render_line = LineBoard.render_line

    def noting(board: LineBoard, y: int) -> Strip:
        drawn_with.append(gc.isenabled())
        return render_line(board, y)

    monkeypatch.setattr(LineBoard, "render_line", noting)
    app = make_app(tmp_path, game=game, seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert drawn_with and not drawn_with[0]  # the first board: drawn while held
        assert gc.isenabled()
        # what the start made is out of the collector's sight; made later, in sight
        assert gc.get_freeze_count() > 0


def test_an_app_that_ends_before_it_draws_lets_the_collector_go(tmp_path: Path) -> None:
    blocker = tmp_path / "not a directory"
    blocker.write_text("")
    done = entry(blocker, "play", "golf", "--seed", "1")
    assert done.returncode == 2  # the app started, and ended: its data directory is a file
    assert "not a directory" in done.stderr
    assert "collector on: True" in done.stdout
