"""The words of Three Squares' keys: what the status line says when half a move is made,
why a heap or a key cannot be used now, and moves as a hint names them; and where each
heap sits on the board, for the cursor. Plain text, no Textual; the reasons for a
refused move are the engine's."""

from __future__ import annotations

from collections.abc import Callable

from parlour.engine.game import GiveUp
from parlour.engine.games.squares_layout import ABOVE
from parlour.engine.games.squares_layout import HEAP_NAMES
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_layout import SUIT_SIZE
from parlour.engine.games.squares_layout import square_of
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import FILLS
from parlour.engine.games.squares_state import Deal
from parlour.engine.games.squares_state import FillFromPack
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import TakeSequence

#: the controls' key of an action (name and arguments) as the player has it
KeyOf = Callable[..., str]


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


def name_cards(cards: list[object] | tuple[object, ...]) -> str:
    """Cards in the engine's notation (the status line shows their suit symbols)."""
    return " ".join(str(card) for card in cards)


def sequences(state: SquaresState) -> list[tuple[int, ...]]:
    """The sequences on offer while a square is formed, numbered from 1 on screen."""
    return [move.heaps for move in state.legal if isinstance(move, TakeSequence)]


def heap_keys(key: KeyOf, index: int) -> str:
    """The keys that choose heap ``index`` (its label: its square's key, then its
    letter's), as the player has them."""
    name = HEAP_NAMES[index]
    square, letter = key("square", int(name[0])), key("place", name[1])
    return square + letter if len(square) == len(letter) == 1 else f"{square} {letter}"


def prompt_words(state: SquaresState, prompt: str, key: KeyOf, *, offers_new_game: bool) -> str:
    """The engine's prompt, naming the screen's keys (``key``: as the player has them) for
    the sequences on offer."""
    for number, members in enumerate(sequences(state), start=1):
        prompt = prompt.replace(f"({TakeSequence(members)})", f"(press {key('sequence', number)})")
    if state.phase is Phase.FINISHED and offers_new_game:
        prompt += f" Press {key('new')} for a new game, {key('menu')} for the menu."
    return prompt


def source_chosen(state: SquaresState, index: int, moves: list[HeapMove], key: KeyOf) -> str:
    """The status line once heap ``index`` is chosen as the heap a run leaves."""
    heap = state.heaps[index]
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
    what = f"its run {name_cards(run)}" if len(run) > 1 else f"its {heap[-1]}"
    return (
        f"{HEAP_NAMES[index]} chosen: {what} can go to {or_list(places)}. Choose where (its "
        f"label, or the arrows and {key('choose_cursor')}); {key('cancel')} cancels."
    )


def space_chosen(state: SquaresState, index: int, sources: list[str], key: KeyOf) -> str:
    """The status line once the space ``index`` is chosen, to be filled."""
    offers = [f"{key('pack')} takes the pack's top card"] if FILLS[index] in state.legal else []
    if sources:
        offers.append(f"{or_list(sources)} gives its top card")
    return f"To fill the space {HEAP_NAMES[index]}: {'; '.join(offers)}. {key('cancel')} cancels."


def nothing_moves(state: SquaresState, index: int) -> str:
    """Why nothing may leave heap ``index`` (there is no legal move from it)."""
    name = HEAP_NAMES[index]
    heap = state.heaps[index]
    run = heap[len(heap) - top_run_length(heap) :]
    if len(run) == SUIT_SIZE:
        return f"Nothing moves from {name}: its run is the whole suit, complete."
    what = f"its run {name_cards(run)}" if len(run) > 1 else f"its {run[0]}"
    return (
        f"Nothing can move from {name} now: {what} can go only onto {ABOVE[run[0]]}, "
        f"which is not on top of any heap (S4), and square {square_of(index)} has no space "
        "for its top card (S5)."
    )


def nothing_fills(index: int) -> str:
    return (
        f"{HEAP_NAMES[index]} is a space, but nothing can fill it now: the pack is empty and "
        f"no other heap of square {square_of(index)} has a card (S5)."
    )


def number_refused(state: SquaresState, number: int, key: KeyOf, *, forming: bool) -> str:
    """Why a number key does nothing now."""
    if forming:
        offered = len(sequences(state))
        keys = or_list([key("sequence", n) for n in range(1, offered + 1)])
        return (
            f"There {'is' if offered == 1 else 'are'} {count(offered, 'sequence')} on "
            f"offer: press {keys}."
        )
    if number > SQUARE_COUNT:
        return f"There is no square {number}: the heaps are 1a to 3d."
    return f"Square {number} was never formed: the pack ran out before it (S9)."


def hidden_hint_words(state: SquaresState, move: SquaresMove) -> str:
    """A hinted move that the engine's words would give away (the cards the pack gives)
    in words that do not; "" for the others."""
    if isinstance(move, FillFromPack):
        return f"fill the space {HEAP_NAMES[move.target]} from the pack"
    if isinstance(move, Deal):
        return f"deal to square {state.next_deal}"
    if isinstance(move, GiveUp):
        return "nothing seems to raise the score now: give up"
    return ""


def heap_column(index: int) -> tuple[int, int]:
    """(row, column) of a heap on the board: two rows, two columns per square."""
    square, place = divmod(index, HEAPS_PER_SQUARE)
    return place // 2, square * 2 + place % 2


def heap_at(row: int, column: int) -> int:
    """The heap at (row, column) of the board (see :func:`heap_column`)."""
    square, side = divmod(column, 2)
    return square * HEAPS_PER_SQUARE + row * 2 + side
