"""The app's settings: the player's settings file (read at the start, written back when a
setting changes), the theme, the four-colour deck and ASCII cards at once on every board,
and the problems the file has, reported once the first board is up."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from parlour.engine.untrusted import QUOTED
from parlour.engine.untrusted import shown
from parlour.store import config as settings_file
from parlour.tui.notices import PlainNotices
from parlour.tui.terminal import ascii_screen
from parlour.tui.themes import card_variables

#: the most problems with the settings file one notice lists (the rest are counted)
NOTICE_LINES = 10


class Preferences(PlainNotices):
    """Part of the app: the player's settings, applied and remembered (what is wrong with
    them said in notices of the app's own, which stay while the player moves on)."""

    #: the settings file (read at the start; written back when a setting is changed)
    config: settings_file.Loaded
    config_problems: list[str]
    #: the player's keys, which every screen's key table takes (tui/keyed.py)
    key_overrides: dict[str, tuple[str, ...]]
    four_colour: bool
    ascii_only: bool
    #: run by parlour serve: settings last for the visit
    served: bool
    _settings_ready = False

    def get_css_variables(self) -> dict[str, str]:
        """Textual's theme variables, and the cards' colours the theme leaves unset."""
        variables = super().get_css_variables()
        return {**card_variables(variables, self.current_theme.dark), **variables}

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "Settings",
            "Theme, four-colour deck, ASCII cards, player (saved in the settings file)",
            self.action_settings,
        )
        yield SystemCommand(
            "Four-colour deck",
            "Switch the four-colour deck on or off",
            lambda: self.set_four_colour(not self.four_colour),
        )

    def action_settings(self) -> None:
        from parlour.tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def watch_theme(self, name: str) -> None:
        if self._settings_ready and name != self.config.settings.theme:
            self.remember(theme=name)

    def set_four_colour(self, on: bool) -> None:
        """The four-colour deck on or off, at once on every board, and remembered."""
        self.four_colour = on
        self._redraw_cards()
        self.remember(four_colour=on)

    def set_ascii(self, on: bool) -> None:
        """Letters instead of suit symbols (or back), at once, and remembered."""
        self.ascii_only = on
        from parlour.tui.widgets import CardArtWidget
        from parlour.tui.widgets import StatusLine

        for screen in self.screen_stack:
            for widget in screen.query(CardArtWidget):
                widget.ascii_only = on
            for status in screen.query(StatusLine):
                status.ascii_only = on
        ascii_screen(self, on)
        self.remember(ascii=on)

    def _redraw_cards(self) -> None:
        from parlour.tui.widgets import CardArtWidget

        CardArtWidget.forget_styles()
        for screen in self.screen_stack:
            for widget in screen.query(CardArtWidget):
                widget.notify_style_update()
                widget.refresh()

    def remember(self, **values: Any) -> None:
        """Change settings and write them into the file as it is now, which the player
        may have changed by hand since the app read it (a failure is said, not raised)."""
        self.config = settings_file.changed(self.config, **values)
        if self.served:
            return  # a visitor's settings are theirs for this visit, not the owner's file
        try:
            settings_file.save_changes(self.config.path, **values)
        except settings_file.ConfigError as error:
            self.notify(
                f"Not saved: {error}", title="Settings", severity="error", timeout=15,
                lasting=True,
            )  # fmt: skip

    def _report_settings(self) -> None:
        self._report(self.config_problems)
        if self.key_overrides:
            # every screen's keys are checked once the first board is up (it loads every
            # game's key table, which the first board does not need)
            self.set_timer(0.2, self._check_keys)

    def _check_keys(self) -> None:
        from parlour.help.keys import check_keys

        path = shown(str(self.config.path))
        found = check_keys(self.key_overrides)
        self._report(
            [f"{path}: {shown(setting, limit=QUOTED)}: {message}" for setting, message in found]
        )

    def _report(self, problems: list[str]) -> None:
        """Problems with the settings file, one line each, in one notice: the first
        :data:`NOTICE_LINES` of them (thousands made a notice over half the screen)."""
        if problems:
            shown_lines = problems[:NOTICE_LINES]
            if len(problems) > NOTICE_LINES:
                more = len(problems) - NOTICE_LINES
                shown_lines.append(f"… and {more} more (parlour config lists them all).")
            self.notify(
                "\n".join(shown_lines), title="Settings file", severity="warning", timeout=20,
                lasting=True,
            )  # fmt: skip
