"""Each screen is styled once before its first frame: its size classes are there as it
is mounted, and nothing styles it again before the player sees it (a restyle of a board
costs tens of milliseconds; tui/breakpoints.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.dom import DOMNode

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.start import StartScreen


def restyled_screens(app: Any) -> list[str]:
    """Record the screens the app restyles whole from now on (their names, in order)."""
    seen: list[str] = []
    update_styles = app.update_styles

    def counting(node: DOMNode | None = None, animate: bool = True) -> None:
        if node is not None and node is getattr(node, "screen", None):
            seen.append(type(node).__name__)
        update_styles(node, animate)

    app.update_styles = counting
    return seen


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
@pytest.mark.parametrize("size", [(60, 20), (100, 32)])
async def test_a_board_is_not_restyled_before_its_first_frame(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, game=game, seed=1)
    seen = restyled_screens(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not [name for name in seen if name == type(screen).__name__]
        # its size classes are the ones Textual gives at that size
        wide = size[0] >= 78
        assert screen.has_class("-wide") == wide and screen.has_class("-narrow") != wide
        assert screen.card_size == screen.card_size_for(*size)


async def test_the_start_screen_is_not_restyled_before_its_first_frame(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    seen = restyled_screens(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "StartScreen" not in seen
        assert app.screen.has_class("-tall")
