"""The settings screen never changes who is playing unless the player changes it there
(Textual Pilot, a real settings file and database): a player chosen on the start screen
stays the player through the settings, whatever else is saved, and the settings file keeps
its own player (or none)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from textual.widgets import Input
from textual.widgets import OptionList
from textual.widgets import Switch

from parlour.tui.app import ParlourApp
from parlour.tui.app import make_app
from parlour.tui.screens.player import PlayerScreen
from parlour.tui.screens.start import StartScreen
from tests.tui.menu_helpers import open_settings


def config_file() -> Path:
    return Path(os.environ["PARLOUR_CONFIG"])


def saved_settings() -> dict[str, Any]:
    return tomllib.loads(config_file().read_text(encoding="utf-8"))


def menu_entries(app: ParlourApp) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def choose_player(pilot: Any, app: ParlourApp, name: str) -> None:
    """The start screen's Player entry, then a new player's name typed in."""
    menu = app.screen.query_one("#menu", OptionList)
    menu.highlighted = next(
        i for i, entry in enumerate(menu_entries(app)) if entry.startswith("Player: ")
    )
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, PlayerScreen)
    app.screen.query_one("#new-player", Input).focus()
    await pilot.press(*name, "enter")
    await pilot.pause()
    assert isinstance(app.screen, StartScreen)


async def settings_and_back(pilot: Any, app: ParlourApp, *, four_colour: bool = False) -> None:
    """``s`` on the start screen, the player's box as it opens, and Esc (switching the
    four-colour deck on first, if asked: a setting saved to the file)."""
    screen = await open_settings(pilot)
    assert screen.query_one("#setting-player", Input).value == "bob"  # who is playing
    if four_colour:
        screen.query_one("#setting-four-colour", Switch).value = True
        await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, StartScreen)


async def test_the_settings_leave_the_player_chosen_on_the_start_screen(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await choose_player(pilot, app, "bob")
        await settings_and_back(pilot, app)
        assert app.store is not None and app.store.player == "bob"
        assert "Player: bob (switch to another)" in menu_entries(app)
        assert not config_file().exists()  # nothing was changed, nothing written
        # another setting saved: the file holds it, and no player the player never chose
        await settings_and_back(pilot, app, four_colour=True)
        assert app.store.player == "bob" and app.four_colour
        assert "Player: bob (switch to another)" in menu_entries(app)
    saved = saved_settings()
    assert saved["four_colour"] is True
    assert "player" not in saved


async def test_the_settings_keep_the_files_own_player(private_data_dir: Path) -> None:
    config_file().parent.mkdir(parents=True, exist_ok=True)
    config_file().write_text('player = "ann"\n', encoding="utf-8")
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.store is not None and app.store.player == "ann"
        await choose_player(pilot, app, "bob")
        await settings_and_back(pilot, app, four_colour=True)
        assert app.store.player == "bob"
        assert "Player: bob (switch to another)" in menu_entries(app)
    saved = saved_settings()
    assert saved["player"] == "ann" and saved["four_colour"] is True


async def test_a_player_saved_in_the_file_stays_through_the_settings(
    private_data_dir: Path,
) -> None:
    config_file().parent.mkdir(parents=True, exist_ok=True)
    config_file().write_text('player = "bob"\n', encoding="utf-8")
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await settings_and_back(pilot, app, four_colour=True)
        assert app.store is not None and app.store.player == "bob"
        assert "Player: bob (switch to another)" in menu_entries(app)
    saved = saved_settings()
    assert saved["player"] == "bob" and saved["four_colour"] is True


async def test_a_player_typed_in_the_settings_plays_and_is_saved(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await choose_player(pilot, app, "bob")
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#setting-player", Input).value = "cy"
        await pilot.press("escape")
        await pilot.pause()
        assert app.store is not None and app.store.player == "cy"
        assert "Player: cy (switch to another)" in menu_entries(app)
    assert saved_settings()["player"] == "cy"


async def test_a_name_pasted_into_the_settings_is_cut_at_a_names_length(
    private_data_dir: Path,
) -> None:
    """The player's box took a paste of any length (the player screen's box was
    bounded)."""
    from textual import events

    from parlour.store.players import MAX_LENGTH

    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        box = app.screen.query_one("#setting-player", Input)
        box.focus()
        box.value = ""
        box.post_message(events.Paste("n" * 100_000))
        await pilot.pause()
        assert len(box.value) <= MAX_LENGTH  # (Textual takes no paste that does not fit)
        box.post_message(events.Paste("ann"))
        await pilot.pause()
        assert box.value.endswith("ann") and len(box.value) <= MAX_LENGTH


def test_the_app_keys_are_refused_to_any_action() -> None:
    """ctrl+q and ctrl+p were taken without a word, and never did what they were given:
    Textual's own bindings of them come first on every screen."""
    from parlour.controls.rebinding import rebind
    from parlour.help.keys import game_keys

    _, problems = rebind(game_keys("golf"), {"help": ("ctrl+q",), "quit_game": ("ctrl+p",)})
    assert problems == [
        ("keys.help", "'ctrl+q' quits the app on every screen; default used"),
        ("keys.quit_game", "'ctrl+p' opens the command palette on every screen; default used"),
    ]


async def test_a_name_typed_over_the_list_goes_into_the_new_players_box(
    private_data_dir: Path,
) -> None:
    """The list of players has the focus as the screen opens; a new player's name typed
    there went nowhere, and nothing said so."""
    app = make_app(private_data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = next(
            i for i, entry in enumerate(menu_entries(app)) if entry.startswith("Player: ")
        )
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen)
        assert not app.screen.query_one("#new-player", Input).has_focus
        await pilot.press(*"cara", "enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.store is not None and app.store.player == "cara"
