"""Layouts that fit the terminal: Golf plays at 40 × 12, every game draws its board at its
own minimum size and asks for a larger terminal just below it, and on a large terminal
the board is centred and its cards are larger than at 100 × 32."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import TURN
from parlour.engine.registry import specs
from parlour.tui import cards as art
from parlour.tui.app import make_app
from parlour.tui.board import LineBoard
from parlour.tui.screens import game_screen_class
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.small import OneLine
from parlour.tui.screens.small import TooSmallScreen
from parlour.tui.screens.start import StartScreen
from parlour.tui.widgets import Pile
from parlour.tui.widgets import StatusLine

GAMES = [spec.id for spec in specs()]


#: a card's top edge as drawn (its width is the card's)
FRAMED = re.compile("╭[^╭╮\n]*╮")


def screen_lines(app: Any) -> list[str]:
    """The text of the terminal, line by line, as the app has drawn it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def shown_in(lines: list[str], region: Region) -> str:
    """The text inside ``region`` of the terminal."""
    return "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])


def shown_piles(screen: GameScreen) -> dict[str, Region]:
    """Where each pile shown on the board is on the screen, by its key: a pile widget's
    region, or a pile's place on a board drawn as one widget."""
    places = {pile.key: pile.region for pile in screen.query(Pile) if pile.region.area}
    for board in screen.query(LineBoard):
        places.update(board.areas())
    return places


def leaves(widget: Widget) -> list[Widget]:
    """The board's widgets that draw something (those without children), as laid out."""
    found: list[Widget] = []
    for child in widget.children:
        if not child.display or not child.region.area:
            continue
        found += leaves(child) if child.children else [child]
    return found


def assert_board_fits(screen: GameScreen) -> None:
    """Every pile on the board is wholly on the screen, above the status line."""
    piles = shown_piles(screen)
    assert piles
    status = screen.query_one(StatusLine).region
    for key, region in piles.items():
        assert screen.region.contains_region(region), key
        assert region.bottom <= status.y, key


