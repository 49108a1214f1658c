"""Every game's screen listens to its game once: a move is drawn once. (Textual calls the
mount handler of each class of a screen by itself; a screen whose own handler also
called its base's listened twice, and drew every move twice.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_a_move_is_drawn_once(private_data_dir: Path, game: str) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session is not None
        redrawn: list[Any] = []
        draw = screen.redraw

        def counted(line: Any) -> None:
            redrawn.append(line)
            draw(line)

        screen.redraw = counted  # type: ignore[method-assign]
        screen.play(screen.rules.legal_moves(screen.session.state)[0])
        await pilot.pause()
        assert len(screen.session.line.moves) == 1
        assert redrawn == [screen.session.line]
