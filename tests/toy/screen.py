"""The toy game's screen: the waste's top card and the stock, drawn from the engine."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult

from parlour.engine.history import Line
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import Pile

from .parts import ToyControls


class ToyScreen(GameScreen):
    CONTROLS = ToyControls

    def compose_board(self) -> ComposeResult:
        yield Pile("waste", fanned=False, title="Waste", id="waste")
        yield Pile("stock", fanned=False, title="Stock", id="stock")

    def redraw(self, line: Line[Any, Any]) -> None:
        state = line.current
        self.query_one("#waste", Pile).cards = state.waste[-1:]
        stock = self.query_one("#stock", Pile)
        stock.face_down = bool(state.stock)
        stock.caption = str(len(state.stock))
