"""Three Squares' keys. A move is made in two halves, by the heaps' labels (``1`` ``c``,
then ``2`` ``b``), by the arrows and Enter, or by clicking: first the heap a run leaves
(or ``p``, the pack), then where it goes. A space may be chosen first too: then ``p`` or a
heap of its square fills it. ``d`` deals, ``G`` gives up (asking first), and while a
square is formed ``1``–``9`` take the sequence with that number. What may be chosen comes
from the engine's legal moves alone, and a move the engine refuses shows its reason."""

from __future__ import annotations

from typing import Final

from parlour.controls.game import Ask
from parlour.controls.game import GameControls
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Reply
from parlour.controls.game import Say
from parlour.controls.game import View
from parlour.controls.game import shared_keys
from parlour.controls.keys import Availability
from parlour.controls.keys import During
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.controls.keys import lettered
from parlour.controls.keys import numbered
from parlour.controls.squares_words import count
from parlour.controls.squares_words import heap_at
from parlour.controls.squares_words import heap_column
from parlour.controls.squares_words import heap_keys
from parlour.controls.squares_words import hidden_hint_words
from parlour.controls.squares_words import nothing_fills
from parlour.controls.squares_words import nothing_moves
from parlour.controls.squares_words import number_refused
from parlour.controls.squares_words import or_list
from parlour.controls.squares_words import prompt_words
from parlour.controls.squares_words import sequences
from parlour.controls.squares_words import source_chosen
from parlour.controls.squares_words import space_chosen
from parlour.engine.cards import format_cards
from parlour.engine.game import GIVE_UP
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import square_of
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import DEAL
from parlour.engine.games.squares_state import FILLS
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import HEAP_MOVES
from parlour.engine.games.squares_state import Deal
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence

LETTERS: Final = "abcd"
#: the most sequences the number keys can choose between
MOST_SEQUENCES: Final = 9


