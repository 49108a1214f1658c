"""Every key answers: a key that cannot act now says why on the status line, keys are
named as the player presses them, rule codes come with their titles, Esc lets go of a
move half made before it leaves, m goes to the menu, and ? opens the help of the screen
it is pressed on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.golf import GOLF
from parlour.engine.games.golf import PlayColumn
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_layout import top_run_length
from parlour.engine.games.squares_state import Phase
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.registry import specs
from parlour.help.keys import OVERVIEW
from parlour.help.keys import RULINGS
from parlour.render import cards_as_shown
from parlour.tui.app import make_app
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.confirm import ConfirmScreen
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.help import HelpScreen
from parlour.tui.screens.start import StartScreen
from parlour.tui.widgets import StatusLine

from .bytwos_helpers import CHOICE_AT
from .bytwos_helpers import both_piles_take
from .bytwos_helpers import greedy_line
from .squares_helpers import SEED as SQUARES_SEED
from .squares_helpers import player_line

GAMES = [spec.id for spec in specs()]


def status_text(app: Any) -> str:
    return str(app.screen.query_one(StatusLine).render())


def bar_text(app: Any) -> str:
    return str(app.screen.query_one(KeyBar).render())


def finish_golf_hole(screen: Any) -> None:
    while GOLF.outcome(screen.session.state) is None:
        plays = [m for m in GOLF.legal_moves(screen.session.state) if isinstance(m, PlayColumn)]
        screen.respond(screen.controls.play(plays[-1].column) if plays else screen.controls.turn())


async def test_golf_keys_that_cannot_act_say_why(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.session.state
        await pilot.press("G")  # conceding asks first; "no" plays on
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.session.state == before
        await pilot.press("c")  # a single hole: no round, no scorecard
        assert "No scorecard: this is a single hole." in status_text(app)
        await pilot.press("u")
        assert "Nothing to take back: no move has been made." in status_text(app)
        await pilot.press("r")
        assert "Nothing to redo" in status_text(app)
        # the move is named (Space and s both turn), and the ruling comes with its title
        await pilot.press("space")
        said = status_text(app)
        assert said.startswith("Turning the stock is not allowed: under the book rule")
        assert "(G3: turning the stock)" in said
        assert screen.session.state == before
        finish_golf_hole(screen)
        await pilot.pause()
        assert screen.session.is_finished
        for key in ("u", "r", "h"):
            await pilot.press(key)
            assert "The game is over" in status_text(app) or "the game is over" in status_text(app)
            assert "n starts a new one" in status_text(app)
        assert screen.session.is_finished
        # the bar offers what acts now: n, and the menu
        assert " n New game " in bar_text(app) and " m Menu " in bar_text(app)


async def test_golf_concedes_a_hole_of_a_round_scored_as_it_stands(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, course=31, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session is not None
        left = screen.session.state.links_left
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause(0.5)
        session = screen.session
        assert session.is_finished and session.round is not None
        assert GOLF.outcome(session.state) is not None
        assert GOLF.score(session.state) == left == 35  # every card still on the links
        # (a finished hole of a round shows the card; a single hole says so on its status line)
        assert app.screen is not screen or "Hole conceded" in status_text(app)
        # the hole is on the card with that score, as any finished hole (the write is
        # made off the screen's loop: look until it is there; the pars worked out in the
        # background meanwhile are not waited for)
        for _ in range(100):
            stored = session.store.get_round(session.round.round_id)
            if stored is not None and stored.scores:
                break
            await pilot.pause(0.05)
        assert stored is not None and stored.scores == (left,)


async def test_golf_key_bar_shows_every_key_when_wide_and_drops_greyed_ones_first(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        wide = bar_text(app)
        for entry in ("n New game", "D Demo", "V Verdict", "e Export", "m Menu", "u Undo"):
            assert entry in wide
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    async with app.run_test(size=(90, 32)) as pilot:
        await pilot.pause()
        narrow = bar_text(app)
        # at the deal undo and redo are greyed: they give way first, usable keys stay
        assert "u Undo" not in narrow and "r Redo" not in narrow
        assert "h Hint" in narrow and "n New game" in narrow
        await pilot.press("7")
        await pilot.pause()
        assert "u Undo" in bar_text(app)


async def given_up(app: Any, pilot: Any, screen: GameScreen) -> None:
    """The game given up with its keys: G, and y to the question (By Twos' packet made
    first, with f: it cannot be given up before)."""
    if screen.key_state("give_up", ()) is False:
        await pilot.press("f")
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.press("G")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    await pilot.press("y")
    await pilot.pause()


@pytest.mark.parametrize("game", [game for game in GAMES if game != "golf"])
async def test_undo_after_giving_up_says_the_game_is_over(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await given_up(app, pilot, screen)
        assert screen.session.is_finished
        moves = len(screen.session.line.moves)
        await pilot.press("u")
        assert "Nothing to take back: the game is over and scored" in status_text(app)
        assert len(screen.session.line.moves) == moves
        assert "n New game" in bar_text(app)


async def test_m_goes_to_the_menu(private_data_dir: Path) -> None:
    app = make_app(private_data_dir, game="rubbish", seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_esc_lets_go_of_a_half_made_move_before_it_leaves(private_data_dir: Path) -> None:
    line = player_line(moves=20)
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("1")  # half a heap's label
        assert screen.controls.typed_square == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.controls.typed_square is None
        assert "Nothing chosen." in status_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_by_twos_piles_are_chosen_with_a_and_2_and_esc_cancels_first(
    private_data_dir: Path,
) -> None:
    line = greedy_line(CHOICE_AT)
    state = line.current
    move = Build("s", "a")
    assert both_piles_take(state, move)
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press(move.source)
        assert "a puts it on the ace pile, 2 on the deuce pile" in status_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.controls.choosing == ""
        await pilot.press(move.source, "2")
        assert screen.session.state == screen.rules.apply(state, f"{move.source}d")


async def test_three_squares_v_while_a_square_is_formed_says_what_is_true(
    private_data_dir: Path,
) -> None:
    """While a square is formed, v said that every card was in view, under heaps that the
    board showed with cards under their tops ("+2 under")."""
    app = make_app(private_data_dir, game="squares", seed=SQUARES_SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        state = screen.session.state
        assert state.phase is Phase.FORMING_3
        assert any(len(heap) > 1 for heap in state.heaps)  # cards under the tops
        await pilot.press("v")
        said = status_text(app)
        assert "every card is in view" not in said
        assert said.startswith("v looks through a heap once the squares are formed; ")
        assert screen.session.state == state


async def test_three_squares_v_shows_the_cards_under_a_heap(private_data_dir: Path) -> None:
    line = player_line(moves=20)
    state = line.current
    index = next(
        i for i in range(state.heap_count) if len(state.heaps[i]) > top_run_length(state.heaps[i])
    )
    heap = state.heaps[index]
    under = heap[: len(heap) - top_run_length(heap)]
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        name = next(label for label, at in HEAP_INDEX.items() if at == index)
        screen.controls.cursor_heap = index
        await pilot.press("v")
        said = status_text(app)
        assert said.startswith(f"{name}, the bottom first: ")
        assert cards_as_shown(" ".join(str(card) for card in under)) in said
        assert screen.session.state == state


async def test_question_mark_on_the_start_screen_opens_the_overview(
    private_data_dir: Path,
) -> None:
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.topic == OVERVIEW
        page = help_screen.topic_text()
        for spec in specs():
            assert f"**{spec.name}**: {spec.blurb}" in page
        assert "## The start screen" in page and "### Scorecard" in page
        # every topic is a key away: each game's page, then the rulings
        for spec in specs():
            await pilot.press("right")
            await pilot.pause()
            assert help_screen.topic == spec.id
            assert f"(`{spec.id}`)" in help_screen.topic_text()
        await pilot.press("right")
        await pilot.pause()
        assert help_screen.topic == RULINGS
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


@pytest.mark.parametrize("game", GAMES)
async def test_question_mark_in_a_game_opens_that_games_page(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.topic == game
        page = help_screen.topic_text()
        assert f"(`{game}`)" in page and "### Keys" in page
        await pilot.press("left")
        await pilot.pause()
        assert help_screen.topic != game


@pytest.mark.parametrize("game", GAMES)
async def test_a_key_bound_to_nothing_says_so(private_data_dir: Path, game: str) -> None:
    """A letter no key of the screen uses is answered on the status line, and nothing
    moves; a replay answers the keys of play the same way."""
    spec = next(spec for spec in specs() if spec.id == game)
    app = make_app(private_data_dir, game=game, seed=1, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.session.state
        await pilot.press("x")
        await pilot.pause()
        assert "x does nothing here: ? lists the keys." in status_text(app)
        assert screen.session.state == before and app.screen is screen

    # in a replay, hint is a key of play: it is not offered, and says what plays
    line = Line.from_seed(spec.rules(), 1)
    replay = make_app(private_data_dir, replay_text=format_record(line), record_title="g.txt")
    async with replay.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = replay.screen
        assert isinstance(screen, GameScreen) and not screen.in_play
        await pilot.press("h")
        await pilot.pause()
        assert "h does nothing in a replay: t takes over" in status_text(replay)
        assert screen.line is not None and screen.line.moves == ()


async def test_a_games_key_on_the_start_screen_says_it_does_nothing_there(
    private_data_dir: Path,
) -> None:
    """A game's keys (p, d, u …) pressed on the start screen are answered with a notice,
    and nothing opens; the menu's own keys are not answered so."""
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        for key in ("p", "d", "u"):
            await pilot.press(key)
            await pilot.pause()
        said = [notice.message for notice in app._notifications]
        assert said == [
            f"{key} does nothing here: choose an entry with the arrow keys and Enter;"
            " ? lists the keys."
            for key in ("p", "d", "u")
        ]
        assert app.screen is screen
        # f is the start screen's own (Golf's rule): it acts and says nothing of the kind
        options = app.options
        await pilot.press("f")
        await pilot.pause()
        assert app.options != options
        assert len(app._notifications) == 3

    # on a terminal too narrow for a sentence in a notice, the game screens' few words
    app = make_app(private_data_dir, ascii_only=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("p")
        await pilot.pause()
        said = [notice.message for notice in app._notifications]
        assert said == ["p does nothing here: ? lists the keys."]


async def test_a_link_in_the_help_is_said_never_opened(
    private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link of the rules (``notation.md#golf-courses``) was handed to the browser as a
    web address: a text browser could take the terminal, and a served app's page has no
    such address."""
    from textual.widgets import Markdown

    opened: list[str] = []
    app = make_app(private_data_dir, game="golf", seed=1, ascii_only=False)
    monkeypatch.setattr(app, "open_url", lambda url, **_: opened.append(url))
    said: list[str] = []
    notify = app.notify
    monkeypatch.setattr(
        app, "notify", lambda message, **kw: (said.append(message), notify(message, **kw))
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        page = app.screen.query_one("#help-text", Markdown)
        page.post_message(Markdown.LinkClicked(page, "notation.md#golf-courses"))
        await pilot.pause()
    assert opened == []
    assert said == ["notation.md is a page of Parlour's documentation (docs/notation.md)."]


#: keys of play pressed once a game is over, in each game (they once said only "…
#: cannot be used now")
KEYS_OVER = {
    "golf": ("1", "enter", "G"),
    "rubbish": ("1", "enter", "s", "w", "G"),
    "squares": ("enter",),
    "bytwos": ("enter", "space"),
}


@pytest.mark.parametrize("game", GAMES)
async def test_a_key_of_play_once_the_game_is_over_says_so_and_what_to_do(
    private_data_dir: Path, game: str
) -> None:
    app = make_app(private_data_dir, game=game, seed=3, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        if game == "golf":
            finish_golf_hole(screen)
        else:
            await given_up(app, pilot, screen)
        await pilot.pause()
        assert screen.session.is_finished
        moves = len(screen.session.line.moves)
        for key in KEYS_OVER[game]:
            await pilot.press(key)
            await pilot.pause()
            said = status_text(app)
            assert "cannot be used now" not in said, (key, said)
            assert said.startswith("The game is over and scored: n starts a new one"), key
        assert len(screen.session.line.moves) == moves and app.screen is screen


def finished_golf_line() -> Line[Any, Any]:
    line = Line.from_seed(GOLF, 1)
    while GOLF.outcome(line.current) is None:
        legal = GOLF.legal_moves(line.current)
        plays = [m for m in legal if isinstance(m, PlayColumn)]
        line = line.play(plays[-1] if plays else legal[0])
    return line


async def test_a_replay_says_which_way_it_can_step_and_what_plays(
    private_data_dir: Path,
) -> None:
    """At either end of a replay the arrow that goes no further says where the replay
    is and what steps instead, and a key of play says that t takes over (it once said
    "← (Back) cannot be used now." and "u does nothing here")."""
    line = finished_golf_line()
    app = make_app(private_data_dir, replay_text=format_record(line), record_title="g.txt")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.in_play
        await pilot.press("left")
        await pilot.pause()
        assert status_text(app).strip() == "This is the deal: → steps forward."
        for key, shown in (("u", "u"), ("1", "1"), ("space", "Space")):
            await pilot.press(key)
            await pilot.pause()
            assert status_text(app).strip() == (
                f"{shown} does nothing in a replay: t takes over, to play on from here."
            )
        assert screen.line is not None and screen.line.moves == ()
        await pilot.press("end")
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        assert status_text(app).strip() == (
            "This is the last move: ← steps back, Home goes to the deal."
        )
        await pilot.press("u")  # the game is over at the last move: step back first
        await pilot.pause()
        assert status_text(app).strip() == (
            "u does nothing in a replay: t takes over after a step back (←)."
        )
        assert screen.line is not None and len(screen.line.moves) == len(line.moves)
