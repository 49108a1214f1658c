"""Rubbish Heap in words: prompts, reasons a move is refused, and the position text.

Reading a position checks everything that can be checked cheaply once: a whole pack,
foundations that make sense, no automatic step left undone, a round of discards that R4
would really have called for, and the phase the cards give (see docs/notation.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from parlour.engine import notation
from parlour.engine.cards import RANK_NAMES
from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import card
from parlour.engine.cards import format_cards
from parlour.engine.cards import parse_card
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.games.rubbish_state import BOARD_SIZE
from parlour.engine.games.rubbish_state import NUMBER_WORDS
from parlour.engine.games.rubbish_state import PACK_SIZE
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import FillFromStock
from parlour.engine.games.rubbish_state import FillFromWaste
from parlour.engine.games.rubbish_state import GiveUp
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.games.rubbish_state import check_blocked
from parlour.engine.games.rubbish_state import rank_plural
from parlour.engine.games.rubbish_state import settle

FIELD_NAMES = (
    "options",
    "phase",
    "board",
    "foundations",
    "waste",
    "stock",
    "waste locked",
    "discard",
)


# -- for the player ----------------------------------------------------------------------------


def summary(state: RubbishState) -> str:
    """How a finished game ended, in a few words."""
    home = state.cards_home
    if home == PACK_SIZE:
        return "all 52 cards home"
    how = "given up" if state.gave_up else "blocked"
    return f"{how} with {home} {'card' if home == 1 else 'cards'} home"


def prompt(state: RubbishState) -> str:
    """One line saying what the position asks of the player."""
    if state.phase is Phase.FINISHED:
        won = state.cards_home == PACK_SIZE
        ruling = "" if won or state.gave_up else " (R5)"
        result = f"{'won, ' if won else ''}{summary(state)}{ruling}"
        return f"Game over: {result}. Score {state.cards_home}."
    vacancies = state.vacancies
    if state.phase is Phase.FILLING:
        among = f" (of {len(vacancies)} empty places)" if len(vacancies) > 1 else ""
        return (
            f"Fill the vacancy at position {vacancies[0]}{among}: take the stock's next card (s) "
            f"or the waste's top card {state.waste[-1]} (w)."
        )
    group = state.discard_group()
    left = state.discards_left
    plural = rank_plural(state.discard_rank)
    cards = format_cards(group)
    if vacancies:  # part of the round is done
        lands = "the last one thrown lands" if left > 1 else "it lands"
        return (
            f"Discard: {NUMBER_WORDS[left]} more of the {plural} ({cards}) must go (d<card>); "
            f"{lands} on top of the waste."
        )
    rest = "the last one thrown lands on top of the waste" if left > 1 else "the other stays"
    return (
        f"Discard: {NUMBER_WORDS[len(group)]} {plural} on the board ({cards}) — choose the "
        f"{NUMBER_WORDS[left]} to throw (d<card>); {rest}."
    )


def plain_description(move: RubbishMove) -> str:
    """What a move would do, without its consequences (for moves that are not legal)."""
    if isinstance(move, FillFromStock):
        return "fill from the stock"
    if isinstance(move, FillFromWaste):
        return "fill from the waste"
    if isinstance(move, Discard):
        return f"discard {move.card}"
    assert isinstance(move, GiveUp)
    return "give up"


def why_illegal(state: RubbishState, move: RubbishMove) -> str:
    """A sentence saying why ``move`` is not legal in ``state``, naming the ruling."""
    if state.phase is Phase.FINISHED:
        return "the game is over"
    rank = state.discard_rank
    plural = rank_plural(rank)
    if isinstance(move, FillFromStock | FillFromWaste):
        if state.phase is Phase.DISCARDING:
            left = NUMBER_WORDS[state.discards_left]
            if state.vacancies:
                return f"{left} more of the {plural} must be discarded first (R4)"
            return (
                f"the board is full and nothing can go out, so {left} of the {plural} must be "
                "discarded first (R4)"
            )
        return "that fill is not possible here (R3)"  # both sources are offered while filling
    if isinstance(move, Discard):
        thrown = move.card
        if state.phase is Phase.FILLING:
            return (
                "cards are discarded only when all 13 places are filled and nothing can go "
                f"out; position {state.vacancies[0]} is empty (R4)"
            )
        if thrown.rank == rank or thrown not in state.board:
            return f"{thrown} is not on the board (R4)"
        group = len(state.discard_group()) + len(state.vacancies)
        others = sum(1 for c in state.board if c is not None and c.rank == thrown.rank)
        if others < group:
            reason = (
                f"a group of {NUMBER_WORDS[group]} comes before a group of {NUMBER_WORDS[others]}"
            )
        else:
            reason = "among groups of the same size the highest rank goes"
        return f"it is the {plural} that must go, not {thrown}: {reason} (R4)"
    assert isinstance(move, GiveUp)
    return "the game is over"


# -- position text -----------------------------------------------------------------------------


def format_position(state: RubbishState) -> str:
    tops = (
        str(card(top, suit)) if top else "-"
        for suit, top in zip(SUITS, state.foundations, strict=True)
    )
    discard = "-"
    if state.discard_rank:
        discard = f"{RANK_NAMES[state.discard_rank - 1]}, {state.discards_left} left"
    fields = [
        ("options", notation.format_options(state.options)),
        ("phase", state.phase.value),
        ("board", " ".join("-" if c is None else str(c) for c in state.board)),
        ("foundations", " ".join(tops)),
        ("waste", notation.format_pile(state.waste)),
        ("stock", notation.format_pile(state.stock)),
        ("waste locked", "yes" if state.waste_locked else "no"),
        ("discard", discard),
    ]
    return notation.format_fields("rubbish", fields)


def _parse_board(text: str) -> tuple[Card | None, ...]:
    words = text.split()
    if len(words) != BOARD_SIZE:
        raise NotationError(f"the board lists 13 places (a card or -), not {len(words)}")
    return tuple(None if word == "-" else parse_card(word) for word in words)


def _parse_foundations(text: str) -> tuple[int, ...]:
    words = text.split()
    if len(words) != len(SUITS):
        raise NotationError("the foundations are four entries, clubs, diamonds, hearts, spades")
    tops = []
    for suit, word in zip(SUITS, words, strict=True):
        if word == "-":
            tops.append(0)
            continue
        top = parse_card(word)
        if top.suit != suit:
            raise NotationError(
                f"the foundations are written in the order C D H S; {top} is out of place"
            )
        tops.append(top.rank)
    return tuple(tops)


def _parse_discard(text: str) -> tuple[int, int]:
    if text == "-":
        return 0, 0
    rank_text, comma, left_text = text.partition(",")
    words = left_text.split()
    if not comma or rank_text.strip() not in RANK_NAMES or len(words) != 2 or words[1] != "left":
        raise NotationError(f"the discard is written like '4, 2 left' or '-', not {text!r}")
    if not words[0].isdigit() or not 1 <= int(words[0]) <= 3:
        raise NotationError(f"a round of discards has 1 to 3 cards left to throw, not {words[0]}")
    return RANK_NAMES.index(rank_text.strip()) + 1, int(words[0])


def all_cards(
    board: Sequence[Card | None], tops: Sequence[int], waste: Sequence[Card], stock: Sequence[Card]
) -> list[Card]:
    """Every card of a position: the foundations', the board's, the waste's, the stock's."""
    home = [
        card(rank, suit)
        for suit, top in zip(SUITS, tops, strict=True)
        for rank in range(1, top + 1)
    ]
    return [*home, *(c for c in board if c is not None), *waste, *stock]


def build_position(
    board: Sequence[Card | None],
    foundations: Sequence[int],
    waste: Sequence[Card],
    stock: Sequence[Card],
    locked: bool,
    options: frozenset[str],
) -> RubbishState:
    """A checked position from its parts, after its automatic steps."""
    if len(board) != BOARD_SIZE or len(foundations) != len(SUITS):
        raise NotationError("a Rubbish Heap position has 13 places and four foundations")
    if any(not 0 <= top <= 13 for top in foundations):
        raise NotationError("a foundation's top rank is 0 (none yet) to 13")
    check_deck(all_cards(board, foundations, waste, stock))
    state = settle(list(board), list(foundations), list(waste), tuple(stock), locked, options)
    return check_blocked(state)


def _round_in_progress(parts: RubbishState) -> RubbishState:
    """``parts`` (a position in the middle of a round of discards, phase not yet worked
    out) if R4 really calls for that round here; its phase is discarding unless R5 ends it."""
    rank, left = parts.discard_rank, parts.discards_left
    thrown = len(parts.vacancies)  # the round began with a full board; nothing refills it
    on_board = len(parts.discard_group())
    waste = parts.waste
    plural = rank_plural(rank)
    if on_board != left + 1:
        raise NotationError(f"with {left} left to throw, {left + 1} {plural} must be on the board")
    if thrown > len(waste) or any(c.rank != rank for c in waste[len(waste) - thrown :]):
        raise NotationError(
            f"the board's {thrown} empty places must be {plural} thrown onto the waste"
        )
    if thrown and not parts.waste_locked:
        raise NotationError("a discard locks the waste (R7); the position says it is not locked")
    restored = list(parts.board)
    for index, thrown_card in zip(
        parts.vacancies, reversed(waste[len(waste) - thrown :]), strict=True
    ):
        restored[index - 1] = thrown_card
    before = settle(
        list(restored),
        list(parts.foundations),
        list(waste[: len(waste) - thrown]),
        parts.stock,
        False,
        parts.options,
    )
    if (
        before.phase is not Phase.DISCARDING
        or before.board != tuple(restored)
        or (before.discard_rank, before.discards_left) != (rank, left + thrown)
    ):
        raise NotationError(
            f"the board before this round did not call for discarding {plural} (R4)"
        )
    return check_blocked(replace(parts, phase=Phase.DISCARDING))


def parse_position(text: str, options_known: frozenset[str]) -> RubbishState:
    """Read a position written by :func:`format_position`, checking it (see the module)."""
    fields = notation.parse_fields(text, "rubbish", FIELD_NAMES)
    options = notation.parse_options(fields["options"])
    if options - options_known:
        raise NotationError(
            f"Rubbish Heap has no option {', '.join(sorted(options - options_known))}"
        )
    board = _parse_board(fields["board"])
    tops = _parse_foundations(fields["foundations"])
    waste, stock = notation.parse_pile(fields["waste"]), notation.parse_pile(fields["stock"])
    if fields["waste locked"] not in ("yes", "no"):
        raise NotationError("waste locked is yes or no")
    rank, left = _parse_discard(fields["discard"])
    if fields["phase"] not in {phase.value for phase in Phase}:
        raise NotationError(
            f"the phase is filling, discarding or finished, not {fields['phase']!r}"
        )
    check_deck(all_cards(board, tops, waste, stock))
    parts = RubbishState(
        board,
        tops,
        waste,
        stock,
        fields["waste locked"] == "yes",
        rank,
        left,
        Phase.FINISHED,
        options,
    )
    if rank:
        state = _round_in_progress(parts)
    else:
        state = check_blocked(
            settle(list(board), list(tops), list(waste), stock, parts.waste_locked, options)
        )
    if replace(state, phase=Phase.FINISHED) != parts:
        raise NotationError(
            "this is not a position where the player decides: an automatic step (R2, R3, R4) "
            "is still to be made"
        )
    said = Phase(fields["phase"])
    if said is Phase.FINISHED and state.phase is not Phase.FINISHED:
        return replace(state, phase=Phase.FINISHED, gave_up=True)  # the player gave up here
    if said is not state.phase:
        raise NotationError(
            f"the position says phase {said.value!r}, but its cards make it {state.phase.value!r}"
        )
    return state
