"""Reading the app's golf card as a player sees it: the card drawn as text, and its cells
row by row."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.widgets import Static


def card_text(screen: Any, width: int = 100, where: str = "#scorecard-table") -> str:
    """The golf card on ``screen`` (in the widget ``where``) as the terminal shows it."""
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(screen.query_one(where, Static).content)
    return console.export_text()


def card_cells(
    screen: Any, width: int = 100, where: str = "#scorecard-table"
) -> dict[str, list[str]]:
    """Each row of the card by its label (``Hole``, ``Par``, ``Score``, ``vs bogey``): the
    cells after the label, holes first then the total."""
    rows = {}
    for line in card_text(screen, width, where).splitlines():
        if line.startswith("│"):
            cells = [cell.strip() for cell in line.strip().strip("│").split("│")]
            rows[cells[0]] = cells[1:]
    return rows
