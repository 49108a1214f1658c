"""The kept pars of the pictures' course are the pars: each hole's par worked out live, as
the app's background process works it out (the hint player playing the hole to its end,
about three seconds of CPU a hole), in three parts that run side by side. The app's own
working out of a par is checked in test_scorecard_card."""

from __future__ import annotations

import pytest

from parlour.engine.games.golf_plugin import ROUNDS
from parlour.engine.rounds import hole_seed
from parlour.tui.background import hint_par_job
from tests.tui.scorecard_helpers import COURSE
from tests.tui.scorecard_helpers import COURSE_PARS


@pytest.mark.parametrize("holes", [(1, 2, 3), (4, 5, 6), (7, 8, 9)])
def test_the_kept_pars_of_the_course_are_the_hint_players_scores(holes: tuple[int, ...]) -> None:
    for hole in holes:
        seed = hole_seed(ROUNDS, COURSE, hole)
        # the job the app's background process runs for a hole's par
        assert hint_par_job("golf", seed, frozenset()) == COURSE_PARS[hole], hole
