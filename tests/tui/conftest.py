"""The games' clocks stand still in the app's tests, so that a picture of the board does not
depend on how fast the machine is (a test of the clock gives the app its own)."""

from __future__ import annotations

import pytest

from parlour.tui.app import ParlourApp


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ParlourApp, "clock_source", staticmethod(lambda: 0.0))
