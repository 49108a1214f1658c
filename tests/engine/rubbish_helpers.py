"""Build Rubbish Heap positions from a readable description, for rule tests, and check
them against the rules written out independently of the engine."""

from __future__ import annotations

from collections import Counter

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishState


def position(
    board: str,
    foundations: str = "",
    waste: str = "",
    stock: str = "",
    *,
    locked: bool = False,
    rest: str = "stock",
) -> RubbishState:
    """A position, after its automatic steps. ``board`` lists the 13 places (``-`` for an
    empty one); ``foundations`` the top card of each suit that has one, in any order;
    ``waste`` runs bottom to top and ``stock`` next card first. Every card not mentioned
    (and not under a foundation's top) goes to the end of the stock (``rest="stock"``) or
    under the waste (``rest="waste"``), in the fresh pack's order."""
    places = [None if word == "-" else parse_card(word) for word in board.split()]
    assert len(places) == 13, f"the board has 13 places, not {len(places)}"
    tops = {c.suit: c.rank for c in parse_cards(foundations)}
    ranks = [tops.get(suit, 0) for suit in SUITS]
    waste_cards, stock_cards = parse_cards(waste), parse_cards(stock)
    used = {c for c in places if c is not None} | set(waste_cards) | set(stock_cards)
    home = {c for c in full_pack() if c.rank <= tops.get(c.suit, 0)}
    leftover = tuple(c for c in full_pack() if c not in used and c not in home)
    if rest == "stock":
        stock_cards += leftover
    else:
        assert rest == "waste"
        waste_cards = leftover + waste_cards
    return RUBBISH.position(places, ranks, waste_cards, stock_cards, waste_locked=locked)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def discard_choices(state: RubbishState) -> set[str]:
    """The cards the player may discard now, as text."""
    return {str(m.card) for m in RUBBISH.legal_moves(state) if isinstance(m, Discard)}


def playable(state: RubbishState) -> list[Card]:
    """Cards on the board or on top of the waste that could go to a foundation (R2)."""
    tops = dict(zip(SUITS, state.foundations, strict=True))
    exposed = [c for c in state.board if c is not None] + list(state.waste[-1:])
    return [c for c in exposed if c.rank == tops[c.suit] + 1]


def expected_round(board: tuple[Card | None, ...]) -> tuple[int, int]:
    """R4 written out again: (rank, cards to throw) for a full board."""
    counts = Counter(c.rank for c in board if c is not None)
    most = max(counts.values())
    return max(rank for rank, count in counts.items() if count == most), most - 1


def check_phase_invariants(state: RubbishState) -> None:
    """What each phase promises, checked from the cards (rulings R2, R3, R4, R7)."""
    assert playable(state) == [], "a card that can go out was left (R2)"
    vacancies = state.vacancies
    if state.phase is Phase.FILLING:
        assert vacancies, "filling with a full board"
        assert state.stock and state.waste and not state.waste_locked, "asked with one source"
        assert state.discard_rank == 0
    elif state.phase is Phase.DISCARDING:
        group = state.discard_group()
        assert len(group) == state.discards_left + 1 >= 2
        if not vacancies:  # the start of a round: R4's choice from the full board
            assert (state.discard_rank, state.discards_left) == expected_round(state.board)
        else:  # part-way through: the thrown cards are on top of the locked waste
            assert state.waste_locked
            assert all(c.rank == state.discard_rank for c in state.waste[-len(vacancies) :])
    else:
        assert state.phase is Phase.FINISHED
