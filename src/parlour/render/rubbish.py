"""Rubbish Heap as text: the four foundations, the thirteen places of the board, the
waste heap's top card and the stock."""

from __future__ import annotations

from rich.console import Group
from rich.console import RenderableType
from rich.text import Text

from parlour.engine.cards import SUITS
from parlour.engine.cards import card
from parlour.engine.games.rubbish_state import RubbishState
from parlour.render import card_text
from parlour.render.terminal import suit_glyphs


def render(state: RubbishState, ascii_only: bool = False) -> RenderableType:
    foundations = Text("Foundations ")
    for number, (suit, top) in enumerate(zip(SUITS, state.foundations, strict=True)):
        if number:
            foundations.append("  ")
        if top:
            foundations.append_text(card_text(card(top, suit), ascii_only))
        else:
            label = suit if ascii_only else suit_glyphs()[suit]
            foundations.append(f"{label}:-".rjust(3), style="dim")
    header = Text("  ".join(f"{n:>3}" for n in range(1, len(state.board) + 1)), style="dim")
    places = Text()
    for number, placed in enumerate(state.board):
        if number:
            places.append("  ")
        places.append_text(card_text(placed, ascii_only))
    waste = Text("Waste ")
    waste.append_text(card_text(state.waste[-1] if state.waste else None, ascii_only))
    waste.append(f" ({len(state.waste)})   Stock {len(state.stock)}")
    waste.append(f"   Home {state.cards_home}")
    if state.waste_locked:
        waste.append("   waste locked (R7)", style="dim")
    return Group(foundations, Text(), header, places, Text(), waste)
