"""The count of a served app's exports and deals: a few a minute, counted over the last
minute."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from parlour.tui.exports import DEALS_A_MINUTE
from parlour.tui.exports import EXPORTS_A_MINUTE
from parlour.tui.exports import deals
from parlour.tui.exports import exports
from tests.serving import wait_until


def test_a_served_app_exports_again_once_a_minute_has_passed() -> None:
    now = [100.0]
    served = exports(True, clock=lambda: now[0])
    assert [served.refusal() for _ in range(EXPORTS_A_MINUTE)] == [""] * EXPORTS_A_MINUTE
    now[0] += 20
    refused = served.refusal()
    assert refused.startswith("Not exported") and "try again in 40 s" in refused
    now[0] += 39  # a second short of a minute after the first six
    assert "try again in 1 s" in served.refusal()
    now[0] += 1
    assert [served.refusal() for _ in range(EXPORTS_A_MINUTE)] == [""] * EXPORTS_A_MINUTE
    assert served.refusal().startswith("Not exported")


def test_the_players_own_app_exports_and_deals_at_every_press() -> None:
    own = exports(False, clock=lambda: 0.0)
    assert all(own.refusal() == "" for _ in range(100))
    dealt = deals(False, clock=lambda: 0.0)
    assert all(dealt.refusal() == "" for _ in range(100))


def test_a_served_app_deals_again_once_a_minute_has_passed() -> None:
    now = [5.0]
    served = deals(True, clock=lambda: now[0])
    assert [served.refusal() for _ in range(DEALS_A_MINUTE)] == [""] * DEALS_A_MINUTE
    now[0] += 45
    refused = served.refusal()
    assert refused.startswith("Not dealt") and "try again in 15 s" in refused
    now[0] += 15
    assert served.refusal() == ""


async def exports_done(app: Any) -> None:
    """Wait for the app's exports in hand (not its other workers: an empty list would
    wait for every worker, the pars of a round's holes among them)."""
    exporting = [worker for worker in app.workers if worker.group == "export"]
    if exporting:
        await app.workers.wait_for_complete(exporting)


def held_back(
    monkeypatch: pytest.MonkeyPatch, module: object, name: str
) -> tuple[threading.Event, threading.Event]:
    """``module.name`` (a writer of records) made to wait until let go, as a slow disk
    would: the event set as it starts, and the event that lets it go on."""
    started, let_go = threading.Event(), threading.Event()
    real: Callable[..., Any] = getattr(module, name)

    def slow(*args: Any) -> Any:
        started.set()
        let_go.wait(30)
        return real(*args)

    monkeypatch.setattr(module, name, slow)
    return started, let_go


async def leave_while_exporting(
    pilot: Any, held: tuple[threading.Event, threading.Event], keys: tuple[str, str]
) -> None:
    """Press the export key (``keys[0]``), and the key that leaves (``keys[1]``) while the
    export is held back; then let it go on and wait until it is done."""
    started, let_go = held
    await pilot.press(keys[0])
    await wait_until(started.is_set, 10, "the export's start")
    await pilot.press(keys[1])
    await pilot.pause()
    let_go.set()
    await exports_done(pilot.app)
    await pilot.pause()
