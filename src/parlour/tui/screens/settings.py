"""Settings: the theme, the four-colour deck, ASCII cards and the player's name, each
written to the settings file as soon as it is changed. Keys are changed in the file
itself (its ``[keys]`` table); the screen says where it is and which keys are the
player's own. In an app served to a browser, changes last for the visit (the file is
never written) and the player cannot be changed unless the server's owner allows it."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input
from textual.widgets import Label
from textual.widgets import Select
from textual.widgets import Static
from textual.widgets import Switch

from parlour.controls.screens import SETTINGS_KEYS
from parlour.controls.screens import Closes
from parlour.engine.untrusted import shown
from parlour.render.untrusted import said
from parlour.store.opening import StoreError
from parlour.store.players import MAX_LENGTH
from parlour.store.players import check_player
from parlour.store.players import player_key
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.themes import in_order

#: where the settings of an app served to a browser go
VISIT_ONLY = "These settings last for this visit: the server's settings file is not changed."


class SettingsScreen(OpensHelp, ModalScreen[None]):
    CSS_PATH = "settings.tcss"
    KEYS = SETTINGS_KEYS

    def key_target(self) -> Closes:
        return self  # the type checker sees that the screen has what its keys call

    @property
    def parlour(self) -> Any:
        return self.app

    def compose(self) -> ComposeResult:
        app = self.parlour
        with VerticalScroll(id="settings"):
            yield Static("Settings", id="settings-title")
            with Horizontal(classes="setting"):
                yield Label("Theme", classes="setting-name")
                yield Select(
                    [(name, name) for name in in_order(app.available_themes)],
                    value=app.theme,
                    allow_blank=False,
                    id="setting-theme",
                )
            with Horizontal(classes="setting"):
                yield Label("Four-colour deck", classes="setting-name")
                yield Switch(value=app.four_colour, id="setting-four-colour")
                yield Label(_state(app.four_colour), classes="switch-state")
            with Horizontal(classes="setting"):
                yield Label("ASCII cards", classes="setting-name")
                yield Switch(value=app.ascii_only, id="setting-ascii")
                yield Label(_state(app.ascii_only), classes="switch-state")
            with Horizontal(classes="setting"):
                yield Label("Player", classes="setting-name")
                # who is playing now (chosen on the start screen, or by --player), which
                # is not always the file's player
                yield Input(
                    value=self.playing,
                    id="setting-player",
                    disabled=bool(app.fixed_player),
                    max_length=MAX_LENGTH,
                )
            # the file's own words (its keys, its name) are shown, never read as markup
            yield Static(said(self.keys_words()), id="settings-keys")
            if app.served:
                yield Static(VISIT_ONLY, id="settings-path")
            else:
                yield Static(said(f"Saved in {shown(str(app.config.path))}"), id="settings-path")
        yield KeyBar()

    @property
    def playing(self) -> str:
        """Who is playing now (the settings file's player before the database is open)."""
        app = self.parlour
        return str(app.store.player if app.store is not None else app.config.settings.player)

    def on_mount(self) -> None:
        self.query_one("#setting-theme", Select).focus()

    def keys_words(self) -> str:
        overrides = self.parlour.key_overrides
        mine = ", ".join(
            f"{shown(name)} = {' '.join(map(shown, keys))}" for name, keys in overrides.items()
        )
        return (
            f"Your keys: {mine or 'the usual ones'}. To change a key, give its action a key "
            'in the [keys] table of the file below (hint = "x"); the names are in the help.'
        )

    @on(Select.Changed, "#setting-theme")
    def theme_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.app.theme:
            self.app.theme = event.value  # remembered by the app

    @on(Switch.Changed)
    def switch_said(self, event: Switch.Changed) -> None:
        # on or off in words beside the switch, whose slider says it by colour alone (all
        # NO_COLOR leaves of it is its shape, the same either way)
        row = event.switch.parent
        if row is not None:
            row.query_one(".switch-state", Label).update(_state(event.value))

    @on(Switch.Changed, "#setting-four-colour")
    def four_colour_switched(self, event: Switch.Changed) -> None:
        if event.value != self.parlour.four_colour:
            self.parlour.set_four_colour(event.value)

    @on(Switch.Changed, "#setting-ascii")
    def ascii_switched(self, event: Switch.Changed) -> None:
        if event.value != self.parlour.ascii_only:
            self.parlour.set_ascii(event.value)

    @on(Input.Submitted, "#setting-player")
    def player_named(self, event: Input.Submitted) -> None:
        self._save_player(event.value)

    def _save_player(self, value: str) -> None:
        """Play as the name given from now on, and remember it (a name that cannot be a
        player's is refused, saying why). The name as shown, unchanged, changes nothing:
        leaving the settings never changes who is playing, nor the file's player."""
        if self.parlour.fixed_player or value == self.playing:
            return
        try:
            name = check_player(value)
        except ValueError as error:
            self.notify(f"Not a player's name: {error}.", severity="error")
            return
        if name != self.parlour.config.settings.player:
            self.parlour.remember(player=name)
        store = self.parlour.store
        if store is None or player_key(store.player) != player_key(name):
            try:
                self.parlour.switch_player(name)
            except StoreError as error:
                self.notify(str(error), severity="error")

    def action_close(self) -> None:
        self._save_player(self.query_one("#setting-player", Input).value)
        self.dismiss(None)


def _state(on: bool) -> str:
    return "on" if on else "off"
