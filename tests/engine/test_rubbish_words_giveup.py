"""Giving up in Rubbish Heap is described with the card count in the right number."""

from __future__ import annotations

from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish import RUBBISH


def test_giving_up_with_one_card_home_says_one_card() -> None:
    """It said "Give up with 1 cards home"."""
    state = RUBBISH.start_from_seed(11)
    assert state.cards_home == 1
    said = RUBBISH.words.describe(state, GIVE_UP)
    assert said == "give up with 1 card home"
