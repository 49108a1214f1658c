"""The file of what was sent to clubs is read as hostile: whatever it holds, the worst is
that a round is offered again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.store.club_state import DECLINED
from parlour.store.club_state import SENT
from parlour.store.club_state import club_state
from parlour.store.club_state import mark

URL = "https://club.example"


@pytest.mark.parametrize(
    "content",
    [
        {"clubs": [URL]},
        {"clubs": "x"},
        {"clubs": {URL: ["rounds"]}},
        {"clubs": {URL: {"rounds": ["1"], "joined": 5}}},
        {"clubs": {URL: {"rounds": {"²": SENT, "1" * 5_000: SENT, "-1": SENT, "7": SENT}}}},
        [1, 2],
    ],
    ids=["clubs a list", "clubs a string", "club a list", "rounds a list", "odd numbers", "list"],
)
def test_a_club_file_of_the_wrong_shape_is_read_as_far_as_it_makes_sense(
    tmp_path: Path, content: object
) -> None:
    (tmp_path / "club.json").write_text(json.dumps(content), encoding="utf-8")
    state = club_state(tmp_path, URL)
    assert state.url == URL
    assert set(state.rounds) <= {7}  # only a plain round number is kept
    mark(tmp_path, URL, 3, DECLINED)  # and it can be written over
    assert club_state(tmp_path, URL).rounds == {**state.rounds, 3: DECLINED}


def test_what_was_marked_is_read_back(tmp_path: Path) -> None:
    mark(tmp_path, URL, 12, SENT)
    mark(tmp_path, "https://other.example", 12, DECLINED)
    assert club_state(tmp_path, URL).rounds == {12: SENT}
    assert club_state(tmp_path, URL).done(12) and not club_state(tmp_path, URL).done(13)


def test_a_club_file_nested_past_pythons_stack_is_read_as_empty(tmp_path: Path) -> None:
    """JSON's reader recurses: brackets nested 100,000 deep (200 kB of the 4 MiB read)
    ended every club command in a traceback."""
    (tmp_path / "club.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert club_state(tmp_path, URL).rounds == {}
    mark(tmp_path, URL, 3, SENT)
    assert club_state(tmp_path, URL).rounds == {3: SENT}
