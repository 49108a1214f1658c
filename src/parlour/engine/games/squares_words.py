"""What Three Squares says to the player: what a move does and, once made, what it did,
why a move is refused (S1–S6, S10, S11), what a position asks, how a game ended, and
what the longer look at the end found (S11).

>>> from parlour.engine.games.squares import SQUARES
>>> state = SQUARES.start_from_seed(1)
>>> WORDS.describe(state, SQUARES.parse_move("d"))
'deal JH JC 6C 6H to square 1'
>>> WORDS.done(state, SQUARES.parse_move("d"))
'dealt JH JC 6C 6H to square 1'
"""

from __future__ import annotations

from contextlib import suppress
from typing import Final

from parlour.engine.cards import SUITS
from parlour.engine.cards import format_cards
from parlour.engine.game import GiveUp
from parlour.engine.game import Words
from parlour.engine.games.squares_layout import ABOVE
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SUIT_SIZE
from parlour.engine.games.squares_layout import exposed_sequences
from parlour.engine.games.squares_layout import run_order
from parlour.engine.games.squares_layout import square_of
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_state import FORMING
from parlour.engine.games.squares_state import Deal
from parlour.engine.games.squares_state import DeclareEnd
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence
from parlour.engine.games.squares_state import end_undecided
from parlour.engine.games.squares_state import packets
from parlour.engine.wording import counted


class SquaresWords(Words[SquaresState, SquaresMove]):
    """Three Squares' words (they read the state machine, not the rules, whose
    :meth:`~parlour.engine.games.squares.SquaresRules.look_note` asks them)."""

    hidden_piles = frozenset({"pack"})

    score_label = "suits complete"

    def describe(self, state: SquaresState, move: SquaresMove) -> str:
        heaps = state.heaps
        if isinstance(move, GiveUp):
            return "give up"
        if isinstance(move, DeclareEnd):
            return "Parlour ends the game: no higher score can be reached (S11)"
        if isinstance(move, Deal):
            dealt = state.pack[:HEAPS_PER_SQUARE]
            return f"deal {format_cards(dealt)} to square {state.next_deal}" if dealt else "deal"
        if isinstance(move, FillFromPack):
            space = HEAP_NAMES[move.target]
            return f"{state.pack[0]} from the pack into {space}" if state.pack else f"p-{space}"
        if isinstance(move, TakeSequence):
            tops = tuple(heaps[heap][-1] for heap in move.heaps if heaps[heap])
            with suppress(ValueError):
                tops = run_order(tops)
            names = " ".join(HEAP_NAMES[heap] for heap in move.heaps)
            return f"take up {format_cards(tops)} from {names} to start square {state.squares + 1}"
        source, target = heaps[move.source], heaps[move.target]
        source_name, target_name = HEAP_NAMES[move.source], HEAP_NAMES[move.target]
        if not source:
            return f"{source_name} is empty"
        if target:
            run = source[len(source) - top_run_length(source) :]
            return f"{format_cards(run)} from {source_name} onto {target[-1]} in {target_name}"
        return f"{source[-1]} from {source_name} into the space {target_name}"

    def done(self, state: SquaresState, move: SquaresMove) -> str:
        heaps = state.heaps
        if isinstance(move, GiveUp):
            return "gave up"
        if isinstance(move, DeclareEnd):
            return "Parlour ended the game: no higher score can be reached (S11)"
        if isinstance(move, Deal):
            dealt = state.pack[:HEAPS_PER_SQUARE]
            return f"dealt {format_cards(dealt)} to square {state.next_deal}" if dealt else "dealt"
        if isinstance(move, FillFromPack):
            space = HEAP_NAMES[move.target]
            card = f" with {state.pack[0]}" if state.pack else ""
            return f"filled the space {space}{card} from the pack"
        if isinstance(move, TakeSequence):
            tops = tuple(heaps[heap][-1] for heap in move.heaps if heaps[heap])
            with suppress(ValueError):
                tops = run_order(tops)
            names = " ".join(HEAP_NAMES[heap] for heap in move.heaps)
            square = state.squares + 1
            return f"took up {format_cards(tops)} from {names} to start square {square}"
        if not heaps[move.source]:
            return f"moved nothing: {HEAP_NAMES[move.source]} is empty"
        return f"moved {self.describe(state, move)}"

    def why_illegal(self, state: SquaresState, move: SquaresMove) -> str:
        if state.phase is Phase.FINISHED or isinstance(move, GiveUp):
            return "the game is over"
        if state.phase in FORMING:
            forming = state.squares + 1
            if not isinstance(move, TakeSequence):
                return (
                    f"square {forming} is being formed: first choose which exposed sequence "
                    f"starts it (S{forming})"
                )
            return _why_not_taken(state, move)
        if isinstance(move, TakeSequence):
            return "sequences are taken up only while the squares are being formed (S2, S3)"
        if isinstance(move, DeclareEnd):
            if state.pack:
                return "the game can end this way only once the pack is empty (S11)"
            return (
                "Parlour has not shown that no higher score can be reached from here: it ends "
                "the game itself when it has (S10, S11)"
            )
        if isinstance(move, Deal):
            return "the pack is empty (S6)"
        heaps = (move.target,) if isinstance(move, FillFromPack) else (move.source, move.target)
        for heap in heaps:
            if heap >= state.heap_count:
                return (
                    f"square {square_of(heap)} was never formed, so there is no {HEAP_NAMES[heap]}"
                )
        if isinstance(move, FillFromPack):
            if not state.pack:
                return "the pack is empty (S5)"
            return f"{HEAP_NAMES[move.target]} is not a space: the pack fills only empty heaps (S5)"
        assert isinstance(move, HeapMove)
        return _why_not_moved(state, move)

    def ending(self, state: SquaresState) -> str:
        score = packets(state)
        if score == len(SUITS):
            return "all four suits stand complete and clear"
        complete = f"{counted(score, 'suit')} complete and clear"
        if state.gave_up:
            return f"gave up with {complete}"
        if _chockered(state):
            return f"chockered: a card is buried under a packet; {complete}"
        return f"no more can be done; {complete}"

    def prompt(self, state: SquaresState) -> str:
        if state.phase is Phase.FINISHED:
            return f"Game over: {self.ending(state)}. Score {packets(state)}."
        if state.phase in FORMING:
            choices = []
            for move in state.legal:
                if isinstance(move, TakeSequence):
                    cards = run_order(state.heaps[heap][-1] for heap in move.heaps)
                    choices.append(f"{format_cards(cards)} ({move})")
            return (
                f"Several sequences are exposed: choose which starts square "
                f"{state.squares + 1}: {' or '.join(choices)}."
            )
        if not state.pack and end_undecided(state):
            return (
                "Building (the pack is empty): at a first look Parlour cannot tell yet whether "
                "a higher score can still be reached, and looks further as you play; move a "
                "run onto the "
                "next-higher card of its suit, fill a space from its own square, or give up."
            )
        if not state.pack:
            return (
                "Building (the pack is empty): move a run onto the next-higher card of its "
                "suit or fill a space from its own square; give up when you are done."
            )
        return (
            "Building: move a run onto the next-higher card of its suit, fill a space from "
            f"the pack or its own square, or deal to square {state.next_deal} "
            f"({counted(len(state.pack), 'card')} left)."
        )

    def look_note(self, finding: str) -> str:
        """What to tell the player when the longer look at the end (S11) has found that the
        game goes on ("" when it found that no more can be done: the game ends instead)."""
        if finding == Verdict.IMPROVABLE:
            return "Parlour has looked further: a higher score can still be reached."
        if finding == Verdict.UNDECIDED:
            return (
                "Parlour could not decide whether a higher score can still be reached (more "
                "than a million positions to look through); it tries again after each move."
            )
        return ""


