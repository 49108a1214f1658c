"""What a keypress costs the screen, counted (never timed): the key bar draws a line only
for a set of keys it has not drawn yet, the status line asks for a new layout only when
its height changes, and the check of whether a key is bound agrees with Textual's."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import StatusLine


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_bound_agrees_with_textuals_active_bindings(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session is not None
        keys = [*string.ascii_letters, *string.digits, "question_mark", "space", "enter"]
        for _ in range(2):  # at the deal, then after a move (undo usable)
            active = screen.active_bindings
            assert {key: screen.bound(key) for key in keys} == {key: key in active for key in keys}
            screen.play(screen.rules.legal_moves(screen.session.state)[0])
            await pilot.pause()


async def test_the_key_bar_draws_a_set_of_keys_once(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session is not None
        bar = screen.query_one(KeyBar)
        for move in screen.rules.legal_moves(screen.session.state)[:1]:
            screen.play(move)
        await pilot.pause()
        for key in "urur":  # both sets of keys (undo greyed, redo greyed) drawn
            await pilot.press(key)
            await pilot.pause()
        drawn = bar.drawings
        for key in "urur":  # drawn already: the lines kept are shown
            await pilot.press(key)
            await pilot.pause()
            assert len(screen.session.line.moves) == (0 if key == "u" else 1)
        assert bar.drawings == drawn
        # what is greyed still follows the position, and a click still finds its key
        assert {key: on for *_, key, on in bar._spans}["u"] is True
        # a move that greys and ungreys nothing does not redraw the key bar
        screen.play(screen.rules.legal_moves(screen.session.state)[0])
        await pilot.pause()
        assert bar.drawings == drawn
        # a new theme draws the keys again, in its colours
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        bar.refresh()
        await pilot.pause()
        assert bar.drawings == drawn + 1


async def test_the_status_line_is_laid_out_again_only_when_its_height_changes(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        two_lines = [("word " * 30).strip(), ("other " * 28).strip()]
        status.say("A short message.")
        await pilot.pause()
        layouts = status.layouts
        status.say(two_lines[0])
        await pilot.pause()
        assert status.size.height == 2 and status.layouts == layouts + 1
        status.say(two_lines[1])  # as many lines: no new layout
        await pilot.pause()
        assert status.size.height == 2 and status.layouts == layouts + 1
        assert status.shown_text() == two_lines[1]
        status.say("Short again.")
        await pilot.pause()
        assert status.size.height == 1 and status.layouts == layouts + 2
        status.say("And again.")  # one line to one line: no new layout
        await pilot.pause()
        assert status.size.height == 1 and status.layouts == layouts + 2
