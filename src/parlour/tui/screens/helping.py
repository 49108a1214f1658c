"""? on the screens around the games (history, statistics, settings, a question …): the
help, opened at the part of its overview that lists the keys of the screen it was asked
from. The help is imported only when it is asked for (docs/performance.md)."""

from __future__ import annotations

from typing import ClassVar

from textual import events

from parlour.tui.keyed import Keyed


class OpensHelp(Keyed):
    """A screen whose ``KEYS`` hold the help's key (:func:`parlour.controls.screens.help_key`):
    its ``action_help`` opens the help at ``HELP_TOPIC`` (None: the overview), at the part
    that lists this screen's keys where the page has one."""

    HELP_TOPIC: ClassVar[str | None] = None

    def idle_words(self, event: events.Key) -> str:
        # a letter bound to nothing here says so, as on the start screen and in a game,
        # rather than nothing (q on the history, the statistics, a question)
        return self.why_idle(event)

    def action_help(self) -> None:
        from parlour.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.HELP_TOPIC, keys=self.KEYS))  # type: ignore[attr-defined]
