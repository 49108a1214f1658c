"""Rubbish Heap's keys turned into engine moves, without the app: the controls alone."""

from __future__ import annotations

from pathlib import Path

from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.controls.game import Ask
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Say
from parlour.controls.keys import During
from parlour.controls.rubbish import HEAP_KEYS
from parlour.controls.rubbish import KEYS
from parlour.controls.rubbish import PLACE_KEYS
from parlour.controls.rubbish import RubbishCommand
from parlour.controls.rubbish import RubbishControls
from parlour.engine.cards import parse_card
from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import DISCARDS
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.history import Line
from parlour.session import Session
from parlour.store.database import Store
from tests.controls.test_golf_controls import View
from tests.controls.test_golf_controls import answers

#: a deal that opens on a round of three queens (positions 5, 8 and 9)
SEED = 55
QUEENS = [DISCARDS[parse_card(text)] for text in ("QS", "QH", "QC")]


def in_play(tmp_path: Path, *moves: str) -> tuple[View, RubbishControls]:
    session = Session.new_game(Store(tmp_path), "rubbish", SEED)
    for move in moves:
        session.play(move)
    view = View(Playing(session))
    return view, RubbishControls(view)


def test_the_arrows_step_through_the_group_and_enter_throws_the_selected(
    tmp_path: Path,
) -> None:
    _, controls = in_play(tmp_path)
    assert controls.choices() == QUEENS  # board order; giving up has its own key
    assert controls.selected() == QUEENS[0]
    reply = controls.move_cursor(-1)
    assert reply == Redraw("Enter will throw QC from position 9; ← and → choose another.")
    assert controls.selected() == QUEENS[2]
    assert controls.play_cursor() == Play(QUEENS[2])
    assert controls.move_cursor(1) == Redraw(
        "Enter will throw QS from position 5; ← and → choose another."
    )


def test_a_place_key_throws_its_card_or_says_why_not(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path)
    assert controls.discard_at(8) == Play(QUEENS[1])
    refused = controls.discard_at(1)
    assert isinstance(refused, Say) and refused.refused
    assert refused.message.startswith(f"Cannot throw {controls.state.board[0]} — ")
    assert KEYS.availability(controls, "discard_at", (13,)) is True


def test_an_empty_place_is_named_as_empty(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path, "dQH", "dQS")
    assert controls.state.phase is Phase.FILLING
    empty = controls.state.board.index(None) + 1
    assert controls.discard_at(empty) == Say(
        f"Position {empty} is empty: there is no card to throw.", refused=True
    )


def test_both_fills_on_offer_and_the_fall_back_rows(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path, "dQH", "dQS")
    assert controls.choices() == [FROM_STOCK, FROM_WASTE]
    assert controls.fill_stock() == Play(FROM_STOCK)
    assert controls.fill_waste() == Play(FROM_WASTE)
    assert KEYS.availability(controls, "fill_stock", ()) is True
    assert controls.move_cursor(1) == Redraw(
        "Enter will fill with the waste's top card QS; ← and → choose another."
    )
    # in a round of discards the fills are greyed, and s or w still answer with the reason
    _, discarding = in_play(tmp_path / "other")
    assert KEYS.availability(discarding, "fill_stock", ()) is None
    assert KEYS.availability(discarding, "fill_waste", ()) is None
    assert KEYS.availability(discarding, "explain_fill", ("s",)) is True
    explained = discarding.explain_fill("w")
    assert isinstance(explained, Say) and explained.refused
    reason = RUBBISH.words.why_illegal(discarding.state, FROM_WASTE)
    assert explained.message == f"Cannot fill from the waste — {reason}."


def test_giving_up_and_a_new_game_ask_first(tmp_path: Path) -> None:
    view, controls = in_play(tmp_path)
    question = controls.give_up()
    assert isinstance(question, Ask) and question.move is GIVE_UP
    assert "1 card home" in question.question
    assert controls.new_question() is None  # nothing played yet: nothing to lose
    assert view.session is not None
    view.session.play("dQC")
    again = controls.new_question()
    assert (
        again is not None
        and again.then is RubbishCommand.NEW_ANYWAY
        and "1 move played" in again.question
    )


def test_hints_name_the_key_and_select_the_move(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path)
    assert controls.key_for(QUEENS[2]) == "9"
    assert controls.hint_words(QUEENS[2]) == "throw QC from position 9"
    controls.point_at(QUEENS[1])
    assert controls.selected() == QUEENS[1]
    _, filling = in_play(tmp_path / "other", "dQH", "dQS")
    assert [filling.key_for(move) for move in (FROM_STOCK, FROM_WASTE, GIVE_UP)] == [
        "s",
        "w",
        "G",
    ]
    # the hint must not name the stock's next card
    assert filling.hint_words(FROM_STOCK) == "fill from the stock"


def test_finished_and_replaying(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path, "give-up")
    assert controls.choices() == [] and controls.selected() is None
    # greyed, saying why and what to do instead
    assert KEYS.availability(controls, "give_up", ()) == controls.over()
    assert controls.over().startswith("The game is over and scored: n starts a new one")
    assert KEYS.availability(controls, "explain_fill", ("s",)) is False
    assert KEYS.availability(controls, "heap", ()) is True  # the heap can always be seen
    line = Line.from_seed(RUBBISH, SEED).play("dQC")
    replay = RubbishControls(View(Replaying(line)))
    for name, arguments in [("discard_at", (5,)), ("play_cursor", ()), ("fill_stock", ())]:
        assert KEYS.availability(replay, name, arguments, During.REPLAY) is False
    assert replay.choose(QUEENS[0]) == Say("")
    assert KEYS.availability(replay, "step", (-1,), During.REPLAY) is True


def test_every_row_answers_and_every_place_has_a_key(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path)
    answers(KEYS, controls)
    assert {key.name for key in HEAP_KEYS} == {"close", "help"}
    places = [key.key for key in KEYS if key.name == "discard_at"]
    assert places == list(PLACE_KEYS) and len(places) == 13
    assert [key.key for key in KEYS][:2] == ["s", "w"]  # the game's own keys first
