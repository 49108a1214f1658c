"""Widgets shared by every game's screen: piles of cards, a stock, a status line.

Attributes go down (a screen sets ``cards``, ``playable`` …), messages come up (a click
posts :class:`Pile.Chosen`); no widget decides a rule.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from parlour.engine.cards import SUIT_GLYPHS, Card
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
    }

    ascii_only: reactive[bool] = reactive(False)

    def card_styles(self) -> art.CardStyles:
        get = self.get_component_rich_style
        return art.CardStyles(
            red=get("card--red"),
            black=get("card--black"),
            frame=get("card--frame"),
            playable=get("card--playable"),
            selected=get("card--selected"),
            empty=get("card--empty"),
            back=get("card--back"),
        )


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
        styles = self.card_styles()
        # playable piles get a coloured frame and an underlined title; the selected
        # pile a reversed title with pointers (both survive NO_COLOR's monochrome)
        frame_style = styles.playable if self.playable else None
        lines: list[Text] = []
        if self.title:
            if self.selected:
                # a title as wide as the card keeps its reversed colours but loses the
                # pointers, so that it is never cut off
                pointed = f"▸{self.title}◂"
                shown = pointed if len(pointed) <= art.WIDTH else self.title
                title = Text(shown.center(art.WIDTH), style=styles.selected)
            elif self.playable:
                title = Text(
                    self.title.center(art.WIDTH), style=styles.playable + Style(underline=True)
                )
            else:
                title = Text(self.title.center(art.WIDTH), style=Style(dim=True))
            lines.append(title)
        if self.face_down:
            lines += art.back(styles, self.ascii_only, self.caption, frame_style)
        elif not self.cards:
            lines += art.blank(styles, self.ascii_only, self.caption, frame_style)
        elif self.fanned:
            lines += art.column(self.cards, styles, self.ascii_only, frame_style)
        else:
            lines += art.full(self.cards[-1], styles, self.ascii_only, frame_style)
        return Text("\n").join(lines)

    def get_content_width(self, container: object, viewport: object) -> int:
        return art.WIDTH

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        height = 1 if self.title else 0
        if self.face_down or not self.cards or not self.fanned:
            return height + art.FULL_HEIGHT
        return height + len(self.cards) - 1 + art.FULL_HEIGHT

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
        color: $text-error;
        text-style: bold;
    }
    CardSpread > .card--black {
        color: $text;
        text-style: bold;
    }
    CardSpread > .card--frame {
        color: $text-muted;
    }
    CardSpread > .card--playable {
        color: $text-success;
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


_CARD_IN_TEXT = re.compile(r"\b(10|[2-9AJQK])([CDHS])\b")


def with_suit_symbols(message: str) -> str:
    """The engine writes cards in notation (``9C``); show them with suit symbols."""
    return _CARD_IN_TEXT.sub(lambda m: m.group(1) + SUIT_GLYPHS[m.group(2)], message)


class StatusLine(Static):
    """What just happened, or why a move was refused."""

    ascii_only: bool = False

    def say(self, message: str, *, refused: bool = False) -> None:
        self.set_class(refused, "-refused")
        self.update(message if self.ascii_only else with_suit_symbols(message))
