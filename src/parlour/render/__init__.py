"""Plain-terminal pictures of positions (Rich renderables) for the headless commands.

One module per game, named by the game's plug-in; :func:`render_position` asks it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from typing import Final

from rich.console import ConsoleRenderable
from rich.console import RenderableType
from rich.console import RichCast
from rich.text import Text

from parlour.engine.cards import Card
from parlour.render.terminal import shows_glyphs
from parlour.render.terminal import suit_glyphs


def shows_suits(stream: object) -> bool:
    """Whether ``stream`` can take the suit symbols and box corners (else letters): its
    encoding can write them and the locale is not C (:mod:`parlour.render.terminal`)."""
    return shows_glyphs(stream)


def card_glyph(card: Card) -> str:
    """A card with its suit symbol (``10♥``; ``10♡`` when there is no colour)."""
    return card.rank_name + suit_glyphs()[card.suit]


#: a card as the engine writes it in words: rank then suit letter (``9C``, ``10H``)
_CARD_IN_WORDS: Final = re.compile(r"\b(10|[2-9AJQK])([CDHS])\b")


def cards_as_shown(words: str, ascii_only: bool = False) -> str:
    """The engine's words with every card written as the board writes it: with its suit
    symbol (``9C`` becomes ``9♣``), or left in letters in ASCII mode. Every message,
    prompt and summary goes through this, in the app, plain mode and the CLI alike."""
    if ascii_only:
        return words
    glyphs = suit_glyphs()
    return _CARD_IN_WORDS.sub(lambda found: found.group(1) + glyphs[found.group(2)], words)


#: the four-colour deck as a terminal's own colours: spades dark (the terminal's text
#: colour), hearts red, diamonds blue, clubs green
FOUR_COLOURS: Final = {"S": "bold", "H": "bold red", "D": "bold blue", "C": "bold green"}
_four_colour: ContextVar[bool] = ContextVar("four_colour", default=False)


@contextmanager
def four_colour_deck(on: bool = True) -> Iterator[None]:
    """Within the block, :func:`card_text` colours each suit its own colour."""
    token = _four_colour.set(on)
    try:
        yield
    finally:
        _four_colour.reset(token)


def card_text(card: Card | None, ascii_only: bool = False, width: int = 3) -> Text:
    """A card as coloured text (red suits red, or each suit its own colour inside
    :func:`four_colour_deck`), ``--`` for none; padded to ``width``."""
    if card is None:
        return Text("--".rjust(width), style="dim")
    label = str(card) if ascii_only else card_glyph(card)
    if _four_colour.get():
        return Text(label.rjust(width), style=FOUR_COLOURS[card.suit])
    return Text(label.rjust(width), style="bold red" if card.is_red else "bold")


def render_position(state: Any, ascii_only: bool = False) -> RenderableType:
    """A picture of any game's position, by the renderer its plug-in names."""
    from parlour.engine.registry import find_spec

    picture = find_spec(state.game_id).renderer()(state, ascii_only)
    if not isinstance(picture, ConsoleRenderable | RichCast | str):
        raise TypeError(f"{state.game_id}'s renderer drew no Rich renderable")
    return picture
