"""What By Twos says to the player: what a move does and, once made, what it did (with
the base cards it lays, B2, B7), why a move is refused (B1, B2, B4), what a position
asks, how a game ended, that a packet rules out a win (B9) and why Parlour deals the
rest out (B10).

>>> from parlour.engine.games.bytwos import BYTWOS
>>> state = BYTWOS.start_from_seed(1)
>>> WORDS.describe(state, BYTWOS.parse_move("t"))
'turn 6C: kept (1 rank)'
>>> WORDS.done(state, BYTWOS.parse_move("t"))
'turned 6C and kept it'
"""

from __future__ import annotations

from typing import Final

from parlour.engine.cards import RANK_WORDS
from parlour.engine.game import GiveUp
from parlour.engine.game import Words
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import BUILDS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import DECK_SIZE
from parlour.engine.games.bytwos_state import PILES
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import SOURCES
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import DealCard
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import Redeal
from parlour.engine.games.bytwos_state import TurnCard
from parlour.engine.games.bytwos_state import dealing_moves
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import foundation_name
from parlour.engine.games.bytwos_state import wanted
from parlour.engine.games.bytwos_truth import lost_news
from parlour.engine.games.bytwos_truth import lost_reminder
from parlour.engine.wording import counted
from parlour.engine.wording import listing


class ByTwosWords(Words[ByTwosState, ByTwosMove]):
    hidden_piles = frozenset({"deck", "stock"})
    rows = frozenset({"kept", "rejected"})
    score_label = "cards built"

    def describe(self, state: ByTwosState, move: ByTwosMove) -> str:
        said = _what_it_does(state, move)
        if move in state.legal:
            said += _laid_after(state, move)
        return said

    def done(self, state: ByTwosState, move: ByTwosMove) -> str:
        said = _what_it_did(state, move)
        if move in state.legal:
            said += _laid_after(state, move, past=True)
        return said

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
            return _why_no_redeal(state)
        if isinstance(move, Build):
            return _why_no_build(state, move)
        return "the game cannot be given up now"  # pragma: no cover - always legal here

    def ending(self, state: ByTwosState) -> str:
        score = state.on_foundations
        if score == DECK_SIZE:
            return "all 104 cards built on the foundations"
        blocked = not dealing_moves(state.deal, state.packet, state.stock, state.waste, state.built)
        how = "blocked" if blocked else "given up"
        return f"{how} with {counted(score, 'card')} on the foundations"

    def prompt(self, state: ByTwosState) -> str:
        if state.phase is Phase.FORMING:
            kept, rejected = len(state.kept), len(state.rejected)
            reminder = lost_reminder(state)
            return (
                f"Forming the packet: {counted(kept, 'rank')} kept, "
                f"{rejected} rejected; turn the next card (t)."
            ) + (f" {reminder}" if reminder else "")
        if state.phase is Phase.FINISHED:
            return f"Game over: {self.ending(state)}. Score {state.on_foundations}."
        plays = [
            f"the {SOURCES[source]}'s {top}"
            for source, top in state.available()
            if BUILDS[source + "a"] in state.legal or BUILDS[source + "d"] in state.legal
        ]
        choices = [f"play {listing(plays)} onto a foundation"] if plays else []
        if DEAL in state.legal:
            choices.append("deal (d)")
        if REDEAL in state.legal:
            choices.append(f"turn the waste over for deal {state.deal + 1} (r)")
        stuck = "" if plays else "nothing can be built; "
        stock = f"{counted(len(state.stock), 'card')} in the stock"
        if not state.stock:
            stock = "the stock is empty"
        reminder = lost_reminder(state)
        return (
            f"Deal {state.deal} of {DEALS}: {stuck}{', or '.join(choices)}. {stock.capitalize()}."
            + (f" {reminder}" if reminder else "")
        )

    def news(self, before: ByTwosState, after: ByTwosState) -> str:
        """B9: once, at the first position whose packet rules out a win, why."""
        return lost_news(before, after)

    def played_out(self, state: ByTwosState) -> str:
        return (
            "Nothing still to come can be built or laid as a base, whatever the order: "
            "Parlour deals the rest out for you."
        )


