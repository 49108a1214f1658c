"""Keys changed in the settings file (``[keys]``) are the keys the messages name: the
hint's "(press …)", the prompts, the refusals and the replay's first words, in each of
the four games (Textual Pilot)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from parlour.engine.games.bytwos_state import Phase as ByTwosPhase
from parlour.engine.games.golf import PlayColumn
from parlour.engine.games.rubbish_state import Phase as RubbishPhase
from parlour.engine.games.squares_layout import HEAP_INDEX
from parlour.engine.games.squares_state import HEAP_MOVES
from parlour.engine.record import format_record
from parlour.render import cards_as_shown
from parlour.tui.app import make_app
from parlour.tui.screens.bytwos import ByTwosScreen
from parlour.tui.screens.golf import GolfScreen
from parlour.tui.screens.rubbish import RubbishScreen
from parlour.tui.screens.rubbish_board import RubbishBoard
from parlour.tui.screens.squares import SquaresScreen
from parlour.tui.screens.squares_board import SquaresBoard

from .bytwos_helpers import CHOICE_AT
from .bytwos_helpers import greedy_line
from .squares_helpers import player
from .squares_helpers import player_line
from .test_bytwos_pilot import board_text
from .test_bytwos_pilot import status_text


def write_keys(text: str) -> None:
    path = Path(os.environ["PARLOUR_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"[keys]\n{text}", encoding="utf-8")


async def hint(app: Any, pilot: Any, key: str) -> str:
    await pilot.press(key)
    await app.workers.wait_for_complete()  # the hint is worked out in the background
    await pilot.pause()
    return status_text(app)


async def test_golf_names_the_players_keys(private_data_dir: Path) -> None:
    write_keys(
        'play = ["a","s","d","f","g","j","k"]\nturn = ["space","b"]\nhint = "x"\n'
        'undo = "U"\nredo = "z"\n'
    )
    app = make_app(private_data_dir, game="golf", seed=5, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GolfScreen)
        said = await hint(app, pilot, "x")
        assert cards_as_shown("Hint: 2S from column 3 onto AC (press d).") in said
        await pilot.press("d")  # the key the hint named plays it
        assert screen.session.line.moves[-1] == PlayColumn(3)
        await pilot.press("z")
        assert "Nothing to redo: z makes again a move taken back with U." in status_text(app)


async def test_rubbish_names_the_players_keys(private_data_dir: Path) -> None:
    places = ", ".join(f'"f{number}"' for number in range(1, 14))
    write_keys(f'discard_at = [{places}]\nfill_stock = "k"\nfill_waste = "j"\n')
    app = make_app(private_data_dir, game="rubbish", seed=55, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RubbishScreen)
        # three queens on the board at 5, 8 and 9, of which two must go
        assert "(press f5, f8 or f9)" in status_text(app)
        view = screen.query_one(RubbishBoard).view  # the board names them too
        assert view.titles[4] == "5 f5" and view.titles[12] == "13 f13"
        assert view.legend.startswith("f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12 and ")
        assert "f13 throw the card at that position · k and j fill from" in view.legend
        said = await hint(app, pilot, "h")
        assert cards_as_shown("Hint: throw QS from position 5 (press f5).") in said
        await pilot.press("f5")
        assert "(press f8 or f9)" in status_text(app)
        await pilot.press("f8")
        assert screen.session.state.phase is RubbishPhase.FILLING
        said = status_text(app)
        assert "card (k) or the waste's top card" in said and " (j)." in said
        assert "(s)" not in said and "(w)" not in said


async def test_squares_names_the_players_keys(private_data_dir: Path) -> None:
    write_keys('square = ["z", "x", "i"]\npack = "k"\ndeal = "j"\ncancel = "o"\n')
    line = player_line(moves=1)
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SquaresScreen)
        said = await hint(app, pilot, "h")
        assert "(press xa then xc)" in said
        await pilot.press("x")
        assert "Square 2: now a, b, c or d for its heap" in status_text(app)
        assert "; o cancels." in status_text(app)
        legend = screen.query_one(SquaresBoard).view.legend
        assert legend.startswith("Type a heap's label (z then c for 1c)") and "j deals" in legend
        await pilot.press("a", "x", "c")  # the keys the hint named make the move
        assert screen.session.line.moves[-1] == HEAP_MOVES[HEAP_INDEX["2a"]][HEAP_INDEX["2c"]]
        for _ in range(2):
            screen.play(player(screen.session.state))
        said = await hint(app, pilot, "h")
        assert said.startswith("Hint: fill the space 3c from the pack (press k then ic)")


async def test_by_twos_names_the_players_keys(private_data_dir: Path) -> None:
    write_keys('turn_card = "k"\nbuild = ["z", "x", "c"]\nchoose = ["i", "j"]\n')
    app = make_app(private_data_dir, game="bytwos", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ByTwosScreen)
        assert screen.session.state.phase is ByTwosPhase.FORMING
        assert "turn the next card (k)." in status_text(app)
        assert "k turn a card · f form the whole packet" in board_text(app)
        said = await hint(app, pilot, "h")
        assert "Hint: turn the next card of the pack (press k)." in said
    line = greedy_line(CHOICE_AT)
    app = make_app(private_data_dir, record_text=format_record(line))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        said = await hint(app, pilot, "h")
        assert "(press z then i)" in said
        await pilot.press("z")  # both piles take it: the keys that choose are named
        assert ": i puts it on the ace pile, j on the deuce pile" in status_text(app)


async def test_a_key_written_with_its_modifiers_in_any_order_is_the_key_pressed(
    private_data_dir: Path,
) -> None:
    """Textual names ctrl and shift together in one order (the alphabet's) whatever
    the terminal sends; a key written ``shift+ctrl+up`` used to be taken and never
    answer."""
    write_keys('hint = "shift+ctrl+up"\n')
    app = make_app(private_data_dir, game="golf", seed=5, ascii_only=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GolfScreen)
        said = await hint(app, pilot, "ctrl+shift+up")
        assert cards_as_shown("Hint: 2S from column 3 onto AC (press 3).") in said
