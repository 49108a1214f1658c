"""Parlour: patience games from an old book, played in the terminal."""

__version__ = "0.1.0"
