"""Where Parlour keeps its data: platformdirs' user data directory, unless the player
(``--data-dir``) or the environment (``PARLOUR_DATA_DIR``) says otherwise."""

from __future__ import annotations

import os
from pathlib import Path

ENVIRONMENT_VARIABLE = "PARLOUR_DATA_DIR"
DATABASE_NAME = "parlour.db"
#: the file Parlours lock while they open the database (and move a damaged one aside)
LOCK_NAME = "parlour.lock"


def chosen_path(explicit: str | Path | None, variable: str) -> Path | None:
    """``explicit`` if given, else the environment variable's path, else None."""
    chosen = explicit or os.environ.get(variable)
    return Path(chosen).expanduser() if chosen else None


def data_dir(explicit: str | Path | None = None) -> Path:
    """The data directory: ``explicit`` if given, else ``$PARLOUR_DATA_DIR``, else the
    platform's user data directory for Parlour."""
    chosen = chosen_path(explicit, ENVIRONMENT_VARIABLE)
    if chosen is not None:
        return chosen
    from platformdirs import user_data_dir

    return Path(user_data_dir("parlour", appauthor=False))


def records_dir(base: Path) -> Path:
    return base / "records"
