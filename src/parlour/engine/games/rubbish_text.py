"""Rubbish Heap's position text (docs/notation.md): writing a position and reading one back.

Reading a position checks everything that can be checked cheaply once: a whole pack,
foundations that make sense, no automatic step left undone, a round of discards that R4
would really have called for, and the phase the cards give (see docs/notation.md).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import replace

from parlour.engine import notation
from parlour.engine.cards import RANK_NAMES
from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import card
from parlour.engine.cards import parse_card
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.games.rubbish_state import BOARD_SIZE
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.games.rubbish_state import automatic_steps
from parlour.engine.games.rubbish_state import check_blocked
from parlour.engine.notation import small_number
from parlour.engine.wording import rank_plural

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
    left = small_number(words[0])
    if left is None or not 1 <= left <= 3:
        raise NotationError(f"a round of discards has 1 to 3 cards left to throw, not {words[0]}")
    return RANK_NAMES.index(rank_text.strip()) + 1, left


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
    state = automatic_steps(
        list(board), list(foundations), list(waste), tuple(stock), locked, options
    )
    return check_blocked(state)


def _round_in_progress(parts: RubbishState) -> RubbishState:
    """``parts`` (a position in the middle of a round of discards, phase not yet worked
    out) if R4 really calls for that round here; its phase is discarding unless R5 ends it (no
    sequence of moves can bring a card home)."""
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
    before = automatic_steps(
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


def parse_position(
    text: str, check_options: Callable[[Iterable[str]], frozenset[str]]
) -> RubbishState:
    """Read a position written by :func:`format_position`, checking it (see the module;
    ``check_options``: the rules' check of rule options' names)."""
    fields = notation.parse_fields(text, "rubbish", FIELD_NAMES)
    options = check_options(notation.parse_options(fields["options"]))
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
            automatic_steps(
                list(board), list(tops), list(waste), stock, parts.waste_locked, options
            )
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
