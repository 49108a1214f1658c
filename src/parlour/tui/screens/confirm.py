"""A yes-or-no question over the board, for a step that cannot be taken back (giving up)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.widgets import Static

from parlour.controls.screens import CONFIRM_KEYS
from parlour.controls.screens import Question
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp


class ConfirmScreen(OpensHelp, ModalScreen[bool]):
    """Ask ``question``; dismissed with True for yes (y, or the yes button) and False for
    no (n, Esc, or the no button)."""

    CSS_PATH = "confirm.tcss"
    KEYS = CONFIRM_KEYS

    def key_target(self) -> Question:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="error")
                yield Button(f"{self.no} (n)", id="confirm-no", variant="primary")
        yield KeyBar()

    def on_mount(self) -> None:
        # the safe answer has the focus, so Enter keeps the game going
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")
