"""A long property test run in parts, side by side on a parallel run's workers: each part
draws as many examples (its share of the whole), from its own stretch of the seeds, so
that the parts never repeat each other's games even where Hypothesis draws the same
values in each (as a derandomised run does)."""

from __future__ import annotations

import pytest

from parlour.engine.deals import MAX_SEED


def in_parts(count: int) -> pytest.MarkDecorator:
    """Parametrise a test by ``part`` (0 … count - 1)."""
    return pytest.mark.parametrize("part", range(count))


def seed_of(drawn: int, part: int, count: int) -> int:
    """The seed for a drawn one (0 … MAX_SEED) in part ``part`` of ``count``: moved by the
    part's share of the seeds, so each part plays other deals than the rest."""
    return (drawn + part * ((MAX_SEED + 1) // count)) % (MAX_SEED + 1)
