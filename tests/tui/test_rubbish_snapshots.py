"""Pictures of fixed-seed Rubbish Heap screens (pytest-textual-snapshot). Look at a
snapshot before accepting or updating it: ``pytest --snapshot-update`` then open the
report."""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from pathlib import Path
from typing import Any

from parlour.engine.games.rubbish import RUBBISH
from parlour.tui.app import make_app
from tests.tui.test_rubbish_pilot import SEED
from tests.tui.test_rubbish_pilot import player


def played(moves: int | None) -> Callable[[Any], Awaitable[None]]:
    """Before the picture, play ``moves`` moves (all of them for ``None``) through the
    screen's own actions."""

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        screen = pilot.app.screen
        count = 0
        while RUBBISH.outcome(screen.session.state) is None and count != moves:
            screen.respond(screen.controls.choose(player(screen.session.state)))
            count += 1
        await pilot.pause()

    return run_before


def test_rubbish_board_100x32(snap_compare: Any, tmp_path: Path) -> None:
    # two queens thrown, the third kept: fill the vacancy from the stock or the waste
    app = make_app(tmp_path, game="rubbish", seed=SEED, ascii_only=False)
    assert snap_compare(app, terminal_size=(100, 32), press=["9", "8"])


def test_rubbish_board_80x24(snap_compare: Any, tmp_path: Path) -> None:
    # well into the game: three empty places, cards home on three foundations
    app = make_app(tmp_path, game="rubbish", seed=SEED, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=played(34))


def test_rubbish_discard_phase(snap_compare: Any, tmp_path: Path) -> None:
    # the deal has three 10s (positions 9, 11 and 12): two must go
    app = make_app(tmp_path, game="rubbish", seed=1, ascii_only=False)
    assert snap_compare(app, terminal_size=(80, 24))


def test_rubbish_waste_heap(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, game="rubbish", seed=SEED, ascii_only=False)

    async def look(pilot: Any) -> None:
        await played(30)(pilot)
        await pilot.press("v")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=look)


def test_rubbish_game_over_ascii_60x20(snap_compare: Any, tmp_path: Path) -> None:
    # the smallest terminal the app accepts, in ASCII
    app = make_app(tmp_path, game="rubbish", seed=SEED, ascii_only=True)
    assert snap_compare(app, terminal_size=(60, 20), run_before=played(None))
