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
    #: under 50 columns the buttons take the panel's whole width (the start screen's
    #: smallest terminal is 40 wide)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (50, "-wide")]  # noqa: RUF012 (typed by Textual)

    def key_target(self) -> Question:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(self, question: str, *, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def answer_keys(self, yes: bool) -> str:
        """The keys that answer yes (or no), as the player has them: ``n, Esc``."""
        return ", ".join(row.shown for row in self.key_table if row.arguments == (yes,))

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(
                    f"{self.yes} ({self.answer_keys(True)})", id="confirm-yes", variant="error"
                )
                # every key of the no answer is named: Esc answers it too, and in some
                # questions "no" is not staying put (it resumes an unfinished game)
                yield Button(
                    f"{self.no} ({self.answer_keys(False)})", id="confirm-no", variant="primary"
                )
        yield KeyBar()

    def on_mount(self) -> None:
        # the safe answer has the focus, so Enter keeps the game going
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")
