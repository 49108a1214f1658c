"""What a visitor can do to the owner's data through ``parlour serve``: the served app
(``--served``) with Textual's Pilot, then a real server driven through a real websocket.
Settings a visitor changes last for the visit (the owner's settings file is never
written), and the player is the one the server was started for: no other player's
names, games or settings can be reached, unless the owner passed --any-player."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from textual.widgets import Input
from textual.widgets import OptionList
from textual.widgets import Select
from textual.widgets import Static
from textual.widgets import Switch

from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.tui.app import make_app
from parlour.tui.screens.player import PlayerScreen
from parlour.tui.screens.settings import SettingsScreen
from tests.serving import Screen
from tests.serving import serving
from tests.tui.menu_helpers import open_settings

OWNERS_SETTINGS = 'theme = "baize"\nplayer = "owner"\n'


def owners_config() -> Path:
    """The owner's settings file (the tests' own, from the conftest), written."""
    path = Path(os.environ["PARLOUR_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(OWNERS_SETTINGS, encoding="utf-8")
    return path


def finish(store: Store, game: str, score: int) -> None:
    store.finish_game(None, game=game, options="none", seed=score, deck="", moves=[],
                      won=True, score=score, summary="")  # fmt: skip


def players_listed(screen: PlayerScreen) -> list[str]:
    listing = screen.query_one("#players", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_a_served_apps_settings_last_for_the_visit(tmp_path: Path) -> None:
    config = owners_config()
    app = make_app(tmp_path, served="one-player", player="guest", theme="high-contrast")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.theme == "high-contrast"  # the server's --theme, not remembered
        screen = await open_settings(pilot)
        said = str(screen.query_one("#settings-path", Static).render())
        assert said.startswith("These settings last for this visit")
        assert str(config) not in said  # the owner's paths are not shown
        player = screen.query_one("#setting-player", Input)
        assert player.disabled and player.value == "guest"
        screen.query_one("#setting-theme", Select).value = "textual-light"
        screen.query_one("#setting-four-colour", Switch).value = True
        screen.query_one("#setting-ascii", Switch).value = True
        player.value = "mallory"  # (not typable: and if it were, it is not taken)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
        # the visit has its settings ...
        assert app.theme == "textual-light" and app.four_colour and app.ascii_only
        assert app.store is not None and app.store.player == "guest"
    # ... and the owner's file is as it was
    assert config.read_text(encoding="utf-8") == OWNERS_SETTINGS


async def test_a_served_app_plays_only_as_the_servers_player(tmp_path: Path) -> None:
    owners_config()
    finish(Store(tmp_path, player="ann"), "rubbish", 52)
    app = make_app(tmp_path, served="one-player", player="guest")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.screen.query_one("#menu", OptionList).highlighted = next(
            index
            for index in range(app.screen.query_one("#menu", OptionList).option_count)
            if str(
                app.screen.query_one("#menu", OptionList).get_option_at_index(index).prompt
            ).startswith("Player:")
        )
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        # no other player's name is shown, no name can be typed, and it says why
        assert players_listed(screen) == ["guest (playing now)"]
        assert screen.query_one("#new-player", Input).disabled
        said = str(screen.query_one("#player-said", Static).render())
        assert said == "This app plays as guest only: the owner of the server chose the player."
        screen.play_as("ann")
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen)  # refused
        with pytest.raises(StoreError, match="plays as guest only"):
            app.switch_player("ann")
        await pilot.press("enter")  # the one player listed: the screen closes
        await pilot.pause()
        assert not isinstance(app.screen, PlayerScreen)
        assert app.store is not None and app.store.player == "guest"
        assert app.store.finished_games() == []  # ann's game is not reachable
    assert Path(os.environ["PARLOUR_CONFIG"]).read_text(encoding="utf-8") == OWNERS_SETTINGS


async def test_with_any_player_a_visitor_may_choose_but_not_write_settings(
    tmp_path: Path,
) -> None:
    owners_config()
    finish(Store(tmp_path, player="ann"), "rubbish", 52)
    app = make_app(tmp_path, served="any-player", player="guest")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        player = app.screen.query_one("#setting-player", Input)
        assert not player.disabled
        player.value = "ann"
        await pilot.press("escape")
        await pilot.pause()
        assert app.store is not None and app.store.player == "ann"
        assert len(app.store.finished_games()) == 1
    assert Path(os.environ["PARLOUR_CONFIG"]).read_text(encoding="utf-8") == OWNERS_SETTINGS


END, UP, TAB, ENTER, ESCAPE = "\x1b[F", "\x1b[A", "\t", "\r", "\x1b"
#: the start screen's entry for the player, when the player is the owner
AS_OWNER = "Player: owner (switch"


async def test_a_visitor_cannot_rewrite_the_owners_settings_or_switch_player(
    tmp_path: Path,
) -> None:
    """The attack that worked before: a visitor switches the player in Settings, and the
    owner's settings file is rewritten (player = "mallory"), so that the owner's own
    commands no longer find the owner's games. Now, through a real server and websocket:
    the file stays as it was, the owner's games stay the owner's."""
    config = owners_config()
    data = tmp_path / "data"
    finish(Store(data, player="owner"), "rubbish", 52)
    with serving(data) as server:
        assert "visitors play as owner" in server.announced[1]
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.websocket_url("width=110&height=34")) as websocket,
        ):
            screen = Screen(websocket)
            await screen.wait_for(AS_OWNER)
            # the settings: the deck switched, a name typed where the player's box was
            await screen.press("s")
            await screen.wait_for("last for this visit")
            await screen.press(TAB)
            await screen.read(0.5)
            await screen.press(" ")  # the four-colour deck: on, for this visit
            await screen.read(0.5)
            await screen.press(TAB + TAB + "mallory" + ENTER)
            await screen.read(0.5)
            await screen.press(ESCAPE)
            await screen.wait_for(AS_OWNER)
            # the player screen: only the server's player, and why; a name typed below
            await screen.press(END + UP + UP + ENTER)
            await screen.wait_for("plays as owner only")
            assert b"mallory" not in screen.output
            await screen.press(TAB + "mallory" + ENTER)
            await screen.wait_for(AS_OWNER)
            await screen.press("q")
            await screen.read(10)
            assert screen.closed  # the app quit, and the connection with it
    assert config.read_text(encoding="utf-8") == OWNERS_SETTINGS
    store = Store(data, player="owner")
    assert store.players() == ["owner"]
    # the owner's own command still finds the owner's game
    history = subprocess.run(
        [sys.executable, "-m", "parlour", "--data-dir", str(data), "history", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    listed = json.loads(history.stdout)
    assert listed["player"] == "owner"
    assert [game["score"] for game in listed["games"]] == [52]


async def test_a_player_whose_name_begins_with_a_dash_is_served(tmp_path: Path) -> None:
    """A name the player check accepts is passed to each visitor's app as the value it is,
    not read as an option of that app's command line (which would start no app at all)."""
    owners_config()
    with serving(tmp_path / "data", "--player=-dash") as server:
        assert "visitors play as -dash" in server.announced[1]
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(server.websocket_url("width=110&height=34")) as websocket,
        ):
            screen = Screen(websocket)
            await screen.wait_for("Player: -dash")
