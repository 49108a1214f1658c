"""A screen's size classes, and its own stylesheet, given before it is first styled.

Textual gives a screen its breakpoint classes (``HORIZONTAL_BREAKPOINTS``,
``VERTICAL_BREAKPOINTS``) at its first resize, after it has been styled: each class then
added restyles every widget on it again (some 50 to 100 ms for a board). Given when the
screen is made, from the terminal's size then, they are there for the first styling, and
the first resize finds nothing to change.

A screen's own stylesheet (``CSS_PATH``) is read by Textual only once the screen has
been styled, as it is pushed: a screen shown for the first time was drawn without it
(a panel in the top corner, no board behind it), since a screen is not styled again at
its first showing (:class:`StyledOnce`). It is read as the screen is made instead.
"""

from __future__ import annotations

from typing import Any

from textual import events
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


def read_own_stylesheet(screen: Screen[Any]) -> None:
    """Add ``screen``'s own stylesheet files (``CSS_PATH``) to the app's stylesheet, if
    they are not there yet, so that the screen is styled with them when it is mounted
    (Textual reads them only after that, and then styles the whole app again). Its rules
    are parsed then, with no other source parsed again; nothing outside a running app."""
    try:
        stylesheet = screen.app.stylesheet
    except NoActiveAppError:
        return
    for path in screen.css_path:
        # as Textual's own reading names the file, so that it does not read it again
        where = (str(path), "")
        if not stylesheet.has_source(*where):
            stylesheet.add_source(path.read_text(encoding="utf-8"), read_from=where)


class StyledOnce:
    """Mixed into a screen (before Textual's ``Screen``): styled once before its first
    frame. Its breakpoint classes are given as it is made (:func:`give_breakpoint_classes`;
    ``first_size`` is the terminal's size then), as is its own stylesheet
    (:func:`read_own_stylesheet`), and its first showing does not style it
    again: Textual restyles every widget of a screen each time it is shown, for a theme
    changed while it was hidden, and a screen just made was styled as it was mounted."""

    #: the terminal's size when the screen was made (None outside a running app)
    first_size: tuple[int, int] | None = None
    _shown_before = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert isinstance(self, Screen)
        self.first_size = give_breakpoint_classes(self)
        read_own_stylesheet(self)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # (Textual calls each class's handler, most derived first: Screen's comes after)
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
