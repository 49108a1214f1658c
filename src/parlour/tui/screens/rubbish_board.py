"""Rubbish Heap's board as one widget: the thirteen places in two rows, and under them the
stock, the waste heap, the four foundations and the counts, drawn line by line
(tui/board.py).

With normal cards every place is a column eight cells wide, so that the table lines up
under the board; the board is 80 cells wide (100 with large cards), or the terminal's
width if less, and centred on the screen::

     1       2     …  7                    a line between the rows (none on a short
    ╭9♠──╮  ╭4♦──╮ …                       terminal)
    …
     8       9 9   …  13 d
    …
     Stock   Waste          Foundations          Stock  12 cards
    ╭░░░░╮  ╭────╮   ╭A♠──╮  ╭────╮  …           Waste  3 cards
    …                                            Home   9 of 52

On a narrow terminal the counts go in one line under the table; on a tall one a reminder
of the keys comes last, while there are moves to make.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive

from parlour.engine.cards import Card
from parlour.render.terminal import suit_glyphs
from parlour.tui import cards as art
from parlour.tui.board import Layout
from parlour.tui.board import LineBoard
from parlour.tui.board import Placed

#: places in the first row of the board; the rest go in the second
FIRST_ROW = 7


@dataclass(frozen=True, slots=True)
class Room:
    """The room the screen gives the board: its width at most (in cells), and the
    terminal's shape (a narrow one has the counts in a line under the table, a short one
    no lines between the rows, a roomy one the reminder of the keys)."""

    width: int = 80
    narrow: bool = False
    short: bool = False
    roomy: bool = False


@dataclass(frozen=True, slots=True)
class Spacing:
    """How the board is laid out at a size of card (in cells)."""

    #: the board's width at most
    width: int
    #: a place's step along its row (its card and the cells after it)
    step: int
    #: the stock and the waste heap: their width (a selected title, ▸Stock◂, has room)
    #: and step
    heap_width: int
    heap_step: int
    #: cells before the foundations, the width of their title
    foundations_gap: int
    foundations_title: int
    #: the counts beside the table: lines and cells before them
    notes_top: int
    notes_left: int


@dataclass(frozen=True, slots=True)
class RubbishView:
    """What the board shows: each place's card (None: a vacancy) with which are playable
    and which is chosen (by their keys: a place's number, ``stock``, ``waste``), the
    vacancy to fill next, the stock's count, the waste heap's top, each foundation's top
    and suit (its letter: the board draws its symbol, unless in ASCII), the counts (beside
    the table, and as one line), and the reminder of the keys (shown while there are moves
    to make)."""

    places: tuple[Card | None, ...] = ()
    titles: tuple[str, ...] = ()
    fill: int = 0
    playable: frozenset[str] = frozenset()
    selected: str | None = None
    stock: int = 0
    waste: tuple[Card, ...] = ()
    foundations: tuple[tuple[tuple[Card, ...], str], ...] = ()
    notes: str = ""
    notes_line: str = ""
    legend: str = ""


class RubbishBoard(LineBoard):
    """The Rubbish Heap board (its screen sets :attr:`card_size` and :attr:`room`, and
    shows a :class:`RubbishView`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *LineBoard.COMPONENT_CLASSES,
        "rubbish--text",
        "rubbish--muted",
    }
    DEFAULT_CSS = """
    RubbishBoard > .rubbish--text {
        color: $text;
    }
    RubbishBoard > .rubbish--muted {
        color: $text-muted;
    }
    """

    SPACING: ClassVar[dict[art.CardSize, Spacing]] = {
        art.LARGE: Spacing(100, 10, 9, 10, 10, 40, 1, 2),
        art.NORMAL: Spacing(80, 8, 7, 8, 8, 30, 0, 1),
    }

    #: how big its cards are drawn (the screen picks it for the terminal's size)
    card_size: reactive[art.CardSize] = reactive(art.NORMAL, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view = RubbishView()
        self.room = Room()
        self._words: tuple[Style, Style] | None = None
        #: where a click chooses the stock or the waste heap (as laid out last)
        self._heap_areas: dict[str, Region] = {}

    def watch_card_size(self) -> None:
        self.show()

    def show_view(self, view: RubbishView, room: Room | None = None) -> None:
        """Show ``view`` in ``room`` (only the lines they change are drawn again)."""
        room = self.room if room is None else room
        if view != self.view or room != self.room:
            self.view, self.room = view, room
            self.show()

    def notify_style_update(self) -> None:
        self._words = None
        super().notify_style_update()

    def areas(self) -> dict[str, Region]:
        offset = self.content_region.offset
        return super().areas() | {
            key: area.translate(offset) for key, area in self._heap_areas.items()
        }

    def key_at(self, x: int, y: int) -> str | None:
        for key, area in self._heap_areas.items():
            if area.contains(x, y):
                return key
        return super().key_at(x, y)

    def words_styles(self) -> tuple[Style, Style]:
        """The styles of the counts and of the muted words (looked up once a styling)."""
        if self._words is None:
            get = self.get_component_rich_style
            self._words = (get("rubbish--text"), get("rubbish--muted"))
        return self._words

    def pictures(self) -> Layout:
        view, size, room = self.view, self.card_size, self.room
        spacing = self.SPACING.get(size, self.SPACING[art.NORMAL])
        width = max(1, min(spacing.width, room.width))
        styles, ascii_only = self.card_styles(), self.ascii_only
        text_style, muted = self.words_styles()
        margin = 0 if room.short else 1
        height = 1 + size.height  # a title over a card
        placed: list[Placed] = []
        y = margin
        for number, shown in enumerate(view.places, start=1):
            if number == FIRST_ROW + 1:
                y += height + margin
            key = str(number)
            playable, selected = key in view.playable, key == view.selected
            caption = "fill" if number == view.fill else ""
            title = view.titles[number - 1]
            cards: tuple[Card, ...] = () if shown is None else (shown,)
            lines = self.picture(
                ("place", cards, size, title, caption, playable, selected),
                partial(
                    art.pile, cards, styles, ascii_only, size, title=title, fanned=False,
                    caption=caption, playable=playable, selected=selected,
                ),
            )  # fmt: skip
            x = ((number - 1) % FIRST_ROW) * spacing.step
            placed.append(Placed(x, y, lines, key, size.width, height))
        y += height + margin
        placed += self._heaps(view, size, spacing, y)
        # (Textual's margins between neighbours overlap: the larger one is kept)
        x = spacing.heap_step + spacing.heap_width + spacing.foundations_gap
        title = " " * ((spacing.foundations_title - len("Foundations")) // 2) + "Foundations"
        placed.append(Placed(x, y, [Text(title, style=muted)], None, spacing.foundations_title))
        glyphs = suit_glyphs()
        for index, (cards, suit) in enumerate(view.foundations):
            caption = suit if ascii_only else glyphs[suit]
            lines = self.picture(
                ("home", cards, size, caption),
                partial(art.pile, cards, styles, ascii_only, size, fanned=False, caption=caption),
            )
            placed.append(Placed(x + index * spacing.step, y + 1, lines, None, size.width))
        x += max(spacing.foundations_title, len(view.foundations) * spacing.step)
        if not room.narrow and x < width:
            left = x + spacing.notes_left
            words = self._wrapped(view.notes, text_style, width - left)
            room_for = height - spacing.notes_top
            # (the lines under them are blank in their style, as the text widget's were)
            words += [Text(" " * (width - left), style=text_style)] * (room_for - len(words))
            placed.append(Placed(left, y + spacing.notes_top, words, None, 0, room_for))
        y += height
        if room.narrow:
            words = self._wrapped(view.notes_line, text_style, width)
            placed.append(Placed(0, y + margin, words))
            y += margin + len(words)
        if room.roomy and view.legend:
            words = self._wrapped(view.legend, muted, width)
            placed.append(Placed(0, y + 2, words))
            y += 2 + len(words)
        return Layout(placed, width, y)

    def _heaps(
        self, view: RubbishView, size: art.CardSize, spacing: Spacing, y: int
    ) -> list[Placed]:
        """The stock and the waste heap, at line ``y``."""
        styles, ascii_only = self.card_styles(), self.ascii_only
        stock_playable, stock_selected = "stock" in view.playable, view.selected == "stock"
        stock = self.picture(
            ("stock", view.stock, size, stock_playable, stock_selected),
            lambda: art.pile(
                (), styles, ascii_only, size, title="Stock", face_down=bool(view.stock),
                caption=str(view.stock) if view.stock else "none",
                playable=stock_playable, selected=stock_selected,
            ),
        )  # fmt: skip
        waste_playable, waste_selected = "waste" in view.playable, view.selected == "waste"
        waste = self.picture(
            ("waste", view.waste, size, waste_playable, waste_selected),
            lambda: art.pile(
                view.waste, styles, ascii_only, size, title="Waste", fanned=False,
                caption="none", playable=waste_playable, selected=waste_selected,
            ),
        )  # fmt: skip
        height = 1 + size.height
        # (a click on the cells after their cards chooses them too, as it chose their
        # widgets, but those cells are drawn as the board's own)
        self._heap_areas = {
            "stock": Region(0, y, spacing.heap_width, height),
            "waste": Region(spacing.heap_step, y, spacing.heap_width, height),
        }
        return [
            Placed(0, y, stock, "stock", size.width, height),
            Placed(spacing.heap_step, y, waste, "waste", size.width, height),
        ]

    def _wrapped(self, markup: str, style: Style, width: int) -> list[Text]:
        """``markup`` (the screen's own words) in ``style``, wrapped to ``width`` cells."""
        if width <= 0:
            return []
        # (the words hold no emoji codes: without emoji=False Rich loads its table of
        # them, thousands of names, before the first board; docs/performance.md)
        text = Text.from_markup(markup, style=style, emoji=False)
        lines = list(text.wrap(self.app.console, width))
        for line in lines:  # (as a text widget wraps them: no spaces where a line breaks)
            line.rstrip()
        return lines
