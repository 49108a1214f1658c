"""Three Squares: has the game come to its end? (S7 and Parlour's rulings S10, S11)

Once the pack is empty, the game is over when no position with a higher score can be
reached by legal moves. This module decides that by a search through the positions the
moves can reach, pruned by a test that proves positions hopeless without searching them.
It answers *improvable* (a higher score can be reached), *stuck* (it cannot: the game is
over) or *undecided* (the search ran out of budget first).

**1. Canonical positions.** With the pack empty, neither the order of the heaps within a
square nor the order of the squares matters any more (runs move between any heaps; a space
takes a card only from its own square; there are no more deals), so a position is reduced
to a *canonical* form: each square's heaps sorted, the squares sorted. Cards are small
numbers (:func:`card_code`), a heap is ``bytes`` (bottom first), and the whole position is
one ``bytes``: the heaps of a square joined by ``0xFF``, the squares by ``0xFE``. It
compares and hashes quickly and takes little memory (about 60 bytes).

**2. Moves left out.** Two kinds of move are left out of the search, because neither can
ever help:

- moving the only card of a heap into a space of the same square: canonically that is the
  same position;
- moving a card off a *packet* (a heap that holds one complete suit as one run and nothing
  else). The cards of a suit only ever lie on cards of their own suit or in spaces, so
  the heaps holding cards of that suit hold nothing else. Take any line of play that
  takes cards off the packet; leave those cards in the packet and make the line's other
  moves as they are. They are still legal: the suit's cards fill at least one heap of
  its square in the line and exactly one in the copy, so the copy has at least as many
  spaces there whenever the line fills one; and every other suit's cards lie as in the
  line. At the end the copy has the packet complete and every other suit as the line
  has it, so its score is at least the line's.

So in the search the score never falls, packets never change (nothing can be built on a
packet: the one card that would go on its top card lies at its bottom), and a position
scores higher than the start exactly when a move has just made a packet.

**3. Frozen cards: a position with no hope (the pruning).** Take a set ``Z`` of cards made
of a bottom part of each heap (possibly empty, possibly whole), such that every packet
is in ``Z`` and, for each heap whose part ``z`` is not empty and not a packet, the top
card of ``z``, with ``b`` the lowest card of the run it ends (going down the heap while
each card lies on its next-higher card), satisfies

(i) the card ``b`` must go onto (its next-higher card) lies in the same heap below ``b``,
    or in another heap under that heap's top card of ``Z``; **and**
(ii) every heap of its square has a card of ``Z``.

Then no card of ``Z`` ever moves. Suppose one does; take the first move that moves a card
of ``Z``, from heap ``h``. Until then every card of ``Z`` is where it was. A move takes a
top part of a heap, so it takes the top card ``t`` of ``h``'s part of ``Z`` (not a packet:
packets do not move in the search). If it is a build, it moves the heap's whole top run,
which contains ``t`` and so starts at ``b``, onto the next-higher card of ``b`` as the top
card of another heap; by (i) that card is not a top card. If it moves a card into a space,
that card is ``t`` itself, and by (ii) every heap of the square still holds a card of
``Z``: there is no space. Either way, a contradiction.

The largest such set is found by starting from every card and dropping the top card of a
heap's part while it fails (i) or (ii) (dropping cards only makes the others fail more
often, so the result does not depend on the order). With ``Z`` fixed for good, a suit
that is not complete can still become a packet only in a heap whose part of ``Z`` is
empty or a run of that suit from the bottom; if a card of the suit is in ``Z``, only in
that card's heap. So a suit is *hopeless* when two heaps hold cards of it in ``Z``, or a
heap's part of ``Z`` mixes it with another suit or is not one run, or no heap has an
empty part (or a part of the suit) to build it in. A position whose every incomplete suit
is hopeless is *dead*: no position reached from it scores higher, and the search does
not look beyond it. (Unless some square has no space, ``Z`` holds only packets and no
suit is hopeless, so the test is only made then.)

**4. The verdict.** The search takes the most promising position first: the one whose
heaps have the longest runs lying at their bottoms (the sum of the squares of their
lengths; the latest found first among equals), so that a way to a better position, when
there is one, is usually found after a few dozen positions. It counts the positions it
has seen (dead ones included) and says *undecided* when they exceed its budget. Otherwise
its verdict is exact whatever the order: if a better position is reachable, the search
finds it (the only positions it does not go beyond are dead ones, from which none is); if
none is, it has seen every position it keeps going from. The order, the budget and the
test are fixed, so the same position always gets the same verdict.

Whether a position is looked beyond depends on the position alone, so the positions the
search sees from a position it has itself seen are among those it saw. Hence, after a
search that said *stuck*, the search from any position it saw says *stuck* too, within
the same budget: :func:`search_longer` remembers them.

>>> from parlour.engine.cards import parse_cards
>>> from parlour.engine.games.squares_nodes import canonical
>>> hearts = parse_cards("QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH")
>>> verdict(canonical(((*hearts,), parse_cards("KH"), (), ()), 1))
<Verdict.IMPROVABLE: 'improvable'>
>>> blocked = [(*hearts, *parse_cards("2C")), *map(parse_cards, ["KH 9C", "5D", "7S"])]
>>> verdict(canonical(blocked, 1))
<Verdict.STUCK: 'stuck'>
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from enum import StrEnum
from heapq import heappop
from heapq import heappush
from typing import Final

from parlour.engine import work
from parlour.engine.games.squares_frozen import is_dead
from parlour.engine.games.squares_nodes import SQUARE_END
from parlour.engine.games.squares_nodes import Node
from parlour.engine.games.squares_nodes import square_info
from parlour.engine.games.squares_nodes import successors

#: at most this many canonical positions are seen by the search made after every move
BUDGET: Final = 2_500
#: at most this many by the longer search at a position left undecided (S11)
DEEP_BUDGET: Final = 1_000_000


class Verdict(StrEnum):
    IMPROVABLE = "improvable"  # a position with a higher score can be reached
    STUCK = "stuck"  # no position with a higher score can be reached: the game is over
    UNDECIDED = "undecided"  # the budget ran out first


# -- the search (section 4) ---------------------------------------------------------------


def search(
    start: Node, budget: int = BUDGET, shortest: bool = False, prune: bool = True
) -> tuple[Verdict, tuple[Node, ...]]:
    """Look for a position with a higher score than ``start``, best first (or breadth
    first when ``shortest``: the way found is then as short as any), seeing at most
    ``budget`` positions. Returns the verdict and, when it is :attr:`Verdict.IMPROVABLE`,
    the positions leading there (after ``start``).
    ``prune=False`` searches without the frozen-card test, for checking it."""
    verdict, path, _ = _search(start, budget, shortest, prune, paths=True)
    return verdict, path


def explore(start: Node, budget: int = BUDGET, prune: bool = True) -> tuple[Verdict, int]:
    """:func:`search`'s verdict (best first) and how many positions it saw, for analysis
    and tests."""
    found, _, seen = _search(start, budget, False, prune, paths=False)
    return found, len(seen)


def _progress(node: Node) -> int:
    """How near the position looks to a new packet: the sum over the heaps of the square of
    the length of the run at the heap's bottom (only the order of the search uses it)."""
    return sum(square_info(square)[5] for square in node.split(SQUARE_END))