def _what_it_does(state: ByTwosState, move: ByTwosMove) -> str:
    if isinstance(move, TurnCard):
        return _turn_words(state)
    if isinstance(move, GiveUp):
        return f"give up with {counted(state.on_foundations, 'card')} on the foundations"
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


def _what_it_did(state: ByTwosState, move: ByTwosMove) -> str:
    if isinstance(move, TurnCard):
        return _turned_words(state)
    if isinstance(move, GiveUp):
        return f"gave up with {counted(state.on_foundations, 'card')} on the foundations"
    if isinstance(move, Redeal):
        return f"turned the waste over for deal {state.deal + 1}"
    if isinstance(move, DealCard):
        return f"dealt {state.stock[0]} from the stock" if state.stock else "dealt"
    if state.top_of(move.source) is None:
        return f"built nothing: the {SOURCES[move.source]} is empty"
    return f"played {_what_it_does(state, move)}"


def _turned_words(state: ByTwosState) -> str:
    if not state.deck:
        return "turned a card"
    turned = state.deck[0]
    if any(other.rank == turned.rank for other in state.kept):
        word = RANK_WORDS[turned.rank - 1]
        article = "an" if word[0] in "ae" else "a"
        return f"turned {turned} and rejected it: {article} {word} is kept already"
    if len(state.kept) + 1 < RANK_COUNT:  # (how many are kept, the prompt after says)
        return f"turned {turned} and kept it"
    return f"turned {turned} and kept it, which made the packet and began deal 1"


def _turn_words(state: ByTwosState) -> str:
    if not state.deck:
        return "turn a card"
    turned = state.deck[0]
    if any(other.rank == turned.rank for other in state.kept):
        word = RANK_WORDS[turned.rank - 1]
        article = "an" if word[0] in "ae" else "a"
        return f"turn {turned}: rejected, {article} {word} is kept already"
    kept = len(state.kept) + 1
    if kept < RANK_COUNT:
        return f"turn {turned}: kept ({counted(kept, 'rank')})"
    return f"turn {turned}: kept, the packet is made and deal 1 begins"


def _laid_after(state: ByTwosState, move: ByTwosMove, *, past: bool = False) -> str:
    """The base cards a legal move lays automatically (B2, B7), as words to add to its
    description (``past``: to what it did); empty when there are none."""
    if 0 not in state.built or isinstance(move, GiveUp):
        return ""
    # a build never starts a pile itself: a base card on view is laid before the player moves
    after = BYTWOS.apply(state, move)
    started = [
        str(foundation_cards(index, 1)[0])
        for index, (before, now) in enumerate(zip(state.built, after.built, strict=True))
        if before == 0 and now
    ]
    if not started:
        return ""
    one = len(started) == 1
    if past:
        return f"; then {listing(started, 'and')} {'was' if one else 'were'} laid as " + (
            "a base" if one else "bases"
        )
    return f"; then {listing(started, 'and')} laid as {'a base' if one else 'bases'}"


def _why_no_redeal(state: ByTwosState) -> str:
    if state.stock:
        return (
            f"the waste is turned over only when the stock is empty, and the stock still "
            f"holds {counted(len(state.stock), 'card')} (B4)"
        )
    if state.deal == DEALS:
        return "three deals have been played: there is no redeal left (B4)"
    return "the waste is empty: there is nothing to deal again (B4)"


def _why_no_build(state: ByTwosState, move: Build) -> str:
    top = state.top_of(move.source)
    if top is None:
        return f"the {SOURCES[move.source]} is empty"
    index = ACE_PILE_OF[top.suit] + PILES[move.pile]
    pile = foundation_name(index)
    needed = wanted(index, state.built[index])
    if needed is None:
        return f"the {pile} is complete (B2)"
    return f"the {pile} needs {needed} next, not {top} (B2)"


WORDS: Final = ByTwosWords()
