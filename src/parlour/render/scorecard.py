"""Golf cards: a round written as a golf club's card is, the holes across and a row each
for the par, the best, the score and the running total against bogey. The app's
scorecard, ``parlour scorecard`` and ``parlour match`` draw their cards from these rows,
with :data:`LEGEND` under them.

A hole's **par** is what Parlour's own play scores on that deal: the hint player, who
never looks at the stock's order, playing it to the end (``parlour.analysis.hint_par``);
what a good player can expect. Its **best** is the fewest cards perfect play leaves,
knowing every card (the exact solver): a bound no player who cannot see the stock reaches
on average. **Bogey** is the target total of the whole round.

Bogey is a total for the whole round, so to say how a round stands after some holes the
card spreads bogey evenly over the holes and rounds each running share to whole strokes
(halves up): with bogey 40 over nine holes, bogey's pace is 4, 9, 13, 18, 22, 27, 31, 36,
40. The "vs bogey" row is the running total less that pace: ``+3`` three over, ``-2`` two
under, ``E`` level. After the last hole it is exactly the total against bogey.

>>> bogey_pace(9, 40)
[4, 9, 13, 18, 22, 27, 31, 36, 40]
>>> rows = card_rows((3, 5, 1), holes=9, bogey=40, pars={1: 4}, bests={1: 2})
>>> for row in rows:
...     print(row.label, row.cells[:3])
Par ('4', '…', '…')
Best ('2', '…', '…')
Score ('3', '5', '1')
vs bogey ('-1', '-1', '-4')
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.table import Table
from rich.text import Text

#: the row labels, top to bottom, under the row of hole numbers; the first column's
#: heading and the last's
PAR, BEST, SCORE, VERSUS = "Par", "Best", "Score", "vs bogey"
HOLE, TOTAL = "Hole", "Total"
#: the one line under every card saying what its rows mean
LEGEND = "Par: the hint's score · Best: perfect play, all cards seen · Bogey: the target"


@dataclass(frozen=True, slots=True)
class CardRow:
    """One row of a golf card: its label, a cell for each hole and the total."""

    label: str
    cells: tuple[str, ...]
    total: str


def bogey_pace(holes: int, bogey: int) -> list[int]:
    """Bogey's share of the first 1, 2, … ``holes`` holes: bogey spread evenly over the
    round, each share rounded to whole strokes (halves up); the last share is bogey."""
    return [(2 * bogey * played + holes) // (2 * holes) for played in range(1, holes + 1)]


def against(difference: int) -> str:
    """A difference from bogey as a card writes it: ``+3``, ``-2``, ``E`` for level."""
    return "E" if difference == 0 else f"{difference:+d}"


def card_rows(
    scores: Sequence[int],
    *,
    holes: int,
    bogey: int,
    pars: Mapping[int, int] | None = None,
    bests: Mapping[int, int] | None = None,
    unknown: str = "…",
) -> list[CardRow]:
    """The par, best, score and against-bogey rows of a round with these ``scores`` so far.

    ``pars`` and ``bests`` map hole numbers (from 1) to the pars and bests known (a row
    is left out when its mapping is None); a hole whose figure is not known shows
    ``unknown``, and so does the row's total until all are known. Holes not yet played
    are empty. The against-bogey total is given once the round is complete."""
    numbers = range(1, holes + 1)
    figures = [
        _figure_row(label, known, numbers, unknown)
        for label, known in ((PAR, pars), (BEST, bests))
        if known is not None
    ]
    empty = ("",) * (holes - len(scores))
    running, versus = 0, []
    for score, share in zip(scores, bogey_pace(holes, bogey), strict=False):
        running += score
        versus.append(against(running - share))
    complete = len(scores) >= holes
    return [
        *figures,
        CardRow(SCORE, (*map(str, scores), *empty), str(sum(scores))),
        CardRow(VERSUS, (*versus, *empty), against(sum(scores) - bogey) if complete else ""),
    ]


def _figure_row(label: str, known: Mapping[int, int], numbers: range, unknown: str) -> CardRow:
    cells = tuple(str(known[hole]) if hole in known else unknown for hole in numbers)
    complete = all(hole in known for hole in numbers)
    return CardRow(label, cells, str(sum(known[hole] for hole in numbers)) if complete else unknown)


def pace_note(holes: int, bogey: int) -> str:
    """Three lines saying what a score is and how the against-bogey row is reckoned."""
    pace = " ".join(map(str, bogey_pace(holes, bogey)))
    return (
        "Score: cards left; below 0, cleared with stock to spare.\n"
        "vs bogey: the total so far against bogey's pace,\n"
        f"{pace} after holes 1 to {holes}; E is level."
    )


def hole_columns(
    table: Table, holes: int, *, min_width: int = 2, first: int = 1, total: bool = True
) -> None:
    """Add the columns of a card: the row labels, ``holes`` holes from ``first``, then the
    total (unless not ``total``). No cell is ever cut short: a cell too wide for its column
    folds onto another line."""
    table.add_column(HOLE, justify="left", no_wrap=True)
    for hole in range(first, first + holes):
        table.add_column(str(hole), justify="right", min_width=min_width, overflow="fold")
    if total:
        table.add_column(TOTAL, justify="right", overflow="fold")


def styled(row: CardRow, *, total: bool = True) -> list[Text]:
    """A row's cells as text: under bogey in green."""
    cells = [Text(row.label, style="bold")]
    for cell in (*row.cells, *(row.total,) * total):
        style = "green" if row.label == VERSUS and cell.startswith("-") else ""
        cells.append(Text(cell, style=style))
    return cells


def golf_card(
    rows: Sequence[CardRow],
    *,
    title: str | None = None,
    caption: str | None = None,
    table_box: box.Box | None = box.ROUNDED,
    show_edge: bool = True,
    min_width: int = 2,
    holes: range | None = None,
) -> Table:
    """One round's card: hole numbers across, then ``rows``; each hole's column at least
    ``min_width`` wide. The title and caption are words, never markup (a title may name
    rule options read from the database). ``holes``: only these holes (numbered from 1),
    with the total column only if the last hole is among them (a card in parts)."""
    from parlour.render.untrusted import said

    every = range(1, len(rows[0].cells) + 1)
    shown_holes = every if holes is None else holes
    total = shown_holes[-1] == every[-1]
    table = Table(
        title=None if title is None else said(title, style="table.title"),
        caption=None if caption is None else said(caption, style="table.caption"),
        box=table_box,
        expand=False,
        title_justify="left",
        caption_justify="left",
        collapse_padding=table_box is None,  # one space between columns without rules
        show_edge=show_edge,
    )
    hole_columns(table, len(shown_holes), min_width=min_width, first=shown_holes[0], total=total)
    for row in rows:
        part = CardRow(row.label, row.cells[shown_holes[0] - 1 : shown_holes[-1]], row.total)
        table.add_row(*styled(part, total=total))
    return table
