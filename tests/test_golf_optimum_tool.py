"""The research tool behind docs/analysis.md's "best possible" figure: its C expectimax
must agree with the engine's own exact expectimax wherever both can answer."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

from parlour.engine.games.golf import GOLF
from parlour.engine.solve.golf_hint import ExpectedScores
from parlour.engine.solve.golf_hint import reachable_before_turning

TOOL = Path(__file__).parents[1] / "benchmarks" / "golf_optimum.py"

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler"
)


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golf_optimum", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_c_expectimax_agrees_with_the_engine(tmp_path: Path) -> None:
    tool = load_tool()
    program = tool.build(tmp_path)
    assert tool.check(program, range(1, 4)) > 0


def test_a_cleared_hole_scores_by_g4_and_stoppages_agree(tmp_path: Path) -> None:
    tool = load_tool()
    oracle = tool.Oracle(tool.build(tmp_path))
    state = GOLF.start_from_seed(5)
    oracle.hole(state)
    # the links clear with three cards in hand: -3 (G4)
    cleared = GOLF.position(((),) * 7, state.foundation, state.stock[:3], state.options)
    assert oracle.value(cleared) == -3
    # and any stoppage with a few stock cards left agrees with the engine
    position = GOLF.position(state.columns, state.foundation, state.stock[:4], state.options)
    table = ExpectedScores(position)
    for target in reachable_before_turning(position):
        assert oracle.value(target) == pytest.approx(table.of(target))
    oracle.close()
