"""Cards drawn as small framed pictures, as Rich text.

A card is six cells wide. Drawn in full it is three lines; when another card overlaps
it, only its top edge shows, and that edge carries the rank and suit, so every card in
an overlapping column stays readable::

    ╭9♠──╮      covered cards: one line each
    ╭10♥─╮
    ╭Q♣──╮      the exposed card: three lines
    │ ♣  │
    ╰──Q♣╯

The ASCII style uses letters for suits and ``+ - |`` for the frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from parlour.engine.cards import SUIT_GLYPHS
from parlour.engine.cards import Card

WIDTH = 6
FULL_HEIGHT = 3


@dataclass(frozen=True, slots=True)
class CardStyles:
    """Rich styles for the parts of a card, taken from the app's CSS."""

    red: Style
    black: Style
    frame: Style
    playable: Style
    selected: Style
    empty: Style
    back: Style
    #: the four-colour deck: a style for each suit letter (None: red and black)
    suits: Mapping[str, Style] | None = None

    @classmethod
    def plain(cls) -> CardStyles:
        """Simple colours, for drawing outside the app."""
        return cls(
            red=Style(color="red", bold=True),
            black=Style(bold=True),
            frame=Style(),
            playable=Style(color="green", bold=True),
            selected=Style(reverse=True),
            empty=Style(dim=True),
            back=Style(color="blue"),
        )


@dataclass(frozen=True, slots=True)
class Frame:
    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    horizontal: str
    vertical: str


UNICODE_FRAME = Frame("╭", "╮", "╰", "╯", "─", "│")
ASCII_FRAME = Frame("+", "+", "+", "+", "-", "|")


def label(card: Card, ascii_only: bool) -> str:
    """``9♠`` / ``10♥``, or ``9S`` / ``10H`` in ASCII."""
    return card.rank_name + (card.suit if ascii_only else SUIT_GLYPHS[card.suit])


def _face_style(card: Card, styles: CardStyles) -> Style:
    if styles.suits is not None:
        return styles.suits[card.suit]
    return styles.red if card.is_red else styles.black


def edge(
    card: Card, styles: CardStyles, ascii_only: bool = False, frame_style: Style | None = None
) -> Text:
    """The top edge of a card with its index: the one line a covered card shows."""
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    text = label(card, ascii_only)
    border = frame_style or styles.frame
    line = Text(frame.top_left, style=border)
    line.append(text, style=_face_style(card, styles))
    line.append(frame.horizontal * (WIDTH - 2 - len(text)) + frame.top_right, style=border)
    return line


def full(
    card: Card, styles: CardStyles, ascii_only: bool = False, frame_style: Style | None = None
) -> list[Text]:
    """The three lines of a card drawn in full."""
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    border = frame_style or styles.frame
    face = _face_style(card, styles)
    text = label(card, ascii_only)
    suit = card.suit if ascii_only else SUIT_GLYPHS[card.suit]
    middle = Text(frame.vertical, style=border)
    middle.append(f" {suit}".ljust(WIDTH - 2), style=face)
    middle.append(frame.vertical, style=border)
    bottom = Text(frame.bottom_left + frame.horizontal * (WIDTH - 2 - len(text)), style=border)
    bottom.append(text, style=face)
    bottom.append(frame.bottom_right, style=border)
    return [edge(card, styles, ascii_only, frame_style), middle, bottom]


def blank(
    styles: CardStyles, ascii_only: bool = False, caption: str = "", style: Style | None = None
) -> list[Text]:
    """An empty place: a dim frame with an optional caption inside."""
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    shown = style or styles.empty
    top = Text(frame.top_left + frame.horizontal * (WIDTH - 2) + frame.top_right, style=shown)
    middle = Text(
        frame.vertical + caption[: WIDTH - 2].center(WIDTH - 2) + frame.vertical, style=shown
    )
    bottom = Text(
        frame.bottom_left + frame.horizontal * (WIDTH - 2) + frame.bottom_right, style=shown
    )
    return [top, middle, bottom]


def back(
    styles: CardStyles, ascii_only: bool = False, caption: str = "", style: Style | None = None
) -> list[Text]:
    """The back of a face-down pile (the stock), with a caption such as its count."""
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    shown = style or styles.back
    fill = "#" if ascii_only else "░"
    top = Text(frame.top_left + frame.horizontal * (WIDTH - 2) + frame.top_right, style=shown)
    inner = caption[: WIDTH - 2].center(WIDTH - 2, fill) if caption else fill * (WIDTH - 2)
    middle = Text(frame.vertical + inner + frame.vertical, style=shown)
    bottom = Text(
        frame.bottom_left + frame.horizontal * (WIDTH - 2) + frame.bottom_right, style=shown
    )
    return [top, middle, bottom]


def column(
    cards: tuple[Card, ...],
    styles: CardStyles,
    ascii_only: bool = False,
    exposed_style: Style | None = None,
) -> list[Text]:
    """A column of overlapping cards, the last one exposed and drawn in full."""
    if not cards:
        return blank(styles, ascii_only)
    lines = [edge(card, styles, ascii_only) for card in cards[:-1]]
    lines += full(cards[-1], styles, ascii_only, exposed_style)
    return lines
