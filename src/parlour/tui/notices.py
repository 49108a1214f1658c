"""The app's notices in plain words. A notice may hold a setting's value, a key's name, a
file's name or a player's (docs/reliability.md, *Text from outside*), so every one, the
screens' too, is shown as written: never read as markup, any control character in it
written as a visible escape.

A notice belongs to the screen it was said on: when the player moves to another screen
(a game opened, back to the start screen, the scorecard or a question over the board
closed), the notices said before the key or click that moved them go, so that they do not
cover the new screen's words for their last seconds. Those said since (why a game could
not be opened, a welcome back) stay, as do the app's own (``lasting``: about its settings
file or its database)."""

from __future__ import annotations

from time import time
from typing import Any

from textual import events
from textual.app import App
from textual.notifications import Notification
from textual.notifications import Notify
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen
from textual.screen import Screen

from parlour.engine.untrusted import visible


def player_place(app: App[Any]) -> Screen[Any] | None:
    """The screen the player is on: the top one under any shown over it (a question, a
    chooser) and under the notice that the terminal is too small (which is no move of
    theirs: it holds the notices back itself)."""
    stack: list[Screen[Any]] = app.screen_stack
    places = (
        screen
        for screen in reversed(stack)
        if not isinstance(screen, ModalScreen) and not getattr(screen, "SIZE_NOTICE", False)
    )
    return next(places, None)


class PlainNotices(App[None]):
    """An app whose notices are plain words (``markup`` is not heeded), each gone when the
    player moves to another screen after it was said, unless ``lasting``."""

    #: the keys pressed and the mouse buttons pressed so far
    _inputs = 0
    #: the screen the player was on when the screens last changed
    _place: Screen[Any] | None = None
    #: the screen shown over it then (a question, the scorecard), if any
    _over: Screen[Any] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: for each notice (by its identity), how many keys and clicks came before it
        #: (None for one of the app's own, which stays), and when it ends
        self._said_after: dict[str, tuple[int | None, float]] = {}

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
        lasting: bool = False,
    ) -> None:
        """Show ``message`` (as written); ``lasting``: the app's own notice, which stays
        when the player moves to another screen."""
        notice = Notification(
            visible(message), visible(title), severity,
            self.NOTIFICATION_TIMEOUT if timeout is None else timeout, markup=False,
        )  # fmt: skip
        self._note(notice, None if lasting else self._inputs)
        self.post_message(Notify(notice))

    def _note(self, notice: Notification, after: int | None) -> None:
        self._said_after[notice.identity] = (after, notice.raised_at + notice.timeout)

    def carry_notice(self, held: Notification, again: Notification) -> None:
        """``held`` (held back while the terminal was too small) is shown again as
        ``again``: said when it was, and the app's own if it was."""
        known = self._said_after.get(held.identity)
        if known is not None:
            self._note(again, known[0])

    def on_notify(self, event: Notify) -> None:
        # a notice shown again (held back while the terminal was too small) is said now
        if event.notification.identity not in self._said_after:
            self._note(event.notification, self._inputs)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key | events.MouseDown) and not event.is_forwarded:
            self._inputs += 1
        await super().on_event(event)

    def notices_go_with_screens(self) -> None:
        """From now on, take away the notices of the screen the player leaves."""
        self._place = player_place(self)
        self._over = self._shown_over()
        self.screen_change_signal.subscribe(self, self._screens_changed)

    def _shown_over(self) -> Screen[Any] | None:
        """The screen shown over the player's place (a question, the scorecard, the
        messages), if any."""
        top = self.screen_stack[-1] if self.screen_stack else None
        if top is None or top is player_place(self) or getattr(top, "SIZE_NOTICE", False):
            return None
        return top

    def _screens_changed(self, screen: Screen[Any]) -> None:
        place = player_place(self)
        over, self._over = self._over, self._shown_over()
        # a screen shown over the place and now closed takes its notices with it (the
        # scorecard's "the hole is still in play" covered the board's status line)
        closed = over is not None and over not in self.screen_stack
        if place is self._place and not closed:
            return  # (a question, a chooser, shown over it)
        self._place = place
        gone: set[str] = set()
        for notice in list(self._notifications):
            after, _ = self._said_after.get(notice.identity, (self._inputs, 0.0))
            if after is not None and after < self._inputs:
                self._unnotify(notice, refresh=False)
                gone.add(notice.identity)
        if gone:
            self._refresh_notifications()
        # (what is known of the notices over, or taken away, is let go)
        now = time()
        self._said_after = {
            identity: (after, ends)
            for identity, (after, ends) in self._said_after.items()
            if ends > now and identity not in gone
        }
