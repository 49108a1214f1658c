"""Parlour's themes: the high-contrast theme's card text meets WCAG's AAA contrast (7:1)
against the card face, worked out from the theme's own colours."""

from __future__ import annotations

import pytest

from parlour.tui.themes import BAIZE
from parlour.tui.themes import CARD_TEXT_VARIABLES
from parlour.tui.themes import HIGH_CONTRAST
from parlour.tui.themes import SUITS
from parlour.tui.themes import theme_names


def channel(value: int) -> float:
    """An sRGB channel (0–255) made linear, as WCAG 2 defines it."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a ``#RRGGBB`` colour."""
    hexdigits = colour.removeprefix("#")
    assert len(hexdigits) == 6, colour
    red, green, blue = (int(hexdigits[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(a: str, b: str) -> float:
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_formula_on_known_pairs() -> None:
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("variable", CARD_TEXT_VARIABLES)
def test_high_contrast_card_text_is_at_least_7_to_1_on_the_card_face(variable: str) -> None:
    face = HIGH_CONTRAST.background
    assert face is not None
    colour = HIGH_CONTRAST.variables[variable]
    assert contrast(colour, face) >= 7.0, f"{variable} {colour} on {face}"


def test_high_contrast_text_is_drawn_at_full_strength() -> None:
    assert HIGH_CONTRAST.text_alpha == 1.0
    assert HIGH_CONTRAST.foreground is not None and HIGH_CONTRAST.background is not None
    assert contrast(HIGH_CONTRAST.foreground, HIGH_CONTRAST.background) >= 7.0


@pytest.mark.parametrize("theme", [BAIZE, HIGH_CONTRAST])
def test_parlour_themes_give_four_distinct_suit_colours(theme: object) -> None:
    variables = theme.variables  # type: ignore[attr-defined]
    assert len({variables[f"suit-{suit}"].upper() for suit in SUITS}) == 4


def test_every_theme_is_listed() -> None:
    names = theme_names()
    assert {"textual-dark", "textual-light", "baize", "high-contrast"} <= set(names)
    assert len(names) == len(set(names))
