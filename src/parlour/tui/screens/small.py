"""Shown instead of the game while the terminal is too small; play resumes when it grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static


class TooSmallScreen(ModalScreen[None]):
    def __init__(self, need: tuple[int, int], have: tuple[int, int]) -> None:
        super().__init__()
        self.need = need
        self.have = have

    def compose(self) -> ComposeResult:
        yield Static(self.message(), id="too-small")

    def message(self) -> str:
        return (
            f"Terminal too small: need {self.need[0]}×{self.need[1]}, "
            f"have {self.have[0]}×{self.have[1]}.\n\n"
            "Make the window larger to go on.\nYour game is saved."
        )

    def update_size(self, have: tuple[int, int]) -> None:
        self.have = have
        self.query_one("#too-small", Static).update(self.message())
