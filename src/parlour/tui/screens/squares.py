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
from textual.events import Resize

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
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.history import Line
from parlour.help import with_ruling_words
from parlour.tui import cards as art
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.squares_board import Runs
from parlour.tui.screens.squares_board import SquaresBoard
from parlour.tui.screens.squares_board import SquaresView
from parlour.tui.screens.squares_heap import HeapShown
from parlour.tui.screens.squares_heap import sequence_cards
from parlour.tui.widgets import StatusLine


def legend(controls: SquaresControls, *, forming: bool) -> str:
    """A reminder of the keys (the player's), shown when the terminal has lines to spare."""
    key = controls.key
    rest = f"{key('give_up')} gives up · {key('help')} rules and keys"
    if forming:
        steps = "".join(controls.keys_of("cursor", (-1, 1)))
        return (
            f"Press the number of a sequence, or {steps} and {key('choose_cursor')}, to start "
            f"the new square with it · {rest}"
        )
    return (
        f"Type a heap's label ({key('square', 1)} then {key('place', 'c')} for 1c), or "
        f"{controls.arrows(compact=True)} and "
        f"{key('choose_cursor')}: first the heap a run leaves, then where it goes · "
        f"{key('pack')} fills a space from the pack · {key('deal')} deals · {key('cancel')} "
        f"cancels · {rest}"
    )


