"""The Golf scorecard: holes 1–9, each score, the running total, bogey 40 and the
difference; at the end, the total and whether bogey was beaten."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from parlour.engine.course import BOGEY, HOLES, Round
from parlour.engine.game import format_options


def scorecard_table(round_: Round) -> Table:
    table = Table(title=f"Course {round_.code} · {_rule(round_)}", expand=False)
    table.add_column("Hole", justify="right")
    table.add_column("Score", justify="right")
    table.add_column("Total", justify="right")
    totals = round_.running_totals()
    for hole in range(1, HOLES + 1):
        if hole <= len(round_.scores):
            table.add_row(str(hole), str(round_.scores[hole - 1]), str(totals[hole - 1]))
        else:
            table.add_row(str(hole), "", "", style="dim")
    table.add_section()
    table.add_row("Bogey", "", str(BOGEY))
    if round_.is_complete:
        table.add_row("vs bogey", "", f"{round_.versus_bogey:+d}")
    else:
        # mid-round, what is left to play with: the total must stay under bogey
        table.add_row("Bogey left", "", str(BOGEY - round_.total))
    return table


def _rule(round_: Round) -> str:
    options = format_options(round_.options)
    return "book rule" if options == "none" else options


def verdict(round_: Round) -> Text:
    if not round_.is_complete:
        holes = HOLES - round_.holes_played
        left = BOGEY - round_.total
        plural = "s" if holes != 1 else ""
        if left > 0:
            return Text(f"{holes} hole{plural} to play; under {left} more beats bogey.")
        return Text(f"{holes} hole{plural} to play; bogey is out of reach this round.")
    if round_.total < BOGEY:
        return Text(
            f"Round over: {round_.total}, bogey beaten by {BOGEY - round_.total}!",
            style="bold green",
        )
    if round_.total == BOGEY:
        return Text(f"Round over: {round_.total}, level with bogey.", style="bold")
    return Text(f"Round over: {round_.total}, {round_.total - BOGEY} over bogey.")


class ScorecardScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go_on", "Next hole"),
        Binding("enter", "new_round", "New round"),
        Binding("n", "go_on", "Next hole", show=False),
        Binding("n", "new_round", "New round", show=False),
        Binding("escape", "close", "Back to the board"),
    ]

    def __init__(self, round_: Round, *, finished_hole: bool) -> None:
        super().__init__()
        self.round = round_
        self.finished_hole = finished_hole

    def compose(self) -> ComposeResult:
        with Vertical(id="scorecard"):
            yield Static(scorecard_table(self.round), id="scorecard-table")
            yield Static(verdict(self.round), id="scorecard-verdict")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            if self.round.is_complete:
                return False
            return self.finished_hole or None
        if action == "new_round":
            return self.round.is_complete
        return True

    def action_go_on(self) -> None:
        self.dismiss(True)

    def action_new_round(self) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)
