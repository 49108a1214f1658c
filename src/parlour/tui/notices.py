"""The app's notices in plain words. A notice may hold a setting's value, a key's name, a
file's name or a player's (docs/reliability.md, *Text from outside*), so every one, the
screens' too, is shown as written: never read as markup, any control character in it
written as a visible escape."""

from __future__ import annotations

from textual.app import App
from textual.notifications import SeverityLevel

from parlour.engine.untrusted import visible


class PlainNotices(App[None]):
    """An app whose notices are plain words (``markup`` is not heeded)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        super().notify(
            visible(message), title=visible(title), severity=severity, timeout=timeout,
            markup=False,
        )  # fmt: skip
