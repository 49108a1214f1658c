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

from collections.abc import Iterable
from typing import Final

from textual.theme import BUILTIN_THEMES
from textual.theme import Theme

SUITS: Final = ("spades", "hearts", "diamonds", "clubs")

# Parlour's own themes, as Theme's keyword arguments (``variables`` sets the cards'
# colours). They are Python rather than a data file so that a start reads no file and
# loads no TOML parser for them (docs/performance.md).
BAIZE: Final = Theme(
    name="baize",
    primary="#D9B44A",
    secondary="#8C6D1F",
    accent="#E8C872",
    warning="#F0B429",
    error="#E5484D",
    success="#9BE38A",
    foreground="#F4F1E4",
    background="#0B4A2A",
    surface="#0F5A34",
    panel="#146B3E",
    dark=True,
    variables={
        "card-red": "#FF9A9A",
        "card-black": "#F4F1E4",
        "card-playable": "#FFE08A",
        "suit-spades": "#F4F1E4",
        "suit-hearts": "#FF9A9A",
        "suit-diamonds": "#9CCBFF",
        "suit-clubs": "#B8F5A0",
        "footer-background": "#07361F",
    },
)
HIGH_CONTRAST: Final = Theme(
    name="high-contrast",
    primary="#FFD700",
    secondary="#00E5FF",
    accent="#FFD700",
    warning="#FFD700",
    error="#FF6B6B",
    success="#7CFF7C",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    dark=True,
    text_alpha=1.0,
    # every card text colour is at least 7:1 against the card face (the background)
    variables={
        "card-red": "#FF7A7A",
        "card-black": "#FFFFFF",
        "card-playable": "#FFFF00",
        "suit-spades": "#FFFFFF",
        "suit-hearts": "#FF7A7A",
        "suit-diamonds": "#8FBFFF",
        "suit-clubs": "#7CFF7C",
        "text-muted": "#D0D0D0",
        "footer-key-foreground": "#FFD700",
    },
)
PARLOUR_THEMES: Final = (BAIZE, HIGH_CONTRAST)

#: the colours, on the card face, that carry a card's rank and suit
CARD_TEXT_VARIABLES: Final = (
    "card-red",
    "card-black",
    "card-playable",
    *(f"suit-{suit}" for suit in SUITS),
)


def in_order(names: Iterable[str]) -> list[str]:
    """Themes' names in the one order the player meets them, alphabetical: the settings
    screen's list, ``T``'s round of them in a game, ``parlour config``'s list."""
    return sorted(names)


def theme_names() -> list[str]:
    """Every theme's name (Textual's and Parlour's), in order (:func:`in_order`)."""
    return in_order([*BUILTIN_THEMES, *(theme.name for theme in PARLOUR_THEMES)])


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
