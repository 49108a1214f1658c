"""Three Squares's board as one widget, drawn line by line (tui/board.py): the three
squares side by side, each its title over two rows of two heaps on a lighter ground (a
heap drawn as in squares_heap.py), the pack and its notes beside them, and the keys'
legend under them where the terminal has lines to spare::

     Square 1             Square 2             Square 3             Pack
      1a        1b         2a        2b        …                   ╭░░░░╮
     +7 under             …                                        │░12░│
     ╭K♠──╮    ╭9♥──╮                                              ╰────╯
     …                                                             12 cards

The places are those of a layout of Textual's containers (the squares share the width
left beside the notes, each heap half of its square), rounded as Textual rounds them;
where the terminal is narrow the notes go under the squares, in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from functools import partial
from typing import ClassVar

from rich.style import Style
from rich.text import Span
from rich.text import Text
from textual.color import Color
from textual.reactive import reactive

from parlour.engine.cards import Card
from parlour.tui import cards as art
from parlour.tui.board import Layout
from parlour.tui.board import LineBoard
from parlour.tui.board import Placed
from parlour.tui.board import fr_places
from parlour.tui.board import fr_unit
from parlour.tui.screens.squares_heap import HeapLooks
from parlour.tui.screens.squares_heap import HeapShown
from parlour.tui.screens.squares_heap import heap_picture

#: a line of words: its pieces of text, each with its style's names (Rich's words, such
#: as ``bold`` or ``dim``, and the board's component classes, such as ``heap--cursor``)
Runs = tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class SquaresView:
    """What the board shows: the twelve heaps (their cards, how each is shown), how many
    squares are formed, the notes of the squares not formed (their lines), the square the
    next deal goes to and the square whose heap is being typed, the pack (its count, its
    marks) and its notes, the notes in one line for narrow terminals, the keys' legend;
    and the terminal's size (the board's layout follows it)."""

    heaps: tuple[tuple[Card, ...], ...] = ()
    shown: tuple[HeapShown, ...] = ()
    formed: int = 0
    notes: tuple[tuple[Runs, ...], ...] = ((), (), ())
    next_deal: int | None = None
    typed: int | None = None
    pack: int = 0
    pack_playable: bool = False
    pack_selected: bool = False
    side: tuple[Runs, ...] = ()
    pack_line: Runs = ()
    legend: str = ""
    #: how many lines after the first of the forming square's note each offer a sequence
    #: to start it with (a click on one chooses it)
    choices: int = 0
    #: the terminal's columns and lines
    columns: int = 100
    lines: int = 32


@dataclass(frozen=True, slots=True)
class Spacing:
    """How the board is laid out for a terminal (in cells and lines)."""

    #: the notes go under the squares in one line (no column of notes beside them)
    narrow: bool
    #: each heap's height, the lines over the squares and between their rows
    heap: int
    top: int
    between: int
    #: the keys' legend under the board
    legend: bool


#: the least terminal width at which the notes stand beside the squares
WIDE = 78
#: (least lines, heap's height on a narrow terminal, on a wide one): a heap shows five
#: cards of its run at 24 lines, more on taller terminals, fewer below
HEIGHTS: tuple[tuple[int, int, int], ...] = ((30, 10, 10), (24, 8, 9), (22, 7, 8), (0, 6, 6))
#: the board's width at each size of card, at most (the terminal's less two cells)
WIDTHS: dict[art.CardSize, int] = {art.LARGE: 130, art.NORMAL: 100}
#: the column of notes beside the squares; cells between squares, narrow and wide
SIDE = 12
GAPS = (1, 2)


def spacing(columns: int, lines: int, size: art.CardSize) -> Spacing:
    """The layout of the board for a terminal of ``columns`` × ``lines``."""
    narrow = columns < WIDE
    tall = lines >= HEIGHTS[0][0]
    heap = next((high[1] if narrow else high[2]) for high in HEIGHTS if lines >= high[0])
    if size == art.LARGE:
        heap = 14  # eight cells wide, five lines high
    return Spacing(narrow, heap, int(tall), int(tall), tall and not narrow)


class SquaresBoard(LineBoard):
    """The Three Squares board (its screen sets :attr:`card_size` and shows a
    :class:`SquaresView`): the three squares side by side, each its title over two rows
    of two heaps on a lighter ground (or its note while it is not formed), the pack and
    its notes beside them (under them in one line where the terminal is narrow), and on
    tall terminals the keys' legend under it all."""

    DEFAULT_CSS = """
    SquaresBoard > .square--ground {
        background: $boost;
    }
    SquaresBoard > .heap--cursor {
        color: $text-warning;
        text-style: bold;
    }
    SquaresBoard > .heap--note {
        color: $text-muted;
    }
    SquaresBoard > .squares--next {
        color: $text-primary;
    }
    SquaresBoard > .squares--typed {
        color: $text-warning;
    }
    SquaresBoard > .squares--mark {
        color: $text-success;
        text-style: bold;
    }
    SquaresBoard > .squares--red {
        color: $text-error;
        text-style: bold;
    }
    SquaresBoard > .squares--black {
        color: $text;
        text-style: bold;
    }
    SquaresBoard > .squares--legend {
        color: $text-muted;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = LineBoard.COMPONENT_CLASSES | {
        "square--ground",
        "heap--cursor",
        "heap--note",
        "squares--next",
        "squares--typed",
        "squares--mark",
        "squares--red",
        "squares--black",
        "squares--legend",
    }
    #: the card styles drawn on a square's ground
    CARD_PARTS: ClassVar[tuple[str, ...]] = (
        "red", "black", "frame", "playable", "selected", "empty", "back",
    )  # fmt: skip

    #: how big its cards are drawn (the screen picks it for the terminal's size)
    card_size: reactive[art.CardSize] = reactive(art.NORMAL, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view = SquaresView()
        self._styles: dict[tuple[str, bool], Style] = {}
        self._square_cards: art.CardStyles | None = None

    def watch_card_size(self) -> None:
        self.show()

    def show_view(self, view: SquaresView) -> None:
        """Show ``view`` (only the lines it changes are drawn again)."""
        if view != self.view:
            self.view = view
            self.show()

    def forget(self) -> None:
        self._styles.clear()
        self._square_cards = None
        super().forget()

    # -- styles ---------------------------------------------------------------------------

    def style(self, names: str, on_square: bool = False) -> Style:
        """The style of ``names`` (Rich's words and the board's component classes), on a
        square's ground or on the board's."""
        key = (names, on_square)
        found = self._styles.get(key)
        if found is None:
            found = self.ground() if on_square else self.rich_style
            for name in names.split():
                if name in self.COMPONENT_CLASSES:
                    found += self.component(name, on_square)
                else:
                    found += Style.parse(name)
            self._styles[key] = found
        return found

    def ground(self) -> Style:
        """A square's ground: the board's colours, its background lighter."""
        found = self._styles.get(("", True))
        return self.get_component_rich_style("square--ground") if found is None else found

    def component(self, name: str, on_square: bool) -> Style:
        """A component class's style, its colour blended over a square's ground (as a
        widget on the square would blend it) or over the board's."""
        if not on_square:
            return self.get_component_rich_style(name)
        styles = self.get_component_styles(name)
        ground = self.ground()
        below = Color.from_rich_color(ground.bgcolor)
        color = styles.color if styles.has_rule("color") else Color.from_rich_color(ground.color)
        if styles.has_rule("auto_color") and styles.auto_color:
            color = below.get_contrast_text(color.a)
        return styles.text_style + Style.from_color((below + color).rich_color, below.rich_color)

    def square_card_styles(self) -> art.CardStyles:
        """The card styles on a square's ground (their colours blended over it)."""
        if self._square_cards is None:
            suits = self.card_styles().suits
            parts = {part: self.component(f"card--{part}", True) for part in self.CARD_PARTS}
            if suits is not None:
                suits = {
                    suit: self.component(f"card--{name}", True)
                    for suit, name in (
                        ("S", "spades"), ("H", "hearts"), ("D", "diamonds"), ("C", "clubs"),
                    )
                }  # fmt: skip
            self._square_cards = art.CardStyles(**parts, suits=suits)
        return self._square_cards

    def words(self, runs: Runs, on_square: bool = False, base: str = "") -> Text:
        """A line of words in their styles (over ``base``), as a widget's text: the
        cells after it are left to the background."""
        text = Text(end="")
        under = self.style(base, on_square)
        for part, names in runs:
            text.append(part, under + self.style(names, on_square) if names else under)
        return text

    def wrapped(
        self, runs: Runs, width: int, on_square: bool = False, base: str = ""
    ) -> list[Text]:
        """A line of words wrapped to ``width`` cells (kept while the same)."""

        def wrap() -> list[Text]:
            words = self.words(runs, on_square, base)
            lines = list(words.wrap(self.app.console, max(1, width)))
            for line in lines:  # (a wrapped line's last space is left to the background)
                line.rstrip()
                line.append(" " * max(0, width - line.cell_len))
            return lines

        return self.picture(("words", runs, width, on_square, base), wrap)

    def background(self, on_square: bool) -> Style:
        """The background alone (a widget's padding, the cells after its text)."""
        key = ("-background", on_square)
        found = self._styles.get(key)
        if found is None:
            found = self._styles[key] = Style(bgcolor=self.style("", on_square).bgcolor)
        return found

    # -- the layout -----------------------------------------------------------------------

    def pictures(self) -> Layout:
        view, size = self.view, self.card_size
        space = spacing(view.columns, view.lines, size)
        width = min(WIDTHS.get(size, WIDTHS[art.NORMAL]), max(0, view.columns - 2))
        gap = GAPS[0] if space.narrow else GAPS[1]
        squares = fr_places(width, 3, gap=gap, after=0 if space.narrow else SIDE)
        # (Textual sizes a square's height for the width of its share rounded down, and
        # then lays it out in its place, which may be a cell wider)
        box = int(fr_unit(width, 3, gap=gap, after=0 if space.narrow else SIDE))
        placed: list[Placed] = []
        top = space.top
        bottom = top
        for square, (x, square_width) in enumerate(squares, start=1):
            bottom = max(
                bottom, self.place_square(placed, square, x, top, (square_width, box), space)
            )
        if not space.narrow:
            x = squares[-1][0] + squares[-1][1] + gap
            bottom = max(bottom, self.place_side(placed, x, top))
        if space.narrow:
            line = self.wrapped(view.pack_line, width)[:1]
            placed.append(Placed(0, bottom, line, None, width, 1, self.background(False)))
            bottom += 1
        if space.legend:  # (a line even when it has no words: not in play)
            legend = self.wrapped(((view.legend, ""),), width, base="squares--legend")
            placed.append(Placed(0, bottom + 1, legend, None, width, 0, self.background(False)))
            bottom += 1 + len(legend)
        return Layout(placed, width, bottom)

    def place_square(
        self,
        placed: list[Placed],
        square: int,
        x: int,
        y: int,
        widths: tuple[int, int],
        space: Spacing,
    ) -> int:
        """Place a square's title, heaps and note from (x, y), ``widths`` its width and
        the width its height is measured at; the line under it."""
        view = self.view
        width = widths[0]
        inner = width - 1  # (a cell of the ground before the heaps)
        title = self.picture(
            ("title", square, view.formed, view.next_deal, view.typed, inner),
            partial(self.title_line, square, inner),
        )
        pad = self.background(True)  # (the square's padding: its ground only)
        placed.append(Placed(x, y, blanks(1, 1), under=pad))
        placed.append(Placed(x + 1, y, title, None, inner, 1, pad))
        y += 1
        if square > view.formed:
            # the note, padded by a line over it and a cell after it
            note = view.notes[square - 1]
            lines = self.picture(("note", note, inner), lambda: self.note_lines(note, inner - 1))
            placed.append(Placed(x, y, blanks(width, 1), under=pad))
            placed.append(Placed(x, y + 1, blanks(1, len(lines)), under=pad))
            for start, end, key in self.note_parts(note, inner - 1, square):
                part = self.picture(
                    ("note part", note, inner, start, end),
                    partial(lambda s, e: lines[s:e], start, end),
                )
                placed.append(Placed(x + 1, y + 1 + start, part, key, inner - 1, end - start, pad))
            placed.append(Placed(x + inner, y + 1, blanks(1, len(lines)), under=pad))
            measured = len(self.wrapped(note[0], widths[1] - 2)) if note else 0
            measured += sum(len(self.wrapped(runs, widths[1] - 2)) for runs in note[1:])
            under = y + 1 + len(lines)
            if measured > len(lines):  # (the square's ground goes on under the note)
                more = measured - len(lines)
                placed.append(Placed(x, under, blanks(width, more), under=pad))
            return under + max(0, measured - len(lines))
        looks = HeapLooks(
            self.style("heap--cursor", True),
            self.style("heap--note", True),
            self.style("dim", True),
            self.ascii_only,
        )
        styles = self.square_card_styles()
        blank = blanks(1, 1) * space.heap
        first = (square - 1) * 4
        for row in (0, 2):
            if row:
                y += space.between
            for index, (at, heap_width) in zip(
                (first + row, first + row + 1),
                fr_places(inner, 2, gap=1, last_gap=False, start=x + 1),
                strict=True,
            ):
                shown, cards = view.shown[index], view.heaps[index]
                lines = self.picture(
                    ("heap", cards, shown, heap_width, space.heap, self.card_size, looks),
                    partial(self.heap_lines, cards, styles, (heap_width, space.heap), shown, looks),
                )
                placed.append(Placed(at - 1, y, blank, under=pad))
                placed.append(Placed(at, y, lines, shown.title, heap_width, space.heap, pad))
            y += space.heap
            if space.between:
                placed.append(Placed(x, y, blanks(width, space.between), under=pad))
        return y + space.between

    def heap_lines(
        self,
        cards: tuple[Card, ...],
        styles: art.CardStyles,
        place: tuple[int, int],
        shown: HeapShown,
        looks: HeapLooks,
    ) -> list[Text]:
        ground = self.style("", True)
        lines = heap_picture(cards, styles, self.ascii_only, self.card_size, place, shown, looks)
        # (the lines under the picture take the ground's colours, as a widget's do)
        blank = Text(" " * place[0], style=ground)
        return [on_ground(line, ground, place[0]) for line in lines[: place[1]]] + [blank] * max(
            0, place[1] - len(lines)
        )

    def title_line(self, square: int, room: int) -> list[Text]:
        view = self.view
        formed = square <= view.formed
        words = f"Square {square}"
        runs: list[tuple[str, str]] = [(words, "bold" if formed else "dim")]
        if formed and view.next_deal == square:
            # where the square is narrow, the pack's notes name the next deal in full
            marker = " · next deal" if room >= len(f"{words} · next deal") else " · next"
            runs.append((marker, "squares--next"))
        if view.typed == square:
            runs = [(part, f"{names} reverse") for part, names in runs]
            runs.append(("  a b c d?", "squares--typed"))
        return self.wrapped(tuple(runs), room, True)[:1]

    def note_lines(self, note: tuple[Runs, ...], width: int) -> list[Text]:
        return [line for runs in note for line in self.wrapped(runs, width, True)]

    def note_parts(
        self, note: tuple[Runs, ...], width: int, square: int
    ) -> list[tuple[int, int, str | None]]:
        """The note's lines (as :meth:`note_lines` wraps them) in parts, each with what a
        click on it chooses: the forming square's sequences on offer, one by one."""
        counts = [len(self.wrapped(runs, width, True)) for runs in note]
        total = sum(counts)
        choices = self.view.choices if square == self.view.formed + 1 else 0
        if not choices or len(counts) <= choices:
            return [(0, total, None)]
        parts: list[tuple[int, int, str | None]] = [(0, counts[0], None)]
        for number in range(1, choices + 1):
            start = parts[-1][1]
            parts.append((start, start + counts[number], f"sequence {number}"))
        if parts[-1][1] < total:
            parts.append((parts[-1][1], total, None))
        return parts

    def place_side(self, placed: list[Placed], x: int, y: int) -> int:
        """Place the pack and its notes from (x, y); the line under them."""
        view, size = self.view, self.card_size
        styles = self.card_styles()
        pack = self.picture(
            ("pack", view.pack, view.pack_playable, view.pack_selected, size),
            lambda: art.pile(
                (), styles, self.ascii_only, size, title="Pack", face_down=bool(view.pack),
                caption=str(view.pack) if view.pack else "none",
                playable=view.pack_playable, selected=view.pack_selected,
            ),
        )  # fmt: skip
        placed.append(Placed(x, y, pack, "pack", size.width, len(pack)))
        y += len(pack)
        notes: list[Text] = []
        for runs in view.side:
            notes += self.wrapped(runs, SIDE)
        placed.append(Placed(x, y, notes, None, SIDE, 0, self.background(False)))
        return y + len(notes)


@lru_cache(maxsize=64)
def blanks(width: int, count: int) -> list[Text]:
    """``count`` blank lines ``width`` cells wide (the same lines each time: drawn once)."""
    return [Text(" " * width)] * count


def on_ground(line: Text, ground: Style, width: int = 0) -> Text:
    """``line`` on a square's ground, as a widget's text there: its own style (and the
    ground's) under its spans, the cells after it left to the background."""
    own = line.style if isinstance(line.style, Style) else Style.parse(line.style)
    spans = [Span(0, len(line.plain), ground + own), *line.spans]
    shown = Text(line.plain, spans=spans, end="")
    if shown.cell_len < width:  # (the cells after it: the background only, unstyled)
        shown.append(" " * (width - shown.cell_len))
    return shown