def _why_not_taken(state: SquaresState, move: TakeSequence) -> str:
    seen = range(state.heap_count)
    squares = "square 1" if state.squares == 1 else "squares 1 and 2"
    if any(heap not in seen for heap in move.heaps):
        return f"only the exposed cards of {squares} are looked at (S{state.squares + 1})"
    empty = [HEAP_NAMES[heap] for heap in move.heaps if not state.heaps[heap]]
    if empty:
        return f"{', '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty"
    tops = [state.heaps[heap][-1] for heap in move.heaps]
    try:
        run_order(tops)
    except ValueError:
        return (
            f"{format_cards(tops)} are not a sequence: a sequence is cards of one suit "
            f"with consecutive ranks (S1)"
        )
    for sequence in exposed_sequences(state.heaps, seen):
        if move.heaps[0] in sequence:
            whole = TakeSequence(sequence)
            return f"a sequence is taken up whole: {whole} (S2)"
    return "that is not one of the exposed sequences (S2)"  # pragma: no cover


def _why_not_moved(state: SquaresState, move: HeapMove) -> str:
    source_name, target_name = HEAP_NAMES[move.source], HEAP_NAMES[move.target]
    source, target = state.heaps[move.source], state.heaps[move.target]
    if not source:
        return f"{source_name} is empty"
    if move.source == move.target:
        return "a run cannot move onto its own heap"
    if not target:
        return (
            f"{target_name} is a space, and a space takes a card only from the pack or from "
            f"a heap of its own square, square {square_of(move.target)} (S5); a run never "
            f"moves into a space (S4)"
        )
    run = source[len(source) - top_run_length(source) :]
    moving = f"the run {format_cards(run)} moves whole and" if len(run) > 1 else str(run[0])
    wrap = " (the ace counts as one above the king)" if run[0].rank == SUIT_SIZE else ""
    return (
        f"{moving} can go only onto {ABOVE[run[0]]}{wrap}, but {target_name} shows "
        f"{target[-1]} (S4)"
    )


def _chockered(state: SquaresState) -> bool:
    """The book's "chockered": four heaps topped by four different suits, and under at
    least one of them, beneath a complete packet of its suit, lies some other card (the
    missing end of another suit). A heap whose top run is not a whole suit buries nothing
    under a packet, so four heaps of two short runs each are not chockered."""
    heaps = [heap for heap in state.heaps if heap]
    return (
        len(heaps) == len(SUITS)
        and len({heap[-1].suit for heap in heaps}) == len(SUITS)
        and any(len(heap) > SUIT_SIZE and top_run_length(heap) == SUIT_SIZE for heap in heaps)
    )


WORDS: Final = SquaresWords()
