"""Rubbish Heap: a board of thirteen cards, forced discards to a rubbish heap (R1–R7).

Phases: ``filling`` (a place on the board is empty and both the stock and the waste heap
could fill it, so the player chooses), ``discarding`` (the board is full and nothing can
go out, so the player chooses which card of the R4 group to throw next) and ``finished``.
Moves: ``s`` fills the lowest empty place from the stock, ``w`` from the waste heap,
``d<card>`` (``d7H``) discards that card, ``give-up`` ends the game. What the book makes
compulsory happens inside each move: foundation plays (R2), fills that have only one
possible source (R3, R7) and the start of each round of discards (R4). The machinery is
in :mod:`~parlour.engine.games.rubbish_state`, the position text in
:mod:`~parlour.engine.games.rubbish_text`, the words in
:mod:`~parlour.engine.games.rubbish_words`.

>>> state = RUBBISH.start_from_seed(1)
>>> print(RUBBISH.format_position(state).splitlines()[3])
board: 9S 9H 2H 4C 3D 8C 7D 2S 10S 7H 10C 10D 3C
>>> [str(move) for move in RUBBISH.legal_moves(state)]
['d10S', 'd10C', 'd10D', 'give-up']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.cards import parse_card
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.games import rubbish_text
from parlour.engine.games.rubbish_plugin import PLUGIN
from parlour.engine.games.rubbish_state import BOARD_SIZE
from parlour.engine.games.rubbish_state import DISCARDS
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import PACK_SIZE
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.games.rubbish_state import after_move
from parlour.engine.games.rubbish_state import automatic_steps
from parlour.engine.games.rubbish_state import check_blocked
from parlour.engine.games.rubbish_state import legal_moves

#: the most moves a game can last, giving up aside: at most 39 cards come from the stock;
#: every round of discards but the last is followed by a card from the stock, so there are
#: at most 40 rounds of at most three discards; and each fill from the waste takes back a
#: discarded card, so there are no more of them than discards
MAX_MOVES: Final = 39 + 40 * 3 + 40 * 3


class RubbishRules(Rules[RubbishState, RubbishMove]):
    spec = PLUGIN
    lower_is_better = False

    def _start(self, deck: tuple[Card, ...], options: frozenset[str]) -> RubbishState:
        # R1: the first thirteen cards are places 1-13, the rest the stock, card 14 next
        board: list[Card | None] = list(deck[:BOARD_SIZE])
        return check_blocked(
            automatic_steps(board, [0] * len(SUITS), [], deck[BOARD_SIZE:], False, options)
        )

    def position(
        self,
        board: Sequence[Card | None],
        foundations: Sequence[int],
        waste: Sequence[Card],
        stock: Sequence[Card],
        waste_locked: bool = False,
        options: frozenset[str] = frozenset(),
    ) -> RubbishState:
        """A position from its parts (checked to hold the whole pack), after its automatic
        steps; for tests and analysis. ``board`` has 13 places (``None`` when empty);
        ``foundations`` gives the top rank built on each suit, in the order C D H S (0 for
        none); ``waste`` runs bottom to top and ``stock`` next card first."""
        return rubbish_text.build_position(
            board, foundations, waste, stock, waste_locked, self.check_options(options)
        )

    def legal_moves(self, state: RubbishState) -> tuple[RubbishMove, ...]:
        return legal_moves(state)

    def is_legal(self, state: RubbishState, move: RubbishMove) -> bool:
        legal = legal_moves(state)
        # moves read by parse_move are shared values, so identity usually settles it
        # before the slower comparison by value
        return any(move is listed for listed in legal) or move in legal

    def _apply(self, state: RubbishState, move: RubbishMove) -> RubbishState:
        if move is GIVE_UP:
            return replace(state, phase=Phase.FINISHED, gave_up=True)
        return check_blocked(after_move(state, move))

    def parse_move(self, text: str) -> RubbishMove:
        word = text.strip()
        lowered = word.lower()
        if lowered == "s":
            return FROM_STOCK
        if lowered == "w":
            return FROM_WASTE
        if lowered == "give-up":
            return GIVE_UP
        if lowered.startswith("d") and len(word) > 1:
            try:
                return DISCARDS[parse_card(word[1:])]
            except NotationError:
                pass
        raise NotationError(
            f"{text!r} is not a Rubbish Heap move: write s (fill from the stock), w (fill "
            "from the waste), d and a card to discard it (d7H), or give-up"
        )

    def format_position(self, state: RubbishState) -> str:
        return rubbish_text.format_position(state)

    def parse_position(self, text: str) -> RubbishState:
        return rubbish_text.parse_position(text, self.check_options)

    def cards(self, state: RubbishState) -> list[Card]:
        return rubbish_text.all_cards(state.board, state.foundations, state.waste, state.stock)

    def score(self, state: RubbishState) -> int:
        """R6: the cards on the foundations."""
        return state.cards_home

    def outcome(self, state: RubbishState) -> Outcome | None:
        if state.phase is not Phase.FINISHED:
            return None
        home = state.cards_home
        return Outcome(home == PACK_SIZE, home)


RUBBISH: Final = RubbishRules()
