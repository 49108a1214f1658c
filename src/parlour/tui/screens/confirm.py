"""A yes-or-no question over the board, for a step that cannot be taken back (giving up)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.widgets import Static

from parlour.controls.screens import CONFIRM_KEYS
from parlour.controls.screens import Question
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp


class Words(VerticalScroll):
    """The question's words: scrolled (by the arrows once Tab has reached them, or the
    mouse's wheel) only where they are too long for the room the terminal leaves."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0


class ConfirmScreen(OpensHelp, ModalScreen[bool]):
    """Ask ``question``; dismissed with True for yes (y, or the yes button) and False for
    no (n, Esc, or the no button)."""

    CSS_PATH = "confirm.tcss"
    KEYS = CONFIRM_KEYS
    #: under 50 columns the buttons take the panel's whole width (the start screen's
    #: smallest terminal is 40 wide)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (50, "-wide")]  # noqa: RUF012 (typed by Textual)
    #: under 20 lines no line is spent around the words and the buttons (the words scroll,
    #: at any height, where they are still too long for the room left)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]  # noqa: RUF012 (typed by Textual)
    #: the least terminal the question is laid out for, its words and both buttons in sight
    #: (the app's watch on the size asks no less, whatever is under the question)
    LEAST_SIZE: ClassVar[tuple[int, int]] = (40, 12)

    def key_target(self) -> Question:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(
        self,
        question: str,
        *,
        yes: str = "Yes",
        no: str = "No",
        alone_size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        #: the smallest terminal when no screen is under the question (one asked as the app
        #: opens): that of the game it asks about (parlour.tui.sizing)
        self.alone_size = alone_size

    def answer_keys(self, yes: bool) -> str:
        """The keys that answer yes (or no), as the player has them: ``n, Esc``."""
        return ", ".join(row.shown for row in self.key_table if row.arguments == (yes,))

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            with Words(id="confirm-words"):
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
