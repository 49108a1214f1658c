"""Golf's board as one widget: the seven columns of links in a row, and under them the
foundation, the stock and the round's lines, drawn line by line (tui/board.py).

At each size of card the board keeps one width and is centred on the screen::

     1       2       3   …   7          normal cards: two cells between the columns
    ╭9♠──╮  ╭4♦──╮  …
    …
    Found.   Stock    Links 35 · stock 16
    ╭──────╮ ╭░░░░╮   Round: 12 after 2 holes · bogey 40

Compact cards (the smallest terminals) stand side by side with nothing between them,
the foundation and the stock without titles; large cards have three cells between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive

from parlour.engine.cards import Card
from parlour.tui import cards as art
from parlour.tui.board import Layout
from parlour.tui.board import LineBoard
from parlour.tui.board import Placed


@dataclass(frozen=True, slots=True)
class Spacing:
    """How the board is laid out at a size of card (in cells and lines)."""

    #: the board's width (the columns' row, centred as one with the table under it)
    width: int
    #: cells between two columns; between the foundation, the stock and the round's lines
    column_gap: int
    table_gap: int
    #: lines over the columns, and between the columns and the table
    top: int
    between: int
    #: lines over the round's text
    round_top: int


@dataclass(frozen=True, slots=True)
class GolfView:
    """What the board shows: the columns (with which are playable and which is chosen),
    the foundation, the stock (its count, whether it can be turned), the round's text."""

    columns: tuple[tuple[Card, ...], ...] = ()
    #: the most cards a column holds (its place on the board is as tall as that)
    rows: int = 1
    playable: frozenset[int] = frozenset()
    selected: int | None = None
    foundation: tuple[Card, ...] = ()
    stock: int = 0
    stock_playable: bool = False
    round_text: str = ""


class GolfBoard(LineBoard):
    """The Golf board (its screen sets :attr:`card_size` and shows a :class:`GolfView`)."""

    SPACING: ClassVar[dict[art.CardSize, Spacing]] = {
        art.LARGE: Spacing(74, 3, 3, 1, 1, 2),
        art.NORMAL: Spacing(56, 2, 3, 1, 1, 1),
        art.SLIM: Spacing(35, 0, 1, 0, 0, 0),
    }
    #: the table's titles, left off with compact cards
    TITLES: ClassVar[dict[str, str]] = {"foundation": "Found.", "stock": "Stock"}

    #: how big its cards are drawn (the screen picks it for the terminal's size)
    card_size: reactive[art.CardSize] = reactive(art.NORMAL, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view = GolfView()

    def watch_card_size(self) -> None:
        self.show()

    def show_view(self, view: GolfView) -> None:
        """Show ``view`` (only the lines it changes are drawn again)."""
        if view != self.view:
            self.view = view
            self.show()

    def pictures(self) -> Layout:
        view, size = self.view, self.card_size
        spacing = self.SPACING.get(size, self.SPACING[art.NORMAL])
        compact = size == art.SLIM
        table_size = art.COMPACT if compact else size
        styles, ascii_only = self.card_styles(), self.ascii_only
        placed: list[Placed] = []
        column_height = 1 + view.rows - 1 + size.height  # a title, the covered cards, the last
        for number, cards in enumerate(view.columns, start=1):
            playable, selected = number in view.playable, number == view.selected
            lines = self.picture(
                ("column", cards, size, playable, selected, number),
                partial(
                    art.pile, cards, styles, ascii_only, size,
                    title=str(number), playable=playable, selected=selected,
                ),
            )  # fmt: skip
            x = (number - 1) * (size.width + spacing.column_gap)
            placed.append(Placed(x, spacing.top, lines, str(number), size.width, column_height))
        y = spacing.top + column_height + spacing.between
        titled = 0 if compact else 1
        table_height = titled + table_size.height
        titles = {key: "" if compact else title for key, title in self.TITLES.items()}
        foundation = self.picture(
            ("foundation", view.foundation[-1:], table_size, titles["foundation"]),
            lambda: art.pile(
                view.foundation, styles, ascii_only, table_size,
                title=titles["foundation"], fanned=False,
            ),
        )  # fmt: skip
        stock = self.picture(
            ("stock", view.stock, view.stock_playable, table_size, titles["stock"]),
            lambda: art.pile(
                (), styles, ascii_only, table_size, title=titles["stock"],
                face_down=bool(view.stock), caption=str(view.stock), playable=view.stock_playable,
            ),
        )  # fmt: skip
        step = table_size.width + spacing.table_gap
        placed.append(Placed(0, y, foundation, "foundation", table_size.width, table_height))
        placed.append(Placed(step, y, stock, "stock", table_size.width, table_height))
        left = 2 * step + 1  # (one cell before the round's text)
        words = Text(view.round_text).wrap(self.app.console, spacing.width - left)
        placed.append(Placed(left, y + spacing.round_top, list(words)))
        height = y + max(table_height, spacing.round_top + len(words))
        return Layout(placed, spacing.width, height)
