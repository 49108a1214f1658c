"""Parlour's themes, through Textual's own theme mechanism: Textual's built-in themes and
two of Parlour's, ``baize`` (a green card table) and ``high-contrast`` (card text at
least 7:1 against the card face, WCAG's AAA level).

The cards' colours are theme variables (``$card-red``, ``$suit-hearts`` …) that any
theme may set. A theme that does not set them gets them from its own colours: red cards
in its error text colour, black ones in its text colour, and for the four-colour deck
diamonds blue and clubs green in shades for a dark or a light background, so that the
four suits always differ.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Final

from textual.theme import BUILTIN_THEMES
from textual.theme import Theme

SUITS: Final = ("spades", "hearts", "diamonds", "clubs")


def _parlour_themes() -> tuple[Theme, ...]:
    """Parlour's own themes, kept as data in ``themes.toml`` beside this module."""
    text = (resources.files("parlour.tui") / "themes.toml").read_text(encoding="utf-8")
    return tuple(Theme(name=name, **values) for name, values in tomllib.loads(text).items())


BAIZE, HIGH_CONTRAST = _parlour_themes()
PARLOUR_THEMES: Final = (BAIZE, HIGH_CONTRAST)

#: the colours, on the card face, that carry a card's rank and suit
CARD_TEXT_VARIABLES: Final = (
    "card-red",
    "card-black",
    "card-playable",
    *(f"suit-{suit}" for suit in SUITS),
)


def theme_names() -> list[str]:
    """Every theme's name: Textual's, then Parlour's."""
    return [*BUILTIN_THEMES, *(theme.name for theme in PARLOUR_THEMES)]


def card_variables(variables: dict[str, str], dark: bool) -> dict[str, str]:
    """The card colours a theme leaves unset, from the colours it has (``variables``:
    Textual's generated ones and the theme's own)."""
    black = variables.get("text", "auto 87%")
    red = variables.get("text-error", "red")
    return {
        "card-red": red,
        "card-black": black,
        "card-playable": variables.get("text-success", "green"),
        "suit-spades": variables.get("card-black", black),
        "suit-hearts": variables.get("card-red", red),
        "suit-diamonds": "#5FA8FF" if dark else "#1F5FBF",
        "suit-clubs": "#5CCF6E" if dark else "#1E7B34",
    }
