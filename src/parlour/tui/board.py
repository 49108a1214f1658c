"""A game's board as one widget that draws itself line by line.

A board of many widgets (a widget per pile, containers to lay them out) costs Textual a
styling and a layout of each before the first frame, and a repaint of each on a move. A
:class:`LineBoard` is one widget: its screen gives it pictures placed on a grid (a pile's
lines of Rich text at a column and a line, and the key a click on it answers), and it
draws them with Textual's Line API (``render_line`` returning a ``Strip`` per line).

- Each line is kept once drawn; when the screen places new pictures, only the lines whose
  text changed are drawn again and repainted.
- Colours and styles come from the widget's component classes (``card--red`` …) and the
  theme, looked up once and again only when the styles change (a theme, NO_COLOR, the
  four-colour deck); the pictures and the lines are drawn again then.
- A click is mapped to the picture under it (its hit area, which may be larger than its
  lines: a pile's place on the board) and posted as :class:`Pile.Chosen`, as a pile
  widget's click is, so that the screen plays it as the key would.

A game's board subclasses it and implements :meth:`pictures`, drawing what its screen
last gave it (in :meth:`show`); :meth:`picture` keeps a pile's lines while what they
show is the same.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.geometry import Size
from textual.strip import Strip

from parlour.tui.widgets import CardArtWidget
from parlour.tui.widgets import Pile

#: a line of the board: its parts (a picture's line, the column it starts at, and the
#: style under it if not the board's own)
_Line = tuple[tuple[int, Text, Style | None], ...]


@dataclass(frozen=True, slots=True)
class Placed:
    """A picture on the board: its ``lines`` from column ``x``, line ``y``; ``key`` names
    what a click on it chooses (None: nothing), over ``width`` × ``height`` cells (0: the
    picture's own width or number of lines). A picture taller than ``height`` is cut.
    Its lines are drawn over the board's own style, or over ``under`` where given (such
    as a container's padding, which has only its background)."""

    x: int
    y: int
    lines: Sequence[Text]
    key: str | None = None
    width: int = 0
    height: int = 0
    under: Style | None = None

    @property
    def area(self) -> Region:
        """The cells the picture takes on the board (a click there chooses ``key``)."""
        width = self.width or max((line.cell_len for line in self.lines), default=0)
        return Region(self.x, self.y, width, self.height or len(self.lines))


@dataclass(frozen=True, slots=True)
class Layout:
    """What a board shows: its pictures, and its size in cells."""

    pictures: Sequence[Placed]
    width: int
    height: int


_EMPTY = Text()


def _blanks(count: int) -> list[Text]:
    return [_EMPTY] * max(0, count)


@lru_cache(maxsize=64)
def _blank(width: int) -> Text:
    """A blank line ``width`` cells wide (one for each width: drawn once)."""
    return Text(" " * width)


def fr_unit(
    total: int, count: int, *, gap: int = 0, after: int = 0, last_gap: bool = True
) -> Fraction:
    """The width of each of :func:`fr_places`'s places, before it is rounded."""
    gaps = gap * (count if last_gap else count - 1)
    return Fraction(max(0, total - after - gaps), count) if count else Fraction(0)


@lru_cache(maxsize=128)
def fr_places(
    total: int,
    count: int,
    *,
    gap: int = 0,
    after: int = 0,
    last_gap: bool = True,
    most: int | None = None,
    start: int = 0,
) -> tuple[tuple[int, int], ...]:
    """``count`` equal places, (column, width) each, across ``total`` cells from column
    ``start``, as Textual shares ``1fr`` among widgets in a row, which a board drawn by
    lines places its pictures as: ``after`` cells kept for a fixed place, ``gap`` cells
    after each place (but the last, without ``last_gap``), each at most ``most`` cells,
    every start and end rounded down.

    >>> fr_places(58, 4)
    ((0, 14), (14, 15), (29, 14), (43, 15))
    >>> fr_places(15, 2, most=10), fr_places(22, 2, most=10)
    (((0, 7), (7, 8)), ((0, 10), (10, 10)))
    >>> fr_places(20, 2, gap=1, last_gap=False, start=3)
    ((3, 9), (13, 10))
    """
    unit = fr_unit(total, count, gap=gap, after=after, last_gap=last_gap)
    if most is not None:
        unit = min(unit, Fraction(most))
    places: list[tuple[int, int]] = []
    x = Fraction(0)
    for _ in range(count):
        end = x + unit
        places.append((start + int(x), int(end - int(x))))
        x = end + gap
    return tuple(places)


def _fit(lines: Sequence[Text], width: int, height: int, *, pad: bool) -> list[Text]:
    """A picture's lines in a place ``width`` × ``height``: cut to it, and (``pad``)
    filled out to its width; a picture shorter than its place is filled with blank lines
    of the board's own style, as a widget of that height would be."""
    shown: list[Text] = []
    for line in [*lines[:height], *_blanks(height - len(lines))]:
        cells = line.cell_len
        if cells > width:
            line = line[:width]
            cells = line.cell_len
        if cells < width and pad:
            line = _blank(width) if line is _EMPTY else line + " " * (width - cells)
        shown.append(line)
    return shown


def _same(one: _Line, other: _Line) -> bool:
    """Two lines draw the same (a Rich text's equality leaves out its own style)."""
    return len(one) == len(other) and all(
        x == y
        and c == d
        and (a is b or (a.plain == b.plain and a.style == b.style and a.spans == b.spans))
        for (x, a, c), (y, b, d) in zip(one, other, strict=True)
    )


class LineBoard(CardArtWidget):
    """A board drawn line by line from placed pictures (subclasses say what is placed)."""

    DEFAULT_CSS = """
    LineBoard {
        width: auto;
        height: auto;
    }
    """

    #: pictures kept at most (the drawn pictures of the piles of a few positions)
    KEPT_PICTURES: ClassVar[int] = 256

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: what the board shows, as last laid out (None: to be laid out when drawn)
        self._layout: Layout | None = None
        #: each line's text and its strip, as last drawn (None: all to be drawn)
        self._texts: list[_Line] | None = None
        self._strips: list[Strip] = []
        self._base = self._blank = Style()
        self._kept: dict[Hashable, list[Text]] = {}
        #: the segments of each picture's line drawn (by the line's identity)
        self._drawn: dict[int, tuple[Text, Style | None, list[Segment]]] = {}
        #: each picture's lines fitted to its place (by the identity of its lines): the
        #: lines, their identities, the place asked for (width, height), the lines fitted
        self._fitted: dict[
            int, tuple[Sequence[Text], tuple[int, ...], tuple[int, int], list[Text]]
        ] = {}

    # -- what subclasses give -------------------------------------------------------------

    def pictures(self) -> Layout:
        """The pictures to draw and the board's size, from what the screen last showed
        (subclasses; called only once the styles are known)."""
        return Layout((), 0, 0)

    def picture(self, key: Hashable, draw: Callable[[], list[Text]]) -> list[Text]:
        """A picture drawn by ``draw``, kept under ``key`` (all that it depends on) until
        the styles change."""
        lines = self._kept.get(key)
        if lines is None:
            if len(self._kept) >= self.KEPT_PICTURES:
                self._kept.clear()
            lines = self._kept[key] = draw()
        return lines

    # -- drawing --------------------------------------------------------------------------

    def show(self) -> None:
        """What the board shows has changed: draw again the lines that differ, and repaint
        only those (a new layout only when the board's size changes)."""
        if self._texts is None or not self.is_mounted:
            self.refresh(layout=True)  # (drawn whole when it is next painted)
            return
        before = self._layout
        texts = self._lay_out()
        if before is None or self._layout is None:
            return
        if (before.width, before.height) != (self._layout.width, self._layout.height):
            self._draw_all(texts)
            self.refresh(layout=True)
            return
        width = self._layout.width
        changed: list[Region] = []
        for y, text in enumerate(texts):
            if not _same(text, self._texts[y]):
                self._texts[y] = text
                self._strips[y] = self._strip(text, width)
                changed.append(Region(0, y, width, 1))
        if changed:
            self.refresh(*changed)

    def _lay_out(self) -> list[_Line]:
        """Lay the pictures out: each line's parts, left to right."""
        layout = self._layout = self.pictures()
        height = layout.height
        rows: list[list[tuple[int, Text, Style | None]]] = [[] for _ in range(height)]
        fitted = self._fitted
        if len(fitted) >= 4 * self.KEPT_PICTURES:
            fitted.clear()
        for placed in layout.pictures:
            lines, x, y, under = placed.lines, placed.x, placed.y, placed.under
            # a picture kept (the same lines, placed alike) is fitted once: the same
            # lines, padded or cut alike, are then the same objects, drawn once
            ids = tuple(map(id, lines))
            asked = (placed.width, placed.height)
            kept = fitted.get(id(lines))
            if kept is None or kept[0] is not lines or kept[1] != ids or kept[2] != asked:
                area = placed.area
                shown_lines = _fit(lines, area.width, area.height, pad=bool(placed.width))
                kept = fitted[id(lines)] = (lines, ids, asked, shown_lines)
            for offset, shown in enumerate(kept[3]):
                if 0 <= y + offset < height:
                    rows[y + offset].append((x, shown, under))
        return [tuple(sorted(row, key=lambda part: part[0])) for row in rows]

    def _strip(self, line: _Line, width: int) -> Strip:
        """A line drawn: its parts over the board's style, the cells between them and
        after them only the board's background (as a container's are)."""
        console, base, blank = self.app.console, self._base, self._blank
        segments: list[Segment] = []
        at = 0
        drawn = self._drawn
        for x, text, under in line:
            if x > at:
                segments.append(Segment(" " * (x - at), blank))
            # a picture's line is drawn once (its segments kept with it, by its identity,
            # until the styles change)
            kept = drawn.get(id(text))
            if kept is None or kept[0] is not text or kept[1] is not under:
                # (a text's own style is under its spans, as when Rich prints it)
                own = console.get_style(text.style) if isinstance(text.style, str) else text.style
                style = (base if under is None else under) + own
                parts = list(Segment.apply_style(text.render(console, end=""), style))
                if len(drawn) >= 4 * self.KEPT_PICTURES:
                    drawn.clear()
                kept = drawn[id(text)] = (text, under, parts)
            segments += kept[2]
            at = max(at, x) + text.cell_len
        return Strip(segments).adjust_cell_length(width, blank)

    def _draw_all(self, texts: list[_Line]) -> None:
        assert self._layout is not None
        self._base = self.rich_style
        self._drawn.clear()
        self._blank = Style(bgcolor=self._base.bgcolor)
        self._texts = texts
        self._strips = [self._strip(text, self._layout.width) for text in texts]

    def render_line(self, y: int) -> Strip:
        if self._texts is None:
            self._draw_all(self._lay_out())
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self._blank)

    def forget(self) -> None:
        """Draw every picture and line again when next painted (what they show is the
        same, but not how: a theme, NO_COLOR, the deck, ASCII)."""
        self._kept.clear()
        self._fitted.clear()
        self._texts = None

    def notify_style_update(self) -> None:
        self.forget()
        super().notify_style_update()

    def watch_ascii_only(self) -> None:
        self.forget()

    # -- size and clicks ------------------------------------------------------------------

    def _board_size(self) -> Size:
        if self._layout is None or self._texts is None:
            self._layout = self.pictures()
        return Size(self._layout.width, self._layout.height)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._board_size().width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._board_size().height

    def areas(self) -> dict[str, Region]:
        """Where each picture a click chooses is, by its key, on the screen."""
        if self._layout is None:
            return {}
        offset = self.content_region.offset
        return {
            placed.key: placed.area.translate(offset)
            for placed in self._layout.pictures
            if placed.key is not None
        }

    def key_at(self, x: int, y: int) -> str | None:
        """The key of the picture at (x, y) of the board, if any."""
        if self._layout is None:
            return None
        for placed in self._layout.pictures:
            if placed.key is not None and placed.area.contains(x, y):
                return placed.key
        return None

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x, event.y)
        if key is not None:
            self.post_message(Pile.Chosen(key))
