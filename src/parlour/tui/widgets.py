"""Widgets shared by every game's screen: piles of cards, a stock, a status line.

Attributes go down (a screen sets ``cards``, ``playable`` …), messages come up (a click
posts :class:`Pile.Chosen`); no widget decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich._wrap import divide_line
from rich.cells import cell_len
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.timer import Timer
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._toast import ToastRack

from parlour.engine.cards import Card
from parlour.engine.untrusted import visible
from parlour.render import cards_as_shown
from parlour.tui import cards as art


class CardArtWidget(Widget):
    """A widget that draws cards with the styles given by the app's CSS."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--red",
        "card--black",
        "card--frame",
        "card--playable",
        "card--selected",
        "card--empty",
        "card--back",
        "card--spades",
        "card--hearts",
        "card--diamonds",
        "card--clubs",
    }

    ascii_only: reactive[bool] = reactive(False)
    _card_styles: art.CardStyles | None = None
    #: card styles already looked up, shared by every widget of a kind whose own style is
    #: the same (the component rules name only the kind): the lookups cost more than
    #: drawing the cards, and a board has a dozen piles
    _shared_styles: ClassVar[dict[tuple[type[Widget], Style, bool], art.CardStyles]] = {}

    def card_styles(self) -> art.CardStyles:
        # looked up once and kept until the styles change (a theme, NO_COLOR, the deck)
        if self._card_styles is None:
            four_colour = bool(getattr(self.app, "four_colour", False))
            key = (type(self), self.rich_style, four_colour)
            shared = CardArtWidget._shared_styles.get(key)
            if shared is None:
                get = self.get_component_rich_style
                suits = (
                    {
                        "S": get("card--spades"),
                        "H": get("card--hearts"),
                        "D": get("card--diamonds"),
                        "C": get("card--clubs"),
                    }
                    if four_colour
                    else None
                )
                shared = art.CardStyles(
                    red=get("card--red"),
                    black=get("card--black"),
                    frame=get("card--frame"),
                    playable=get("card--playable"),
                    selected=get("card--selected"),
                    empty=get("card--empty"),
                    back=get("card--back"),
                    suits=suits,
                )
                CardArtWidget._shared_styles[key] = shared
            self._card_styles = shared
        return self._card_styles

    def notify_style_update(self) -> None:
        self._card_styles = None
        CardArtWidget._shared_styles.clear()
        super().notify_style_update()

    @classmethod
    def forget_styles(cls) -> None:
        """Look the styles up again (the four-colour deck was switched)."""
        CardArtWidget._shared_styles.clear()


