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

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static

from parlour.engine.cards import SUITS, Card
from parlour.engine.errors import IllegalMoveError
from parlour.engine.games.squares_layout import (
    ABOVE,
    HEAP_INDEX,
    HEAP_NAMES,
    HEAPS_PER_SQUARE,
    SQUARE_COUNT,
    SUIT_SIZE,
    square_of,
    top_run_length,
)
from parlour.engine.games.squares_state import (
    DEAL,
    FILLS,
    FORMING,
    GIVE_UP,
    HEAP_MOVES,
    Deal,
    FillFromPack,
    GiveUp,
    HeapMove,
    Phase,
    SquaresState,
    TakeSequence,
)
from parlour.engine.history import Line
from parlour.tui import cards as art
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.squares_board import HeapView, sequence_cards
from parlour.tui.widgets import KeyBar, Pile

LETTERS = "abcd"
#: the most sequences the number keys can choose between
MOST_SEQUENCES = 9
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
STATUS_LINES = {"wide": 3, "narrow": 4}

_HEAP = Binding.Group("Heap", compact=True)
_SEQUENCE = Binding.Group("Sequence")


def count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def or_list(words: list[str]) -> str:
    """``1a``, ``1a or 2b``, ``1a, 2b or 3c``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def sentence(text: str) -> str:
    """``the pack is empty (S6)`` -> ``The pack is empty (S6).``"""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def heap_column(index: int) -> tuple[int, int]:
    """(row, column) of a heap on the board: two rows, two columns per square."""
    square, place = divmod(index, HEAPS_PER_SQUARE)
    return place // 2, square * 2 + place % 2


def heap_at(row: int, column: int) -> int:
    square, side = divmod(column, 2)
    return square * HEAPS_PER_SQUARE + row * 2 + side


class SquaresScreen(GameScreen):
    CSS_PATH = "squares.tcss"
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 (typed by Textual)
        (0, "-narrow"),
        (78, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012 (typed by Textual)
        (0, "-h20"),
        (22, "-h22"),
        (24, "-h24"),
        (30, "-h30"),
    ]

    BINDINGS: ClassVar[list[BindingType]] = [
        # building: a heap by its label, the square's number first (1a … 3d)
        *(Binding(str(n), f"square({n})", "Heap", group=_HEAP) for n in range(1, 4)),
        # forming a square: the sequence on offer with that number
        *(
            Binding(str(n), f"sequence({n})", "Sequence", group=_SEQUENCE)
            for n in range(1, MOST_SEQUENCES + 1)
        ),
        *(Binding(str(n), f"refuse('{n}')", show=False) for n in range(1, MOST_SEQUENCES + 1)),
        # after the square's number, the heap's letter (d deals otherwise)
        *(Binding(letter, f"place('{letter}')", show=False) for letter in LETTERS[:3]),
        *(Binding(letter, f"refuse('{letter}')", show=False) for letter in LETTERS[:3]),
        Binding("enter", "choose_cursor", "Choose"),
        Binding("up", "cursor_row(-1)", "Up", show=False),
        Binding("down", "cursor_row(1)", "Down", show=False),
        Binding("p", "pack", "Pack"),
        Binding("p", "refuse('p')", show=False),
        Binding("d", "place('d')", show=False),
        Binding("d", "deal", "Deal"),
        Binding("d", "refuse('d')", show=False),
        Binding("G", "give_up", "Give up"),
        Binding("G", "refuse('G')", show=False),
        # the status line says "Esc cancels" whenever half a move is made
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("escape", "menu", "Menu", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the square typed as the first half of a heap's label, waiting for its letter
        self.typed_square: int | None = None
        #: the first half of a move: ("heap", i) a run's source, ("space", i) a space to
        #: fill, ("pack", -1) the pack; None when nothing is chosen
        self.chosen: tuple[str, int] | None = None
        #: the heap under the cursor while building, the sequence while forming
        self.cursor_heap = 0
        self.cursor_sequence = 0
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

    @property
    def ascii_only(self) -> bool:
        return bool(getattr(self.app, "ascii_only", False))

    def live(self) -> bool:
        """True while the player can move (not replaying, not finished)."""
        session = self.session
        return not self.replaying and session is not None and not session.is_finished

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

    def name_cards(self, cards: list[Card] | tuple[Card, ...]) -> str:
        """Cards in the engine's notation (the status line shows their suit symbols)."""
        return " ".join(str(card) for card in cards)

    def sequences(self, state: SquaresState) -> list[tuple[int, ...]]:
        """The sequences on offer while a square is formed, numbered from 1 on screen."""
        return [move.heaps for move in state.legal if isinstance(move, TakeSequence)]

    def redraw(self, line: Line[Any, Any]) -> None:
        state: SquaresState = line.current
        live = self.live()
        forming = state.phase in FORMING
        sequences = self.sequences(state) if live else []
        self.cursor_sequence = min(self.cursor_sequence, max(0, len(sequences) - 1))
        marks: dict[int, str] = {}
        for number, members in enumerate(sequences, start=1):
            marks.update(dict.fromkeys(members, str(number)))
        if self.cursor_heap >= state.heap_count:
            self.cursor_heap = 0  # its square is gone (a take undone)
        pointed = set(sequences[self.cursor_sequence]) if sequences else set()
        if live and not forming:
            pointed = {self.cursor_heap}
        playable, pack_playable = self.choices(state) if live else (set(), False)
        chosen = self.chosen if live else None
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

    def choices(self, state: SquaresState) -> tuple[set[int], bool]:
        """The heaps that may be chosen next, and whether the pack may: sources of a move
        when nothing is chosen, else what completes the move begun."""
        legal = state.legal
        heap_moves = [move for move in legal if isinstance(move, HeapMove)]
        fills = {move.target for move in legal if isinstance(move, FillFromPack)}
        chosen = self.chosen
        if chosen is None:
            return {move.source for move in heap_moves}, bool(fills)
        kind, index = chosen
        if kind == "heap":
            return {move.target for move in heap_moves if move.source == index}, False
        if kind == "pack":
            return fills, False
        return {move.source for move in heap_moves if move.target == index}, index in fills

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
        if self.typed_square == square and self.live():
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
                    if number - 1 == self.cursor_sequence and self.live()
                    else Content.styled(f" [{number}]", "$text-success bold")
                )
                lines.append(Content.assemble(mark, " ", cards, (f" ({heaps})", "dim")))
            if self.live():
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
        self.typed_square = None
        self.chosen = None
        super().watch_line(line)

    def refresh_board(self) -> None:
        """Redraw after a choice that is not a move (the cursor, half a move)."""
        if self.line is not None:
            self.redraw(self.line)
        signature = self.bindings_signature()
        if signature != self._bindings_signature:
            self._bindings_signature = signature
            self.refresh_bindings()

    def bindings_signature(self) -> tuple[object, ...]:
        mine = [
            ("square", (1,)),
            ("sequence", (1,)),
            ("sequence", (2,)),
            ("sequence", (3,)),
            ("pack", ()),
            ("deal", ()),
            ("give_up", ()),
            ("choose_cursor", ()),
            ("cancel", ()),
            ("place", ("d",)),
        ]
        return (
            *super().bindings_signature(),
            *(self.check_action(name, parameters) for name, parameters in mine),
        )

    # -- the status line -------------------------------------------------------------------

    def prompt_text(self, state: Any) -> str:
        """The engine's prompt, naming this screen's keys for the sequences on offer."""
        text = super().prompt_text(state)
        for number, members in enumerate(self.sequences(state), start=1):
            text = text.replace(f"({TakeSequence(members)})", f"(press {number})")
        if state.phase is Phase.FINISHED and not self.replaying:
            text += " Press n for a new game, Esc for the menu."
        return text

    def status(self, message: str, *, refused: bool = False) -> None:
        super().status(self.fit_status(message), refused=refused)

    def fit_status(self, message: str) -> str:
        """``message`` cut to the status line's height by leaving out what just happened,
        never the question that follows it."""
        if self.line is None:
            return message
        form = "narrow" if self.app.size.width < 78 else "wide"
        width = max(20, self.app.size.width - 2)  # the status line's padding
        console = self.app.console
        if len(Text(message).wrap(console, width)) <= STATUS_LINES[form]:
            return message
        question = self.prompt_text(self.current)
        return question if message.endswith(question) else message

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        said = sentence(error.reason)
        if self.chosen is not None:
            said += " Choose another, or press Esc to cancel."
        return said

    def move_name(self, move: Any) -> str:
        # called after an undo, when the current position is the one before the move
        described = str(self.rules.describe(self.current, move))
        if isinstance(move, Deal):
            return described.replace("deal ", "the deal of ", 1)  # "Took back the deal of …"
        return described

    # -- keys ------------------------------------------------------------------------------

    _ACTIONS: ClassVar[frozenset[str]] = frozenset(
        {
            "square",
            "sequence",
            "place",
            "choose_cursor",
            "cursor_row",
            "pack",
            "deal",
            "give_up",
            "refuse",
            "cancel",
        }
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in self._ACTIONS:
            return super().check_action(action, parameters)
        session = self.session
        if self.replaying or session is None or self.line is None:
            return False
        if action == "refuse":
            return True
        if action == "cancel":
            return self.typed_square is not None or self.chosen is not None
        if action == "place":
            return self.typed_square is not None and not session.is_finished
        state: SquaresState = self.current
        forming = state.phase in FORMING
        if session.is_finished:
            # the game's keys stay in the footer, greyed
            greyed = {"square", "choose_cursor", "pack", "deal", "give_up"}
            return None if action in greyed else False
        if action == "sequence":
            number = int(str(parameters[0]))
            return forming and number <= len(self.sequences(state))
        if action in ("choose_cursor", "cursor_row", "give_up"):
            return True
        if forming:
            return False  # the building keys appear once the squares are formed
        if action == "square":
            return int(str(parameters[0])) <= state.squares
        if action == "pack":
            return any(isinstance(move, FillFromPack) for move in state.legal) or None
        return DEAL in state.legal or None  # deal

    def action_square(self, square: int) -> None:
        self.typed_square = square
        self.refresh_board()
        first = self.chosen is None
        self.status(
            f"Square {square}: now a, b, c or d for its heap"
            f"{' (a b above, c d below)' if first else ''}; Esc cancels."
        )

    def action_place(self, letter: str) -> None:
        square = self.typed_square
        if square is None:
            return
        self.typed_square = None
        self.choose_heap(HEAP_INDEX[f"{square}{letter}"])

    def action_sequence(self, number: int) -> None:
        sequences = self.sequences(self.current)
        self.cursor_sequence = number - 1
        self.play(TakeSequence(sequences[number - 1]))

    def action_choose_cursor(self) -> None:
        state: SquaresState = self.current
        if state.phase in FORMING:
            sequences = self.sequences(state)
            if sequences:
                self.play(TakeSequence(sequences[self.cursor_sequence]))
            return
        self.typed_square = None
        self.choose_heap(self.cursor_heap)

    def move_cursor(self, step: int) -> None:
        state: SquaresState = self.current
        if state.phase in FORMING:
            self.step_sequence(step)
            return
        self.typed_square = None
        row, column = heap_column(self.cursor_heap)
        columns = state.squares * 2
        self.cursor_heap = heap_at(row, (column + step) % columns)
        self.refresh_board()

    def action_cursor_row(self, step: int) -> None:
        state: SquaresState = self.current
        if state.phase in FORMING:
            self.step_sequence(step)
            return
        self.typed_square = None
        row, column = heap_column(self.cursor_heap)
        self.cursor_heap = heap_at((row + step) % 2, column)
        self.refresh_board()

    def step_sequence(self, step: int) -> None:
        sequences = self.sequences(self.current)
        if sequences:
            self.cursor_sequence = (self.cursor_sequence + step) % len(sequences)
            self.refresh_board()

    def action_pack(self) -> None:
        state: SquaresState = self.current
        self.typed_square = None
        chosen = self.chosen
        if chosen is not None and chosen[0] == "space":
            self.play(FILLS[chosen[1]])
            return
        spaces = [HEAP_NAMES[move.target] for move in state.legal if isinstance(move, FillFromPack)]
        if not spaces:
            self.action_refuse("p")
            return
        self.chosen = ("pack", -1)
        self.refresh_board()
        self.status(
            f"From the pack: its top card fills a space. Which one: {or_list(spaces)}? Esc cancels."
        )

    def action_deal(self) -> None:
        self.typed_square = None
        self.play(DEAL)

    def action_cancel(self) -> None:
        self.typed_square = None
        self.chosen = None
        self.refresh_board()
        self.status(f"Nothing chosen. {self.prompt_text(self.current)}")

    def action_give_up(self) -> None:
        from parlour.tui.screens.confirm import ConfirmScreen

        self.typed_square = None
        self.chosen = None
        self.refresh_board()
        score = self.rules.score(self.current)
        question = (
            f"Give up this game with {count(score, 'suit')} complete and clear? It ends now, "
            "with that score."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.play(GIVE_UP)
            else:
                self.status(f"Playing on. {self.prompt_text(self.current)}")

        self.app.push_screen(ConfirmScreen(question, yes="Give up", no="Play on"), answered)

    def action_refuse(self, key: str) -> None:
        """A key whose move is not possible now: say why (the engine's reason, where the
        key names a move)."""
        session = self.session
        if session is None or self.replaying:
            return
        state: SquaresState = self.current
        self.typed_square = None
        if session.is_finished:
            self.status("The game is over. Press n for a new game, Esc for the menu.", refused=True)
            return
        if key.isdigit():
            self.refuse_number(state, int(key))
        elif key == "p":
            if state.phase is Phase.BUILDING and state.pack:
                self.status(
                    "No heap is a space: the pack fills only empty heaps (S5).", refused=True
                )
            else:
                self.play(FILLS[0])  # the engine says why
        elif key == "d" or state.phase in FORMING:
            self.play(DEAL)  # the engine says why
        else:
            self.status(
                f"Type the square first: 1{key}, 2{key} or 3{key} (or ←↑↓→ and Enter).",
                refused=True,
            )
        self.refresh_board()

    def refuse_number(self, state: SquaresState, number: int) -> None:
        if state.phase in FORMING:
            offered = len(self.sequences(state))
            keys = or_list([str(n) for n in range(1, offered + 1)])
            self.status(
                f"There {'is' if offered == 1 else 'are'} {count(offered, 'sequence')} on "
                f"offer: press {keys}.",
                refused=True,
            )
        elif number > SQUARE_COUNT:
            self.status(f"There is no square {number}: the heaps are 1a to 3d.", refused=True)
        else:
            self.status(
                f"Square {number} was never formed: the pack ran out before it (S9).",
                refused=True,
            )

    # -- choosing heaps --------------------------------------------------------------------

    def choose_heap(self, index: int) -> None:
        """A heap chosen by its label, the cursor or a click: the first half of a move or
        the second."""
        state: SquaresState = self.current
        self.cursor_heap = index if index < state.heap_count else self.cursor_heap
        if not self.live():
            return
        if state.phase in FORMING:
            self.play(HEAP_MOVES[index][index])  # the engine says a square is being formed
            return
        if index >= state.heap_count:
            self.status(
                f"Square {square_of(index)} was never formed: there is no "
                f"{HEAP_NAMES[index]} (S9).",
                refused=True,
            )
            return
        chosen = self.chosen
        if chosen is None:
            self.begin_at(state, index)
            return
        kind, first = chosen
        if kind != "pack" and first == index:
            self.chosen = None
            self.refresh_board()
            self.status(f"{HEAP_NAMES[index]} let go: nothing chosen. {self.prompt_text(state)}")
            return
        if kind == "heap":
            move: Any = HEAP_MOVES[first][index]
        elif kind == "pack":
            move = FILLS[index]
        else:
            move = HEAP_MOVES[index][first]
        if not self.play(move):
            self.refresh_board()

    def begin_at(self, state: SquaresState, index: int) -> None:
        """The first half of a move: the heap a run leaves, or a space to fill."""
        name = HEAP_NAMES[index]
        heap = state.heaps[index]
        legal = state.legal
        if heap:
            moves = [m for m in legal if isinstance(m, HeapMove) and m.source == index]
            if not moves:
                self.status(self.nothing_moves(state, index), refused=True)
                self.refresh_board()
                return
            self.chosen = ("heap", index)
            self.refresh_board()
            run = heap[len(heap) - top_run_length(heap) :]
            places = []
            for move in moves:
                target = state.heaps[move.target]
                where = HEAP_NAMES[move.target]
                if target:
                    places.append(f"{where} (onto {target[-1]})")
                elif len(run) > 1:
                    places.append(f"{where} (a space: it takes {heap[-1]} alone)")
                else:
                    places.append(f"{where} (a space)")
            what = f"its run {self.name_cards(run)}" if len(run) > 1 else f"its {heap[-1]}"
            self.status(
                f"{name} chosen: {what} can go to {or_list(places)}. Choose where (its label, "
                "or the arrows and Enter); Esc cancels."
            )
            return
        fills = [
            m
            for m in legal
            if (isinstance(m, FillFromPack) and m.target == index)
            or (isinstance(m, HeapMove) and m.target == index)
        ]
        if not fills:
            self.status(
                f"{name} is a space, but nothing can fill it now: the pack is empty and no "
                f"other heap of square {square_of(index)} has a card (S5).",
                refused=True,
            )
            return
        self.chosen = ("space", index)
        self.refresh_board()
        sources = [HEAP_NAMES[m.source] for m in fills if isinstance(m, HeapMove)]
        offers = ["p takes the pack's top card"] if FILLS[index] in legal else []
        if sources:
            offers.append(f"{or_list(sources)} gives its top card")
        self.status(f"To fill the space {name}: {'; '.join(offers)}. Esc cancels.")

    def nothing_moves(self, state: SquaresState, index: int) -> str:
        """Why nothing may leave heap ``index`` (there is no legal move from it)."""
        name = HEAP_NAMES[index]
        heap = state.heaps[index]
        run = heap[len(heap) - top_run_length(heap) :]
        if len(run) == SUIT_SIZE:
            return f"Nothing moves from {name}: its run is the whole suit, complete."
        what = f"its run {self.name_cards(run)}" if len(run) > 1 else f"its {run[0]}"
        return (
            f"Nothing can move from {name} now: {what} goes only onto the {ABOVE[run[0]]}, "
            f"which is not on top of a heap (S4), and square {square_of(index)} has no space "
            "for its top card (S5)."
        )

    # -- hints -----------------------------------------------------------------------------

    def hint_words(self, move: Any) -> str:
        # the engine would name the cards the pack gives: a hint must not show them
        state: SquaresState = self.current
        if isinstance(move, FillFromPack):
            return f"fill the space {HEAP_NAMES[move.target]} from the pack"
        if isinstance(move, Deal):
            return f"deal to square {state.next_deal}"
        if isinstance(move, GiveUp):
            return "nothing seems to raise the score now: give up"
        return super().hint_words(move)

    def show_hint(self, move: Any) -> None:
        # the hint's keys start a move afresh
        self.typed_square = None
        self.chosen = None
        if isinstance(move, HeapMove):
            self.cursor_heap = move.source
        elif isinstance(move, FillFromPack):
            self.cursor_heap = move.target
        elif isinstance(move, TakeSequence):
            self.cursor_sequence = self.sequences(self.current).index(move.heaps)
        self.refresh_board()

    def key_for(self, move: Any) -> str:
        if isinstance(move, HeapMove):
            return f"{HEAP_NAMES[move.source]} then {HEAP_NAMES[move.target]}"
        if isinstance(move, FillFromPack):
            return f"p then {HEAP_NAMES[move.target]}"
        if isinstance(move, TakeSequence):
            return str(self.sequences(self.current).index(move.heaps) + 1)
        return "d" if isinstance(move, Deal) else "G"

    # -- the mouse -------------------------------------------------------------------------

    @on(Pile.Chosen)
    def pile_clicked(self, event: Pile.Chosen) -> None:
        if not self.live():
            return
        self.typed_square = None
        state: SquaresState = self.current
        if event.key == "pack":
            self.action_pack()
            return
        index = HEAP_INDEX[event.key]
        if state.phase in FORMING:
            for number, members in enumerate(self.sequences(state), start=1):
                if index in members:
                    self.action_sequence(number)
                    return
            self.status(
                f"{HEAP_NAMES[index]} is not part of a sequence on offer: click one marked "
                "with its number.",
                refused=True,
            )
            return
        self.choose_heap(index)
