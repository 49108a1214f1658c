"""Sending finished rounds to the club: each as a round record signed with the player's
key. A round the club could not be reached for stays to send (the next ``parlour club
submit``, or the app, tries again); one the club accepted, or refused for good, is not
sent again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.clubclient.http import TIMEOUT
from parlour.clubclient.http import Refused
from parlour.clubclient.http import Unreachable
from parlour.clubclient.http import submit
from parlour.engine.rounds import course_code
from parlour.store.club_state import DECLINED
from parlour.store.club_state import REFUSED
from parlour.store.club_state import SENT
from parlour.store.club_state import club_state
from parlour.store.club_state import mark
from parlour.store.club_state import save_club_state
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.round_records import round_record_text
from parlour.store.schema import StoredRound
from parlour.store.signing import player_key
from parlour.store.signing import sign_record


@dataclass(frozen=True)
class Sent:
    """What became of one round: ``outcome`` is sent, refused or waiting (not reached);
    ``answer`` the club's answer when it took it, ``reason`` why not otherwise."""

    round: StoredRound
    outcome: str
    answer: dict[str, Any] | None = None
    reason: str = ""

    @property
    def code(self) -> str:
        return course_code(self.round.course)


def join(directory: Path, url: str) -> None:
    """Remember joining the club at ``url`` now (rounds finished from now on are sent)."""
    save_club_state(directory, club_state(directory, url))


def to_send(
    store: Store, directory: Path, url: str, course: int | None = None
) -> list[StoredRound]:
    """The player's finished rounds not yet sent to the club, oldest first: those finished
    since joining it (and not refused or declined), or with ``course`` every finished round
    of that course the club has not taken (refused and declined ones too: asked for by
    name, they are tried again)."""
    state = club_state(directory, url)
    rounds = [r for r in store.rounds() if r.is_complete]
    if course is not None:
        rounds = [r for r in rounds if r.course == course and state.rounds.get(r.id) != SENT]
    else:
        rounds = [r for r in rounds if (r.finished or "") >= state.joined and not state.done(r.id)]
    return sorted(rounds, key=lambda r: (r.finished or "", r.id))


def signed_record(store: Store, directory: Path, stored: StoredRound) -> str:
    """A stored round as a round record signed with its player's key (made on first use)."""
    return sign_record(round_record_text(store, stored), player_key(directory, stored.player))


def send(
    store: Store,
    directory: Path,
    url: str,
    rounds: list[StoredRound],
    *,
    timeout: float = TIMEOUT,
    told: Callable[[Sent], object] = lambda sent: None,
) -> list[Sent]:
    """Send each round; stop at the first the club cannot be reached for (the rest wait
    with it). ``told`` hears each round's result as it comes (a slow club takes up to
    ``timeout`` for each)."""
    results: list[Sent] = []

    def note(sent: Sent) -> None:
        results.append(sent)
        told(sent)

    for stored in rounds:
        try:
            text = signed_record(store, directory, stored)
        except StoreError as error:
            mark(directory, url, stored.id, REFUSED)
            note(Sent(stored, REFUSED, reason=str(error)))
            continue
        try:
            answer = submit(url, text, timeout=timeout)
        except Refused as refused:
            if refused.for_good:
                mark(directory, url, stored.id, REFUSED)
                note(Sent(stored, REFUSED, reason=refused.reason))
                continue
            note(Sent(stored, "waiting", reason=refused.reason))
            break
        except Unreachable as error:
            note(Sent(stored, "waiting", reason=str(error)))
            break
        mark(directory, url, stored.id, SENT)
        note(Sent(stored, SENT, answer))
    return results


def decline(directory: Path, url: str, round_id: int) -> None:
    """The player chose not to send this round."""
    mark(directory, url, round_id, DECLINED)
