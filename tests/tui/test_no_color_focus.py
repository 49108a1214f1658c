"""Under NO_COLOR the focus is still seen: Textual marks it by colour alone (a border's,
a cursor's), which NO_COLOR takes out, so that Tab on the settings changed nothing on
screen and a player pressing Space could not tell what it would change. Parlour marks it
by what survives: heavy border lines, a reversed name, a reversed cursor."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable
from textual.widgets import Input
from textual.widgets import OptionList

from parlour.tui.app import make_app
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.player import PlayerScreen
from tests.tui.menu_helpers import finished_golf_game
from tests.tui.menu_helpers import history_opened

from .test_terminals_pilot import screen_lines
from .test_terminals_pilot import screen_styles


def drawn(app: Any) -> list[tuple[str, Any]]:
    """What the terminal shows, text and style of every piece (as ``capture-pane -e``)."""
    return [
        (segment.text, segment.style)
        for strip in app.screen._compositor.render_strips()
        for segment in strip
    ]


def reversed_text(app: Any, mark: str = "reverse") -> str:
    """The text drawn reversed (or with another ``mark`` that NO_COLOR leaves), in order."""
    return "".join(
        segment.text
        for strip in app.screen._compositor.render_strips()
        for segment in strip
        if segment.style is not None and getattr(segment.style, mark)
    )


@pytest.fixture
def no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.mark.usefixtures("no_color")
async def test_tab_on_the_settings_shows_where_the_focus_went(private_data_dir: Path) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.action_settings()
        await pilot.pause()
        assert all(s.color is None or s.color.is_default for s in screen_styles(app))
        seen = [drawn(app)]
        names = ["Theme", "Four-colour deck", "ASCII cards", "Player"]
        for name in names:
            focused = app.focused
            assert focused is not None and focused.id is not None
            assert focused.id.startswith("setting-")
            assert name in reversed_text(app), name  # the setting's name, reversed
            # its border drawn in heavy lines, the others' in Textual's tall ones
            assert sum("┏" in line for line in screen_lines(app)) == 1, name
            await pilot.press("tab")
            await pilot.pause()
            seen.append(drawn(app))
        # every Tab changed what the terminal shows
        assert all(before != after for before, after in pairwise(seen))
        # (the panel, which the next Tab reaches, is marked by its border)
        assert app.focused is not None and app.focused.id == "settings"
        assert not any(name in reversed_text(app) for name in names)


@pytest.mark.usefixtures("no_color")
async def test_the_players_list_and_box_and_the_menu_mark_the_focus(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        assert menu.has_focus
        first = str(menu.get_option_at_index(menu.highlighted or 0).prompt)
        # the entry chosen, underlined (the rest are not)
        assert reversed_text(app, "underline").strip().startswith(first)
        app.push_screen(PlayerScreen())
        await pilot.pause()
        before = drawn(app)
        box = app.screen.query_one(Input)
        box.focus()
        await pilot.pause()
        assert drawn(app) != before
        assert sum("┏" in line for line in screen_lines(app)) == 1  # the box's heavy border


@pytest.mark.usefixtures("no_color")
async def test_the_history_table_marks_its_cursor(private_data_dir: Path) -> None:
    finished_golf_game(private_data_dir, 5)
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await history_opened(pilot)
        assert app.screen.query_one(DataTable).has_focus
        assert "Golf" in reversed_text(app)  # the row chosen, reversed


@pytest.mark.usefixtures("no_color")
async def test_the_questions_buttons_mark_the_focus(private_data_dir: Path) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmScreen("Give up?"))
        await pilot.pause()
        assert "No (n, Esc)" in reversed_text(app) and "Yes (y)" not in reversed_text(app)
        await pilot.press("tab")
        await pilot.pause()
        assert "Yes (y)" in reversed_text(app) and "No (n, Esc)" not in reversed_text(app)


@pytest.mark.usefixtures("no_color")
async def test_a_switch_says_on_or_off_in_words(private_data_dir: Path) -> None:
    """A switch says on or off by its slider's colour alone: under NO_COLOR the four-colour
    deck's and the ASCII cards' switches looked the same on and off."""
    from textual.widgets import Switch

    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.action_settings()
        await pilot.pause()
        row = next(
            line for line in screen_lines(app) if "Four-colour deck" in line
        )  # (the switch's middle line, where its name is)
        assert row.rstrip(" │").endswith("off")
        app.screen.query_one("#setting-four-colour", Switch).toggle()
        await pilot.pause()
        assert app.four_colour is True
        row = next(line for line in screen_lines(app) if "Four-colour deck" in line)
        assert row.rstrip(" │").endswith("on")
