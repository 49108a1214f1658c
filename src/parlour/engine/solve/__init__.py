"""Solvers: exact searches over a game's rules, for par scores, hints and analysis.

Pure engine code like the rest of :mod:`parlour.engine`: no clocks, no files. A caller
that wants a time budget passes its own clock in a :class:`~.search.Budget`. Every game's
solver answers with the one :class:`~.search.Verdict`; a game's plug-in names its solver.
"""
