"""A course's page draws at most its first hundred standings of a board, with their
cards, and counts the rest: a page of every standing grew with the players, and drawing
it held the whole club up. The board's JSON still has every standing (a player finds
their own place on it)."""

from __future__ import annotations

import re
import secrets
import urllib.request

import pytest

from parlour.club.pages import PAGE_ROWS
from parlour.clubclient.http import board
from parlour.clubclient.http import submit
from parlour.engine.registry import round_game
from parlour.engine.round_record import format_round_record
from parlour.engine.rounds import course_code
from parlour.store.signing import new_key
from parlour.store.signing import sign_record
from tests.club.helpers import played_hole

pytestmark = pytest.mark.xdist_group("club")


def test_a_course_page_draws_the_first_hundred_standings_and_counts_the_rest(
    sqlite_club: str,
) -> None:
    spec = round_game()
    assert spec.rounds is not None
    course = secrets.randbits(40)
    lines = [played_hole(course, hole)[0] for hole in range(1, spec.rounds.holes + 1)]
    players = [f"p{number}" for number in range(PAGE_ROWS + 1)]
    for player in players:
        text = format_round_record(spec.id, course, player, lines)
        assert submit(sqlite_club, sign_record(text, new_key(player)))["new"] is True
    code = course_code(course)
    with urllib.request.urlopen(f"{sqlite_club}/course/{code}", timeout=30) as response:
        html = response.read().decode()
    assert f"{PAGE_ROWS + 1} players</h2>" in html
    assert f"The first {PAGE_ROWS} of {PAGE_ROWS + 1} are shown" in html
    assert html.count('<article class="round">') == PAGE_ROWS
    drawn = re.findall(r'<tr><td>\d+</td><td><a href="/player/(p\d+)">', html)
    assert len(drawn) == PAGE_ROWS
    # the JSON has them all, each once, for a player to find their own place
    (only,) = board(sqlite_club, code)["boards"]
    assert sorted(s["player"] for s in only["standings"]) == sorted(players)
    assert set(drawn) < set(players)
