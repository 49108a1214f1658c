"""Solvers: exact searches over a game's rules, for par scores, hints and analysis.

Pure engine code like the rest of :mod:`parlour.engine`: no clocks, no files. A caller
that wants a time budget passes its own clock.
"""

from __future__ import annotations

from parlour.engine.solve.golf import (
    GolfSolution,
    hole_pars,
    nine_hole_par,
    par_for_seed,
    solve_golf,
)

__all__ = ["GolfSolution", "hole_pars", "nine_hole_par", "par_for_seed", "solve_golf"]
