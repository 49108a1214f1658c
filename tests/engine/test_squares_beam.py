"""The Three Squares solver's beam searches (engine/solve/squares_beam.py): on a small
graph of positions made by hand, how wide each beam looks and what it hands to the end
search; on seeded deals, wins the depth-first goes leave unknown within the same budget,
each line replayed through the engine to a won game."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_state import Phase
from parlour.engine.solve import squares
from parlour.engine.solve.squares import BEAMS_AFTER
from parlour.engine.solve.squares import solve_squares
from parlour.engine.solve.squares_beam import FIRST_BEAM
from parlour.engine.solve.squares_beam import Beams
from parlour.engine.solve.squares_model import Pos
from parlour.engine.solve.squares_model import tangles
from parlour.engine.verdict import UNKNOWN
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Budget

from .test_solve_squares import replay

#: positions enough for the beams to win seeds 244 and 663, and not for the other goes
BUDGET = 100_000


def _pos(heap: bytes, used: int) -> Pos:
    return (heap,), used, 0


#: a card lying on a card that is not its next-higher one: one tangle
TANGLED = bytes([0, 1])
ROOT = _pos(b"", 0)
#: as many tidy positions one card on as the first beam keeps, each leading to a dead end
TIDY = [_pos(bytes([10 + k]), 1) for k in range(FIRST_BEAM)]
MESSY = _pos(TANGLED, 1)
WON = _pos(TANGLED + bytes([20]), 2)


def _graph(with_win: bool) -> dict[Pos, tuple[Pos, ...]]:
    graph: dict[Pos, tuple[Pos, ...]] = {ROOT: (*TIDY, MESSY) if with_win else tuple(TIDY)}
    for k, pos in enumerate(TIDY):
        graph[pos] = (_pos(bytes([10 + k, 30]), 2),)
    graph[MESSY] = (WON,)
    return graph


def _beams(graph: dict[Pos, tuple[Pos, ...]], ends: list[list[Pos]]) -> Generator[None]:
    def finish(path: list[Pos], cap: int) -> object:
        ends.append(path)
        return path[-1] == WON

    return Beams(ROOT, 2, Budget(), lambda pos: graph.get(pos, ()), finish).run()


def test_a_win_behind_a_messier_position_is_found_by_a_wider_beam() -> None:
    assert tangles(MESSY[0]) > max(tangles(pos[0]) for pos in TIDY)
    ends: list[list[Pos]] = []
    beams = _beams(_graph(with_win=True), ends)
    # the beams end only on a win: a few slices see this whole graph
    for _ in range(10):
        if next(beams, "won") == "won":
            break
    else:
        pytest.fail("no win found")
    # the first beam kept only the tidy positions, and searched on from each of them; the
    # second, twice as wide, kept the messy one too, and its end search won
    first = [path[-1] for path in ends[:FIRST_BEAM]]
    assert first == [_pos(bytes([10 + k, 30]), 2) for k in range(FIRST_BEAM)]
    assert ends[-1] == [ROOT, MESSY, WON]


def test_a_beam_that_dropped_nothing_ends_the_beams_without_a_win() -> None:
    ends: list[list[Pos]] = []
    beams = _beams(_graph(with_win=False), ends)
    for _ in range(10):
        next(beams)
    # every position was seen by the first beam: no wider one was made
    assert len(ends) == FIRST_BEAM


@pytest.mark.parametrize("seed", [244, 663])
def test_a_deal_the_depth_first_goes_leave_unknown_is_won_by_the_beams(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # both were left unknown within a CPU second before the beams (docs/analysis.md)
    start = SQUARES.start_from_seed(seed)
    verdict = solve_squares(start, budget_nodes=BUDGET)
    assert verdict.status == WINNABLE and verdict.best_score == 4
    assert replay(start, verdict).phase is Phase.FINISHED
    assert verdict.nodes > BEAMS_AFTER
    # the same search with no beams: the same budget settles nothing
    monkeypatch.setattr(squares, "BEAMS_AFTER", BUDGET)
    assert solve_squares(start, budget_nodes=BUDGET).status == UNKNOWN
