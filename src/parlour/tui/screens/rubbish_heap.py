"""Looking through Rubbish Heap's whole waste heap, bottom first, the top card last."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.controls.rubbish import HEAP_KEYS
from parlour.controls.rubbish import HeapViewer
from parlour.engine.cards import Card
from parlour.render import cards_as_shown
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.widgets import CardSpread

#: columns between the cards of the fanned waste heap: enough to show each one's index
FAN_STEP = 5


class WasteHeapScreen(OpensHelp, ModalScreen[None]):
    """The whole waste heap, bottom first, the top card last."""

    # (its rules are its default CSS: a stylesheet file of its own would make Textual parse
    # and apply the app's whole stylesheet again when the heap is first shown)
    DEFAULT_CSS = """
    WasteHeapScreen {
        align: center middle;
    }
    WasteHeapScreen #heap {
        width: 90%;
        max-width: 80;
        height: auto;
        max-height: 90%;
        padding: 0 1;
        background: $panel;
        border: round $primary;
    }
    WasteHeapScreen #heap-heading {
        height: auto;
        margin: 0 0 1 0;
        text-style: bold;
    }
    WasteHeapScreen #heap-cards {
        height: auto;
        max-height: 60vh;
    }
    """
    KEYS = HEAP_KEYS
    HELP_TOPIC = "rubbish"  # the game's page, which tells of the heap

    def key_target(self) -> HeapViewer:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(self, waste: tuple[Card, ...], *, ascii_only: bool = False) -> None:
        super().__init__()
        self.waste = waste
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        count = len(self.waste)
        if count:
            heading = (
                f"The waste heap: {count} {'card' if count == 1 else 'cards'}, the bottom "
                f"first; the top card, {self.card_name(self.waste[-1])}, is last."
            )
        else:
            heading = "The waste heap is empty."
        with Vertical(id="heap"):
            yield Static(heading, id="heap-heading")
            with VerticalScroll(id="heap-cards"):
                spread = CardSpread(step=FAN_STEP, id="heap-spread")
                spread.cards = self.waste
                spread.mark_last = True
                spread.ascii_only = self.ascii_only
                yield spread
        yield KeyBar()

    def on_mount(self) -> None:
        # the top of the heap is what matters most: keep it in view
        cards = self.query_one("#heap-cards", VerticalScroll)
        self.call_after_refresh(cards.scroll_end, animate=False)

    def card_name(self, shown: Card) -> str:
        return cards_as_shown(str(shown), self.ascii_only)

    def action_close(self) -> None:
        self.dismiss(None)
