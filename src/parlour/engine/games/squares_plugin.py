"""Three Squares, as a plug-in: three squares of four heaps, suit runs that wrap round."""

from __future__ import annotations

from typing import Final

from parlour.engine.plugin import GameSpec

PLUGIN: Final = GameSpec(
    id="squares",
    name="Three Squares",
    short_name="Squares",
    aliases=("three-squares",),
    blurb="three squares of heaps, suit runs that wrap round",
    rules_at="parlour.engine.games.squares:SQUARES",
    words_at="parlour.engine.games.squares_words:WORDS",
    solver_at="parlour.engine.solve.squares:SOLVER",
    hint_at="parlour.engine.solve.squares_hint:hint",
    renderer_at="parlour.render.squares:render",
    screen_at="parlour.tui.screens.squares:SquaresScreen",
    keys_at="parlour.controls.squares:KEYS",
    rules_page="parlour.help:rules/squares.md",
    notation_page="parlour.help:notation/squares.md",
    # (S7: the suits complete; won with all four)
    scores=range(5),
    wins=range(4, 5),
)
