"""Plain-terminal pictures of positions (Rich renderables) for the headless commands.

One module per game, named by the game's plug-in; :func:`render_position` asks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from parlour.engine.cards import Card

Renderer = Callable[[Any, bool], RenderableType]


def shows_suits(stream: object) -> bool:
    """Whether ``stream`` can take the suit symbols and box corners (else letters)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣╭─╮".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def card_text(card: Card | None, ascii_only: bool = False, width: int = 3) -> Text:
    """A card as coloured text (red suits red), ``--`` for none; padded to ``width``."""
    if card is None:
        return Text("--".rjust(width), style="dim")
    label = str(card) if ascii_only else card.glyph()
    return Text(label.rjust(width), style="bold red" if card.is_red else "bold")


def render_position(state: Any, ascii_only: bool = False) -> RenderableType:
    """A picture of any game's position, by the renderer its plug-in names."""
    from parlour.engine.registry import find_spec

    renderer: Renderer = find_spec(state.game_id).renderer()
    return renderer(state, ascii_only)
