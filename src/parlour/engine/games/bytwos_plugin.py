"""By Twos, as a plug-in: two packs, ace and deuce foundations building up by twos."""

from __future__ import annotations

from typing import Final

from parlour.engine.plugin import GameSpec

PLUGIN: Final = GameSpec(
    id="bytwos",
    name="By Twos",
    aliases=("by-twos",),
    blurb="two packs, ace and deuce foundations building by twos",
    rules_at="parlour.engine.games.bytwos:BYTWOS",
    words_at="parlour.engine.games.bytwos_words:WORDS",
    solver_at="parlour.engine.solve.bytwos:SOLVER",
    hint_at="parlour.engine.solve.bytwos_hint:hint",
    renderer_at="parlour.render.bytwos:render",
    screen_at="parlour.tui.screens.bytwos:ByTwosScreen",
    keys_at="parlour.controls.bytwos:KEYS",
    plain_words_at="parlour.controls.bytwos:PLAIN_WORDS",
    rules_page="parlour.help:rules/bytwos.md",
    notation_page="parlour.help:notation/bytwos.md",
    # (B5: the cards built; won with all 104)
    scores=range(105),
    wins=range(104, 105),
)
