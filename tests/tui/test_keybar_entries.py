"""The key bar asks only the bindings of keys it may show: what it shows must be what
Textual's ``active_bindings`` gives, on every game's screen as play goes on, and on the
screens around them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.game import GameScreen


def textuals_entries(bar: KeyBar) -> list[tuple[Binding, bool]]:
    """The entries as they were made from Textual's ``active_bindings``."""
    entries: list[tuple[Binding, bool]] = []
    seen: set[str] = set()
    for _node, binding, enabled, _tooltip in bar.screen.active_bindings.values():
        if binding.show and binding.action not in seen:
            seen.add(binding.action)
            entries.append((binding, enabled))
    return entries


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_the_key_bar_shows_textuals_active_bindings(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session is not None
        bar = screen.query_one(KeyBar)
        for _ in range(3):  # the deal, then after each of two moves (undo usable)
            assert bar._entries() == textuals_entries(bar)
            assert any(not on for _binding, on in bar._entries())  # (some greyed)
            screen.play(screen.rules.legal_moves(screen.session.state)[0])
            await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert bar._entries() == textuals_entries(bar)  # (redo usable)
        await pilot.press("question_mark")  # the help, over the game
        await pilot.pause()
        helps = app.screen.query_one(KeyBar)
        assert helps._entries() == textuals_entries(helps)
