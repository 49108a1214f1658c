"""By Twos's board drawn by lines: a click on each pile plays as its key does, at each
size of card, and the board keeps each line once drawn and draws again only what a move
changed: after every kind of change (moves, undo and redo, the chosen pile, a theme, the
four-colour deck, ASCII, a new size of card) each line it shows is the line it draws from
nothing, and the screen shows it."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from parlour.controls.bytwos import target
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.record import format_record
from parlour.tui.app import make_app
from parlour.tui.screens.bytwos import ByTwosScreen
from parlour.tui.screens.bytwos_board import ByTwosBoard
from tests.tui.board_helpers import check_kept_lines
from tests.tui.board_helpers import click_pile
from tests.tui.board_helpers import kept_through
from tests.tui.board_helpers import move_words
from tests.tui.board_helpers import text_in_ascii

from .bytwos_helpers import CHOICE_AT
from .bytwos_helpers import REDEAL_AT
from .bytwos_helpers import greedy_line


async def test_the_lines_kept_are_the_lines_drawn_anew(private_data_dir: Path) -> None:
    record = format_record(greedy_line(CHOICE_AT))
    app = make_app(private_data_dir, record_text=record, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ByTwosScreen)
        board = screen.query_one(ByTwosBoard)
        # the choice of pile, cancelled, then made; the cursor; undo and redo; the theme;
        # the four-colour deck; a deal; the sizes of card and the narrow notes
        steps: list[Any] = ["s", "escape", "s", "2", "right", "u", "r", "T", "F", "d"]
        steps += [(60, 20), (200, 60), (80, 24), (100, 32)]
        seen = await kept_through(pilot, app, board, steps)
        # (every step changed what the board shows)
        assert all(before != after for before, after in pairwise(seen))
        assert len(screen.session.line.moves) == CHOICE_AT + 2
        text = await text_in_ascii(pilot, app, board, seen[-1])
        assert "╭" not in text and "+--" in text  # (the cards are drawn again in ASCII)
        await pilot.press("right")  # (and the words on the next move)
        await pilot.pause()
        text = "".join(segment.text for line in check_kept_lines(board) for segment in line)
        assert "♣" not in text and "Clubs" in text


def keys_for(state: ByTwosState, key: str, choosing: str) -> list[str]:
    """The keys that do what a click on the pile ``key`` does (none: it only refuses)."""
    if key in ("deck", "kept", "rejected"):
        return ["t"]
    if key == "stock" and not state.stock:
        return ["o"]  # (the empty stock turns the waste over)
    if key in ("stock", "waste", "packet"):
        return [key[0]]
    index = int(key.removeprefix("foundation-"))
    pile = "ad"[index % 2]
    if choosing:
        return [pile.replace("d", "2")] if target(state, Build(choosing, pile)) == index else []
    builds = [move for move in state.legal if isinstance(move, Build)]
    moves = [move for move in builds if target(state, move) == index]
    if len(moves) != 1:
        return []
    move = moves[0]
    both = all(Build(move.source, kind) in state.legal for kind in "ad")
    return [move.source, move.pile.replace("d", "2")] if both else [move.source]


@pytest.mark.parametrize("size", [(60, 20), (100, 32), (200, 60)])
@pytest.mark.parametrize("moves", [3, CHOICE_AT, REDEAL_AT])
async def test_a_click_on_each_pile_does_what_its_key_does(
    private_data_dir: Path, size: tuple[int, int], moves: int
) -> None:
    """While forming, dealing, choosing a pile and with the stock empty: a click on each
    pile (on its title or its last line) leaves the game where its key leaves it, and
    says the same; a click on a foundation no key plays to moves nothing."""
    line = greedy_line(moves)
    app = make_app(private_data_dir, record_text=format_record(line), ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ByTwosScreen)
        assert screen.session.state == line.current
        # each pile's place is where its title and its card are drawn
        board = screen.query_one(ByTwosBoard)
        shown = [strip.text for strip in app.screen._compositor.render_strips()]
        for place in (*board.view.foundations, *board.view.sources):
            area = board.areas()[place.key]
            drawn = [row[area.x : area.right] for row in shown[area.y : area.bottom]]
            assert place.title in drawn[0] and drawn[-1].strip()[-1] in "╯+", place.key
        played = refused = 0
        for choosing in ("", "s") if moves == CHOICE_AT else ("",):
            for turn, key in enumerate(screen.query_one(ByTwosBoard).areas()):
                if choosing:
                    await pilot.press(choosing)
                assert screen.controls.choosing == choosing
                before = screen.session.state
                keys = keys_for(before, key, choosing)
                await click_pile(pilot, key, top=turn % 2 == 0)
                clicked = (screen.session.state, move_words(app))
                if screen.session.state != before:
                    played += 1
                    await pilot.press("u")  # back, to press the key in the same place
                    assert screen.session.state == before
                elif not keys:
                    refused += 1
                if screen.controls.choosing:
                    await pilot.press("escape")
                if not keys:
                    assert clicked[0] == before, key
                    continue
                if choosing:
                    await pilot.press(choosing)
                await pilot.press(*keys)
                await pilot.pause()
                assert (screen.session.state, move_words(app)) == clicked, key
                if screen.session.state != before:
                    await pilot.press("u")
                if screen.controls.choosing:
                    await pilot.press("escape")
                assert screen.session.state == before
        assert played
        assert refused or moves == 3  # (while forming, every place turns a card)
