"""The app's watch on the terminal's size: a clear message over everything while the
terminal is too small for the screen in view. Notices (toasts) would cover its few words:
they are held back while it shows, and shown, whole, when it goes."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import cast

from textual.app import App
from textual.events import Resize
from textual.notifications import Notification
from textual.notifications import Notify
from textual.screen import Screen

if TYPE_CHECKING:
    from parlour.tui.screens.small import TooSmallScreen

#: the smallest terminal for a screen that does not say (screens give theirs as MIN_SIZE;
#: a screen shown over another, a dialogue, needs what the one under it needs, and a
#: question asked over none needs what its game needs: SizeWatch.needed_size)
MIN_WIDTH = 60
MIN_HEIGHT = 20


def is_size_notice(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the notice that the terminal is too small (told by a mark on
    its class, so that the notice's module need not be loaded to ask)."""
    return bool(getattr(screen, "SIZE_NOTICE", False))


class SizeWatch(App[None]):
    """Part of the app: the terminal's size against what the screen in view needs."""

    #: set once the first screens are up (before that, nothing is checked)
    _watching_size = False
    #: notices held back while the size notice shows (they would cover it)
    _held_notices: tuple[Notification, ...] = ()

    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Cover everything with a clear message while the terminal is too small, and
        take it away when the terminal grows again."""
        if not self._watching_size:
            return
        small = self.screen if is_size_notice(self.screen) else None
        need = self.needed_size()
        if width < need[0] or height < need[1]:
            if small is None:
                # (the notice's module is loaded when a notice is first wanted, not on the
                # way to the first board)
                from parlour.tui.screens.small import TooSmallScreen

                self.push_screen(TooSmallScreen(need, (width, height)))
                self._hold_notices()
            else:
                notice = cast("TooSmallScreen", small)
                notice.need = need
                notice.update_size((width, height))
        elif small is not None:
            self.pop_screen()
            self._show_held_notices()

    def on_notify(self, event: Notify) -> None:
        """A notice that comes while the size notice shows is held back (before the app
        shows it), to be shown when the size notice goes."""
        if is_size_notice(self.screen):
            event.prevent_default()
            self._held_notices = (*self._held_notices, event.notification)

    def _hold_notices(self) -> None:
        """Take every notice showing off the screen, to be shown when the size notice
        goes."""
        self._held_notices = (*self._held_notices, *self._notifications)
        self.clear_notifications()

    def _show_held_notices(self) -> None:
        held, self._held_notices = self._held_notices, ()
        # (an app that knows more of its notices, such as which are its own and stay
        # from screen to screen, keeps it for the notice shown again)
        carry = getattr(self, "carry_notice", None)
        for notice in held:  # (plain words already: shown as they are, for their full time)
            again = Notification(
                notice.message, notice.title, notice.severity, notice.timeout,
                markup=notice.markup,
            )  # fmt: skip
            if carry is not None:
                carry(notice, again)
            self.post_message(Notify(again))

    def needed_size(self) -> tuple[int, int]:
        """The smallest terminal for the screen in view: its own MIN_SIZE, or that of the
        first screen under it that has one. A screen shown over others (a question) that
        says ``LEAST_SIZE``, the least it can be read at, needs no less than that; where no
        screen under it has a MIN_SIZE (a question asked before any screen is up), its
        ``alone_size`` is what it needs (the size of the game it asks about)."""
        least = (0, 0)
        alone: tuple[int, int] | None = None
        for screen in reversed(self.screen_stack):
            if is_size_notice(screen):
                continue
            need: tuple[int, int] | None = getattr(screen, "MIN_SIZE", None)
            if need is not None:
                return at_least(need, least)
            least = at_least(least, getattr(screen, "LEAST_SIZE", (0, 0)))
            if alone is None:
                alone = getattr(screen, "alone_size", None)
        return at_least(alone or (MIN_WIDTH, MIN_HEIGHT), least)


def at_least(size: tuple[int, int], least: tuple[int, int]) -> tuple[int, int]:
    """``size``, widened and heightened to ``least`` where it falls short."""
    return max(size[0], least[0]), max(size[1], least[1])