def _search(
    start: Node,
    budget: int,
    shortest: bool,
    prune: bool,
    *,
    paths: bool,
    improvable: set[Node] | frozenset[Node] = frozenset(),
    metered: bool = True,
) -> tuple[Verdict, tuple[Node, ...], set[Node] | dict[Node, Node | None]]:
    """The search behind :func:`search`, :func:`explore`, :func:`verdict` and
    :func:`search_longer`: breadth first when ``shortest``, else best first by :func:`_progress`
    (the latest first among equals); returns the verdict, the way to the higher score (when
    ``paths``) and the positions seen. Reaching a position of ``improvable`` (known to
    lead to a higher score than its own, which is the start's: the score does not change
    without a new packet) also shows the start improvable; the way then ends there."""
    spend, limit = _meter(budget, metered)
    if prune and is_dead(start):
        spend(1)
        return Verdict.STUCK, (), {start}
    parents: dict[Node, Node | None] = {start: None}
    seen: dict[Node, Node | None] | set[Node] = parents if paths else {start}
    add = None if paths else seen.add  # type: ignore[union-attr]
    queue: deque[Node] = deque([start])
    best: list[tuple[int, int, Node]] = [(0, 0, start)]
    pushed = 0
    while queue if shortest else best:
        current = queue.popleft() if shortest else heappop(best)[2]
        for child, completes in successors(current):
            if child in seen:
                continue
            if add is None:
                parents[child] = current
            else:
                add(child)
            if completes or child in improvable:
                spend(len(seen))
                return Verdict.IMPROVABLE, _way(parents, child, start) if paths else (), seen
            if len(seen) > limit:
                if limit < budget:
                    raise work.exceeded()
                spend(len(seen))
                return Verdict.UNDECIDED, (), seen
            if not prune or not is_dead(child):
                if shortest:
                    queue.append(child)
                else:
                    pushed += 1
                    heappush(best, (-_progress(child), -pushed, child))
    spend(len(seen))
    return Verdict.STUCK, (), seen


