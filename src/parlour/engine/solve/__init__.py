"""Solvers: perfect-knowledge searches over the rules engine (pure, standard library)."""
