"""The app on any terminal: with ASCII only, no screen holds a character above 127 (the
boards of every game, the start screen, the help, a round's scorecard, the settings);
under NO_COLOR no screen holds a colour, and red suits are drawn in outline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.engine.registry import specs
from parlour.tui.app import make_app
from parlour.tui.screens.scorecard import ScorecardScreen

GAMES = [spec.id for spec in specs()]


def screen_lines(app: Any) -> list[str]:
    """The text of the terminal, line by line, as the app has drawn it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_styles(app: Any) -> list[Any]:
    return [
        segment.style
        for strip in app.screen._compositor.render_strips()
        for segment in strip
        if segment.style is not None
    ]


def not_ascii(app: Any) -> list[str]:
    """The lines of the screen with a character above 127 (none, in ASCII mode)."""
    return [line for line in screen_lines(app) if not line.isascii()]


@pytest.mark.parametrize("game", GAMES)
async def test_every_game_board_and_its_help_are_ascii_only(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert not_ascii(app) == []
        await pilot.press("question_mark")
        await pilot.pause()
        assert "help" in type(app.screen).__name__.lower()
        assert not_ascii(app) == []


async def test_the_start_screen_and_settings_are_ascii_only(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert any("Golf" in line for line in lines)
        assert not_ascii(app) == []
        app.action_settings()
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
        assert not_ascii(app) == []


async def test_a_rounds_scorecard_is_ascii_only_and_switching_ascii_off_brings_glyphs_back(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, course=2024, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        lines = screen_lines(app)
        assert any("Bogey" in line for line in lines)
        assert not_ascii(app) == []
        app.set_ascii(False)
        await pilot.pause()
        assert not_ascii(app) != []  # the card's rules and corners are drawn again


async def test_no_color_takes_out_every_colour_and_draws_red_suits_in_outline(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(private_data_dir, game="golf", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        styles = screen_styles(app)
        assert styles
        coloured = [s for s in styles if not _colourless(s)]
        assert coloured == []
        text = "".join(screen_lines(app))
        assert "♥" not in text and "♦" not in text
        assert "♡" in text or "♢" in text  # seed 3's links hold red cards
        assert "♠" in text or "♣" in text


def _colourless(style: Any) -> bool:
    return all(colour is None or colour.is_default for colour in (style.color, style.bgcolor))


async def test_an_empty_no_color_leaves_the_colours(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "")  # no-color.org: set but empty is not set
    app = make_app(private_data_dir, game="golf", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert [s for s in screen_styles(app) if not _colourless(s)]
        assert "♥" in "".join(screen_lines(app)) or "♦" in "".join(screen_lines(app))
