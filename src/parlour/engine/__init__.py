"""Parlour's rules engine: pure, typed, standard library only.

>>> from parlour.engine import find_game, legal_moves, apply
>>> golf = find_game("golf")
>>> state = golf.start_from_seed(1)
>>> state = apply(state, legal_moves(state)[0])
>>> golf.score(state)
34
"""

from __future__ import annotations

from typing import Any

from parlour.engine.cards import Card
from parlour.engine.cards import parse_card
from parlour.engine.cards import parse_cards
from parlour.engine.deals import MAX_SEED
from parlour.engine.deals import check_seed
from parlour.engine.deals import deck_from_seed
from parlour.engine.deals import parse_deck
from parlour.engine.errors import DealError
from parlour.engine.errors import IllegalMoveError
from parlour.engine.errors import NotationError
from parlour.engine.errors import ParlourError
from parlour.engine.errors import RecordError
from parlour.engine.errors import UnknownGameError
from parlour.engine.game import GameState
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.registry import all_games
from parlour.engine.registry import find_game
from parlour.engine.registry import game_ids
from parlour.engine.registry import rules_for


def legal_moves(state: GameState) -> tuple[Any, ...]:
    """Every legal move in ``state``: the one definition of legality."""
    return rules_for(state).legal_moves(state)


def apply(state: GameState, move: Any) -> Any:
    """The state after ``move`` (a move or its notation); raises if it is not legal."""
    return rules_for(state).apply(state, move)


__all__ = [
    "MAX_SEED",
    "Card",
    "DealError",
    "GameState",
    "IllegalMoveError",
    "NotationError",
    "Outcome",
    "ParlourError",
    "RecordError",
    "Rules",
    "UnknownGameError",
    "all_games",
    "apply",
    "check_seed",
    "deck_from_seed",
    "find_game",
    "game_ids",
    "legal_moves",
    "parse_card",
    "parse_cards",
    "parse_deck",
    "rules_for",
]
