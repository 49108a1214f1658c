"""The Three Squares screen: three squares of four heaps side by side, the pack, and
while a square is being formed, the sequences on offer, numbered.

A move is made in two halves, by the heaps' labels (``1`` ``c``, then ``2`` ``b``), by the
arrows and Enter, or by clicking: first the heap a run leaves (or ``p``, the pack), then
where it goes. A space may be chosen first too: then ``p`` or a heap of its square fills
it. ``d`` deals, ``G`` gives up, and while a square is formed ``1``–``9`` take the
sequence with that number. What may be chosen comes from the engine's legal moves alone,
and a move the engine refuses shows its reason.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static

from parlour.controls import squares_words as words
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Reply
from parlour.controls.squares import SquaresControls
from parlour.controls.squares_words import count
from parlour.controls.squares_words import or_list
from parlour.controls.squares_words import prompt_words
from parlour.controls.squares_words import sentence
from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.errors import IllegalMoveError
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import Deal
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.history import Line
from parlour.help import with_ruling_words
from parlour.tui import cards as art
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.squares_board import HeapView
from parlour.tui.screens.squares_board import sequence_cards
from parlour.tui.widgets import KeyBar
from parlour.tui.widgets import Pile
from parlour.tui.widgets import StatusLine

#: a reminder of the keys, shown when the terminal has lines to spare
LEGEND = (
    "Type a heap's label (1 then c for 1c), or ←↑↓→ and Enter: first the heap a run leaves, "
    "then where it goes · p fills a space from the pack · d deals · Esc cancels · "
    "G gives up · ? rules and keys"
)
LEGEND_FORMING = (
    "Press the number of a sequence, or ←→ and Enter, to start the new square with it · "
    "G gives up · ? rules and keys"
)
#: the status line's height in lines (see squares.tcss), wide and narrow


class SquaresScreen(GameScreen):
    CSS_PATH = "squares.tcss"
    CONTROLS = SquaresControls
    controls: SquaresControls
    #: its compact layout fits 60 × 20 (docs/layout.md); large cards from 120 × 40
    MIN_SIZE = (60, 20)
    CARD_SIZES = ((art.LARGE, 120, 40), (art.NORMAL, 0, 0))
    VERTICAL_BREAKPOINTS = [(0, "-h20"), (22, "-h22"), (24, "-h24"), (30, "-h30")]  # noqa: RUF012

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: what each Static shows now, to skip updates that change nothing
        self._shown: dict[str, object] = {}

    # -- layout ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        self.heaps = [
            HeapView(name, title=name, id=f"heap-{name}", classes=f"place-{name[1]}")
            for name in HEAP_NAMES
        ]
        with Horizontal(id="squares-table"):
            for square in range(1, SQUARE_COUNT + 1):
                first = (square - 1) * HEAPS_PER_SQUARE
                with Vertical(classes="square", id=f"square-{square}"):
                    yield Static(classes="square-title", id=f"square-{square}-title")
                    with Horizontal(classes="heap-row"):
                        yield from self.heaps[first : first + 2]
                    with Horizontal(classes="heap-row"):
                        yield from self.heaps[first + 2 : first + 4]
                    yield Static(classes="square-note", id=f"square-{square}-note")
            with Vertical(id="side"):
                yield Pile("pack", fanned=False, title="Pack", id="pack")
                yield Static(id="side-notes")
        yield Static(id="pack-line")
        yield Static(id="legend")

    def on_resize(self, event: Resize) -> None:
        # the footer's keys fit below 100 columns only in its compact style
        self.query_one(KeyBar).compact = event.size.width < 100
        # the squares' titles fit their words to the squares' new widths
        self.call_after_refresh(self.refresh_board)

    # -- drawing ---------------------------------------------------------------------------

    def show(self, widget_id: str, content: Content | str) -> None:
        """Put ``content`` in a Static, only when it has changed."""
        shown = (content.plain, content.spans) if isinstance(content, Content) else content
        if self._shown.get(widget_id) == shown:
            return
        self._shown[widget_id] = shown
        self.query_one(f"#{widget_id}", Static).update(content)

    def card_text(self, cards: list[Card] | tuple[Card, ...]) -> Content:
        """Cards as coloured words, red suits in the theme's red."""
        return Content(" ").join(
            Content.styled(
                art.label(card, self.ascii_only),
                "$text-error bold" if card.is_red else "$text bold",
            )
            for card in cards
        )

    def redraw(self, line: Line[Any, Any]) -> None:
        state: SquaresState = line.current
        live = self.controls.live
        forming = state.phase in FORMING
        sequences = words.sequences(state) if live else []
        controls = self.controls
        controls.cursor_sequence = min(controls.cursor_sequence, max(0, len(sequences) - 1))
        marks: dict[int, str] = {}
        for number, members in enumerate(sequences, start=1):
            marks.update(dict.fromkeys(members, str(number)))
        if controls.cursor_heap >= state.heap_count:
            controls.cursor_heap = 0  # its square is gone (a take undone)
        pointed = set(sequences[controls.cursor_sequence]) if sequences else set()
        if live and not forming:
            pointed = {controls.cursor_heap}
        playable, pack_playable = controls.choices() if live else (set(), False)
        chosen = controls.chosen if live else None
        for index, view in enumerate(self.heaps):
            view.cards = state.heaps[index]
            view.playable = index in playable or index in marks
            view.selected = chosen is not None and chosen[0] != "pack" and chosen[1] == index
            view.pointed = index in pointed
            view.mark = marks.get(index, "")
        for square in range(1, SQUARE_COUNT + 1):
            self.draw_square(state, square, sequences)
        pack = self.query_one("#pack", Pile)
        pack.face_down = bool(state.pack)
        pack.caption = str(len(state.pack)) if state.pack else "none"
        pack.playable = pack_playable
        pack.selected = chosen is not None and chosen[0] == "pack"
        self.show("side-notes", self.side_notes(state))
        self.show("pack-line", self.pack_line(state))
        self.show("legend", (LEGEND_FORMING if forming else LEGEND) if live else "")

    def draw_square(
        self, state: SquaresState, square: int, sequences: list[tuple[int, ...]]
    ) -> None:
        formed = square <= state.squares
        box = self.query_one(f"#square-{square}")
        for row in box.query(".heap-row"):
            if row.display != formed:
                row.display = formed
        note = self.query_one(f"#square-{square}-note", Static)
        if note.display == formed:
            note.display = not formed
        title = Content.styled(f"Square {square}", "bold" if formed else "dim")
        if formed and state.phase is Phase.BUILDING and state.pack and state.next_deal == square:
            # where the square is narrow, the pack's notes name the next deal in full
            room = self.query_one(f"#square-{square}-title").size.width
            marker = " · next deal" if room >= len(f"Square {square} · next deal") else " · next"
            title = Content.assemble(title, (marker, "$text-primary"))
        if self.controls.typed_square == square and self.controls.live:
            title = Content.assemble(title.stylize("reverse"), ("  a b c d?", "$text-warning"))
        self.show(f"square-{square}-title", title)
        if not formed:
            self.show(f"square-{square}-note", self.unformed_note(state, square, sequences))

    def unformed_note(
        self, state: SquaresState, square: int, sequences: list[tuple[int, ...]]
    ) -> Content:
        if state.phase in FORMING and square == state.squares + 1:
            lines = [Content.styled("Not formed yet: choose the sequence that starts it", "bold")]
            for number, members in enumerate(sequences, start=1):
                cards = self.card_text(sequence_cards(state.heaps, members))
                heaps = " ".join(HEAP_NAMES[index] for index in members)
                pointer = "▸" if not self.ascii_only else ">"
                mark = (
                    Content.styled(f"{pointer}[{number}]", "$text-warning bold")
                    if number - 1 == self.controls.cursor_sequence and self.controls.live
                    else Content.styled(f" [{number}]", "$text-success bold")
                )
                lines.append(Content.assemble(mark, " ", cards, (f" ({heaps})", "dim")))
            if self.controls.live:
                keys = or_list([str(number) for number in range(1, len(sequences) + 1)])
                lines.append(Content.styled(f"Press {keys}, or ←→ and Enter.", "dim"))
            return Content("\n").join(lines)
        if state.phase in FORMING:
            return Content.styled("Not formed yet.", "dim")
        return Content.styled("Never formed: the pack ran out first (S9).", "dim")

    def phase_words(self, state: SquaresState) -> str:
        outcome = self.rules.outcome(state)
        if outcome is not None:
            return "Won!" if outcome.won else "Game over"
        if state.phase in FORMING:
            return f"Forming square {state.squares + 1}"
        return "Building"

    def score_words(self, state: SquaresState) -> str:
        return f"{self.rules.score(state)} of {len(SUITS)} suits complete"

    def side_notes(self, state: SquaresState) -> Content:
        """The words under the pack: its count, the next deal, the phase and the score."""
        lines: list[Content] = [
            Content(count(len(state.pack), "card") if state.pack else "empty"),
        ]
        if state.pack and state.phase is Phase.BUILDING:
            lines += [
                Content.styled("next deal:", "dim"),
                Content.styled(f"square {state.next_deal}", "bold"),
            ]
        lines += [
            Content(""),
            Content.styled(self.phase_words(state), "bold"),
            Content(f"{self.rules.score(state)} of {len(SUITS)} suits"),
            Content("complete"),
        ]
        return Content("\n").join(lines)

    def pack_line(self, state: SquaresState) -> Content:
        """The same in one line, for narrow terminals."""
        pack = str(len(state.pack)) if state.pack else "empty"
        parts = [Content.assemble(("Pack ", "bold"), pack)]
        if state.pack and state.phase is Phase.BUILDING:
            parts.append(Content(f"next deal: square {state.next_deal}"))
        else:
            parts.append(Content.styled(self.phase_words(state), "bold"))
        parts.append(Content(self.score_words(state)))
        return Content(" · ").join(parts)

    def watch_line(self, line: Line[Any, Any] | None) -> None:
        # any move, undo or redo ends a move that was half made
        self.controls.let_go()
        super().watch_line(line)

    def refresh_board(self) -> None:
        """Redraw after a choice that is not a move (the cursor, half a move)."""
        if self.line is not None:
            self.redraw(self.line)
        self.refresh_keys()

    # -- the status line -------------------------------------------------------------------

    def prompt_text(self, state: Any) -> str:
        """The engine's prompt, naming this screen's keys for the sequences on offer."""
        return prompt_words(state, super().prompt_text(state), offers_new_game=self.course.plays)

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None:
        message = with_ruling_words(message)
        super().status(self.fit_status(message), refused=refused, whole=whole or message)

    def fit_status(self, message: str) -> str:
        """``message`` cut to the status line's height by leaving out what just happened,
        never the question that follows it."""
        if self.line is None:
            return message
        width = max(20, self.app.size.width - 2)  # the status line's padding
        console = self.app.console
        if len(Text(message).wrap(console, width)) <= self.query_one(StatusLine).most_lines():
            return message
        question = self.prompt_text(self.current)
        return question if message.endswith(question) else message

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        said = sentence(error.reason)
        if self.controls.chosen is not None:
            said += " Choose another, or press Esc to cancel."
        return said

    def move_name(self, move: Any) -> str:
        # called after an undo, when the current position is the one before the move
        described = str(self.rules.words.describe(self.current, move))
        if isinstance(move, Deal):
            return described.replace("deal ", "the deal of ", 1)  # "Took back the deal of …"
        return described

    # -- replies ---------------------------------------------------------------------------

    def respond(self, reply: Reply) -> None:
        # half a move may have been made or let go: the board and keys show it
        if isinstance(reply, Play):
            if not self.play(reply.move):
                self.refresh_board()
            return
        super().respond(reply)
        if not isinstance(reply, Redraw):
            self.refresh_board()

    def clicked(self, key: str) -> None:
        self.respond(self.controls.click(key))
