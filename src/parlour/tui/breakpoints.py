"""A screen's size classes given before it is first styled.

Textual gives a screen its breakpoint classes (``HORIZONTAL_BREAKPOINTS``,
``VERTICAL_BREAKPOINTS``) at its first resize, after it has been styled: each class then
added restyles every widget on it again (some 50 to 100 ms for a board). Given when the
screen is made, from the terminal's size then, they are there for the first styling, and
the first resize finds nothing to change.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.types import NoActiveAppError


def give_breakpoint_classes(screen: Screen[Any]) -> tuple[int, int] | None:
    """Give ``screen`` the breakpoint classes of the terminal's size now (as Textual would
    at its first resize); the size, or None if no app is running (the classes then come
    with the first resize, as usual)."""
    try:
        width, height = screen.app.size
    except NoActiveAppError:
        return None
    app = screen.app
    chosen: list[str] = []
    for dimension, own, apps in (
        (width, screen.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
        (height, screen.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS),
    ):
        points = sorted((own if own is not None else apps) or [])
        chosen += [name for least, name in points if dimension >= least][-1:]
    screen.add_class(*chosen, update=False)
    return width, height
