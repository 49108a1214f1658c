"""Hints that never peek: what every game's hint shares.

A hint is a legal move chosen only from what the player can see. Each game's plug-in names
its own hint (:mod:`.golf_hint`, :mod:`.rubbish_hint`, :mod:`.squares_hint`,
:mod:`.bytwos_hint`); what they share is here: orders of the hidden cards sampled from a
seed made of the visible position alone (so that two deals that differ only in what is
hidden always get the same hint), and judging each candidate move over those samples.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Generic
from typing import TypeVar

from parlour.engine.cards import Card
from parlour.engine.game import Rules
from parlour.engine.verdict import NOT_WINNABLE
from parlour.engine.verdict import WINNABLE
from parlour.engine.verdict import Verdict


def sample_orders(
    unseen: Sequence[Card], samples: int, rng: random.Random
) -> list[tuple[Card, ...]]:
    """``samples`` orders of the unseen cards (Fisher–Yates on ``rng.random()``)."""
    base = sorted(unseen)
    orders = []
    for _ in range(samples):
        cards = list(base)
        for i in range(len(cards) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        orders.append(tuple(cards))
    return orders


Move = TypeVar("Move")


@dataclass(frozen=True, slots=True)
class Judgement(Generic[Move]):
    """What the searches of the sampled deals found after one move: how many were won,
    how many proved lost, and the mean best score they reached."""

    move: Move
    wins: int
    lost: int
    mean: float


@dataclass(frozen=True, slots=True)
class JudgedHint(Generic[Move]):
    """The suggested move and the judgement of each move judged (none when there was only
    one move to make)."""

    move: Move
    judged: tuple[Judgement[Move], ...]
    samples: int


def seed_from(parts: Sequence[str]) -> int:
    """A sampling seed made from the visible parts of a position, written out."""
    text = "|".join(parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def wins_then_score(judgement: Judgement[Any]) -> tuple[float, ...]:
    """Most sampled deals won, then the best mean score."""
    return (judgement.wins, judgement.mean)


def best_judged(
    candidates: Sequence[Move],
    sampled: Sequence[Callable[[Move], Verdict]],
    key: Callable[[Judgement[Any]], tuple[float, ...]],
) -> JudgedHint[Move]:
    """Each candidate judged over the sampled deals and the best by ``key``; ties go to
    the candidate listed first."""
    judged = []
    for move in candidates:
        verdicts = [judge(move) for judge in sampled]
        wins = sum(1 for verdict in verdicts if verdict.status == WINNABLE)
        lost = sum(1 for verdict in verdicts if verdict.status == NOT_WINNABLE)
        mean = sum(verdict.best_score for verdict in verdicts) / len(verdicts)
        judged.append(Judgement(move, wins, lost, mean))
    best = max(judged, key=key)  # the first of the best
    return JudgedHint(best.move, tuple(judged), len(sampled))


def first_playable(rules: Rules[Any, Any], state: Any) -> Any:
    """The first legal move other than giving up: the hint of a game that has nothing
    cleverer (a plug-in may name a function that calls this)."""
    playable = [move for move in rules.legal_moves(state) if not rules.is_give_up(move)]
    if not playable:
        raise ValueError("there is nothing to hint")
    return playable[0]
