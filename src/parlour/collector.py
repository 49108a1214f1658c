"""The garbage collector held off while Parlour starts.

Starting makes some fifty thousand objects (the modules imported, the app's screens and
widgets, the stylesheet) and almost no garbage, yet the collector walks them all again and
again as they are made: on a quiet machine a tenth of a new deal's wait for its first
board (a fifth for Three Squares, whose start meets a full collection). So the command's
entry point holds the collector off (:func:`hold`), and lets it go (:func:`release`) as
soon as it knows it will not open the app (every headless command, plain mode), or once
the app has drawn its first screen. What was made until then is moved out of the
collector's sight for good (``gc.freeze``): those objects live as long as the app, and
later collections, made while the player plays, no longer walk them.
"""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Hold the collector off until :func:`release` (the entry point, first)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Let the collector go again, if :func:`hold` held it; the objects made until now
    are kept out of its sight. Called as often as wanted: only the first call acts."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
