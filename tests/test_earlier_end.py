"""A game saved under an earlier version may go on past an end the rules now find sooner
(Three Squares' end search looks further than it once did: S10, S11). Such a game still
resumes and replays, ending where the rules now end it, with the same score."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.cards import format_cards
from parlour.engine.errors import NotationError
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import Phase
from parlour.engine.history import Line
from parlour.session import Session
from parlour.statistics import history
from parlour.store.database import Store
from tests.engine.test_squares_ends import DEAD_END_MOVES
from tests.engine.test_squares_ends import DEAD_END_SEED

# the dead end was in play under the earlier end search (1,000 positions); a player
# could then go on moving, here a run back and forth, before giving up
PAST_THE_END = (*DEAD_END_MOVES, "1c-2c", "2c-1c", "give-up")


def test_a_line_played_on_drops_the_moves_after_the_rules_end() -> None:
    line = Line.from_seed(SQUARES, DEAD_END_SEED).played_on(PAST_THE_END)
    assert len(line.moves) == len(DEAD_END_MOVES)
    outcome = SQUARES.outcome(line.current)
    assert outcome is not None and SQUARES.words.ending(line.current).startswith(
        "no more can be done"
    )
    assert not line.current.gave_up
    # a move that is no move of the game at all is still refused
    with pytest.raises(NotationError):
        Line.from_seed(SQUARES, DEAD_END_SEED).played_on((*DEAD_END_MOVES, "zz"))


def test_a_saved_game_past_the_end_resumes_finished_and_is_kept(tmp_path: Path) -> None:
    store = Store(tmp_path)
    deck = Line.from_seed(SQUARES, DEAD_END_SEED).deck
    store.save_in_progress(
        None, game="squares", options="", seed=DEAD_END_SEED, deck=format_cards(deck),
        moves=list(PAST_THE_END[:-1]), undone=[],
    )  # fmt: skip
    (saved,) = store.games_in_progress()
    session = Session.resume(store, saved)
    assert session.is_finished and session.state.phase is Phase.FINISHED
    assert store.games_in_progress() == []
    (game,) = history(store, "squares", with_records=True)
    assert game["score"] == 0
    assert "no more can be done" in game["record"]
