"""What the app loads before its first board: only what that board needs. Solvers, the
background process, the start menu and the other games' rules and screens wait until
they are asked for (docs/performance.md, time to first board)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.engine.registry import find_spec
from parlour.engine.registry import specs

SCRIPT = """
import asyncio, json, sys
from pathlib import Path
from parlour.tui.app import ParlourApp
from parlour.tui.opening import OpenGame, StartMenu

async def main() -> None:
    kind, game, data = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    opening = OpenGame(game, seed=1) if kind == "game" else StartMenu()
    app = ParlourApp(data, opening=opening)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        shown = [type(screen).__name__ for screen in app.screen_stack]
        print(json.dumps({"modules": sorted(sys.modules), "screens": shown}))

asyncio.run(main())
"""

HEAVY = (
    "parlour.engine.solve",
    "parlour.analysis",
    "parlour.tui.background",
    "concurrent.futures.process",
    "multiprocessing",
)


def loaded(tmp_path: Path, kind: str, game: str = "") -> dict[str, list[str]]:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, kind, game, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found: dict[str, list[str]] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def module_of(reference: str) -> str:
    return reference.partition(":")[0]


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
def test_a_game_opened_from_the_command_line_loads_no_solver_and_no_menu(
    tmp_path: Path, game: str
) -> None:
    found = loaded(tmp_path, "game", game)
    modules = found["modules"]
    heavy = [name for name in modules if name.startswith(HEAVY)]
    assert heavy == []
    # the menu is made when the player goes back to it, not before the board
    assert "parlour.tui.screens.start" not in modules
    assert found["screens"][-1] == find_spec(game).screen_at.partition(":")[2]
    for other in specs():
        if other.id != game:
            assert module_of(other.rules_at) not in modules
            assert module_of(other.screen_at) not in modules


def test_the_start_screen_loads_no_game_and_no_solver(tmp_path: Path) -> None:
    found = loaded(tmp_path, "start")
    modules = found["modules"]
    assert found["screens"][-1] == "StartScreen"
    assert [name for name in modules if name.startswith(HEAVY)] == []
    assert [name for name in modules if name.startswith("parlour.tui.screens.golf")] == []
