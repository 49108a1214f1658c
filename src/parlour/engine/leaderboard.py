"""Match play: checked rounds of one course, under the same rules, ranked on a
leaderboard (:mod:`parlour.engine.round_record` reads and checks each round)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.engine.notation import format_options
from parlour.engine.round_record import CheckedRound
from parlour.engine.round_record import RoundRecordError
from parlour.engine.round_record import RoundResult


@dataclass(frozen=True, slots=True)
class Standing:
    """One round's place on a leaderboard (rounds level on total share a place)."""

    place: int
    label: str
    round: RoundResult
    versus_par: int | None


def same_course(rounds: Sequence[tuple[str, RoundResult]]) -> None:
    """Refuse, naming the round (by its label), rounds that cannot be matched: another
    game, another course or other rule options than the first, or a round given twice
    (the same moves, whatever the name on it: :attr:`CheckedRound.identity`)."""
    if not rounds:
        return
    first_label, first = rounds[0]
    seen: dict[str, str] = {}
    for label, other in rounds:
        if isinstance(other, CheckedRound):
            played = other.identity
            if played in seen:
                raise RoundRecordError(f"{label}: the same round as {seen[played]}: a round "
                                       "is matched only once")  # fmt: skip
            seen[played] = label
    for label, other in rounds[1:]:
        if other.game != first.game:
            reason = f"a round of {other.game}, not {first.game} as {first_label}"
        elif other.course != first.course:
            reason = f"course {other.code}, not {first.code} as {first_label}"
        elif other.options != first.options:
            reason = (
                f"options {format_options(other.options)}, not "
                f"{format_options(first.options)} as {first_label}"
            )
        else:
            continue
        raise RoundRecordError(f"{label}: {reason}: only rounds of one course under the same "
                               "rules can be matched")  # fmt: skip


def leaderboard(
    rounds: Sequence[tuple[str, RoundResult]], pars: Sequence[int] | None = None
) -> list[Standing]:
    """Rank rounds of one course, best (lowest total) first; level totals share a place
    and are listed by label. ``pars``: the course's par of each hole, if known.

    >>> from parlour.engine.plugin import Rounds
    >>> kind = Rounds(holes=2, bogey=10, seed_text="")
    >>> def played(player, *scores):
    ...     return player, RoundResult(kind, 1, frozenset(), scores, "game", player)
    >>> board = leaderboard([played("bob", 4, 3), played("ann", 2, 1), played("cy", 5, 2)], [1, 1])
    >>> [(s.place, s.label, s.round.total, s.versus_par) for s in board]
    [(1, 'ann', 3, 1), (2, 'bob', 7, 5), (2, 'cy', 7, 5)]
    """
    same_course(rounds)
    par_total = sum(pars) if pars is not None else None
    ordered = sorted(rounds, key=lambda pair: (pair[1].total, pair[0].casefold(), pair[0]))
    board: list[Standing] = []
    for index, (label, checked) in enumerate(ordered):
        tied = board and board[-1].round.total == checked.total
        place = board[-1].place if tied else index + 1
        versus = None if par_total is None else checked.total - par_total
        board.append(Standing(place, label, checked, versus))
    return board
