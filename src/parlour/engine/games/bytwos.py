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

from parlour.engine.cards import RANK_WORDS
from parlour.engine.cards import Card
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.games.bytwos_plugin import PLUGIN
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import BUILDS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import DECK_SIZE
from parlour.engine.games.bytwos_state import FOUNDATIONS
from parlour.engine.games.bytwos_state import GIVE_UP
from parlour.engine.games.bytwos_state import NO_BUILDS
from parlour.engine.games.bytwos_state import PILE_SIZE
from parlour.engine.games.bytwos_state import PILES
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import SOURCES
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import DealCard
from parlour.engine.games.bytwos_state import GiveUp
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import Redeal
from parlour.engine.games.bytwos_state import TurnCard
from parlour.engine.games.bytwos_state import build
from parlour.engine.games.bytwos_state import card_fits
from parlour.engine.games.bytwos_state import dealing_moves
from parlour.engine.games.bytwos_state import forming
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import foundation_name
from parlour.engine.games.bytwos_state import settle
from parlour.engine.games.bytwos_state import turn_card
from parlour.engine.games.bytwos_state import wanted
from parlour.engine.games.bytwos_text import format_position
from parlour.engine.games.bytwos_text import parse_position
from parlour.engine.games.bytwos_truth import lost_news
from parlour.engine.games.bytwos_truth import lost_reminder

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
    score_label = "cards built"
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
        return settle(self.check_options(options), deal, packet, stock, waste, built)

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
            raise IllegalMoveError(self.format_move(move), self.why_illegal(state, move))
        return self._apply(state, move)

    def _apply(self, state: ByTwosState, move: ByTwosMove) -> ByTwosState:
        kind = move.__class__
        if kind is Build:
            return build(state, move)  # type: ignore[arg-type]
        if kind is DealCard:
            stock = state.stock
            return settle(
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
            return settle(state.options, state.deal + 1, state.packet, state.waste, (), state.built)
        return replace(state, phase=Phase.FINISHED, legal=())

    def why_illegal(self, state: ByTwosState, move: ByTwosMove) -> str:
        if state.phase is Phase.FINISHED:
            return "the game is over"
        if state.phase is Phase.FORMING:
            return "the packet is still being formed: the only move is t, to turn a card (B1)"
        if isinstance(move, TurnCard):
            return "the packet is formed already; build, deal (d) or redeal (r) (B1)"
        if isinstance(move, DealCard):
            if state.deal == DEALS:
                return "the stock is empty and no redeal is left (B4)"
            if not state.waste:
                return "the stock and the waste are both empty (B4)"
            return "the stock is empty: turn the waste over with r (B4)"
        if isinstance(move, Redeal):
            return self._why_no_redeal(state)
        if isinstance(move, Build):
            return self._why_no_build(state, move)
        return "the game cannot be given up now"  # pragma: no cover - always legal here

    def _why_no_redeal(self, state: ByTwosState) -> str:
        if state.stock:
            return (
                f"the waste is turned over only when the stock is empty, and it holds "
                f"{_count(len(state.stock), 'card')} (B4)"
            )
        if state.deal == DEALS:
            return "three deals have been played: there is no redeal left (B4)"
        return "the waste is empty: there is nothing to deal again (B4)"

    def _why_no_build(self, state: ByTwosState, move: Build) -> str:
        top = state.top_of(move.source)
        if top is None:
            return f"the {SOURCES[move.source]} is empty"
        index = ACE_PILE_OF[top.suit] + PILES[move.pile]
        pile = foundation_name(index)
        needed = wanted(index, state.built[index])
        if needed is None:
            return f"the {pile} is complete (B2)"
        return f"the {pile} needs {needed} next, not {top} (B2)"

    def parse_move(self, text: str) -> ByTwosMove:
        move = _MOVES_BY_TEXT.get(text.strip().lower())
        if move is None:
            raise NotationError(
                f"{text!r} is not a By Twos move: write t (turn, while forming), d (deal), "
                f"r (redeal), give-up, or s, w or p (stock, waste, packet) followed by "
                f"a or d (ace or deuce pile), like sa or pd"
            )
        return move

    def describe(self, state: ByTwosState, move: ByTwosMove) -> str:
        said = self._describe_move(state, move)
        if move in state.legal:
            said += _laid_after(state, move)
        return said

    def _describe_move(self, state: ByTwosState, move: ByTwosMove) -> str:
        if isinstance(move, TurnCard):
            return self._describe_turn(state)
        if isinstance(move, GiveUp):
            return f"give up with {_count(state.on_foundations, 'card')} on the foundations"
        if isinstance(move, Redeal):
            return f"turn the waste over: deal {state.deal + 1} begins"
        if isinstance(move, DealCard):
            return f"deal {state.stock[0]} from the stock" if state.stock else "deal"
        top = state.top_of(move.source)
        if top is None:
            return f"the {SOURCES[move.source]} is empty"
        index = ACE_PILE_OF[top.suit] + PILES[move.pile]
        count = state.built[index]
        after = f"after {foundation_cards(index, count)[-1]}" if count else "as its base"
        return f"{top} from the {SOURCES[move.source]} onto the {foundation_name(index)} ({after})"

    def _describe_turn(self, state: ByTwosState) -> str:
        if not state.deck:
            return "turn a card"
        turned = state.deck[0]
        if any(other.rank == turned.rank for other in state.kept):
            word = RANK_WORDS[turned.rank - 1]
            article = "an" if word[0] in "ae" else "a"
            return f"turn {turned}: rejected, {article} {word} is kept already"
        kept = len(state.kept) + 1
        if kept < RANK_COUNT:
            return f"turn {turned}: kept ({_count(kept, 'rank')})"
        return f"turn {turned}: kept, the packet is made and deal 1 begins"

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
        if score == DECK_SIZE:
            return Outcome(True, score, "all 104 cards built on the foundations")
        blocked = not dealing_moves(state.deal, state.packet, state.stock, state.waste, state.built)
        how = "blocked" if blocked else "given up"
        return Outcome(False, score, f"{how} with {_count(score, 'card')} on the foundations")

    def prompt(self, state: ByTwosState) -> str:
        if state.phase is Phase.FORMING:
            kept, rejected = len(state.kept), len(state.rejected)
            reminder = lost_reminder(state)
            return (
                f"Forming the packet: {_count(kept, 'rank')} kept, "
                f"{rejected} rejected; turn the next card (t)."
            ) + (f" {reminder}" if reminder else "")
        if state.phase is Phase.FINISHED:
            result = self.outcome(state)
            assert result is not None
            return f"Game over: {result.summary}. Score {result.score}."
        plays = [
            f"the {SOURCES[source]}'s {top}"
            for source, top in state.available()
            if BUILDS[source + "a"] in state.legal or BUILDS[source + "d"] in state.legal
        ]
        choices = [f"play {_listing(plays)} onto a foundation"] if plays else []
        if DEAL in state.legal:
            choices.append("deal (d)")
        if REDEAL in state.legal:
            choices.append(f"turn the waste over for deal {state.deal + 1} (r)")
        stuck = "" if plays else "nothing can be built; "
        stock = f"{_count(len(state.stock), 'card')} in the stock"
        if not state.stock:
            stock = "the stock is empty"
        reminder = lost_reminder(state)
        return (
            f"Deal {state.deal} of {DEALS}: {stuck}{', or '.join(choices)}. {stock.capitalize()}."
            + (f" {reminder}" if reminder else "")
        )

    def playing_out(self, state: ByTwosState) -> tuple[ByTwosMove, str] | None:
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
        move = DEAL if DEAL in state.legal else REDEAL if REDEAL in state.legal else None
        if move is None:
            return None
        return move, (
            "Nothing still to come can be built or laid as a base, whatever the order: "
            "Parlour deals the rest out for you."
        )

    def news(self, before: ByTwosState, after: ByTwosState) -> str:
        """B9: once, at the first position whose packet rules out a win, why."""
        return lost_news(before, after)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _listing(items: list[str], last: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _laid_after(state: ByTwosState, move: ByTwosMove) -> str:
    """The base cards a legal move lays automatically (B2, B7), as words to add to its
    description; empty when there are none."""
    if 0 not in state.built or isinstance(move, GiveUp):
        return ""
    # a build never starts a pile itself: a base card on view is laid before the player moves
    after = BYTWOS._apply(state, move)
    started = [
        str(foundation_cards(index, 1)[0])
        for index, (before, now) in enumerate(zip(state.built, after.built, strict=True))
        if before == 0 and now
    ]
    if not started:
        return ""
    return f"; then {_listing(started, 'and')} laid as {'a base' if len(started) == 1 else 'bases'}"


BYTWOS: Final = ByTwosRules()
