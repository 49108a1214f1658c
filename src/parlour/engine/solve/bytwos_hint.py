"""The By Twos hint: build whenever a card can be built, else deal, else turn over."""

from __future__ import annotations

from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import DealCard
from parlour.engine.games.bytwos_state import Redeal
from parlour.engine.games.bytwos_state import TurnCard
from parlour.engine.games.bytwos_state import wanted


def bytwos_hint(state: ByTwosState) -> ByTwosMove:
    """By Twos: build whenever a card can be built, else deal, else turn the waste over.

    The foundations only grow and each pile wants one card next, so building a card as
    soon as it can go never takes a possibility away: the hint builds first. When both
    piles of a suit want the same card it prefers the pile whose next card after this one
    is already on view, so that a run can follow. Nothing hidden is consulted: only the
    three cards on view and the foundations.
    """
    moves = BYTWOS.legal_moves(state)
    builds = [m for m in moves if isinstance(m, Build)]
    if builds:
        on_view = {card for _, card in state.available()}

        def follows(move: Build) -> bool:
            card = state.top_of(move.source)
            if card is None:
                return False
            index = ACE_PILE_OF[card.suit] + (move.pile == "d")
            after = wanted(index, state.built[index] + 1)
            return after is not None and after in on_view

        return max(builds, key=follows)
    for kind in (TurnCard, DealCard, Redeal):
        for move in moves:
            if isinstance(move, kind):
                return move
    raise ValueError("there is nothing to hint")


def hint(state: ByTwosState) -> ByTwosMove:
    """The plug-in's hint: :func:`bytwos_hint`."""
    return bytwos_hint(state)
