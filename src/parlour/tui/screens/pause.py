"""The pause: the board is hidden and the game's clock stopped until the player comes back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.controls.screens import PAUSE_KEYS
from parlour.controls.screens import Paused
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp


class PauseScreen(OpensHelp, ModalScreen[None]):
    """Covers the whole board until p (or Space, Enter, Esc) takes the player back."""

    DEFAULT_CSS = """
    PauseScreen {
        align: center middle;
        background: $background;
    }
    PauseScreen #pause {
        width: 44;
        max-width: 100%;
        height: auto;
        padding: 1 2;
        border: round $primary;
    }
    """
    KEYS = PAUSE_KEYS

    def key_target(self) -> Paused:
        return self

    def __init__(self, clock: str) -> None:
        super().__init__()
        self.clock = clock

    def compose(self) -> ComposeResult:
        with Vertical(id="pause"):
            yield Static(
                f"Paused at {self.clock}. The clock has stopped and the cards are hidden. "
                "p, Space, Enter or Esc: back to the game.",
                markup=False,
            )
        yield KeyBar()

    def action_resume(self) -> None:
        self.dismiss(None)