async def test_golf_at_40x12_shows_the_exposed_cards_the_foundation_and_the_stock(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        assert_board_fits(screen)
        state = screen.session.state
        lines = screen_lines(app)
        piles = shown_piles(screen)
        for number, column in enumerate(state.columns, start=1):
            # the exposed card is the column's last line, with its rank and suit
            assert art.label(column[-1], False) in lines[piles[str(number)].bottom - 1]
        foundation = piles["foundation"]
        assert art.label(state.foundation[-1], False) in shown_in(lines, foundation)
        stock = piles["stock"]
        assert str(len(state.stock)) in shown_in(lines, stock)

        # a move made with the keys here changes the engine's state
        before = state
        await pilot.press("7")  # 8♥ onto 9♣
        await pilot.pause()
        assert screen.session.state == GOLF.apply(before, "7")
        await pilot.press("space")
        await pilot.pause()
        assert screen.session.state == GOLF.apply(GOLF.apply(before, "7"), TURN)
        lines = screen_lines(app)
        new_top = screen.session.state.foundation[-1]
        assert art.label(new_top, False) in shown_in(lines, foundation)
        assert str(len(screen.session.state.stock)) in shown_in(lines, stock)
        assert_board_fits(screen)


@pytest.mark.parametrize("game", GAMES)
async def test_each_game_draws_its_board_at_its_minimum(private_data_dir: Path, game: str) -> None:
    need = game_screen_class(game).MIN_SIZE
    app = make_app(private_data_dir, game=game, seed=1, ascii_only=False)
    async with app.run_test(size=need) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not isinstance(screen, TooSmallScreen)
        assert_board_fits(screen)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("short", [(1, 0), (0, 1)])
async def test_each_game_asks_for_a_larger_terminal_just_below_its_minimum(
    private_data_dir: Path, game: str, short: tuple[int, int]
) -> None:
    width, height = game_screen_class(game).MIN_SIZE
    size = (width - short[0], height - short[1])
    app = make_app(private_data_dir, game=game, seed=1, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        line = app.screen.query_one("#too-small", OneLine).text
        assert f"at least {width}×{height}" in line and f"now {size[0]}×{size[1]}" in line
        # and the board comes back, at its minimum, when the terminal grows by that cell
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert_board_fits(app.screen)


async def card_widths_and_margins(
    data_dir: Path, game: str, size: tuple[int, int]
) -> tuple[set[int], int, int]:
    """The widths of the cards on the board, and the board's left and right margins."""
    app = make_app(data_dir, game=game, seed=1, ascii_only=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert_board_fits(screen)
        # a pile widget's cards, or the cards drawn in the piles' places on a board drawn
        # as one widget (a place may be wider than its cards: a heap of Three Squares)
        widths = {pile.card_size.width for pile in screen.query(Pile) if pile.region.area}
        lines = screen_lines(app)
        for board in screen.query(LineBoard):
            for place in board.areas().values():
                widths |= {len(card) for card in FRAMED.findall(shown_in(lines, place))}
        drawn = leaves(screen.query_one("#board"))
        box = Region.from_union([widget.region for widget in drawn])
        return widths, box.x, size[0] - box.right


@pytest.mark.parametrize("game", GAMES)
async def test_on_a_large_terminal_the_board_is_centred_and_its_cards_larger(
    private_data_dir: Path, game: str
) -> None:
    large, left, right = await card_widths_and_margins(private_data_dir, game, (200, 60))
    usual, _, _ = await card_widths_and_margins(private_data_dir, game, (100, 32))
    assert min(large) > max(usual)
    assert left > 30 and abs(left - right) <= 2


def test_the_documented_minimums_are_the_screens_own() -> None:
    table = (Path(__file__).parents[2] / "docs" / "layout.md").read_text(encoding="utf-8")
    for spec in specs():
        width, height = game_screen_class(spec.id).MIN_SIZE
        assert f"| {spec.name} | {width} × {height} |" in table
    assert f"| start screen | {StartScreen.MIN_SIZE[0]} × {StartScreen.MIN_SIZE[1]} |" in table


async def test_esc_leaves_a_game_too_large_for_the_terminal_for_the_menu(
    private_data_dir: Path,
) -> None:
    # the menu fits 50 x 15; a game that needs 60 x 20 does not
    game = next(spec.id for spec in specs() if game_screen_class(spec.id).MIN_SIZE > (50, 15))
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(50, 15)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.start_new_game(game, seed=1)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not any(isinstance(screen, GameScreen) for screen in app.screen_stack)


async def test_the_start_screen_is_centred_on_a_large_terminal(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        menu = app.screen.query_one("#menu").region
        assert abs(menu.x - (200 - menu.right)) <= 2


@pytest.mark.parametrize("size", [(100, 32), (80, 24), (200, 60)])
async def test_the_start_menu_is_as_long_as_the_terminal_allows(
    private_data_dir: Path, size: tuple[int, int]
) -> None:
    """With three unfinished games the menu was cut at sixteen rows, Help and Quit out of
    sight beside a dozen empty rows of a 100 × 32 terminal; at 80 × 24 the two rows kept
    for an empty notice under it left Quit out of sight."""
    from textual.widgets import OptionList

    from parlour.session import Session
    from parlour.store.database import Store
    from tests.tui.menu_helpers import menu_read

    store = Store(private_data_dir)
    for game in ("golf", "rubbish", "bytwos"):
        session = Session.new_game(store, game, 5)
        session.play(session.line.rules.legal_moves(session.state)[0])
    store.close()
    app = make_app(private_data_dir)
    async with app.run_test(size=size) as pilot:
        await menu_read(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        entries = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert sum(entry.startswith("Continue") for entry in entries) == 3
        assert entries[-1] == "Quit"
        # every entry in sight, Quit too, and the menu within the screen: the title, the
        # subtitle, their margins and the key bar take 6 rows, and the notice, which has
        # nothing to say, none
        assert len(entries) + 2 <= size[1] - 6
        assert menu.outer_size.height == len(entries) + 2
        assert menu.max_scroll_y == 0
        assert menu.region.bottom <= size[1] - 1
        assert not app.screen.query_one("#start-notice").display
