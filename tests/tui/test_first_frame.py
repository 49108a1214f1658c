"""The first screen is put up after the app's mount, so that its first frame is shown as
soon as it is drawn: Textual batches every update while the app mounts and shows nothing
drawn then, and a screen drawn in that batch waited for the screen's next timer to be
drawn again (up to a frame later)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.start import StartScreen


def batches_when_mounted(kind: type[Screen[Any]], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Note, each time a screen of ``kind`` is mounted, Textual's count of open batches
    (nothing drawn is shown while it is above 0)."""
    batches: list[int] = []
    on_mount = kind.on_mount  # type: ignore[attr-defined]

    def noting(screen: Screen[Any]) -> None:
        batches.append(screen.app._batch_count)
        on_mount(screen)

    monkeypatch.setattr(kind, "on_mount", noting)
    return batches


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_a_game_is_put_up_once_the_app_has_mounted(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches = batches_when_mounted(GameScreen, monkeypatch)
    app = make_app(tmp_path, game=game, seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.line is not None and app.screen.line.rules.id == game
        assert batches == [0]


async def test_the_start_screen_is_put_up_once_the_app_has_mounted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches = batches_when_mounted(StartScreen, monkeypatch)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert batches == [0]
