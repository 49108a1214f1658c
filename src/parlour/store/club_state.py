"""What this data directory has sent to clubs: for each club (by its address), when the
player joined it, and which finished rounds were sent, refused for good, or declined (the
player said not to send them). Kept in ``club.json`` beside the database, written in one
step (0600); a file that cannot be read is taken as empty, so at worst a round is offered
again, and the club treats a round sent twice as one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any
from typing import Final

from parlour.engine.notation import small_number
from parlour.store.files import FileError
from parlour.store.files import read_text
from parlour.store.files import write_text

FILE_NAME: Final = "club.json"
#: the outcomes kept for a round
SENT: Final = "sent"
REFUSED: Final = "refused"
DECLINED: Final = "declined"


@dataclass
class ClubState:
    """One club as this data directory knows it."""

    url: str
    joined: str = ""
    #: round id (in this data directory's database) -> sent, refused or declined
    rounds: dict[int, str] = field(default_factory=dict)

    def done(self, round_id: int) -> bool:
        """Whether a round needs no more sending (sent, refused for good, or declined)."""
        return round_id in self.rounds


def _path(directory: Path) -> Path:
    return directory / FILE_NAME


def _read(directory: Path) -> dict[str, Any]:
    path = _path(directory)
    if not path.exists():
        return {}
    try:
        data = json.loads(read_text(path, limit=1 << 22))
    except (FileError, ValueError, RecursionError):  # (brackets nested past the stack)
        return {}
    return data if isinstance(data, dict) else {}


def club_state(directory: Path, url: str) -> ClubState:
    """What this data directory knows of the club at ``url`` (nothing yet: joined now)."""
    clubs = _read(directory).get("clubs")
    entry = clubs.get(url) if isinstance(clubs, dict) else None
    if not isinstance(entry, dict):
        return ClubState(url, datetime.now(UTC).isoformat(timespec="seconds"))
    rounds = entry.get("rounds", {})
    kept = {
        int(key): value
        for key, value in (rounds.items() if isinstance(rounds, dict) else ())
        if small_number(key, digits=18) is not None and value in (SENT, REFUSED, DECLINED)
    }
    joined = entry.get("joined")
    return ClubState(url, joined if isinstance(joined, str) else "", kept)


def save_club_state(directory: Path, state: ClubState) -> None:
    """Keep a club's state (the file is written whole, in one step)."""
    data = _read(directory)
    clubs = data.get("clubs")
    if not isinstance(clubs, dict):
        clubs = data["clubs"] = {}
    clubs[state.url] = {
        "joined": state.joined,
        "rounds": {str(key): value for key, value in sorted(state.rounds.items())},
    }
    write_text(_path(directory), json.dumps(data, indent=1) + "\n", private=True, replace=True)


def mark(directory: Path, url: str, round_id: int, outcome: str) -> None:
    """Record what became of one round (read again first: another process may have sent
    others meanwhile)."""
    state = club_state(directory, url)
    state.rounds[round_id] = outcome
    save_club_state(directory, state)
