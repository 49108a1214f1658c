"""Rubbish Heap, as a plug-in: a board of thirteen and forced discards to a waste heap."""

from __future__ import annotations

from typing import Final

from parlour.engine.plugin import GameSpec

PLUGIN: Final = GameSpec(
    id="rubbish",
    name="Rubbish Heap",
    short_name="Rubbish",
    aliases=("rubbish-heap",),
    blurb="a board of thirteen, forced discards to a rubbish heap",
    rules_at="parlour.engine.games.rubbish:RUBBISH",
    words_at="parlour.engine.games.rubbish_words:WORDS",
    solver_at="parlour.engine.solve.rubbish:SOLVER",
    hint_at="parlour.engine.solve.rubbish_hint:hint",
    renderer_at="parlour.render.rubbish:render",
    screen_at="parlour.tui.screens.rubbish:RubbishScreen",
    keys_at="parlour.controls.rubbish:KEYS",
    rules_page="parlour.help:rules/rubbish.md",
    notation_page="parlour.help:notation/rubbish.md",
    # (R6: the cards home; won with all 52)
    scores=range(53),
    wins=range(52, 53),
)
