"""Shown instead of everything else while the terminal is too small: one line asking for
a larger terminal, cut to whatever width there is (down to a single cell). Play goes on,
where it was, when the terminal grows again."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.app import RenderResult
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget


def notice(need: tuple[int, int], have: tuple[int, int]) -> str:
    return f"Make the terminal at least {need[0]}×{need[1]} (now {have[0]}×{have[1]})"


#: said after the notice where the line has room for it
SAVED = ": your game is saved"


def short_notice(need: tuple[int, int], have: tuple[int, int]) -> str:
    """The notice for a narrow terminal, where the whole sentence would be cut."""
    return f"Need {need[0]}×{need[1]} (now {have[0]}×{have[1]})"


class OneLine(Widget):
    """A line of text that is never wrapped: cut at the screen's edge. Where ``text`` does
    not fit, ``short`` (if given) is shown in its place."""

    text: reactive[str] = reactive("")
    short: reactive[str] = reactive("")

    def render(self) -> RenderResult:
        width = self.size.width
        with_saved = self.text + SAVED
        if len(with_saved) <= width:
            return with_saved
        if len(self.text) <= width or not self.short:
            return self.text
        return self.short


class TooSmallScreen(Screen[None]):
    """Covers the app (a whole screen, so nothing under it is laid out at the tiny size)."""

    DEFAULT_CSS = """
    TooSmallScreen { background: $background; align: center middle; }
    TooSmallScreen OneLine {
        width: 100%; height: 1; color: $warning; text-style: bold;
        content-align: center middle; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def __init__(self, need: tuple[int, int], have: tuple[int, int]) -> None:
        super().__init__()
        self.need = need
        self.have = have

    def compose(self) -> ComposeResult:
        line = OneLine(id="too-small")
        line.text = notice(self.need, self.have)
        line.short = short_notice(self.need, self.have)
        yield line

    def message(self) -> str:
        return notice(self.need, self.have)

    def update_size(self, have: tuple[int, int]) -> None:
        self.have = have
        line = self.query_one(OneLine)
        line.text = self.message()
        line.short = short_notice(self.need, self.have)