class Pile(CardArtWidget):
    """A pile of cards: a fanned column, or just its top card; clickable.

    ``key`` names the pile for the screen (``"3"`` for column 3, ``"stock"`` …)."""

    class Chosen(Message):
        """The player clicked a pile."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    cards: reactive[tuple[Card, ...]] = reactive(())
    fanned: reactive[bool] = reactive(True, layout=True)
    playable: reactive[bool] = reactive(False)
    selected: reactive[bool] = reactive(False)
    title: reactive[str] = reactive("")
    caption: reactive[str] = reactive("")
    face_down: reactive[bool] = reactive(False)
    #: how big its cards are drawn (the screen picks it for the terminal's size)
    card_size: reactive[art.CardSize] = reactive(art.NORMAL, layout=True)

    def __init__(self, key: str, *, fanned: bool = True, title: str = "", **kwargs: str) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.key = key
        self.set_reactive(Pile.fanned, fanned)
        self.set_reactive(Pile.title, title)

    def watch_cards(self, old: tuple[Card, ...], new: tuple[Card, ...]) -> None:
        # a new layout is needed only when the pile's height changes (and only when
        # its height is not fixed by the CSS); a repaint is enough otherwise
        height = self.styles.height
        if self.fanned and len(old) != len(new) and height is not None and height.is_auto:
            self.refresh(layout=True)

    def render(self) -> RenderableType:
        lines = art.pile(
            self.cards,
            self.card_styles(),
            self.ascii_only,
            self.card_size,
            title=self.title,
            fanned=self.fanned,
            face_down=self.face_down,
            caption=self.caption,
            playable=self.playable,
            selected=self.selected,
        )
        return Text("\n").join(lines)

    def get_content_width(self, container: object, viewport: object) -> int:
        return self.card_size.width

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        height = 1 if self.title else 0
        full_height = self.card_size.height
        if self.face_down or not self.cards or not self.fanned:
            return height + full_height
        return height + len(self.cards) - 1 + full_height

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.key))


class CardSpread(CardArtWidget):
    """Cards laid out left to right, first card first, in as many rows as the widget's
    width needs: for looking through a pile. With ``step`` under the width of a card the
    cards overlap like a fan, each showing its left edge with its index, and the last of
    each row shown whole; ``mark_last`` frames the very last card as playable (the top
    of a heap)."""

    DEFAULT_CSS = """
    CardSpread {
        width: 100%;
        height: auto;
    }
    CardSpread > .card--red {
        color: $card-red;
        text-style: bold;
    }
    CardSpread > .card--black {
        color: $card-black;
        text-style: bold;
    }
    CardSpread > .card--frame {
        color: $text-muted;
    }
    CardSpread > .card--playable {
        color: $card-playable;
        text-style: bold;
    }
    """

    cards: reactive[tuple[Card, ...]] = reactive((), layout=True)
    mark_last: reactive[bool] = reactive(False)

    def __init__(self, *, step: int = art.WIDTH + 1, **kwargs: str) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.step = step

    def per_row(self, width: int) -> int:
        return max(1, (width - art.WIDTH) // self.step + 1)

    def render(self) -> RenderableType:
        styles = self.card_styles()
        per_row = self.per_row(self.content_size.width)
        cards = self.cards
        lines: list[Text] = []
        for start in range(0, len(cards), per_row):
            row = cards[start : start + per_row]
            pictures = [
                art.full(
                    shown,
                    styles,
                    self.ascii_only,
                    styles.playable if self.mark_last and index == len(cards) - 1 else None,
                )
                for index, shown in enumerate(row, start)
            ]
            if lines:
                lines.append(Text(""))
            gap = " " * max(0, self.step - art.WIDTH)
            for part in range(art.FULL_HEIGHT):
                line = Text()
                for picture in pictures[:-1]:
                    line.append_text(picture[part][: self.step])
                    line.append(gap)
                line.append_text(pictures[-1][part])
                lines.append(line)
        return Text("\n").join(lines)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = -(-len(self.cards) // self.per_row(width))
        return max(0, rows * (art.FULL_HEIGHT + 1) - 1)


class WordsLine(Static):
    """Lines of plain words (never markup): the information line over a board, the status
    line under it.

    Textual draws a ``Static``'s words through ``Content``, its styles and its wrapping,
    which costs a keypress some tenths of a millisecond for each line of words that
    changed. Here the words are drawn straight to the ``Strip``s Textual would make of
    them: wrapped where Textual wraps them (Rich's ``divide_line``, which ``Content``
    wraps with, the spaces at a wrap taken off), each line in the widget's style with the
    offset Textual's text selection reads; kept until the words, the width or the styles
    change. What this does not cover (a selection, a tab, an alignment or a wrapping other
    than Textual's default) is left to Textual's own drawing. ``render()`` still gives
    the words, as a ``Static``'s does."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(markup=False, id=id, classes=classes)
        #: the words shown, when they are a plain string
        self._words: str | None = ""
        #: the lines drawn last (None: Textual's to draw), with what they were drawn from
        self._kept: tuple[str, int, object, list[Strip] | None] | None = None
        #: how many times the words have been drawn the short way
        self.drawings = 0

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._words = content if isinstance(content, str) else None
        super().update(content, layout=layout)

    def render_line(self, y: int) -> Strip:
        lines = self._short_lines(self.content_size.width)
        if lines is None:
            return super().render_line(y)
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # as many lines as the words are drawn on (the lines kept for the next paint)
        lines = self._short_lines(width)
        if lines is None:
            return super().get_content_height(container, viewport, width)
        return len(lines)

    def _short_lines(self, width: int) -> list[Strip] | None:
        """The lines of the words drawn the short way in ``width`` cells (None: Textual's
        own drawing)."""
        words = self._words
        if not words or self.text_selection is not None:
            return None
        style = self.visual_style
        kept = self._kept
        if kept is not None and kept[0] == words and kept[1] == width and kept[2] is style:
            return kept[3]
        lines = self._draw(words, width, style) if self._plain_styles() else None
        self._kept = (words, width, style, lines)
        if lines is not None:
            self.drawings += 1
        return lines

    def _plain_styles(self) -> bool:
        styles = self.styles
        return (
            styles.text_align in ("left", "start")
            and styles.content_align_horizontal == "left"
            and styles.content_align_vertical == "top"
            and styles.text_wrap == "wrap"
            and styles.text_overflow == "fold"
            and not styles.line_pad
        )

    @staticmethod
    def _draw(words: str, width: int, style: VisualStyle) -> list[Strip] | None:
        if "\t" in words or width <= 0:
            return None
        strips: list[Strip] = []
        for y, line in enumerate(words.split("\n")):
            offsets = divide_line(line, width, fold=True)
            starts, ends = [0, *offsets], [*offsets, len(line)]
            for index, (start, end) in enumerate(zip(starts, ends, strict=True)):
                text = line[start:end] if index == len(offsets) else line[start:end].rstrip()
                cells = cell_len(text)
                if not text or cells > width:
                    return None
                strips.append(Strip([Segment(text, style.rich_style_with_offset(start, y))], cells))
        return strips


#: the lines of the key bar at every screen's foot, under the status line
KEY_BAR_LINES = 1


class StatusLine(WordsLine):
    """What just happened, or why a move was refused. Plain words, never markup: a message
    may name a record's file or echo a record's line.

    A message wraps onto as many lines as the status line may take: its CSS's
    ``max-height``, and no more than the board leaves free (``room``, asked of the screen,
    so that the status line never covers the cards). A message longer than that is cut,
    ending in :data:`CUT`, and kept whole in ``said``, which ``l`` shows. The screen's
    notices are shown above it, never over it."""

    #: how a cut message ends (the key that shows it whole)
    CUT = " … l: all"
    CUT_ASCII = " ... l: all"
    #: messages kept for the log, the newest last
    LOG_LENGTH = 60
    #: the seconds a refusal is shown before the message it covered comes back
    PASSING = 5.0

    ascii_only: bool = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.message = ""
        #: how many lines the board leaves the status line (None: as many as it likes)
        self.room: Callable[[], int | None] = lambda: None
        #: the last message was cut (``l`` shows it whole)
        self.cut = False
        #: the messages said, whole, the newest last (the last :attr:`LOG_LENGTH`)
        self.said: list[str] = []
        #: how many messages said before those are no longer kept
        self.dropped = 0
        self._width = 0
        #: the last message that was not a refusal (and whether it is shown as one: a
        #: failing save), which a refusal gives way to; the timer that brings it back
        self._lasting: tuple[str, bool] = ("", False)
        self._giving_way: Timer | None = None
        #: how many messages have asked for a new layout (their height changed)
        self.layouts = 0

    def say(
        self, message: str, *, refused: bool = False, whole: str = "", passing: bool = False
    ) -> None:
        """Show ``message`` (``whole``: what it was before the screen shortened it, for the
        log). A ``passing`` message (a refusal: a key that cannot act, a move not allowed)
        gives way after :attr:`PASSING` seconds to the message it covered, which holds
        what the game asks of the player; one more key's message replaces it at once."""
        if self._giving_way is not None:
            self._giving_way.stop()
            self._giving_way = None
        if passing:
            if self._lasting[0]:
                self._giving_way = self.set_timer(self.PASSING, self._give_way)
        else:
            self._lasting = (message, refused)
        self.set_class(refused, "-refused")
        self.message = message
        kept = whole or message
        if kept and (not self.said or self.said[-1] != kept):
            self.dropped += max(0, len(self.said) + 1 - self.LOG_LENGTH)
            self.said = [*self.said[-(self.LOG_LENGTH - 1) :], kept]
        self._show()

    def _give_way(self) -> None:
        """The message a refusal covered, back (not logged again: it was said already)."""
        self._giving_way = None
        self.message, refused = self._lasting
        self.set_class(refused, "-refused")
        self._show()

    def most_lines(self) -> int:
        """The lines the status line may take now: its CSS's limit, and the board's room."""
        limit = self.styles.max_height
        most = int(limit.value) if limit is not None and limit.is_cells else 1
        room = self.room()
        return max(1, most if room is None else min(most, room))

    def _show(self) -> None:
        text = visible(cards_as_shown(self.message, self.ascii_only))
        width = self.content_size.width
        self._width = width
        self.cut = False
        if width and (cell_len(text) > width or "\n" in text):
            lines = Text(text).wrap(self.app.console, width)
            most = self.most_lines()
            if len(lines) > most:
                self.cut = True
                tail = self.CUT_ASCII if self.ascii_only else self.CUT
                kept = [line.plain for line in lines[:most]]
                last = kept[-1]
                if cell_len(last) + cell_len(tail) > width:
                    while last and cell_len(last) + cell_len(tail) > width:
                        last = last[:-1]
                    last = last.rpartition(" ")[0] or last  # (at a word's end)
                kept[-1] = last.rstrip() + tail
                text = "\n".join(kept)
        # a message that takes as many lines as the status line has needs no new layout
        # (a layout of the screen costs a keypress several ms): a message that fits on
        # the one line it has, the common case, or one of as many lines as the last
        one_line = bool(width) and cell_len(text) <= width and "\n" not in text
        self.update(text, layout=False)
        if not (one_line and self.size.height == 1) and self._height_for(width) != self.size.height:
            self.refresh(layout=True)
            self.layouts += 1

    def _height_for(self, width: int) -> int | None:
        """The height the status line takes for what it now shows, as Textual's layout
        finds it (None when that cannot be told without a layout)."""
        least, most = self.styles.min_height, self.styles.max_height
        if not width or least is None or most is None or not (least.is_cells and most.is_cells):
            return None
        needed = self.get_content_height(self.size, self.size, width)
        return max(int(least.value), min(int(most.value), needed))

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width and self.message:
            self._show()
        self._lift_notices(event.size.height)

    def _lift_notices(self, height: int) -> None:
        """The screen's notices (Textual's toasts, right of its foot, over the key bar's
        one line) sit above the status line's ``height`` lines, not over its right half."""
        try:
            rack = self.screen.get_child_by_type(ToastRack)
        except NoMatches:
            return  # (notices off)
        rack.styles.margin = (0, 0, KEY_BAR_LINES + height, 0)

    def shown_text(self) -> str:
        """What the status line shows now (a cut message as cut)."""
        return str(self.render())


def room_left(board: Widget, status: StatusLine) -> int | None:
    """The lines a status line under ``board`` may take without covering it: those it has
    now and those the board's parts do not need (None before the first layout)."""
    if not board.size.height:
        return None
    needed = sum(
        child.outer_size.height + child.styles.margin.top + child.styles.margin.bottom
        for child in board.children
        if child.display
    )
    return status.size.height + board.content_size.height - needed
