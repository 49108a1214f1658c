"""Golf's help said of n only "new game (a single hole)", where the other games' said it
asks first while a game has moves played; Golf's asks too."""

from __future__ import annotations

from pathlib import Path

from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.help import HelpScreen


async def test_golfs_help_says_that_n_asks_first_as_it_does(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=7, ascii_only=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GolfScreen)
        await pilot.press("3")  # (5♠ onto 6♠)
        await pilot.pause()
        assert len(board.session.line.moves) == 1
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        row = next(line for line in help_screen.key_text().splitlines() if "`new`" in line)
        assert "asks first while this one has moves played" in row, row
