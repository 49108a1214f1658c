"""Golf as text: seven columns of links, the foundation and the stock."""

from __future__ import annotations

from rich.console import Group
from rich.console import RenderableType
from rich.text import Text

from parlour.engine.games.golf import COLUMNS
from parlour.engine.games.golf import GolfState
from parlour.render import card_text


def render(state: GolfState, ascii_only: bool = False) -> RenderableType:
    height = max((len(column) for column in state.columns), default=0)
    header = Text("  ".join(f" c{n}" for n in range(1, COLUMNS + 1)), style="dim")
    rows = [header]
    for row in range(height):
        text = Text()
        for number, column in enumerate(state.columns):
            if number:
                text.append("  ")
            text.append_text(
                card_text(column[row], ascii_only) if row < len(column) else Text("   ")
            )
        rows.append(text)
    if not height:
        rows.append(Text("(the links are clear)", style="green"))
    foundation = Text("Foundation ")
    foundation.append_text(card_text(state.foundation[-1], ascii_only))
    foundation.append(f"   Stock {len(state.stock)}   Links {state.links_left}")
    rows += [Text(), foundation]
    return Group(*rows)
