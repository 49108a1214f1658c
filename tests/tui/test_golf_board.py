"""Golf's board drawn by lines keeps each line once drawn and draws again only what a
move changed: after every kind of change (moves, undo and redo, the chosen column, a
theme, the four-colour deck, ASCII, a new size of card) each line it shows is the line it
draws from nothing, and the screen shows it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from rich.segment import Segment

from parlour.tui.app import make_app
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.golf_board import GolfBoard


def lines(board: GolfBoard) -> list[list[Segment]]:
    return [list(board.render_line(y)) for y in range(board.size.height)]


def check_kept_lines(board: GolfBoard) -> list[list[Segment]]:
    kept = lines(board)
    board.forget()
    fresh = lines(board)
    assert kept == fresh
    return kept


def on_screen(app: Any, board: GolfBoard) -> list[str]:
    region = board.content_region
    return [
        strip.text[region.x : region.right]
        for strip in app.screen._compositor.render_strips()[region.y : region.bottom]
    ]


async def test_the_lines_kept_are_the_lines_drawn_anew(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        board = screen.query_one(GolfBoard)
        seen = [check_kept_lines(board)]
        steps: list[Any] = ["7", "space", "left", "left", "u", "r", "T", "F", "space", "u"]
        steps += [(40, 12), (200, 60), (100, 32)]
        for step in steps:
            if isinstance(step, tuple):
                await pilot.resize_terminal(*step)
            else:
                await pilot.press(step)
            await pilot.pause()
            drawn = check_kept_lines(board)
            assert on_screen(app, board) == ["".join(s.text for s in line) for line in drawn]
            seen.append(drawn)
        # (every step changed what the board shows)
        assert all(before != after for before, after in pairwise(seen))
        assert len(screen.session.line.moves) == 2
        app.set_ascii(True)  # (the screen's filter makes the rest of the board ASCII)
        await pilot.pause()
        drawn = check_kept_lines(board)
        assert drawn != seen[-1]
        text = "".join(segment.text for line in drawn for segment in line)
        assert "♠" not in text and "S" in text
