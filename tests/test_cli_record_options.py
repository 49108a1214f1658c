"""Every command that reads a record takes one view of its ``Options:`` line: an option
named many times is refused, in one line naming the file and the line, by ``check``,
``replay``, ``play --record``, ``solve --record`` (a game record) and ``check``,
``match`` and ``replay --hole`` (a round record), as the club's verifier refuses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.club.verify import examine
from parlour.store.signing import new_key
from parlour.store.signing import sign_record
from tests.club.helpers import round_record
from tests.engine.test_record_options import MANY
from tests.engine.test_record_options import game_text
from tests.engine.test_record_options import with_options
from tests.test_cli_hostile import run
from tests.test_cli_hostile import write


@pytest.fixture(scope="module")
def round_text() -> str:
    return round_record(4242, "ann", None)


def test_every_reader_refuses_an_option_named_many_times(
    round_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "d")
    game = write(tmp_path / "game.txt", with_options(game_text(), MANY))
    round_ = write(tmp_path / "round.txt", with_options(round_text, MANY))
    good = write(tmp_path / "good.txt", round_text)
    for argv, path, line in (
        (["check", game], game, 3),
        (["replay", game], game, 3),
        (["play", "golf", "--record", game], game, 3),
        (["solve", "golf", "--record", game], game, 3),
        (["check", round_], round_, 4),
        (["match", good, round_], round_, 4),
        (["replay", round_, "--hole", "2"], round_, 4),
    ):
        status, _, err = run(capsys, "--data-dir", data, *argv)
        assert status == 2, argv
        assert err == f"parlour: {path}: line {line}: the rule option free-stock is named twice\n"


def test_the_clubs_verifier_refuses_an_option_named_twice(round_text: str) -> None:
    """A round under the free stock rule whose every Options line names it twice: read
    as the free stock rule, the round verified and was kept, as the club keeps rounds."""
    key = new_key("ann")
    single = round_text.replace("Options: none", "Options: free-stock")
    assert examine(sign_record(single, key), 5.0)["ok"] is True
    doubled = round_text.replace("Options: none", "Options: free-stock,free-stock")
    found = examine(sign_record(doubled, key), 5.0)
    assert found["ok"] is False
    assert found["reason"] == "line 4: the rule option free-stock is named twice"
