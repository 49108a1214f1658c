"""By Twos's board as one widget: the eight foundations in suit pairs, each with what it
needs next, and under them the stock, the waste and the packet with their counts and the
deal's panel (while the packet is formed: the deck, the cards kept and rejected, and the
forming panel), drawn line by line (tui/board.py).

The board is one width (88 cells with normal cards, 108 with large ones, or the screen's
width where that is less), centred on the screen; its places are shared out as the rows of
widgets it replaces shared them (Textual's ``1fr``: a quarter of the width to each suit,
half of that to each pile, at most 10 cells, 12 with large cards)::

    ♣ Clubs               ♦ Diamonds   …
     Ace      Deuce        Ace      Deuce
    ╭────╮    ╭────╮      ╭────╮    ╭────╮
    │ A♣ │    │ 2♣ │      …
    ╰────╯    ╰────╯
    needs 3♣
                                        (a blank line)
    Stock     Waste     Packet     Deal 1/3 · 2 redeals left
    ╭9♦──╮    ╭7♣──╮    ╭Q♥──╮     1 of 104 cards built
    …
    89 cards  1 card    13 cards

The words (the suits' names, the counts, what a foundation needs, the panel) are Textual
``Content`` drawn as a ``Static`` draws it, wrapped to its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual.content import Content
from textual.content import Span
from textual.reactive import reactive
from textual.visual import RenderOptions

from parlour.engine.cards import Card
from parlour.tui import cards as art
from parlour.tui.board import Layout
from parlour.tui.board import LineBoard
from parlour.tui.board import Placed
from parlour.tui.board import fr_places

#: words as the view keeps them: their text and styled spans (a ``Content`` compares by
#: its text alone, which would miss a change of colour)
Words = tuple[str, tuple[Span, ...]]

NO_WORDS: Words = ("", ())


def words(content: Content | str) -> Words:
    """``content`` as the view keeps it."""
    if isinstance(content, str):
        return (content, ())
    return (content.plain, tuple(content.spans))


@dataclass(frozen=True, slots=True)
class Place:
    """A pile on the board: its ``key`` (what a click on it chooses), its title, what it
    shows (its top card, or its back with ``caption`` when ``face_down``; an empty place
    shows ``caption`` in its frame), its highlights, and the line under it (``note``)."""

    key: str
    title: str
    cards: tuple[Card, ...] = ()
    caption: str = ""
    face_down: bool = False
    playable: bool = False
    selected: bool = False
    note: Words = NO_WORDS


@dataclass(frozen=True, slots=True)
class ByTwosView:
    """What the board shows: its width, the suits' names, the eight foundations, the three
    places under them (the stock, the waste and the packet, or while forming the deck,
    the cards kept and those rejected) and the panel beside those."""

    width: int = 88
    suits: tuple[str, ...] = ()
    foundations: tuple[Place, ...] = ()
    sources: tuple[Place, ...] = ()
    panel: Words = NO_WORDS


@dataclass(frozen=True, slots=True)
class Spacing:
    """The board's measures at a size of card."""

    #: the board's width (at most)
    width: int
    #: the most cells a foundation's place takes, and a place of the row under them
    foundation: int
    source: int


class ByTwosBoard(LineBoard):
    """The By Twos board (its screen sets :attr:`card_size` and shows a
    :class:`ByTwosView`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *LineBoard.COMPONENT_CLASSES,
        "bytwos--suit",
        "bytwos--count",
    }
    DEFAULT_CSS = """
    ByTwosBoard > .bytwos--suit {
        color: $text-muted;
        text-style: bold;
    }
    ByTwosBoard > .bytwos--count {
        color: $text-muted;
    }
    """

    SPACING: ClassVar[dict[art.CardSize, Spacing]] = {
        art.LARGE: Spacing(108, 12, 12),
        art.NORMAL: Spacing(88, 10, 10),
    }

    #: how big its cards are drawn (the screen picks it for the terminal's size)
    card_size: reactive[art.CardSize] = reactive(art.NORMAL, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view = ByTwosView()

    def watch_card_size(self) -> None:
        self.show()

    def show_view(self, view: ByTwosView) -> None:
        """Show ``view`` (only the lines it changes are drawn again)."""
        if view != self.view:
            self.view = view
            self.show()

    # -- drawing --------------------------------------------------------------------------

    def written(self, shown: Words, width: int, component: str = "") -> list[Text]:
        """Words drawn as a ``Static`` of ``width`` cells draws them (wrapped; a line
        shorter than the width is filled by the board), in the style of ``component``."""
        return self.picture(
            ("words", shown, width, component),
            partial(self._write, shown, width, component),
        )

    def _write(self, shown: Words, width: int, component: str) -> list[Text]:
        text, spans = shown
        style = self.get_visual_style(component) if component else self.visual_style
        options = RenderOptions(self._get_style, self.styles)  # type: ignore[arg-type]
        strips = Content(text, list(spans)).render_strips(width, None, style, options)
        return [
            Text.assemble(*((part.text, part.style or "") for part in strip)) for strip in strips
        ]

    def pile(self, place: Place, size: art.CardSize) -> list[Text]:
        """A place's pile: its title over its top card (or its back, or its empty frame)."""
        styles, ascii_only = self.card_styles(), self.ascii_only
        return self.picture(
            ("pile", place.title, place.cards, place.caption, place.face_down,
             place.playable, place.selected, size),
            lambda: art.pile(
                place.cards, styles, ascii_only, size, title=place.title, fanned=False,
                face_down=place.face_down, caption=place.caption,
                playable=place.playable, selected=place.selected,
            ),
        )  # fmt: skip

    def placed(self, place: Place, x: int, y: int, width: int, component: str) -> list[Placed]:
        """A place at (x, y), ``width`` cells wide: its pile, and its note under it."""
        size = self.card_size
        height = 1 + size.height  # (its title, and its card)
        pile = Placed(x, y, self.pile(place, size), place.key, size.width, height)
        note = Placed(x, y + height, self.written(place.note, width, component))
        return [pile, note]

    def pictures(self) -> Layout:
        view, size = self.view, self.card_size
        spacing = self.SPACING.get(size, self.SPACING[art.NORMAL])
        width = min(spacing.width, view.width)
        placed: list[Placed] = []
        y = 1  # (a blank line over the suits' names)
        pairs = fr_places(width, len(view.suits) or 1, most=width)
        for (x, pair), name in zip(pairs, view.suits, strict=False):
            placed.append(Placed(x, y, self.written(words(name), pair, "bytwos--suit")))
        for index, place in enumerate(view.foundations):
            x, pair = pairs[index // 2]
            start, own = fr_places(pair, 2, most=spacing.foundation)[index % 2]
            placed += self.placed(place, x + start, y + 1, own, "")
        pile_height = 1 + size.height
        y += 1 + pile_height + 1 + 1  # (the piles, their notes, a blank line)
        for index, place in enumerate(view.sources):
            placed += self.placed(place, index * spacing.source, y, spacing.source, "bytwos--count")
        left = len(view.sources) * spacing.source + 1  # (one cell before the panel)
        panel = self.written(view.panel, max(1, width - left))
        placed.append(Placed(left, y, panel))
        height = y + max(pile_height + 1, len(panel))
        return Layout(placed, width, height)
