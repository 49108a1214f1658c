"""The Golf board (seed 1, as ``parlour play golf --seed 1`` deals it, at 100×32) in
Parlour's two themes and one of Textual's, and with the four-colour deck. Look at a
snapshot before accepting or updating it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parlour.tui.app import make_app


@pytest.mark.parametrize(
    ("theme", "four_colour"),
    [("baize", False), ("high-contrast", True), ("textual-light", True)],
)
def test_golf_board_in_a_theme(
    snap_compare: Any, tmp_path: Path, theme: str, four_colour: bool
) -> None:
    app = make_app(
        tmp_path, game="golf", seed=1, ascii_only=False, theme=theme, four_colour=four_colour
    )
    assert snap_compare(app, terminal_size=(100, 32), press=["7"])
