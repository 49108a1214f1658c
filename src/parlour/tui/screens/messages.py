"""Every message of the game on the board, whole: a message too long for the room the
board leaves the status line is cut there (ending in "l: all"), and read here."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.controls.screens import MESSAGES_KEYS
from parlour.controls.screens import Closes
from parlour.engine.untrusted import visible
from parlour.render import cards_as_shown
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp


class MessagesScreen(OpensHelp, ModalScreen[None]):
    """The messages, the newest at the bottom (and in view)."""

    DEFAULT_CSS = """
    MessagesScreen {
        background: $background;
    }
    MessagesScreen #messages {
        height: 1fr;
        padding: 0 1;
    }
    MessagesScreen .message {
        margin: 0 0 1 0;
    }
    MessagesScreen #messages-title {
        padding: 0 1;
        background: $panel;
        text-style: bold;
    }
    """
    KEYS = MESSAGES_KEYS

    def key_target(self) -> Closes:
        return self

    def __init__(self, messages: list[str], ascii_only: bool, dropped: int = 0) -> None:
        super().__init__()
        self.messages = list(messages)
        self.ascii_only = ascii_only
        #: how many messages said before these are no longer kept
        self.dropped = dropped

    def compose(self) -> ComposeResult:
        yield Static("Messages, the newest last (Esc: back to the game)", id="messages-title")
        with VerticalScroll(id="messages"):
            if self.dropped:
                earlier = f"{self.dropped} earlier message{'s' if self.dropped != 1 else ''}"
                yield Static(
                    f"({earlier} no longer kept: the last {len(self.messages)} follow.)",
                    classes="message",
                    id="messages-dropped",
                )
            for message in self.messages or ["Nothing said yet."]:
                shown = visible(cards_as_shown(message, self.ascii_only))
                yield Static(shown, classes="message", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        scroll = self.query_one("#messages", VerticalScroll)
        scroll.focus()
        self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
