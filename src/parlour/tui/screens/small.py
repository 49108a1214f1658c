"""Shown instead of everything else while the terminal is too small: one line asking for
a larger terminal, cut to whatever width there is (down to a single cell). Play goes on,
where it was, when the terminal grows again. A game may need more room than the menu: Esc
goes back to the menu (where the terminal is large enough for it), q quits."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.app import RenderResult
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from parlour.controls.screens import TOO_SMALL_KEYS
from parlour.controls.screens import TooSmall
from parlour.tui.keyed import Keyed
from parlour.tui.services import services


def notice(need: tuple[int, int], have: tuple[int, int]) -> str:
    return f"Make the terminal at least {need[0]}×{need[1]} (now {have[0]}×{have[1]})"


#: said after the notice where the line has room for it
SAVED = ": your game is saved"
#: the keys that still work, under the notice where there are lines for it (Esc only
#: where it leads to the menu: not over the menu itself, nor where the menu does not fit)
KEYS = "Esc menu · q quit"
QUIT_ONLY = "q quit"


def short_notice(need: tuple[int, int], have: tuple[int, int]) -> str:
    """The notice for a narrow terminal, where the whole sentence would be cut."""
    return f"Need {need[0]}×{need[1]} (now {have[0]}×{have[1]})"


class OneLine(Widget):
    """A line of text that is never wrapped: cut at the screen's edge. ``more`` is said
    after ``text`` where the line has room for both; where ``text`` does not fit,
    ``short`` (if given) is shown in its place."""

    text: reactive[str] = reactive("")
    more: reactive[str] = reactive("")
    short: reactive[str] = reactive("")

    def render(self) -> RenderResult:
        width = self.size.width
        with_more = self.text + self.more
        if len(with_more) <= width:
            return with_more
        if len(self.text) <= width or not self.short:
            return self.text
        return self.short


class TooSmallScreen(Keyed, Screen[None]):
    """Covers the app (a whole screen, so nothing under it is laid out at the tiny size)."""

    DEFAULT_CSS = """
    TooSmallScreen { background: $background; align: center middle; }
    TooSmallScreen OneLine {
        width: 100%; height: 1; color: $warning; text-style: bold;
        content-align: center middle; text-wrap: nowrap; text-overflow: ellipsis;
    }
    TooSmallScreen #too-small-keys { color: $text-muted; text-style: none; }
    TooSmallScreen.-one-line #too-small-keys { display: none; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-one-line"), (3, "-lines")]  # noqa: RUF012
    KEYS = TOO_SMALL_KEYS
    #: the mark by which the app knows this screen (parlour.tui.sizing.is_size_notice)
    SIZE_NOTICE: ClassVar[bool] = True

    def key_target(self) -> TooSmall:
        return self

    def __init__(self, need: tuple[int, int], have: tuple[int, int]) -> None:
        super().__init__()
        self.need = need
        self.have = have

    def compose(self) -> ComposeResult:
        line = OneLine(id="too-small")
        line.text = notice(self.need, self.have)
        line.short = short_notice(self.need, self.have)
        line.more = SAVED
        yield line
        yield OneLine(id="too-small-keys")

    def on_mount(self) -> None:
        self._show_keys()  # (once this screen is on the stack: the keys depend on what is under it)

    def message(self) -> str:
        return notice(self.need, self.have)

    def update_size(self, have: tuple[int, int]) -> None:
        self.have = have
        line = self.query_one("#too-small", OneLine)
        line.text = self.message()
        line.short = short_notice(self.need, self.have)
        self._show_keys()

    def _show_keys(self) -> None:
        self.query_one("#too-small-keys", OneLine).text = (
            KEYS if self._menu_reached() else QUIT_ONLY
        )

    def _menu_reached(self) -> bool:
        """Whether Esc leads to the menu: the screen under this one is not the menu, and
        the terminal is large enough for the menu."""
        from parlour.tui.screens.start import StartScreen

        stack = self.app.screen_stack
        below = stack[-2] if len(stack) >= 2 and stack[-1] is self else None
        need = StartScreen.MIN_SIZE
        return not (
            isinstance(below, StartScreen) or self.have[0] < need[0] or self.have[1] < need[1]
        )

    def action_quit(self) -> None:
        self.app.exit()

    def action_leave(self) -> None:
        """Back to the menu, if the terminal is large enough for it (else nothing)."""
        if not self._menu_reached():
            self.app.bell()
            return
        self.app.pop_screen()
        services(self).show_menu()