class SquaresControls(GameControls):
    """Half a move and the cursors: the square typed, waiting for its heap's letter; the
    first half of a move chosen; the heap under the cursor while building and the sequence
    selected while a square is formed."""

    def __init__(self, view: View) -> None:
        super().__init__(view)
        #: the square typed as the first half of a heap's label, waiting for its letter
        self.typed_square: int | None = None
        #: the first half of a move: ("heap", i) a run's source, ("space", i) a space to
        #: fill, ("pack", -1) the pack; None when nothing is chosen
        self.chosen: tuple[str, int] | None = None
        self.cursor_heap = 0
        self.cursor_sequence = 0

    @property
    def state(self) -> SquaresState:
        state: SquaresState = super().state
        return state

    @property
    def forming(self) -> bool:
        return self.state.phase in FORMING

    def let_go(self) -> None:
        """Forget a move half made (after any move, undo or redo)."""
        self.typed_square = None
        self.chosen = None

    def choices(self) -> tuple[set[int], bool]:
        """The heaps that may be chosen next, and whether the pack may: sources of a move
        when nothing is chosen, else what completes the move begun."""
        legal = self.state.legal
        heap_moves = [move for move in legal if isinstance(move, HeapMove)]
        fills = {move.target for move in legal if isinstance(move, FillFromPack)}
        if self.chosen is None:
            return {move.source for move in heap_moves}, bool(fills)
        kind, index = self.chosen
        if kind == "heap":
            return {move.target for move in heap_moves if move.source == index}, False
        if kind == "pack":
            return fills, False
        return {move.source for move in heap_moves if move.target == index}, index in fills

    # -- the keys' replies -----------------------------------------------------------------

    def square(self, square: int) -> Reply:
        self.typed_square = square
        first = self.chosen is None
        a, b, c, d = (self.key("place", letter) for letter in LETTERS)
        return Redraw(
            f"Square {square}: now {a}, {b}, {c} or {d} for its heap"
            f"{f' ({a} {b} above, {c} {d} below)' if first else ''}; {self.key('cancel')} "
            "cancels."
        )

    def place(self, letter: str) -> Reply:
        square = self.typed_square
        if square is None:
            return Say("")
        self.typed_square = None
        return self.choose_heap(HEAP_INDEX[f"{square}{letter}"])

    def sequence(self, number: int) -> Reply:
        self.cursor_sequence = number - 1
        return Play(TakeSequence(sequences(self.state)[number - 1]))

    def choose_cursor(self) -> Reply:
        if self.forming:
            offered = sequences(self.state)
            return Play(TakeSequence(offered[self.cursor_sequence])) if offered else Say("")
        self.typed_square = None
        return self.choose_heap(self.cursor_heap)

    def move_cursor(self, step: int) -> Reply:
        if self.forming:
            return self.step_sequence(step)
        self.typed_square = None
        row, column = heap_column(self.cursor_heap)
        self.cursor_heap = heap_at(row, (column + step) % (self.state.squares * 2))
        return Redraw()

    def cursor_row(self, step: int) -> Reply:
        if self.forming:
            return self.step_sequence(step)
        self.typed_square = None
        row, column = heap_column(self.cursor_heap)
        self.cursor_heap = heap_at((row + step) % 2, column)
        return Redraw()

    def step_sequence(self, step: int) -> Reply:
        offered = sequences(self.state)
        if offered:
            self.cursor_sequence = (self.cursor_sequence + step) % len(offered)
        return Redraw()

    def pack(self) -> Reply:
        self.typed_square = None
        if self.chosen is not None and self.chosen[0] == "space":
            return Play(FILLS[self.chosen[1]])
        legal = self.state.legal
        spaces = [HEAP_NAMES[move.target] for move in legal if isinstance(move, FillFromPack)]
        if not spaces:
            return self.refuse("p")
        self.chosen = ("pack", -1)
        return Redraw(
            f"From the pack: its top card fills a space. Which one: {or_list(spaces)}? "
            f"{self.key('cancel')} cancels."
        )

    def deal(self) -> Reply:
        self.typed_square = None
        return Play(DEAL)

    def cancel(self) -> Reply:
        self.let_go()
        return Redraw(f"Nothing chosen. {self.prompt()}")

    def look(self) -> Reply:
        """``v``: every card of the heap under the cursor (typed or chosen first, if so),
        the bottom first: the cards under its top run are face up too, only squared."""
        state = self.state
        index = self.cursor_heap
        if self.typed_square is not None:
            letters = or_list([self.key("place", letter) for letter in LETTERS])
            return Say(
                f"Type the heap's letter first ({letters}), then {self.key('look')}.",
                refused=True,
            )
        if self.chosen is not None and self.chosen[0] != "pack":
            index = self.chosen[1]
        if index >= state.heap_count:
            return Say(f"There is no heap {HEAP_NAMES[index]} yet.", refused=True)
        cards = state.heaps[index]
        if not cards:
            return Say(f"{HEAP_NAMES[index]} is a space: no cards.")
        run = top_run_length(cards)
        under = cards[: len(cards) - run]
        if not under:
            return Say(f"{HEAP_NAMES[index]}: {format_cards(cards)}, nothing under its run.")
        return Say(
            f"{HEAP_NAMES[index]}, the bottom first: {format_cards(under)} under the run "
            f"{format_cards(cards[-run:])} ({self.arrows()} choose another heap, "
            f"{self.key('look')} again)."
        )

    def prompt(self) -> str:
        """The engine's prompt, naming the keys of the sequences on offer."""
        prompt = self.rules.words.prompt(self.state)
        return prompt_words(self.state, prompt, self.key, offers_new_game=self.view.course.plays)

    def arrows(self, *, compact: bool = False) -> str:
        """The keys that move the cursor between heaps: ``← → ↑ ↓``, or ``←↑↓→``."""
        left, right = self.keys_of("cursor", (-1, 1))
        up, down = self.keys_of("cursor_row", (-1, 1))
        if compact and all(len(key) == 1 for key in (left, up, down, right)):
            return left + up + down + right
        return f"{left} {right} {up} {down}"

    def give_up(self) -> Reply:
        self.let_go()
        score = self.rules.score(self.state)
        return Ask(
            f"Give up this game with {count(score, 'suit')} complete and clear? It ends now, "
            "with that score.",
            yes="Give up",
            no="Play on",
            move=GIVE_UP,
            declined=f"Playing on. {self.prompt()}",
        )

    def refuse(self, key: str) -> Reply:
        """A key whose move is not possible now: say why (the engine's reason, where the
        key names a move)."""
        session = self.game
        state = self.state
        self.typed_square = None
        if session.is_finished:
            return Say(
                f"The game is over. Press {self.key('new')} for a new game, "
                f"{self.key('menu')} for the menu.",
                refused=True,
            )
        if key.isdigit():
            words = number_refused(state, int(key), self.key, forming=self.forming)
            return Say(words, refused=True)
        if key == "p":
            if state.phase is Phase.BUILDING and state.pack:
                return Say(
                    "No heap is a space: the pack fills only empty heaps (S5).", refused=True
                )
            return Play(FILLS[0])  # the engine says why
        if key == "d" or self.forming:
            return Play(DEAL)  # the engine says why
        if key not in LETTERS:
            return Say("")
        labels = or_list([heap_keys(self.key, HEAP_INDEX[f"{n}{key}"]) for n in (1, 2, 3)])
        return Say(
            f"Type the square first: {labels} (or {self.arrows(compact=True)} and "
            f"{self.key('choose_cursor')}).",
            refused=True,
        )

    # -- choosing heaps --------------------------------------------------------------------

    def choose_heap(self, index: int) -> Reply:
        """A heap chosen by its label, the cursor or a click: the first half of a move or
        the second."""
        state = self.state
        self.cursor_heap = index if index < state.heap_count else self.cursor_heap
        if not self.live:
            return Say("")
        if self.forming:
            return Play(HEAP_MOVES[index][index])  # the engine says a square is being formed
        if index >= state.heap_count:
            return Say(
                f"Square {square_of(index)} was never formed: there is no "
                f"{HEAP_NAMES[index]} (S9).",
                refused=True,
            )
        if self.chosen is None:
            return self.begin_at(index)
        kind, first = self.chosen
        if kind != "pack" and first == index:
            self.chosen = None
            return Redraw(f"{HEAP_NAMES[index]} let go: nothing chosen. {self.prompt()}")
        if kind == "heap":
            return Play(HEAP_MOVES[first][index])
        if kind == "pack":
            return Play(FILLS[index])
        return Play(HEAP_MOVES[index][first])

    def begin_at(self, index: int) -> Reply:
        """The first half of a move: the heap a run leaves, or a space to fill."""
        state = self.state
        legal = state.legal
        if state.heaps[index]:
            moves = [m for m in legal if isinstance(m, HeapMove) and m.source == index]
            if not moves:
                return Say(nothing_moves(state, index), refused=True)
            self.chosen = ("heap", index)
            return Redraw(source_chosen(state, index, moves, self.key))
        fills = [
            m
            for m in legal
            if (isinstance(m, FillFromPack) and m.target == index)
            or (isinstance(m, HeapMove) and m.target == index)
        ]
        if not fills:
            return Say(nothing_fills(index), refused=True)
        self.chosen = ("space", index)
        sources = [HEAP_NAMES[m.source] for m in fills if isinstance(m, HeapMove)]
        return Redraw(space_chosen(state, index, sources, self.key))

    def click(self, key: str) -> Reply:
        """A click on the pack, on a heap, or on a sequence on offer (``sequence N``)."""
        if not self.live:
            return Say("")
        self.typed_square = None
        if key == "pack":
            return self.pack()
        if key.startswith("sequence "):
            number = int(key.removeprefix("sequence "))
            offered = sequences(self.state) if self.forming else []
            return self.sequence(number) if 1 <= number <= len(offered) else Say("")
        index = HEAP_INDEX[key]
        if not self.forming:
            return self.choose_heap(index)
        for number, members in enumerate(sequences(self.state), start=1):
            if index in members:
                return self.sequence(number)
        return Say(
            f"{HEAP_NAMES[index]} is not part of a sequence on offer: click one marked "
            "with its number.",
            refused=True,
        )

    # -- hints -----------------------------------------------------------------------------

    def hint_words(self, move: SquaresMove) -> str:
        # the engine would name the cards the pack gives: a hint must not show them
        return hidden_hint_words(self.state, move) or super().hint_words(move)

    def point_at(self, move: object) -> None:
        # the hint's keys start a move afresh
        self.let_go()
        if isinstance(move, HeapMove):
            self.cursor_heap = move.source
        elif isinstance(move, FillFromPack):
            self.cursor_heap = move.target
        elif isinstance(move, TakeSequence):
            self.cursor_sequence = sequences(self.state).index(move.heaps)

    def key_for(self, move: SquaresMove) -> str:
        if isinstance(move, HeapMove):
            return f"{heap_keys(self.key, move.source)} then {heap_keys(self.key, move.target)}"
        if isinstance(move, FillFromPack):
            return f"{self.key('pack')} then {heap_keys(self.key, move.target)}"
        if isinstance(move, TakeSequence):
            return self.key("sequence", sequences(self.state).index(move.heaps) + 1)
        return self.key("deal") if isinstance(move, Deal) else self.key("give_up")

    # -- when the keys may be used ---------------------------------------------------------

    def _game_key(self, building_only: bool = False) -> Availability:
        """False while a square is formed, for ``building_only``; None once the game is
        over (the key stays in the bar, greyed); else True."""
        if self.game.is_finished:
            return None
        return not (building_only and self.forming)

    def can_type_square(self, square: int) -> Availability:
        usable = self._game_key(building_only=True)
        return usable and square <= self.state.squares

    def can_take(self, number: int) -> Availability:
        usable = self._game_key()
        return bool(usable) and self.forming and number <= len(sequences(self.state))

    def is_typing(self) -> Availability:
        return bool(self._game_key()) and self.typed_square is not None

    def can_choose(self) -> Availability:
        return self.over() if self.game.is_finished else self._game_key()

    def can_move_row(self) -> Availability:
        return bool(self._game_key())

    def can_pack(self) -> Availability:
        usable = self._game_key(building_only=True)
        return usable and (any(isinstance(m, FillFromPack) for m in self.state.legal) or None)

    def can_deal(self) -> Availability:
        if self.typed_square is not None:
            return False  # d is the heap's letter after its square's number (1d)
        usable = self._game_key(building_only=True)
        return usable and (DEAL in self.state.legal or None)

    def can_look(self) -> Availability:
        """Heaps are there to look at once the squares are formed (in play or replayed);
        while a square is formed the cursor chooses a sequence, not a heap, though heaps
        may already hold cards under their tops (it once said that every card was in
        view)."""
        if not self.forming:
            return True
        return (
            f"{self.key('look')} looks through a heap once the squares are formed; while a "
            "square is formed, the cursor chooses a sequence, not a heap."
        )

    def half_made(self) -> bool:
        return self.typed_square is not None or self.chosen is not None

    def has_half_move(self) -> Availability:
        return bool(self._game_key() is not False) and (
            self.typed_square is not None or self.chosen is not None
        )


