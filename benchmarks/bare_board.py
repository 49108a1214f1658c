"""The floor for a keypress: a bare Textual app whose one Line-API widget repaints on
each key, for ``tui_timing.py --bare`` (not part of Parlour, which it does not import).

    python benchmarks/bare_board.py [--seed SEED] [--size WIDTHxHEIGHT]

Its screen is an information line and a key bar (two ``Static``s, as Parlour's screens
have) around one widget of the board's size drawn by lines (``render_line`` returning
``Strip``s kept per line, as Parlour's boards are), in the middle of the terminal. Every
key but ``q`` (which quits) repaints the widget's every line and the
information line (``seed SEED · move N``, which the timing waits for: ``move 0`` after
``u``, ``move 1`` after any other key).
"""

from __future__ import annotations

import argparse

from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.app import ComposeResult
from textual.containers import Center
from textual.containers import Middle
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static


class Board(Widget):
    """Lines of text drawn by ``render_line``, kept until the next move."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.styles.width = width
        self.styles.height = height
        self.move = 0
        self.presses = 0
        self._lines: dict[int, Strip] = {}

    def moved(self, move: int) -> None:
        self.move = move
        self.presses += 1
        self._lines.clear()
        self.refresh()

    def render_line(self, y: int) -> Strip:
        strip = self._lines.get(y)
        if strip is None:
            width = self.size.width
            text = f" {self.presses:3d} " * (width // 5)
            style = Style(color="green" if (y + self.presses) % 2 else "red", bold=True)
            strip = Strip([Segment(text[:width].ljust(width), style)], width)
            self._lines[y] = strip
        return strip


class BareBoard(App[None]):
    CSS = "Middle { height: 1fr; } Center { width: 100%; }"

    def __init__(self, seed: str, width: int, height: int) -> None:
        super().__init__()
        self.seed = seed
        self.board = Board(width, height)

    def compose(self) -> ComposeResult:
        yield Static(self.info(), id="info", markup=False)
        with Middle(), Center():
            yield self.board
        yield Static("u Undo  r Redo  q Quit", id="keys", markup=False)

    def info(self) -> str:
        return f"Bare board · seed {self.seed} · move {self.board.move}"

    def on_key(self, event: object) -> None:
        if getattr(event, "key", "") == "q":
            self.exit()
            return
        self.board.moved(0 if getattr(event, "key", "") == "u" else 1)
        self.query_one("#info", Static).update(self.info(), layout=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--size", default="56x14", help="the board's width and height")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    BareBoard(args.seed, width, height).run()


if __name__ == "__main__":
    main()
