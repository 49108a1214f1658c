"""What Golf says to the player: what a move does and, once made, what it did, why one
is refused (G2, G3), what a position asks, how a hole ended, and why Parlour turns out
the stock (G6).

>>> from parlour.engine.games.golf import GOLF
>>> state = GOLF.start_from_seed(1)
>>> WORDS.describe(state, GOLF.parse_move("7"))
'8H from column 7 onto 9C'
>>> WORDS.done(state, GOLF.parse_move("7"))
'played 8H from column 7 onto 9C'
>>> WORDS.why_illegal(state, GOLF.parse_move("1"))
'QC is not one rank above or below 9C (G2)'
"""

from __future__ import annotations

from typing import Final

from parlour.engine.cards import KING
from parlour.engine.game import GiveUp
from parlour.engine.game import Words
from parlour.engine.games.golf import COLUMNS
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import GolfMove
from parlour.engine.games.golf import GolfState
from parlour.engine.games.golf import Phase
from parlour.engine.games.golf import TurnStock
from parlour.engine.wording import counted


class GolfWords(Words[GolfState, GolfMove]):
    hidden_piles = frozenset({"stock"})
    score_label = "cards left"
    #: a hole not cleared is scored by the cards left (G4), not lost
    results = ("cleared", "not cleared")

    def describe(self, state: GolfState, move: GolfMove) -> str:
        top = state.foundation[-1]
        if isinstance(move, TurnStock):
            return f"turn {state.stock[0]} from the stock" if state.stock else "turn the stock"
        if isinstance(move, GiveUp):
            return f"concede the hole with {counted(state.links_left, 'card')} on the links"
        column = state.columns[move.column - 1]
        if not column:
            return f"column {move.column} is empty"
        return f"{column[-1]} from column {move.column} onto {top}"

    def done(self, state: GolfState, move: GolfMove) -> str:
        if isinstance(move, TurnStock):
            return f"turned {state.stock[0]} from the stock" if state.stock else "turned the stock"
        if isinstance(move, GiveUp):
            return f"conceded the hole with {counted(state.links_left, 'card')} on the links"
        if not state.columns[move.column - 1]:
            return f"played nothing from column {move.column}: it is empty"
        return f"played {self.describe(state, move)}"

    def why_illegal(self, state: GolfState, move: GolfMove) -> str:
        top = state.foundation[-1]
        if state.phase is Phase.FINISHED or state.phase is Phase.CONCEDED:
            return "the hole is over"
        if isinstance(move, GiveUp):
            return "the hole is over"
        if isinstance(move, TurnStock):
            if not state.stock:
                return "the stock is empty"
            number = state.playable_columns()[0]
            exposed = state.columns[number - 1][-1]
            return (
                f"under the book rule the stock is turned only at a stoppage, and column "
                f"{number} ({exposed}) can go on {top} (G3)"
            )
        if not 1 <= move.column <= COLUMNS:
            return f"there is no column {move.column}"
        column = state.columns[move.column - 1]
        if not column:
            return f"column {move.column} is empty"
        card = column[-1]
        if top.rank == KING:
            return f"nothing may be played on a king, so {card} cannot go on {top} (G2)"
        if {card.rank, top.rank} == {1, KING}:
            return f"{card} cannot go on {top}: there is no wrap between king and ace (G2)"
        return f"{card} is not one rank above or below {top} (G2)"

    def ending(self, state: GolfState) -> str:
        score = GOLF.score(state)
        if state.links_left:
            return f"{counted(score, 'card')} left on the links"
        if score == 0:
            return "the links cleared with the last card"
        return f"the links cleared with {counted(-score, 'stock card')} to spare"

    def prompt(self, state: GolfState) -> str:
        top = state.foundation[-1]
        if state.phase is Phase.FINISHED:
            return f"Hole over: {self.ending(state)}. Score {GOLF.score(state)}."
        if state.phase is Phase.CONCEDED:
            return f"Hole conceded: {self.ending(state)}. Score {GOLF.score(state)}."
        if state.phase is Phase.STOPPAGE:
            return f"Stoppage: nothing can go on {top}. Turn the stock ({len(state.stock)} left)."
        extra = " or turn the stock" if state.free_stock and state.stock else ""
        return f"Play a card one above or below {top}{extra}."

    def played_out(self, state: GolfState) -> str:
        left = len(state.stock)
        return (
            f"No card left in the stock can be played on the links, whatever their order: "
            f"Parlour turns the {'last card' if left == 1 else f'{left} left'} for you."
        )


WORDS: Final = GolfWords()
