"""Rubbish Heap's board drawn by lines: a click on each place, the stock or the waste heap
does what its key does at every size of card; and after every kind of change (moves, undo
and redo, the chosen pile, a theme, the four-colour deck, ASCII, a new size of card or
layout) each line it shows is the line it draws from nothing, and the screen shows it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from parlour.controls.rubbish import PLACE_KEYS
from parlour.tui.app import make_app
from parlour.tui.screens.rubbish import RubbishScreen
from parlour.tui.screens.rubbish_board import RubbishBoard
from parlour.tui.screens.rubbish_heap import WasteHeapScreen
from tests.tui.board_helpers import click_pile
from tests.tui.board_helpers import kept_through
from tests.tui.board_helpers import move_words
from tests.tui.board_helpers import text_in_ascii
from tests.tui.test_rubbish_pilot import SEED
from tests.tui.test_rubbish_pilot import board_text
from tests.tui.test_rubbish_pilot import play_to_the_end


async def test_the_lines_kept_are_the_lines_drawn_anew(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen)
        board = screen.query_one(RubbishBoard)
        steps: list[Any] = ["9", "8", "left", "w", "u", "r", "T", "F", "u", "s"]
        # large cards; narrow and short (the counts in a line, no lines between the rows);
        # middling (no reminder of the keys); roomy again
        steps += [(200, 60), (60, 20), (80, 24), (100, 32)]
        seen = await kept_through(pilot, app, board, steps)
        # (every step changed what the board shows)
        assert [before != after for before, after in pairwise(seen)] == [True] * len(steps)
        assert len(screen.session.line.moves) == 3
        text = await text_in_ascii(pilot, app, board, seen[-1])
        assert "♠" not in text and "S" in text


@pytest.mark.parametrize("size", [(60, 20), (100, 32), (200, 60)])
async def test_a_click_on_each_pile_does_what_its_key_does(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    """At each size of card and layout: a click on a place, the stock or the waste heap (on
    its title or its last line) leaves the game where its key leaves it, and says the same;
    a click on a waste heap that cannot fill a vacancy shows the heap, as v does."""
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    keys = {str(number): key for number, key in enumerate(PLACE_KEYS, start=1)}
    keys |= {"stock": "s", "waste": "w"}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen)
        played = refused = looked = 0
        for turn in range(3):
            for pile, key in keys.items():
                moves = len(screen.session.line.moves)
                await click_pile(pilot, pile, top=turn % 2 == 0)
                if isinstance(app.screen, WasteHeapScreen):
                    looked += 1
                    await pilot.press("escape")
                    await pilot.press("v")
                    assert isinstance(app.screen, WasteHeapScreen)
                    await pilot.press("escape")
                    assert app.screen is screen
                    continue
                clicked = (screen.session.state, move_words(app))
                if len(screen.session.line.moves) > moves:
                    played += 1
                    await pilot.press("u")  # back, to press the key in the same place
                else:
                    refused += 1
                await pilot.press(key)
                await pilot.pause()
                assert (screen.session.state, move_words(app)) == clicked, pile
        assert played and refused and looked


async def test_the_reminder_of_the_keys_and_the_counts_follow_the_terminal_and_the_game(
    private_data_dir: Path,
) -> None:
    """The reminder of the keys only on a roomy terminal and while there are moves to make;
    the counts beside the table on a wide terminal, in one line under it on a narrow one,
    and the game's end in both."""
    app = make_app(private_data_dir, game="rubbish", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen)
        state = screen.session.state
        home, stock = state.cards_home, len(state.stock)
        assert "throw the card at that position" in board_text(screen)
        assert f"Home   {home} of 52" in board_text(screen)
        await pilot.resize_terminal(80, 24)  # not roomy: no reminder
        await pilot.pause()
        assert "throw the card" not in board_text(screen)
        await pilot.resize_terminal(70, 24)  # narrow: the counts in one line
        await pilot.pause()
        assert f"Stock {stock} cards · waste empty · home {home} of 52" in board_text(screen)
        assert "Home   " not in board_text(screen)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await play_to_the_end(app, pilot)
        assert "Game over" in board_text(screen)
        assert "throw the card" not in board_text(screen)  # no moves left to make
        assert screen.has_class("-no-choices")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert "Game over: " in board_text(screen)
