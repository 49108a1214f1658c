"""A course's page draws at most its first hundred standings of a board, with their
cards, and counts the rest, and the board's JSON sends its first 200 and the asking
player's own: a page or an answer of every standing grew with the players, and drawing
the page held the whole club up (2,000 players, 2.5 MB), while some 22,500 players made an
answer past the 4 MiB a client reads."""

from __future__ import annotations

import re
import secrets
import urllib.request
from datetime import UTC
from datetime import datetime

import pytest

from parlour.club.boards import API_ROWS
from parlour.club.boards import Board
from parlour.club.database import StoredRound
from parlour.club.pages import PAGE_ROWS
from parlour.clubclient.answers import read_boards
from parlour.clubclient.http import board
from parlour.clubclient.http import submit
from parlour.engine.leaderboard import leaderboard
from parlour.engine.registry import round_game
from parlour.engine.round_record import RoundResult
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
    # fewer than the JSON's first 200: it has them all, each once
    (only,) = board(sqlite_club, code, player="p7")["boards"]
    assert sorted(s["player"] for s in only["standings"]) == sorted(players)
    assert only["players"] == PAGE_ROWS + 1
    assert set(drawn) < set(players)


def a_board(players: int) -> Board:
    """A board of ``players`` rounds of one course, each a stroke worse than the last."""
    spec = round_game()
    assert spec.rounds is not None
    holes = spec.rounds.holes
    stored = {
        f"Player {n}": StoredRound(
            n + 1,
            f"Player {n}",
            spec.id,
            1,
            "none",
            (n,) + (0,) * (holes - 1),
            n,
            datetime(2026, 1, 1, tzinfo=UTC),
            f"{n:064x}",
        )
        for n in range(players)
    }
    results = [
        (name, RoundResult(spec.rounds, 1, frozenset(), r.scores, spec.id, name))
        for name, r in stored.items()
    ]
    standings = [(s, stored[s.label]) for s in leaderboard(results)]
    return Board(spec.id, 1, "none", standings, None)


def test_the_boards_json_sends_the_first_standings_and_the_asking_players_own() -> None:
    big = a_board(API_ROWS + 300)
    answer = big.as_json(player="PLAYER 450")  # (names compared as the club compares them)
    names = [s["player"] for s in answer["standings"]]
    assert names == [f"Player {n}" for n in range(API_ROWS)] + ["Player 450"]
    assert answer["standings"][-1]["place"] == 451
    assert answer["players"] == API_ROWS + 300
    assert len(big.as_json()["standings"]) == API_ROWS
    # the client counts every player and finds the asking player's place beyond the first
    (shown,) = read_boards({"course": "X", "boards": [answer]}, "player 450").boards
    assert (shown.played, shown.places, len(shown.standings)) == (API_ROWS + 300, (451,), 200)
