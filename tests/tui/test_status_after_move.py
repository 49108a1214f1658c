"""In every game the status line after a move says what the move did, in the past tense,
and not the words a hint gives it, which read as an instruction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.registry import find_spec
from parlour.engine.registry import specs
from parlour.render import cards_as_shown
from parlour.tui.app import make_app
from parlour.tui.widgets import StatusLine


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


def capitalised(words: str) -> str:
    return cards_as_shown(f"{words[:1].upper()}{words[1:]}.", ascii_only=False)


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_the_status_after_each_of_the_first_moves_says_what_was_done(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=1, ascii_only=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        rules = screen.rules
        for _ in range(3):
            before = screen.current
            move = next(m for m in rules.legal_moves(before) if not rules.is_give_up(m))
            done, hinted = rules.words.done(before, move), rules.words.describe(before, move)
            assert screen.play(move)
            await pilot.pause()
            said = status_text(app)
            assert said.startswith(capitalised(done)), (said, done)
            assert not said.startswith(capitalised(hinted))
            assert said.split()[0].removesuffix(".") in {"Turned", "Played", "Discarded",
                "Filled", "Dealt", "Moved", "Took"}, said  # fmt: skip


@pytest.mark.parametrize("game", [spec.id for spec in specs()])
async def test_a_replay_stepped_forward_tells_each_move_as_done(
    private_data_dir: Path, game: str
) -> None:
    rules = find_spec(game).rules()
    line: Line[Any, Any] = Line.from_seed(rules, 1)
    for _ in range(2):
        line = line.play(next(m for m in rules.legal_moves(line.current)))
    second = rules.words.done(line.states[1], line.moves[1])
    app = make_app(private_data_dir, replay_text=format_record(line), record_title="game.txt")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right")
        await pilot.pause()
        said = status_text(app)
        assert said.startswith(f"Move 2: {cards_as_shown(second, ascii_only=False)}."), said
