"""Three Squares as text: the squares one under another, each as two rows of two heaps
(a b above, c d below), every heap listed bottom to top with its top card last; then the
pack and the square the next deal goes to."""

from __future__ import annotations

from rich.console import Group
from rich.console import RenderableType
from rich.text import Text

from parlour.engine.cards import Card
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_state import SquaresState
from parlour.render import card_text


def _heap_text(name: str, heap: tuple[Card, ...], ascii_only: bool) -> Text:
    text = Text(name, style="dim")
    if not heap:
        text.append("  --", style="dim")
    for index, card in enumerate(heap):
        piece = card_text(card, ascii_only)
        if index < len(heap) - 1:
            piece.stylize("not bold")  # only the exposed card stands out
        text.append(" ")
        text.append_text(piece)
    return text


def render(state: SquaresState, ascii_only: bool = False) -> RenderableType:
    rows: list[RenderableType] = []
    for square in range(1, SQUARE_COUNT + 1):
        first = (square - 1) * HEAPS_PER_SQUARE
        if square > state.squares:
            rows.append(Text(f"Square {square}: not formed", style="dim"))
            continue
        rows.append(Text(f"Square {square}", style="bold"))
        pieces = [
            _heap_text(HEAP_NAMES[index], state.heaps[index], ascii_only)
            for index in range(first, first + HEAPS_PER_SQUARE)
        ]
        width = max(len(pieces[0]), len(pieces[2])) + 3
        for left, right in ((pieces[0], pieces[1]), (pieces[2], pieces[3])):
            line = Text("  ")
            line.append_text(left)
            line.append(" " * (width - len(left)))
            line.append_text(right)
            rows.append(line)
    footer = Text(f"Pack {len(state.pack)}")
    if state.pack:
        footer.append(f"   next deal: square {state.next_deal}")
    rows += [Text(), footer]
    return Group(*rows)