def _free(positions: int) -> None:
    """What an unmetered search spends: nothing counted."""


def _meter(budget: int, metered: bool) -> tuple[Callable[[int], None], int]:
    """How a search spends the positions it sees, and the most it may see: a replayed
    record's searches are metered (engine.work), within what its allowance has left."""
    allowed = work.left() if metered else None
    if allowed is None:
        return _free, budget
    return work.spend, min(budget, allowed)


def _way(parents: dict[Node, Node | None], reached: Node, start: Node) -> tuple[Node, ...]:
    """The positions from just after ``start`` to ``reached``, through their parents."""
    path: list[Node] = []
    step: Node | None = reached
    while step is not None and step != start:
        path.append(step)
        step = parents[step]
    return tuple(reversed(path))


_verdicts: dict[Node, Verdict] = {}


def verdict(start: Node) -> Verdict:
    """:func:`search`'s verdict within :data:`BUDGET`, remembered: the same positions
    come up again and again when a game is replayed or searched."""
    memory = work.memo("squares-verdict")  # a replayed record's own (engine.work)
    if memory is None:
        memory = _verdicts
    known: Verdict | None = memory.get(start)
    if known is None:
        known = _search(start, BUDGET, False, True, paths=False)[0]
        if len(memory) >= 1 << 16:
            memory.clear()
        memory[start] = known
    return known


_longer_verdicts: dict[Node, Verdict] = {}
#: positions the longer searches have found improvable, with the way they found (a search
#: reaching one of them needs to look no further: see :func:`search_longer`)
_improvable: set[Node] = set()
#: every position seen by the last search of :func:`search_longer` that said "stuck"
_stuck: set[Node] = set()


def search_longer(start: Node) -> Verdict:
    """:func:`search`'s verdict within :data:`DEEP_BUDGET` (ruling S11), remembered. A
    position seen by an earlier such search that said "stuck" is stuck too (section 4),
    so a search that has ended the game also answers for the positions played since."""
    global _stuck
    memory = work.memo("squares-longer")
    if memory is not None:
        # a replayed record: worked out afresh, so that it costs the same anywhere, and
        # not counted against the record's allowance: its move ``end`` asks for this once
        # (the move ends the game, or is refused), within DEEP_BUDGET
        if start not in memory:
            memory[start] = _search(start, DEEP_BUDGET, False, True, paths=False, metered=False)[0]
        found: Verdict = memory[start]
        return found
    known = _longer_verdicts.get(start)
    if known is None and start in _stuck:
        known = Verdict.STUCK
    if known is None:
        known, path, seen = _search(
            start, DEEP_BUDGET, False, True, paths=True, improvable=_improvable
        )
        if known is Verdict.STUCK:
            _stuck = set(seen)
        elif known is Verdict.IMPROVABLE:
            if len(_improvable) >= 1 << 16:
                _improvable.clear()
            _improvable.add(start)
            _improvable.update(path[:-1])  # the last has the higher score: not known
        if len(_longer_verdicts) >= 1 << 12:
            _longer_verdicts.clear()
        _longer_verdicts[start] = known
    return known


def positions_seen_stuck() -> set[Node]:
    """The positions seen by the last search of :func:`search_longer` that said "stuck" (for
    analysis: how many it took)."""
    return _stuck


def remember_finding(start: Node, found: Verdict) -> None:
    """Remember :func:`search_longer`'s verdict for ``start``, worked out in another process (the
    app's background work): the search is deterministic, so it is what :func:`search_longer`
    would say here."""
    _longer_verdicts[start] = found
