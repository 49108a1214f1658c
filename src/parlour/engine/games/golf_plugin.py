"""Golf, as a plug-in: the links, nine holes a round against bogey 40."""

from __future__ import annotations

from typing import Final

from parlour.engine.plugin import GameSpec
from parlour.engine.plugin import Option
from parlour.engine.plugin import Rounds

FREE_STOCK: Final = "free-stock"
#: a round: nine holes, scored against bogey 40 (ruling G5)
ROUNDS: Final = Rounds(holes=9, bogey=40, seed_text="parlour golf course {course} hole {hole}")

PLUGIN: Final = GameSpec(
    id="golf",
    name="Golf",
    aliases=("links",),
    blurb="clear seven columns onto one foundation; nine holes, bogey 40",
    rules_at="parlour.engine.games.golf:GOLF",
    words_at="parlour.engine.games.golf_words:WORDS",
    solver_at="parlour.engine.solve.golf:SOLVER",
    hint_at="parlour.engine.solve.golf_hint:hint",
    renderer_at="parlour.render.golf:render",
    screen_at="parlour.tui.screens.golf:GolfScreen",
    keys_at="parlour.controls.golf:KEYS",
    rules_page="parlour.help:rules/golf.md",
    notation_page="parlour.help:notation/golf.md",
    options=(
        Option(
            FREE_STOCK,
            "the stock may be turned at any time, not only at a stoppage",
            key="f",
            on="free stock",
            off="book rule",
            ruling="G3",
        ),
    ),
    rounds=ROUNDS,
    # (G4: at worst every card of the links left, 35; cleared, won, with at most the
    # whole stock unturned, 16)
    scores=range(-16, 36),
    wins=range(-16, 1),
)
