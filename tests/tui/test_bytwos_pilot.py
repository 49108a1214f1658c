"""Playing By Twos in the app with the keyboard and the mouse (Textual Pilot), checked
against the engine and the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.cli import main
from parlour.controls.bytwos import with_screen_keys
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.record import format_record
from parlour.help import with_ruling_words
from parlour.render import cards_as_shown
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.opening import OpenGame
from parlour.tui.screens.bytwos import ByTwosScreen
from parlour.tui.screens.bytwos_board import ByTwosBoard
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.widgets import StatusLine
from tests.tui.board_helpers import click_pile

from .bytwos_helpers import CHOICE_AT
from .bytwos_helpers import REDEAL_AT
from .bytwos_helpers import SEED
from .bytwos_helpers import both_piles_take
from .bytwos_helpers import greedy
from .bytwos_helpers import greedy_line


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


def board_text(app: Any) -> str:
    """What the By Twos board shows on the screen, line by line."""
    region = app.screen.query_one(ByTwosBoard).content_region
    strips = app.screen._compositor.render_strips()[region.y : region.bottom]
    return "\n".join(strip.text[region.x : region.right] for strip in strips)


def said(text: str) -> str:
    """The engine's words as the status line shows them (a ruling named with its title)."""
    return cards_as_shown(with_ruling_words(with_screen_keys(text)))


def why_not(state: ByTwosState, move: ByTwosMove) -> str:
    reason = BYTWOS.words.why_illegal(state, move)
    return said(f"{reason[0].upper()}{reason[1:]}")


async def test_a_whole_seeded_game_played_with_keys(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=SEED, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ByTwosScreen)
        expected: ByTwosState = screen.session.state
        # forming: three cards one at a time, then f turns the rest, each a move
        for key in ("t", "space", "enter"):
            await pilot.press(key)
            expected = BYTWOS.apply(expected, TURN)
            assert screen.session.state == expected
        await pilot.press("f")
        while expected.phase is Phase.FORMING:
            expected = BYTWOS.apply(expected, TURN)
        assert screen.session.state == expected
        assert set(screen.session.line.moves) == {TURN}
        pressed = {"choice": 0, "deal": 0}
        played_out = ""
        while BYTWOS.outcome(expected) is None:
            move = greedy(expected)
            if both_piles_take(expected, move):
                assert isinstance(move, Build)
                # the card's key asks which pile, and moves nothing yet
                await pilot.press(move.source)
                assert screen.session.state == expected
                assert screen.controls.choosing == move.source
                if pressed["choice"] % 2 == 0:
                    await pilot.press(move.pile)
                else:
                    await pilot.press(*(["right"] if move.pile == "d" else []), "enter")
                pressed["choice"] += 1
            elif isinstance(move, Build):
                await pilot.press(move.source)
            elif move == DEAL:
                await pilot.press("d" if pressed["deal"] % 2 else "space")
                pressed["deal"] += 1
            else:
                assert move == REDEAL
                await pilot.press("o")
            expected = BYTWOS.apply(expected, move)
            while (step := BYTWOS.playing_out(expected)) is not None:  # ruling B10
                played_out = BYTWOS.words.played_out(expected)
                expected = BYTWOS.apply(expected, step)
            assert screen.session.state == expected
        await pilot.pause()
        assert pressed["choice"] >= 2
        outcome = BYTWOS.outcome(expected)
        assert outcome is not None and not outcome.won
        shown = status_text(app)
        assert said(BYTWOS.words.prompt(expected)) in shown
        assert "Game over: blocked with" in shown and "Press n for a new game" in shown
        assert played_out and said(played_out) in shown  # Parlour dealt the rest out
        assert screen.key_state("deal", ()) is False  # the stock is empty
        assert screen.key_state("redeal", ()) is None  # greyed: no deal left
    store = Store(private_data_dir)
    games = store.finished_games()
    assert len(games) == 1
    assert games[0].game == "bytwos" and games[0].seed == SEED
    assert games[0].score == outcome.score == BYTWOS.score(expected)
    assert games[0].summary == BYTWOS.words.ending(expected) and not games[0].won
    assert store.games_in_progress() == []


