"""Reading the app's golf card as a player sees it: the card drawn as text, and its cells
row by row."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.widgets import Static

from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.notation import format_options
from parlour.engine.rounds import hole_seed
from parlour.store.database import Store

#: the snapshots' course of nine holes (no rule options)
COURSE = 424242
#: the par of each of its holes: what the hint player scores playing the hole out, some
#: 30 s of CPU for the nine; test_course_pars works them out and checks this table,
#: so that the pictures of the card need not work them out again
COURSE_PARS = {1: 10, 2: 1, 3: 6, 4: 2, 5: 4, 6: 8, 7: 7, 8: 14, 9: 8}


def keep_course_pars(data_dir: Path) -> None:
    """Keep the pars of :data:`COURSE` in the store at ``data_dir``, as the app keeps
    them once it has worked them out."""
    store = Store(data_dir)
    try:
        for hole, par in COURSE_PARS.items():
            store.save_hint_par(hole_seed(ROUNDS, COURSE, hole), format_options(frozenset()), par)
    finally:
        store.close()


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
