"""The toy game's plug-in: everything Parlour needs, named once (test code only)."""

from __future__ import annotations

from typing import Final

from parlour.engine.plugin import GameSpec

PLUGIN: Final = GameSpec(
    id="toy",
    name="Aces Out",
    aliases=("aces-out",),
    blurb="a toy: turn the pack and put the aces out",
    rules_at="tests.toy.game:TOY",
    words_at="tests.toy.game:WORDS",
    solver_at="tests.toy.parts:SOLVER",
    hint_at="tests.toy.parts:hint",
    renderer_at="tests.toy.parts:render",
    screen_at="tests.toy.screen:ToyScreen",
    keys_at="tests.toy.parts:KEYS",
    rules_page="tests.toy:rules.md",
    notation_page="tests.toy:notation.md",
)