async def test_refused_keys_say_why(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = screen.session.state
        for key in ("s", "d", "o", "G"):
            await pilot.press(key)
            assert screen.session.state == start
            assert why_not(start, DEAL) in status_text(app)  # still forming (B1)
            assert screen.query_one(StatusLine).has_class("-refused")
        screen.form_packet()
        await pilot.pause()
        state = screen.session.state
        assert state.phase is Phase.DEALING and screen.key_state("build", ("s",)) is None
        await pilot.press("s")  # neither clubs pile takes the stock's card
        reasons = dict.fromkeys(BYTWOS.words.why_illegal(state, Build("s", p)) for p in "ad")
        assert said("; ".join(reasons)[1:]) in status_text(app)
        await pilot.press("w")
        assert "The waste is empty." in status_text(app)
        await pilot.press("o")  # hidden from the footer while the stock has cards
        assert screen.key_state("redeal", ()) is False
        assert why_not(state, REDEAL) in status_text(app)
        await pilot.press("t")  # the engine's "redeal (r)" is shown with this screen's key
        assert "build, deal (d) or redeal (o) (B1: forming the packet)" in status_text(app)
        await pilot.press("a")
        assert "press s, w or p first" in status_text(app)
        assert screen.session.state == state


async def test_undo_redo_and_restart_with_keys(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        line = screen.session.line
        await pilot.press("t", "t", "t")
        assert screen.session.line.moves == (TURN,) * 3
        await pilot.press("u")
        assert screen.session.state == BYTWOS.apply(BYTWOS.apply(line.current, TURN), TURN)
        third = BYTWOS.words.done(screen.session.state, TURN)
        assert third.startswith("turned ")
        assert cards_as_shown(f"Undone: {third}.") in status_text(app)
        await pilot.press("r")
        assert len(screen.session.line.moves) == 3
        assert cards_as_shown(f"Redone: {third}.") in status_text(app)
        await pilot.press("f", "d")
        formed = len(screen.session.line.moves) - 1
        await pilot.press("u", "u")  # the deal, then the last turn of the packet
        assert len(screen.session.line.moves) == formed - 1
        assert screen.session.state.phase is Phase.FORMING
        await pilot.press("R")
        assert screen.session.state == line.current and screen.session.can_redo
        assert screen.key_state("undo", ()) is None


async def test_choosing_between_the_two_piles_of_a_suit(private_data_dir: Path) -> None:
    line = greedy_line(CHOICE_AT)
    state = line.current
    assert both_piles_take(state, Build("s", "a"))
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("s")
        assert screen.controls.choosing == "s" and screen.session.state == state
        assert "Both clubs piles take the stock's 3♣: a puts it on the ace pile" in status_text(app)
        view = screen.query_one(ByTwosBoard).view
        offered = [place.key for place in view.foundations if place.playable]
        assert offered == ["foundation-0", "foundation-1"]  # the clubs ace and deuce piles
        assert [place.key for place in view.sources if place.selected] == ["stock"]
        await pilot.press("escape")  # cancels the choice; the board stays
        assert screen.controls.choosing == "" and app.screen is screen
        assert screen.session.state == state
        await pilot.press("s", "2")
        assert screen.session.state == BYTWOS.apply(state, "sd")
        await pilot.press("u", "s")
        await click_pile(pilot, "foundation-0")
        assert screen.session.state == BYTWOS.apply(state, "sa")


async def test_turning_the_waste_over(private_data_dir: Path) -> None:
    line = greedy_line(REDEAL_AT)
    state = line.current
    assert REDEAL in state.legal and not state.stock
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.key_state("deal", ()) is False  # "o Turn over" takes its place
        assert screen.key_state("redeal", ()) is True
        assert "for deal 2 (o)" in status_text(app)
        await pilot.press("d")
        assert screen.session.state == state
        assert said("the stock is empty: turn the waste over with r (B4)")[1:] in status_text(app)
        await pilot.press("o")
        assert screen.session.state == BYTWOS.apply(state, REDEAL)
        await pilot.pause()
        assert "Deal 2/3" in board_text(app)
        await pilot.press("u")
        await click_pile(pilot, "stock")  # clicking the empty stock turns the waste over too
        assert screen.session.state == BYTWOS.apply(state, REDEAL)


async def test_giving_up_asks_first(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.form_packet()
        await pilot.press("d", "G")
        built = screen.session.state.on_foundations
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is screen and not screen.session.is_finished
        await pilot.press("G", "y")
        assert app.screen is screen and screen.session.is_finished
        assert f"Game over: given up with {built} cards on the foundations" in status_text(app)
    games = Store(private_data_dir).finished_games()
    assert len(games) == 1 and games[0].moves[-1] == "give-up" and games[0].score == built


async def test_the_hint_points_at_the_move(private_data_dir: Path) -> None:
    line = greedy_line(CHOICE_AT)
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.controls.cursor = "p"
        await pilot.press("h")
        await app.workers.wait_for_complete()  # the hint is worked out in the background
        await pilot.pause()
        assert "(press s then a)" in status_text(app)
        # (the record's moves count as hints given, then this one)
        assert screen.controls.cursor == "s" and screen.session.hints == len(line.moves) + 1


async def test_clicking_the_deck_and_the_stock(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        await click_pile(pilot, "deck")
        assert screen.session.line.moves == (TURN,)
        screen.form_packet()
        await pilot.pause()
        state = screen.session.state
        await click_pile(pilot, "stock", top=True)  # its card goes nowhere: the reason, and no move
        assert screen.session.state == state
        assert screen.query_one(StatusLine).has_class("-refused")


async def test_a_replay_steps_and_t_takes_over(private_data_dir: Path) -> None:
    line = greedy_line(30)
    app = make_app(private_data_dir, replay_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ByTwosScreen) and not screen.in_play
        await pilot.press("right", "right", "s", "d", "t")
        assert screen.in_play
        assert screen.session.state == line.states[2]
        await pilot.press("t")
        assert screen.session.state == line.states[3]


def test_play_bytwos_opens_its_screen(private_data_dir: Path, monkeypatch: Any) -> None:
    opened: dict[str, Any] = {}
    monkeypatch.setattr("parlour.tui.app.ParlourApp.run", lambda self: opened.update(app=self))
    assert main(["play", "bytwos", "--seed", "7", "--data-dir", str(private_data_dir)]) == 0
    opening = opened["app"].opening
    assert opening == OpenGame("bytwos", 7)


async def test_the_start_screen_offers_by_twos(private_data_dir: Path) -> None:
    app = make_app(private_data_dir)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        option = menu.get_option("play-bytwos")
        assert not option.disabled
        menu.highlighted = menu.get_option_index("play-bytwos")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ByTwosScreen)


async def test_a_hint_while_forming_the_packet_does_not_name_the_next_card(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="bytwos", seed=SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        hidden = screen.session.state.deck[0]
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = status_text(app)
        assert "Hint: turn the next card of the pack (press t)" in said
        assert cards_as_shown(str(hidden)) not in said and str(hidden) not in said
        assert screen.session.state.deck[0] == hidden  # nothing was turned
