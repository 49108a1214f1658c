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

Cards come in sizes (:class:`CardSize`): the screens pick the largest that their board
fits in the terminal. A compact card is five cells wide, and drawn in full it is its
two edges (or only its lower edge, where a screen is very short); a large one is eight
cells wide and five lines high, its suit in the middle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from rich.style import Style
from rich.text import Text

from parlour.engine.cards import Card
from parlour.render.terminal import suit_glyphs

WIDTH = 6
FULL_HEIGHT = 3


@dataclass(frozen=True, slots=True)
class CardSize:
    """How big a card is drawn: ``width`` cells, and ``height`` lines in full (a covered
    card in a column always takes one line, its top edge)."""

    width: int
    height: int


#: the lower edge only, ``╰─Q♣╯``: the exposed card of a column on the shortest screens
SLIM = CardSize(5, 1)
#: both edges, each with the index
COMPACT = CardSize(5, 2)
NORMAL = CardSize(WIDTH, FULL_HEIGHT)
LARGE = CardSize(8, 5)
#: the class a game's screen carries for its cards' size (its CSS sizes the board by it)
SIZE_CLASSES: Final[dict[CardSize, str]] = {
    SLIM: "-cards-compact",
    COMPACT: "-cards-compact",
    NORMAL: "-cards-normal",
    LARGE: "-cards-large",
}


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
    return card.rank_name + (card.suit if ascii_only else suit_glyphs()[card.suit])


def _face_style(card: Card, styles: CardStyles) -> Style:
    if styles.suits is not None:
        return styles.suits[card.suit]
    return styles.red if card.is_red else styles.black


def edge(
    card: Card,
    styles: CardStyles,
    ascii_only: bool = False,
    frame_style: Style | None = None,
    size: CardSize = NORMAL,
    *,
    top: bool = True,
) -> Text:
    """The top edge of a card with its index at the left (the one line a covered card
    shows), or with ``top`` False its bottom edge, the index at the right."""
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    text = label(card, ascii_only)
    border = frame_style or styles.frame
    rule = frame.horizontal * (size.width - 2 - len(text))
    line = Text(frame.top_left if top else frame.bottom_left + rule, style=border)
    line.append(text, style=_face_style(card, styles))
    line.append(rule + frame.top_right if top else frame.bottom_right, style=border)
    return line


def full(
    card: Card,
    styles: CardStyles,
    ascii_only: bool = False,
    frame_style: Style | None = None,
    size: CardSize = NORMAL,
) -> list[Text]:
    """The lines of a card drawn in full (three at the normal size)."""
    bottom = edge(card, styles, ascii_only, frame_style, size, top=False)
    if size.height == 1:
        return [bottom]
    top = edge(card, styles, ascii_only, frame_style, size)
    if size.height == 2:
        return [top, bottom]
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    border = frame_style or styles.frame
    suit = card.suit if ascii_only else suit_glyphs()[card.suit]
    inner = size.width - 2
    middle: list[Text] = []
    for row in range(size.height - 2):
        line = Text(frame.vertical, style=border)
        shown = suit.center(inner) if row == (size.height - 3) // 2 else " " * inner
        line.append(shown, style=_face_style(card, styles))
        line.append(frame.vertical, style=border)
        middle.append(line)
    return [top, *middle, bottom]


def _frame_box(
    frame: Frame, style: Style, size: CardSize, fill: str, caption: str, caption_fill: str
) -> list[Text]:
    """A card-sized frame with ``fill`` inside and ``caption`` in its middle line (in its
    top edge where the card has no middle lines)."""
    inner = size.width - 2
    shown = caption[:inner]
    if size.height <= 2:
        top_fill = shown.center(inner, caption_fill) if shown else frame.horizontal * inner
        top = Text(frame.top_left + top_fill + frame.top_right, style=style)
        if size.height == 1:
            return [top]
        bottom = frame.bottom_left + frame.horizontal * inner + frame.bottom_right
        return [top, Text(bottom, style=style)]
    lines = [Text(frame.top_left + frame.horizontal * inner + frame.top_right, style=style)]
    for row in range(size.height - 2):
        inside = shown.center(inner, caption_fill) if row == (size.height - 3) // 2 else ""
        lines.append(Text(frame.vertical + (inside or fill * inner) + frame.vertical, style=style))
    lines.append(
        Text(frame.bottom_left + frame.horizontal * inner + frame.bottom_right, style=style)
    )
    return lines


def blank(
    styles: CardStyles,
    ascii_only: bool = False,
    caption: str = "",
    style: Style | None = None,
    size: CardSize = NORMAL,
    *,
    back: bool = False,
) -> list[Text]:
    """An empty place: a dim frame with an optional caption inside; or with ``back``, the
    back of a face-down pile (the stock), with a caption such as its count."""
    frame = ASCII_FRAME if ascii_only else UNICODE_FRAME
    if back:
        fill = "#" if ascii_only else "░"
        return _frame_box(frame, style or styles.back, size, fill, caption, fill)
    edge_fill = frame.horizontal if size.height <= 2 else " "
    return _frame_box(frame, style or styles.empty, size, " ", caption, edge_fill)


def column(
    cards: tuple[Card, ...],
    styles: CardStyles,
    ascii_only: bool = False,
    exposed_style: Style | None = None,
    size: CardSize = NORMAL,
) -> list[Text]:
    """A column of overlapping cards, the last one exposed and drawn in full."""
    if not cards:
        return blank(styles, ascii_only, size=size)
    lines = [edge(card, styles, ascii_only, size=size) for card in cards[:-1]]
    lines += full(cards[-1], styles, ascii_only, exposed_style, size)
    return lines


def pile(
    cards: tuple[Card, ...],
    styles: CardStyles,
    ascii_only: bool = False,
    size: CardSize = NORMAL,
    *,
    title: str = "",
    fanned: bool = True,
    face_down: bool = False,
    caption: str = "",
    playable: bool = False,
    selected: bool = False,
) -> list[Text]:
    """The picture of a pile as a board shows it: its title over a fanned column, its top
    card, or its back (a face-down pile with ``caption``, such as its count). A playable
    pile gets a coloured frame and an underlined title; the selected pile a reversed title
    with pointers (both survive NO_COLOR's monochrome)."""
    frame_style = styles.playable if playable else None
    lines: list[Text] = []
    width = size.width
    if title:
        if selected:
            # a title as wide as the card keeps its reversed colours but loses the
            # pointers, so that it is never cut off
            pointed = f"▸{title}◂"
            shown = pointed if len(pointed) <= width else title
            lines.append(Text(shown.center(width), style=styles.selected))
        elif playable:
            lines.append(Text(title.center(width), style=styles.playable + Style(underline=True)))
        else:
            lines.append(Text(title.center(width), style=Style(dim=True)))
    if face_down:
        lines += blank(styles, ascii_only, caption, frame_style, size, back=True)
    elif not cards:
        lines += blank(styles, ascii_only, caption, frame_style, size)
    elif fanned:
        lines += column(cards, styles, ascii_only, frame_style, size)
    else:
        lines += full(cards[-1], styles, ascii_only, frame_style, size)
    return lines
