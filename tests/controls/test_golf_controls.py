"""Golf's keys turned into engine moves, without the app: the controls alone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from parlour.controls.course import Course
from parlour.controls.course import Playing
from parlour.controls.course import Replaying
from parlour.controls.game import Play
from parlour.controls.game import shared_keys
from parlour.controls.golf import KEYS
from parlour.controls.golf import GolfControls
from parlour.controls.keys import During
from parlour.controls.keys import KeyTable
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PLAYS
from parlour.engine.games.golf import TURN
from parlour.engine.history import Line
from parlour.session import Session
from parlour.store.database import Store


@dataclass
class View:
    """What a screen shows the controls: the course of its game (in play, or replayed)."""

    course: Course

    @property
    def session(self) -> Session | None:
        return self.course.session if isinstance(self.course, Playing) else None

    @property
    def line(self) -> Line[Any, Any]:
        return self.course.line


def in_play(tmp_path: Path, seed: int = 1) -> tuple[View, GolfControls]:
    session = Session.new_game(Store(tmp_path), "golf", seed)
    view = View(Playing(session))
    return view, GolfControls(view)


def test_a_column_key_plays_that_column_and_selects_it(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path)
    assert controls.play(7) == Play(PLAYS[6])
    assert controls.cursor == 7
    controls.move_cursor(1)
    assert controls.cursor == 1  # round the end
    assert controls.play_cursor() == Play(PLAYS[0])


def test_the_table_greys_turning_until_a_stoppage_and_then_explains(tmp_path: Path) -> None:
    view, controls = in_play(tmp_path)
    assert TURN not in GOLF.legal_moves(controls.state)
    assert KEYS.availability(controls, "turn", ()) is None  # greyed
    assert KEYS.availability(controls, "explain_turn", ()) is True  # the key still answers
    assert view.session is not None
    view.session.play("7")
    assert KEYS.availability(controls, "turn", ()) is True
    assert KEYS.availability(controls, "explain_turn", ()) is False


def test_while_replaying_no_move_key_is_bound_and_the_arrows_step(tmp_path: Path) -> None:
    line = Line.from_seed(GOLF, 1).play("7").undo()
    controls = GolfControls(View(Replaying(line)))
    assert KEYS.availability(controls, "play", (3,), During.REPLAY) is False
    assert KEYS.availability(controls, "cursor", (1,), During.REPLAY) is False
    assert KEYS.availability(controls, "step", (1,), During.REPLAY) is True
    # nothing to step back to: greyed, saying where the replay is and what steps
    assert (
        KEYS.availability(controls, "step", (-1,), During.REPLAY)
        == "This is the deal: → steps forward."
    )
    assert KEYS.availability(controls, "undo", (), During.REPLAY) is False


def test_the_hint_names_a_turn_without_naming_the_card(tmp_path: Path) -> None:
    _, controls = in_play(tmp_path)
    assert controls.hint_words(TURN) == "turn the stock"
    assert controls.key_for(TURN) == "Space"  # (as the help writes it)
    controls.point_at(PLAYS[4])
    assert controls.cursor == 5


def answers(table: KeyTable[Any], controls: object, course: During = During.PLAY) -> None:
    """Every row of a table says whether its key may be used, with a word the key bar
    knows: usable, not now (greyed, perhaps with why), or not bound now."""
    for key in table:
        answer = key.availability(controls, course)
        assert answer in (True, False, None) or isinstance(answer, str), key.action


def test_every_row_of_the_table_answers_in_play_and_in_a_replay(tmp_path: Path) -> None:
    view, controls = in_play(tmp_path)
    answers(KEYS, controls)
    answers(shared_keys(), controls)
    answers(KEYS, GolfControls(View(Replaying(view.line))), During.REPLAY)


def test_the_help_lists_the_column_keys_as_one_range() -> None:
    rows = {description: keys for keys, description in KEYS.rows()}
    assert rows["play the exposed card of that column"] == "1–7"
    assert rows["turn the next stock card"] == "Space s"


def test_a_replay_given_whole_steps_without_working_a_position_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each step of a replay used to apply its move again: in Three Squares a move's
    legality may ask for an end search of seconds, which the replay, read whole, had
    already made (End froze the app 7.8 s on one record)."""
    whole = Line.from_seed(GOLF, 1)
    for _ in range(12):
        whole = whole.play(GOLF.legal_moves(whole.current)[0])
    course = Replaying(whole.goto(0), "a record", whole=whole)

    def never(*_: object) -> object:
        raise AssertionError("a position worked out again")

    monkeypatch.setattr(type(GOLF), "apply", never)
    course.to_end()
    assert course.line.states == whole.states and not course.line.undone
    assert course.step(-1) and course.line.states == whole.states[:-1]
    assert course.line.undone == (whole.moves[-1],) and course.step(1)
    assert course.line.states == whole.states
    course.to_start()
    assert course.line.states == whole.states[:1] and len(course.line.undone) == 12
    assert not course.step(-1)


def test_in_a_round_n_is_the_next_hole_and_after_the_last_a_new_round() -> None:
    """n's rows in a round: the next hole, then after the ninth a new round; the new
    game's row is not bound (its label would name the wrong thing), and while the hole is
    in play the key says why it waits."""
    from types import SimpleNamespace

    def controls(hole: int, finished: bool) -> GolfControls:
        place = SimpleNamespace(hole=hole, round=SimpleNamespace(holes=9))
        course = SimpleNamespace(round=place, game=SimpleNamespace(is_finished=finished))
        return GolfControls(View(course))  # type: ignore[arg-type]

    playing, over, last = controls(3, False), controls(3, True), controls(9, True)
    assert KEYS.availability(over, "new") is False
    assert KEYS.availability(over, "go_on") is True
    assert KEYS.availability(over, "new_round") is False
    assert KEYS.availability(last, "go_on") is False
    assert KEYS.availability(last, "new_round") is True
    assert KEYS.availability(playing, "go_on") == "Finish this hole before starting the next."
    labels = {key.name: key.label for key in KEYS if key.key == "n"}
    assert labels == {"new": "New game", "go_on": "Next hole", "new_round": "New round"}
