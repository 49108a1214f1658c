"""Three Squares as text: the squares one under another, each as two rows of two heaps
(a b above, c d below; one heap to a row where two do not fit), every heap listed bottom
to top with its top card last; then the pack and, while building, the square the next
deal goes to."""

from __future__ import annotations

from rich.console import Console
from rich.console import ConsoleOptions
from rich.console import Group
from rich.console import RenderableType
from rich.console import RenderResult
from rich.text import Text

from parlour.engine.cards import Card
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_state import Phase
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


class _HeapPairs:
    """Two heaps to a row (a beside b, c beside d) where the width allows, else one heap
    to a row: a long heap never wraps into its neighbour's column."""

    def __init__(self, pieces: list[Text]) -> None:
        self.pieces = pieces

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        pieces = self.pieces
        width = max(len(pieces[0]), len(pieces[2])) + 3
        if 2 + width + max(len(pieces[1]), len(pieces[3])) <= options.max_width:
            for left, right in ((pieces[0], pieces[1]), (pieces[2], pieces[3])):
                line = Text("  ")
                line.append_text(left)
                line.append(" " * (width - len(left)))
                line.append_text(right)
                yield line
            return
        for piece in pieces:
            line = Text("  ")
            line.append_text(piece)
            yield line


def render(state: SquaresState, ascii_only: bool = False) -> RenderableType:
    rows: list[RenderableType] = []
    for square in range(1, SQUARE_COUNT + 1):
        first = (square - 1) * HEAPS_PER_SQUARE
        if square > state.squares:
            rows.append(Text(f"Square {square}: not formed", style="dim"))
            continue
        rows.append(Text(f"Square {square}", style="bold"))
        rows.append(
            _HeapPairs(
                [
                    _heap_text(HEAP_NAMES[index], state.heaps[index], ascii_only)
                    for index in range(first, first + HEAPS_PER_SQUARE)
                ]
            )
        )
    footer = Text(f"Pack {len(state.pack)}")
    if state.pack and state.phase is Phase.BUILDING:  # while forming, dealing waits
        footer.append(f"   next deal: square {state.next_deal}")
    rows += [Text(), footer]
    return Group(*rows)
