"""Golf's board drawn by lines keeps each line once drawn and draws again only what a
move changed: after every kind of change (moves, undo and redo, the chosen column, a
theme, the four-colour deck, ASCII, a new size of card) each line it shows is the line it
draws from nothing, and the screen shows it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.golf_board import GolfBoard
from tests.tui.board_helpers import kept_through
from tests.tui.board_helpers import text_in_ascii


async def test_the_lines_kept_are_the_lines_drawn_anew(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        board = screen.query_one(GolfBoard)
        steps: list[Any] = ["7", "space", "left", "left", "u", "r", "T", "F", "space", "u"]
        steps += [(40, 12), (200, 60), (100, 32)]
        seen = await kept_through(pilot, app, board, steps)
        # (every step changed what the board shows)
        assert all(before != after for before, after in pairwise(seen))
        assert len(screen.session.line.moves) == 2
        text = await text_in_ascii(pilot, app, board, seen[-1])
        assert "♠" not in text and "S" in text
