"""The list of finished games fits an 80 x 24 terminal: its Rule column said "book rule"
where the rounds' list says "book", and the Moves column was cut to "Mo", the rest of it
out of sight to the right. Its Game column names each game, as every other screen does
(it showed the ids: golf, rubbish)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from parlour.session import Session
from parlour.store.database import Store
from parlour.tui.app import make_app
from parlour.tui.screens.history import HistoryScreen
from tests.tui.menu_helpers import finished_golf_game
from tests.tui.menu_helpers import history_opened

#: a seed as a new deal draws one (ten digits)
SEED = 2690717944


def given_up(data: Path, game: str) -> None:
    """A game of ``game`` given up at once, kept in ``data``."""
    session = Session.new_game(Store(data), game, SEED)
    session.play(session.line.rules.parse_move("give-up"))


async def test_every_column_of_the_history_is_in_sight_at_80x24(private_data_dir: Path) -> None:
    finished_golf_game(private_data_dir, SEED)
    given_up(private_data_dir, "squares")
    given_up(private_data_dir, "rubbish")
    app = make_app(private_data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await history_opened(pilot)
        assert isinstance(app.screen, HistoryScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 3
        assert [str(column.label) for column in table.columns.values()][-1] == "Moves"
        assert table.max_scroll_x == 0
        assert table.virtual_size.width <= table.scrollable_content_region.width
        # each game by its name (short where it has a short one), not by its id
        games = {str(table.get_row_at(row)[1]) for row in range(table.row_count)}
        assert games == {"Golf", "Squares", "Rubbish"}
