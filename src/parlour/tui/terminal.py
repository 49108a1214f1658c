"""The app on any terminal: ASCII only, and no colour.

Textual draws with more than the cards' own glyphs: borders, scroll bars, switches and
the marks of its widgets. In ASCII mode a line filter (Textual's hook on every line any
widget draws, after its borders) writes each character as ASCII of the same width
(:func:`parlour.render.terminal.to_ascii`), so that no screen, ours or Textual's, holds
anything else; it is switched on and off with the setting.

``NO_COLOR``: Textual greys the colours out for a theme with its own colours, which
leaves red and black cards two close greys; Parlour takes every colour out instead, and
draws the red suits in outline (:func:`parlour.render.terminal.suit_glyphs`).
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter
from textual.filter import Monochrome
from textual.filter import NoColor

from parlour.render.terminal import no_colour
from parlour.render.terminal import to_ascii


class AsciiFilter(LineFilter):
    """Every character of every line drawn as ASCII, each as wide as before."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text if control or text.isascii() else to_ascii(text), style, control)
            for text, style, control in segments
        ]


def fit_terminal(app: Any, ascii_only: bool) -> None:
    """Give a new app its filters: no colour at all under ``NO_COLOR``, and the ASCII
    filter (on if ``ascii_only``)."""
    filters: list[LineFilter] = app._filters
    # (Textual's :nocolor, which marks the focus in shapes rather than colours, follows
    # Parlour's reading of NO_COLOR, for which an empty one is none)
    app.no_color = no_colour()
    if no_colour():
        filters[:] = [NoColor() if isinstance(f, Monochrome) else f for f in filters]
        if not any(isinstance(f, NoColor) for f in filters):
            filters.append(NoColor())
    else:  # Textual takes an empty NO_COLOR for one; no-color.org says it is none
        filters[:] = [f for f in filters if not isinstance(f, NoColor | Monochrome)]
    filters.append(AsciiFilter(enabled=ascii_only))


def ascii_screen(app: Any, on: bool) -> None:
    """Switch the ASCII filter on or off, and draw every screen again."""
    for line_filter in app._filters:
        if isinstance(line_filter, AsciiFilter):
            line_filter.enabled = on
    for screen in app.screen_stack:
        screen.refresh(repaint=True, layout=True)
        for widget in screen.walk_children():
            widget.refresh()