class SquaresScreen(GameScreen):
    # the board is one widget, as wide as its squares need (screens/squares_board.py)
    # (the app's stylesheet centres it); a screen's rules are its default CSS rather than a
    # file of its own, which Textual would read when the screen is first shown, parsing and
    # applying the app's whole stylesheet again before the first frame
    CONTROLS = SquaresControls
    controls: SquaresControls
    #: its compact layout fits 60 × 20 (docs/layout.md); large cards from 120 × 40
    MIN_SIZE = (60, 20)
    CARD_SIZES = ((art.LARGE, 120, 40), (art.NORMAL, 0, 0))

    # -- layout ----------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield SquaresBoard(id="squares")

    def size_cards(self, size: art.CardSize) -> None:
        self.query_one(SquaresBoard).card_size = size

    def on_resize(self, event: Resize) -> None:
        # the footer's keys fit below 100 columns only in its compact style
        self.query_one(KeyBar).compact = event.size.width < 100
        # the board's layout follows the terminal's size
        self.refresh_board()

    # -- drawing ---------------------------------------------------------------------------

    def card_text(self, cards: list[Card] | tuple[Card, ...]) -> list[tuple[str, str]]:
        """Cards as coloured words, red suits in the theme's red."""
        runs: list[tuple[str, str]] = []
        for card in cards:
            if runs:
                runs.append((" ", ""))
            style = "squares--red" if card.is_red else "squares--black"
            runs.append((art.label(card, self.ascii_only), style))
        return runs

    def heaps_shown(
        self, state: SquaresState, sequences: list[tuple[int, ...]], playable: set[int]
    ) -> tuple[HeapShown, ...]:
        """How each heap is shown: its marks from the choices the controls offer (the
        sequences on offer, the heaps that may be chosen next)."""
        live, controls = self.controls.live, self.controls
        marks: dict[int, str] = {}
        for number, members in enumerate(sequences, start=1):
            marks.update(dict.fromkeys(members, str(number)))
        if controls.cursor_heap >= state.heap_count:
            controls.cursor_heap = 0  # its square is gone (a take undone)
        pointed = set(sequences[controls.cursor_sequence]) if sequences else set()
        if live and state.phase not in FORMING:
            pointed = {controls.cursor_heap}
        chosen = controls.chosen if live else None
        return tuple(
            HeapShown(
                name,
                playable=index in playable or index in marks,
                selected=chosen is not None and chosen[0] != "pack" and chosen[1] == index,
                pointed=index in pointed,
                mark=marks.get(index, ""),
            )
            for index, name in enumerate(HEAP_NAMES)
        )

    def redraw(self, line: Line[Any, Any]) -> None:
        state: SquaresState = line.current
        live = self.controls.live
        forming = state.phase in FORMING
        sequences = words.sequences(state) if live else []
        controls = self.controls
        controls.cursor_sequence = min(controls.cursor_sequence, max(0, len(sequences) - 1))
        playable, pack_playable = controls.choices() if live else (set(), False)
        shown = self.heaps_shown(state, sequences, playable)
        chosen = controls.chosen if live else None
        building = state.phase is Phase.BUILDING and bool(state.pack)
        columns, lines = self.app.size
        view = SquaresView(
            heaps=state.heaps,
            shown=shown,
            formed=state.squares,
            notes=tuple(
                self.unformed_note(state, square, sequences) if square > state.squares else ()
                for square in range(1, SQUARE_COUNT + 1)
            ),
            next_deal=state.next_deal if building else None,
            typed=controls.typed_square if live else None,
            pack=len(state.pack),
            pack_playable=pack_playable,
            pack_selected=chosen is not None and chosen[0] == "pack",
            side=self.side_notes(state),
            pack_line=self.pack_line(state),
            legend=legend(controls, forming=forming) if live else "",
            choices=len(sequences) if state.phase in FORMING else 0,
            columns=columns,
            lines=lines,
        )
        self.query_one(SquaresBoard).show_view(view)

    def unformed_note(
        self, state: SquaresState, square: int, sequences: list[tuple[int, ...]]
    ) -> tuple[Runs, ...]:
        if state.phase in FORMING and square == state.squares + 1:
            lines: list[Runs] = [(("Not formed yet: choose the sequence that starts it", "bold"),)]
            for number, members in enumerate(sequences, start=1):
                cards = self.card_text(sequence_cards(state.heaps, members))
                heaps = " ".join(HEAP_NAMES[index] for index in members)
                pointer = "▸" if not self.ascii_only else ">"
                mark = (
                    (f"{pointer}[{number}]", "heap--cursor")
                    if number - 1 == self.controls.cursor_sequence and self.controls.live
                    else (f" [{number}]", "squares--mark")
                )
                lines.append((mark, (" ", ""), *cards, (f" ({heaps})", "dim")))
            if self.controls.live:
                controls = self.controls
                keys = or_list(controls.keys_of("sequence", list(range(1, len(sequences) + 1))))
                steps = "".join(controls.keys_of("cursor", [-1, 1]))
                enter = controls.key("choose_cursor")
                lines.append(((f"Press {keys}, or {steps} and {enter}.", "dim"),))
            return tuple(lines)
        if state.phase in FORMING:
            return ((("Not formed yet.", "dim"),),)
        return ((("Never formed: the pack ran out first (S9).", "dim"),),)

    def phase_words(self, state: SquaresState) -> str:
        outcome = self.rules.outcome(state)
        if outcome is not None:
            return "Won!" if outcome.won else "Game over"
        if state.phase in FORMING:
            return f"Forming square {state.squares + 1}"
        return "Building"

    def score_words(self, state: SquaresState) -> str:
        return f"{self.rules.score(state)} of {len(SUITS)} suits complete"

    def side_notes(self, state: SquaresState) -> tuple[Runs, ...]:
        """The words under the pack: its count, the next deal, the phase and the score."""
        lines: list[Runs] = [((count(len(state.pack), "card") if state.pack else "empty", ""),)]
        if state.pack and state.phase is Phase.BUILDING:
            lines += [(("next deal:", "dim"),), ((f"square {state.next_deal}", "bold"),)]
        lines += [
            (),
            ((self.phase_words(state), "bold"),),
            ((f"{self.rules.score(state)} of {len(SUITS)} suits", ""),),
            (("complete", ""),),
        ]
        return tuple(lines)

    def pack_line(self, state: SquaresState) -> Runs:
        """The same in one line, for narrow terminals."""
        pack = str(len(state.pack)) if state.pack else "empty"
        parts: list[Runs] = [(("Pack ", "bold"), (pack, ""))]
        if state.pack and state.phase is Phase.BUILDING:
            parts.append(((f"next deal: square {state.next_deal}", ""),))
        else:
            parts.append(((self.phase_words(state), "bold"),))
        parts.append(((self.score_words(state), ""),))
        runs: list[tuple[str, str]] = []
        for part in parts:
            if runs:
                runs.append((" · ", ""))
            runs += part
        return tuple(runs)

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
        prompt = super().prompt_text(state)
        return prompt_words(state, prompt, self.controls.key, offers_new_game=self.course.plays)

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None:
        # (a replayed record's name, from outside, is left as it is)
        message = with_ruling_words(message, outside=self.course.outside)
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
            said += f" Choose another, or press {self.controls.key('cancel')} to cancel."
        return said

    # -- replies ---------------------------------------------------------------------------

    def respond(self, reply: Reply) -> None:
        # half a move may have been made or let go: the board and keys show it
        if isinstance(reply, Play):
            if not self.play(reply.move):
                self.refresh_board()
            return
        before = self.line
        super().respond(reply)
        # (a move, an undo or a redo has redrawn the board and the keys already)
        if not isinstance(reply, Redraw) and self.line is before:
            self.refresh_board()

    def clicked(self, key: str) -> None:
        self.respond(self.controls.click(key))
