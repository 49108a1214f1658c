"""By Twos: a double pack built up by twos on eight ace and deuce foundations (B1–B9).

Phases: ``forming`` (cards are turned with ``t`` until thirteen ranks are kept: the
packet), ``dealing`` (deal 1, 2 or 3) and ``finished``. While dealing, ``sa`` … ``pd``
build the top card of the stock, waste or packet onto its suit's ace or deuce pile,
``d`` deals the stock's top card to the waste, ``r`` turns the waste over for the next
deal and ``give-up`` ends the game. The states and the state machine are in
:mod:`parlour.engine.games.bytwos_state`, the position text in
:mod:`parlour.engine.games.bytwos_text`.

>>> state = BYTWOS.start_from_seed(1)
>>> state.phase, [str(move) for move in BYTWOS.legal_moves(state)]
(<Phase.FORMING: 'forming'>, ['t'])
>>> while state.phase is Phase.FORMING:
...     state = BYTWOS.apply(state, "t")
>>> len(state.packet) + len(state.stock) + state.on_foundations
104
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.errors import NotationError
from parlour.engine.game import GIVE_UP
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.games.bytwos_plugin import PLUGIN
from parlour.engine.games.bytwos_state import BUILDS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import DECK_SIZE
from parlour.engine.games.bytwos_state import FOUNDATIONS
from parlour.engine.games.bytwos_state import NO_BUILDS
from parlour.engine.games.bytwos_state import PILE_SIZE
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import DealCard
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import Redeal
from parlour.engine.games.bytwos_state import TurnCard
from parlour.engine.games.bytwos_state import build
from parlour.engine.games.bytwos_state import card_fits
from parlour.engine.games.bytwos_state import dealing_position
from parlour.engine.games.bytwos_state import forming
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import turn_card
from parlour.engine.games.bytwos_text import format_position
from parlour.engine.games.bytwos_text import parse_position

_MOVES_BY_TEXT: Final[dict[str, ByTwosMove]] = {
    "t": TURN,
    "d": DEAL,
    "r": REDEAL,
    "give-up": GIVE_UP,
    **BUILDS,
}


class ByTwosRules(Rules[ByTwosState, ByTwosMove]):
    spec = PLUGIN
    deck_size = DECK_SIZE
    lower_is_better = False

    def _start(self, deck: tuple[Card, ...], options: frozenset[str]) -> ByTwosState:
        return forming(options, (), (), deck)

    def position(
        self,
        *,
        packet: tuple[Card, ...] = (),
        stock: tuple[Card, ...] = (),
        waste: tuple[Card, ...] = (),
        built: tuple[int, ...] = NO_BUILDS,
        deal: int = 1,
        options: frozenset[str] = frozenset(),
    ) -> ByTwosState:
        """A dealing position from its piles, after its automatic moves, with its phase
        worked out; for tests and analysis (the cards need not make a whole deck)."""
        if len(built) != len(FOUNDATIONS) or not all(0 <= n <= PILE_SIZE for n in built):
            raise NotationError("By Twos has eight foundations of 0 to 13 cards each")
        if not 1 <= deal <= DEALS:
            raise NotationError(f"the deal number is 1, 2 or 3, not {deal}")
        return dealing_position(self.check_options(options), deal, packet, stock, waste, built)

    # -- moves ----------------------------------------------------------------------------

    def legal_moves(self, state: ByTwosState) -> tuple[ByTwosMove, ...]:
        return state.legal

    def is_legal(self, state: ByTwosState, move: ByTwosMove) -> bool:
        return move in state.legal

    def apply(self, state: ByTwosState, move: ByTwosMove | str) -> ByTwosState:
        # the generic apply, inlined: a solver plays By Twos out many thousands of times
        if isinstance(move, str):
            move = self.parse_move(move)
        if move not in state.legal:
            raise self.refusal(state, move)
        return self._apply(state, move)

    def _apply(self, state: ByTwosState, move: ByTwosMove) -> ByTwosState:
        kind = move.__class__
        if kind is Build:
            return build(state, move)  # type: ignore[arg-type]
        if kind is DealCard:
            stock = state.stock
            return dealing_position(
                state.options,
                state.deal,
                state.packet,
                stock[1:],
                (*state.waste, stock[0]),
                state.built,
            )
        if kind is TurnCard:
            return turn_card(state)
        if kind is Redeal:
            # B4: the waste turned over is the stock, its first card dealt on top again
            return dealing_position(
                state.options, state.deal + 1, state.packet, state.waste, (), state.built
            )
        return replace(state, phase=Phase.FINISHED, legal=())

    def parse_move(self, text: str) -> ByTwosMove:
        move = _MOVES_BY_TEXT.get(text.strip().lower())
        if move is None:
            raise NotationError(
                f"{text!r} is not a By Twos move: write t (turn, while forming), d (deal), "
                f"r (redeal), give-up, or s, w or p (stock, waste, packet) followed by "
                f"a or d (ace or deuce pile), like sa or pd"
            )
        return move

    # -- positions ------------------------------------------------------------------------

    def format_position(self, state: ByTwosState) -> str:
        return format_position(state)

    def parse_position(self, text: str) -> ByTwosState:
        return parse_position(text, self.check_options)

    def cards(self, state: ByTwosState) -> list[Card]:
        found = [*state.kept, *state.rejected, *state.deck]
        found += [*state.packet, *state.stock, *state.waste]
        for index, count in enumerate(state.built):
            found += foundation_cards(index, count)
        return found

    # -- results --------------------------------------------------------------------------

    def score(self, state: ByTwosState) -> int:
        """B5: the cards on the foundations (0 while the packet is being formed)."""
        return state.on_foundations

    def outcome(self, state: ByTwosState) -> Outcome | None:
        if state.phase is not Phase.FINISHED:
            return None
        score = state.on_foundations
        return Outcome(score == DECK_SIZE, score)

    def playing_out(self, state: ByTwosState) -> ByTwosMove | None:
        """Parlour's ruling B10: while dealing, when nothing can be built now and no card
        still to come into view (the stock's, and the waste's while a deal is left) could be
        built or laid as a base, nothing ever will be, whatever their order: the
        foundations change only by builds and bases, and each of those cards comes to the
        top in its turn while they stand as they are. The rest is dealt out for the player."""
        if state.phase is not Phase.DEALING:
            return None
        if any(isinstance(move, Build) for move in state.legal):
            return None
        coming = state.stock + state.waste if state.deal < DEALS else state.stock
        for card in coming:
            if card_fits(card, state.built):
                return None
        return DEAL if DEAL in state.legal else REDEAL if REDEAL in state.legal else None


BYTWOS: Final = ByTwosRules()
