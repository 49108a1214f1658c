"""The rows of a golf card, shared by the app and ``parlour scorecard``."""

from __future__ import annotations

import doctest

import parlour.render.scorecard
from parlour.render.scorecard import against
from parlour.render.scorecard import bogey_pace
from parlour.render.scorecard import card_rows


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(parlour.render.scorecard).failed == 0


def test_bogey_pace_spreads_bogey_evenly_and_ends_on_it() -> None:
    assert bogey_pace(9, 40) == [4, 9, 13, 18, 22, 27, 31, 36, 40]
    assert bogey_pace(3, 30) == [10, 20, 30]
    assert bogey_pace(2, 5) == [3, 5]  # 2.5 rounds up


def test_differences_read_as_on_a_golf_card() -> None:
    assert [against(n) for n in (-2, 0, 3)] == ["-2", "E", "+3"]


def test_a_complete_round_ends_on_its_total_against_bogey() -> None:
    scores = (3, 5, 0, 7, 2, 4, 6, 1, 5)
    par, score, versus = card_rows(scores, holes=9, bogey=40, pars=dict.fromkeys(range(1, 10), 1))
    assert par.cells == ("1",) * 9 and par.total == "9"
    assert score.cells == tuple(map(str, scores)) and score.total == "33"
    assert versus.cells == ("-1", "-1", "-5", "-3", "-5", "-6", "-4", "-8", "-7")
    assert versus.total == "-7"


def test_a_round_under_way_leaves_the_holes_to_play_empty() -> None:
    par, score, versus = card_rows((4, 5), holes=9, bogey=40, pars={2: 3}, unknown="-")
    assert par.cells == ("-", "3", *["-"] * 7) and par.total == "-"
    assert score.cells == ("4", "5", *[""] * 7) and score.total == "9"
    assert versus.cells == ("E", "E", *[""] * 7) and versus.total == ""
