"""What the app loads before its first board, started as the player starts it (the command
line): only what that board needs. Solvers, the background process, the start menu, the
other games' rules and screens and the modules of the other commands wait until they are
asked for (docs/performance.md, time to first board)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.engine.registry import find_spec
from parlour.engine.registry import specs

#: the app started as the player starts it, by the command line (``parlour play GAME`` or
#: ``parlour``), up to its first frame, and what was loaded by then
SCRIPT = """
import asyncio, json, sys
from parlour.tui.app import ParlourApp

def first_frame(app, *args, **kwargs):
    async def run() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            shown = [type(screen).__name__ for screen in app.screen_stack]
            print(json.dumps({"modules": sorted(sys.modules), "screens": shown}))

    asyncio.run(run())
    return 0

ParlourApp.run = first_frame
from parlour.cli import main
sys.exit(main(sys.argv[1:]))
"""

HEAVY = (
    "parlour.engine.solve",
    "parlour.analysis",
    "parlour.club",
    "parlour.tui.background",
    "concurrent.futures.process",
    "multiprocessing",
)
#: the command line's modules for the commands that do not open the app
OTHER_COMMANDS = tuple(
    f"parlour.cli.{name}"
    for name in ("match", "solving", "stats", "serve", "club", "rounds", "pars", "club_board")
)


#: what a board opened from the command line does without until it is asked for: the
#: listing of unfinished games (the start screen's), the share code, the notice of a
#: terminal too small, and the standard library's hashing and secrets (JSON too, which
#: this test's own script loads to report); without a settings file, the TOML parser
#: (the themes are Python); the package's resources, which the rules pages are read
#: through (no first message names a ruling); the verdicts, which only the solvers make;
#: and Rich's table of emoji codes (no board's words hold any)
NOT_BEFORE_THE_BOARD = (
    "parlour.store.unfinished",
    "parlour.engine.share",
    "parlour.tui.screens.small",
    "hashlib",
    "secrets",
    "tomllib",
    "importlib.resources",
    "zipfile",
    "parlour.engine.verdict",
    "rich._emoji_codes",
)


def heavy(modules: list[str]) -> list[str]:
    """The modules of ``modules`` that no first frame needs."""
    return [
        name
        for name in modules
        if any(name == part or name.startswith(f"{part}.") for part in HEAVY + OTHER_COMMANDS)
    ]


def loaded(tmp_path: Path, *arguments: str) -> dict[str, list[str]]:
    # a player without a settings file (the defaults)
    environment = dict(os.environ, PARLOUR_CONFIG=str(tmp_path / "no-settings.toml"))
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, "--data-dir", str(tmp_path), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=environment,
    )
    found: dict[str, list[str]] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def module_of(reference: str) -> str:
    return reference.partition(":")[0]


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
def test_a_game_opened_from_the_command_line_loads_no_solver_and_no_menu(
    tmp_path: Path, game: str
) -> None:
    found = loaded(tmp_path, "play", game, "--seed", "1")
    modules = found["modules"]
    assert heavy(modules) == []
    assert "parlour.statistics" not in modules  # (the start screen shows today's scores)
    # the menu is made when the player goes back to it, not before the board
    assert "parlour.tui.screens.start" not in modules
    assert found["screens"][-1] == find_spec(game).screen_at.partition(":")[2]
    assert [name for name in NOT_BEFORE_THE_BOARD if name in modules] == []
    for other in specs():
        if other.id != game:
            assert module_of(other.rules_at) not in modules
            assert module_of(other.screen_at) not in modules


def test_the_start_screen_loads_no_game_and_no_solver(tmp_path: Path) -> None:
    found = loaded(tmp_path)
    modules = found["modules"]
    assert found["screens"][-1] == "StartScreen"
    assert heavy(modules) == []
    assert [name for name in modules if name.startswith("parlour.tui.screens.golf")] == []
    # the club's client and the web's modules wait for a player who has joined a club
    assert [name for name in modules if name.startswith("parlour.clubclient")] == []
    assert "urllib.request" not in modules
