"""Text from outside Parlour on the screen: the display side of
:mod:`parlour.engine.untrusted`.

A record's ``Player:`` line, a setting's value or key name, a file's name, a player's
name from the database: such text reaches the terminal only through this module, in one
of two ways.

- :func:`outside` shows a piece of outside text on its own (a table cell, a list entry):
  a Rich :class:`~rich.text.Text` of :func:`~parlour.engine.untrusted.shown`, so every
  control, bidirectional and invisible character is a visible escape and nothing in it
  is ever read as Rich or Textual markup.
- :func:`said` shows a message of Parlour's own words that holds outside text (an error,
  a notice): the outside parts were passed through ``shown`` where the message was
  composed, and :func:`said` is the last guard: a ``Text`` (never markup), with any
  control character still in it escaped
  (:func:`~parlour.engine.untrusted.visible`).

A ``Text`` is drawn as it is by Rich (``Console.print``, a table's cells and title) and by
Textual (``Static``, ``OptionList``, ``DataTable``), which take it as content, not markup.

>>> outside("[link=https://evil.example]bob[/link]\\x1b[2J").plain
'[link=https://evil.example]bob[/link]\\\\x1b[2J'
>>> said("no file 'a\\\\x07': \\x9b").plain
"no file 'a\\\\x07': \\\\x9b"
"""

from __future__ import annotations

from rich.style import StyleType
from rich.text import Text

from parlour.engine.untrusted import shown
from parlour.engine.untrusted import visible


def outside(text: str, style: StyleType = "", *, limit: int | None = None) -> Text:
    """Outside text on its own: every character a terminal would act on written as a
    visible escape, never read as markup (cut to about ``limit`` characters if given)."""
    return Text(shown(text, limit=limit), style=style)


def said(message: str, style: StyleType = "") -> Text:
    """A message of Parlour's own words holding outside text (passed through ``shown``
    where the message was made), never read as markup, any control character left in it
    escaped."""
    return Text(visible(message), style=style)