KEYS: Final = (
    KeyTable[SquaresControls](
        (
            # building: a heap by its label, the square's number first (1a … 3d)
            *numbered(SquaresControls, "123", "square", lambda c, n: c.square(n), "Heap",
                      "the square of a heap's label (1 then c is heap 1c): choose first the "
                      "heap a run leaves, then the heap it goes to; or first a space, then "
                      "what fills it", lambda c, n: c.can_type_square(n), group="Heap",
                      compact_group=True),
            # forming a square: the sequence on offer with that number
            *numbered(SquaresControls, [str(n) for n in range(1, MOST_SEQUENCES + 1)],
                      "sequence", lambda c, n: c.sequence(n), "Sequence", "while a square "
                      "is being formed: take up the sequence with that number to start it",
                      lambda c, n: c.can_take(n), group="Sequence"),
            # after the square's number, the heap's letter (d deals otherwise)
            *lettered(SquaresControls, LETTERS[:3], "place", lambda c, letter: c.place(letter),
                      "", "after the square's number: its heap (a b the top row, c d the "
                      "row below)", lambda c, _: c.is_typing()),
            Key("enter", "choose_cursor", lambda c: c.choose_cursor(), "Choose", "choose the "
                "heap under the cursor (first where from, then where to); while a square is "
                "formed, take the sequence selected", lambda c: c.can_choose()),
            Key("up", "cursor_row", lambda c: c.cursor_row(-1), "", "move the cursor to the "
                "row above", lambda c: c.can_move_row(), (-1,)),
            Key("down", "cursor_row", lambda c: c.cursor_row(1), "", "move the cursor to the "
                "row below", lambda c: c.can_move_row(), (1,)),
            Key("p", "pack", lambda c: c.pack(), "Pack", "the pack: its top card fills the "
                "space chosen next (or chosen just before)", lambda c: c.can_pack()),
            Key("d", "place", lambda c: c.place("d"), "", "after the square's number: its "
                "heap (a b the top row, c d the row below)", lambda c: c.is_typing(), ("d",)),
            Key("d", "deal", lambda c: c.deal(), "Deal", "deal a card to each heap of the "
                "next square (the board shows which)", lambda c: c.can_deal()),
            Key("v", "look", lambda c: c.look(), "Look", "show every card of the heap under "
                "the cursor, the bottom first (the cards under its top run)",
                lambda c: c.can_look(), during=During.ALWAYS),
            Key("G", "give_up", lambda c: c.give_up(), "Give up", "give up: the game ends "
                "with its score as it stands (asks first)", lambda c: c.can_choose()),
            # the status line says "Esc cancels" whenever half a move is made
            Key("escape", "cancel", lambda c: c.cancel(), "", "let go of a move half made",
                lambda c: c.has_half_move()),
            # a key whose move cannot be made now answers with the reason
            *lettered(SquaresControls, [*map(str, range(1, MOST_SEQUENCES + 1)),
                                        *LETTERS[:3], "p", "d", "G"],
                      "refuse", lambda c, key: c.refuse(key)),
        ),
        notes=(
            "The mouse works too: click a heap to choose it (first the heap a run leaves, "
            "then where it goes), the pack to fill a space from it, and while a square is "
            "being formed, a heap marked with a sequence's number, or that sequence's line "
            "in the square's note, to take that sequence.",
        ),
    )
    + shared_keys(pause=("P",))  # (p is the game's own key)
).described(
    {
        "cursor(-1)": "move the cursor to the heap on the left (forming: the previous "
        "sequence)",
        "cursor(1)": "move the cursor to the heap on the right (forming: the next sequence)",
    }
)  # fmt: skip
SquaresControls.KEYS = KEYS
