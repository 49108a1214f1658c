"""What styling each screen once saves: the styling Textual does after a board is mounted,
and the time until the app has settled, with and without ``StyledOnce``.

    python benchmarks/styled_once.py [--runs 6]

Each game's board is opened in-process (``App.run_test``, 100 × 32) as from the command
line, in turns: without the size classes given as the screen is made and without the
first showing's restyle (as Parlour was before them), then with them. For each it times
the stylesheet's updates after the mount (``Stylesheet.update_nodes``) and the time from
the start until the app has nothing left to do (the first pause). Medians; run on a quiet
machine, or read the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from typing import Any

from textual.css.stylesheet import Stylesheet

import parlour.tui.breakpoints as breakpoints
from parlour.engine.registry import specs
from parlour.tui.app import make_app

_spent = [0.0]
_update_nodes = Stylesheet.update_nodes
_give = breakpoints.give_breakpoint_classes
_resume = breakpoints.StyledOnce._on_screen_resume


def _timed_update_nodes(self: Stylesheet, nodes: Any, animate: bool = False) -> None:
    start = time.perf_counter()
    _update_nodes(self, nodes, animate)
    _spent[0] += time.perf_counter() - start


def styled_once(on: bool) -> None:
    """Switch StyledOnce on, or off (the classes come at the first resize, and each first
    showing restyles the screen, as Textual does by itself)."""
    breakpoints.give_breakpoint_classes = _give if on else (lambda screen: None)
    breakpoints.StyledOnce._on_screen_resume = _resume if on else (lambda self, event: None)  # type: ignore[method-assign]


async def one_start(game: str) -> tuple[float, float]:
    """(seconds of restyling after the mount, seconds until the app settled)."""
    _spent[0] = 0.0
    app = make_app(tempfile.mkdtemp(), game=game, seed=1)
    start = time.perf_counter()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        settled = time.perf_counter() - start
    return _spent[0], settled


async def run(runs: int) -> None:
    Stylesheet.update_nodes = _timed_update_nodes  # type: ignore[method-assign]
    print(f"{runs} starts of each, interleaved; medians")
    print("| game | restyling after mount, before | after | settled, before | after |")
    print("| --- | --- | --- | --- | --- |")
    for spec in specs():
        results: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
        for _ in range(runs):
            for on in (False, True):
                styled_once(on)
                results[on].append(await one_start(spec.id))
        cells = []
        for column in (0, 1):
            for on in (False, True):
                cells.append(f"{statistics.median(r[column] for r in results[on]) * 1000:.0f} ms")
        print(f"| {spec.name} | {cells[0]} | {cells[1]} | {cells[2]} | {cells[3]} |")
    styled_once(True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6)
    asyncio.run(run(parser.parse_args().runs))


if __name__ == "__main__":
    main()
