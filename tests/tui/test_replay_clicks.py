"""A click on a replay's board moves nothing and changes nothing, in every game (the
board's piles post their clicks whatever the course; a replay has no game to play). A
game may show what a pile holds (Rubbish Heap: the waste heap, as v does)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.registry import all_games
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.board import LineBoard
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import Pile


def some_moves(rules: Any, seed: int, count: int) -> Line[Any, Any]:
    line: Line[Any, Any] = Line.from_seed(rules, seed)
    for _ in range(count):
        moves = rules.legal_moves(line.current)
        if not moves:
            break
        line = line.play(moves[0])
    return line


@pytest.mark.parametrize("rules", all_games(), ids=lambda rules: rules.id)
async def test_a_click_on_a_replays_board_plays_nothing(tmp_path: Path, rules: Any) -> None:
    line = some_moves(rules, 3, 4)
    app = make_app(tmp_path, replay_text=format_record(line), record_title="game.txt")
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.in_play
        await pilot.press("right", "right")
        shown = screen.line
        assert shown is not None and len(shown.moves) == 2
        piles = list(screen.query(Pile))
        # a board drawn as one widget: a real click on each of its piles
        places = [place for board in screen.query(LineBoard) for place in board.areas().values()]
        assert piles or places
        for pile in piles:
            pile.post_message(Pile.Chosen(pile.key))
            await pilot.pause()
            if app.screen is not screen:  # a look at the pile, which Esc closes
                assert not isinstance(app.screen, GameScreen)
                await pilot.press("escape")
                await pilot.pause()
        for place in places:
            assert await pilot.click(offset=(place.x, place.bottom - 1))
            await pilot.pause()
            if app.screen is not screen:
                assert not isinstance(app.screen, GameScreen)
                await pilot.press("escape")
                await pilot.pause()
        assert app.screen is screen and not screen.in_play
        assert screen.line is shown
        assert Store(tmp_path).games_in_progress() == []
