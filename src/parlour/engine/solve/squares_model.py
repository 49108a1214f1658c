"""The Three Squares solver's own model: positions as small numbers, one entry per class
of positions that are the same for the game, and a bound that proves positions lost.

A card is a number 0–51 (:func:`parlour.engine.games.squares_nodes.card_code`) and a heap
is ``bytes``, bottom first. A position is ``(heaps, p, nd)``: the heaps of the squares
that exist (four a square), how many cards of the root's pack have been used (the pack is
always the end of the root's pack: fills and deals take its first card), and the square
(0-based) the next deal goes to.

**1. Classes of positions.** A *lone* card (a heap of one card) in a square that has a
space can be moved into that space and back again (S5): such moves are reversible, so the
positions they connect are equally winnable. With one space at least, they reach every
arrangement of the square's lone cards and spaces over the places that hold them (each
move swaps a lone card with the space, and such swaps make every permutation), while the
heaps of two or more cards stay where they are (a run never moves into a space). So the
search keeps one entry for all these arrangements, the lone cards sorted into their
places, and never makes these moves itself. Instead, where an arrangement matters, it
makes the move from each arrangement that gives a different result: a run built on a lone
card may leave the new heap in any of the square's free places; the card that fills the
last space of a square (from the pack or from one of its heaps) fixes the arrangement, so
each one is tried; and a deal to the square is made onto each arrangement.

A square that can get no more deals (the pack is too short to reach it: fewer than
``4 k`` cards left, where it is the ``k``-th square to be dealt) is the same whatever
the order of its heaps, since nothing else depends on it (runs are built between any
heaps, a space takes a card from its own square, a fill from the pack goes to any
space): its heaps are sorted. With the pack empty every square is, and so are the squares
among themselves, as in the end search of :mod:`~parlour.engine.games.squares_search`;
there, as there, no card is taken off a complete suit.

**2. Frozen cards.** Take a set ``Z`` of cards made of a bottom part of each heap
(possibly empty, possibly whole) such that, for each heap ``h`` whose part is not empty,
its top card ``t`` in ``Z``, with ``b`` the lowest card of the run ``t`` lies in (going
down the heap while each card lies on its next-higher card), satisfies

(i) ``b``'s next-higher card lies in ``h`` below ``b``, or in another heap under a card
    of ``Z``; **and**
(ii) every heap of ``h``'s square holds a card of ``Z``; **or** the card lying on ``t``
     in ``h`` is ``t``'s next-lower card ``u`` (the run goes on above ``t``) and at least
     two of the other three heaps of the square hold a card of ``Z``.

Then no card of ``Z`` ever moves. Suppose one does, and take the first move that moves
one, from heap ``h``. Until then every card of ``Z`` lies where it lay. Deals and fills
only put cards on top, so the move is a build or a card into a space, and it takes a
top part of ``h``, so it takes ``t``. A build moves the heap's whole top run, which
contains ``t`` and so starts at ``b`` (the cards from ``b`` to ``t`` have not moved), onto
``b``'s next-higher card as the top card of another heap; by (i) that card is not a top
card. So ``t`` itself goes into a space of its square, which by the first half of (ii)
has none (its heaps all hold a card of ``Z``). By the second half, ``u`` lay on ``t`` and
has left it; look at the last time it did. It did not go by a build (a run holding ``u``
while it lies on ``t`` holds ``t``), so it went into a space ``G`` of the square, alone;
since then it has only gone into spaces (its one next-higher card is ``t``), each time
alone, so it now lies at the bottom of a heap ``G'`` of the square. Now ``t`` goes into a
space ``E``. ``G'`` and ``E`` are two heaps of the square, not ``h`` (which holds ``t``),
not each other (one holds ``u``, the other nothing), and each was empty at some moment
since the start (``G'`` when ``u`` went into it), so neither holds a card of ``Z``: that
leaves at most one of the other three heaps holding one. Either way, a contradiction.
(This is why a square with one space is stuck when three of its heaps each hold a run
whose lowest card's next-higher card is buried: taking a run apart needs two heaps that
can be empty, one for its lower card and one for the card that lay on it.)

The largest such set is found by starting from every card of the squares with at most
one space (in a square with two, no heap's part can meet (ii)) and dropping the top
card of a heap's part while it fails (i) or (ii) (dropping cards only makes the others
fail more often, so the result does not depend on the order). Since its cards never
move, a heap with a card of ``Z`` is never empty, so in a win it is a complete suit with
its part of ``Z`` at the bottom: a position is lost when a heap's part is not one run
from its bottom, or two heaps' parts share a suit (a suit must end in one heap). Deals
that dug the first square deep are often refuted at once, and so are end positions
with a square of one space whose other heaps are tangled.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from itertools import permutations
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.games.squares_frozen import lower_frozen
from parlour.engine.games.squares_nodes import card_code
from parlour.engine.games.squares_nodes import run_start
from parlour.engine.games.squares_nodes import segments

SUIT: Final = 13
PACK: Final = 52
#: the code of the card one rank above, same suit, wrapping (king -> ace)
ABOVE: Final = bytes(code - code % SUIT + (code % SUIT + 1) % SUIT for code in range(PACK))
EMPTY: Final = b""

Heaps = tuple[bytes, ...]
Pos = tuple[Heaps, int, int]
#: how a child is made, for replaying it through the engine: the kind of move, its source
#: and target heaps, and the square arranged first with its heaps then (or -1, ())
Recipe = tuple[str, int, int, int, Heaps]
BUILD, SPACE, FILL, DEAL = "build", "space", "fill", "deal"


def codes(cards: tuple[Card, ...]) -> bytes:
    return bytes(card_code(c) for c in cards)


def is_packet(heap: bytes) -> bool:
    return len(heap) == SUIT and run_start(heap) == 0


def score(heaps: Heaps) -> int:
    return sum(1 for heap in heaps if len(heap) == SUIT and run_start(heap) == 0)


def tangles(heaps: Heaps) -> int:
    """How many cards lie on a card that is not their next-higher one: how far the heaps
    are from runs (only the order of the solver's tries uses it)."""
    return sum(map(_heap_tangles, heaps))


@lru_cache(maxsize=1 << 16)
def _heap_tangles(heap: bytes) -> int:
    """One heap's part of :func:`tangles` (remembered: the same heaps come up in position
    after position)."""
    return sum(1 for j in range(1, len(heap)) if heap[j - 1] != ABOVE[heap[j]])


def arrangements(items: list[bytes]) -> list[tuple[bytes, ...]]:
    """The different orders of ``items`` (spaces alike), in a fixed order."""
    return sorted(set(permutations(items)))


class Model:
    """The moves of one deal: its pack (as codes) and the number of squares."""

    def __init__(self, pack: bytes, squares: int) -> None:
        self.pack = pack
        self.n = len(pack)
        self.squares = squares
        self.count = 4 * squares
        #: :meth:`dealt_again`'s answers, by (p, nd)
        self._live: dict[tuple[int, int], tuple[bool, ...]] = {}

    # -- one entry per class (section 1) -------------------------------------------------

    def dealt_again(self, p: int, nd: int) -> tuple[bool, ...]:
        """For each square, whether a deal may still reach it (remembered: asked for every
        child of a position)."""
        live = self._live.get((p, nd))
        if live is None:
            deals = (self.n - p + 3) // 4
            live = self._live[p, nd] = tuple(
                (s - nd) % self.squares < deals for s in range(self.squares)
            )
        return live

    def key(self, heaps: list[bytes], p: int, nd: int) -> Pos:
        """The class's entry (its heaps arranged as described above)."""
        if p == self.n:
            squares = sorted([tuple(sorted(heaps[b : b + 4])) for b in range(0, self.count, 4)])
            return tuple(chain.from_iterable(squares)), p, 0
        for s, alive in enumerate(self.dealt_again(p, nd)):
            b = 4 * s
            part = heaps[b : b + 4]
            if not alive:
                heaps[b : b + 4] = sorted(part)
            elif EMPTY in part:
                free = [b + j for j in range(4) if len(part[j]) <= 1]
                for j, heap in zip(free, sorted(heaps[j] for j in free), strict=True):
                    heaps[j] = heap
        return tuple(heaps), p, nd

    # -- moves ---------------------------------------------------------------------------

    def children(self, pos: Pos) -> list[tuple[Pos, Recipe]]:
        """Every class one move away (section 1), each with a way to make it. Builds come
        last, so that a depth-first search taking the last first tries them first."""
        heaps, p, nd = pos
        if p == self.n:
            return self.end_children(heaps)
        out: list[tuple[Pos, Recipe]] = []
        key = self.key
        live = self.dealt_again(p, nd)
        spaces = [[j for j in range(b, b + 4) if not heaps[j]] for b in range(0, self.count, 4)]
        frees = [
            [j for j in range(b, b + 4) if len(heaps[j]) <= 1] for b in range(0, self.count, 4)
        ]
        # deal to the next square, from each arrangement of it
        s = nd
        b = 4 * s
        for before in self._arranged(heaps, s, live[s] and bool(spaces[s]), frees[s]):
            made = list(before)
            q = p
            for j in range(b, b + 4):
                if q < self.n:
                    made[j] += self.pack[q : q + 1]
                    q += 1
            recipe = (DEAL, -1, -1, s, tuple(before[b : b + 4]))
            out.append((key(made, q, (nd + 1) % self.squares), recipe))
        # fill a space from the pack; space moves from heaps of two cards or more
        card = self.pack[p : p + 1]
        for s in range(self.squares):
            if not spaces[s]:
                continue
            out += self._into_space(heaps, p, nd, s, -1, card, live[s], spaces[s], frees[s])
            for i in range(4 * s, 4 * s + 4):
                if len(heaps[i]) >= 2:
                    out += self._into_space(
                        heaps, p, nd, s, i, heaps[i][-1:], live[s], spaces[s], frees[s]
                    )
        out += self._builds(heaps, p, nd, live, spaces, frees)
        return out

    def _arranged(self, heaps: Heaps, s: int, floating: bool, free: list[int]) -> list[list[bytes]]:
        if not floating:
            return [list(heaps)]
        found = []
        for order in arrangements([heaps[j] for j in free]):
            made = list(heaps)
            for j, heap in zip(free, order, strict=True):
                made[j] = heap
            found.append(made)
        return found

    def _into_space(
        self,
        heaps: Heaps,
        p: int,
        nd: int,
        s: int,
        source: int,
        card: bytes,
        live: bool,
        spaces: list[int],
        free: list[int],
    ) -> list[tuple[Pos, Recipe]]:
        """``card`` into a space of square ``s``, from heap ``source`` or (-1) the pack."""
        kind, used = (FILL, p + 1) if source < 0 else (SPACE, p)
        b = 4 * s
        if len(spaces) > 1 or not live:
            made = list(heaps)
            made[spaces[0]] = card
            if source >= 0:
                made[source] = heaps[source][:-1]
            return [(self.key(made, used, nd), (kind, source, spaces[0], -1, ()))]
        # the last space: the square's arrangement is fixed from now, so try each one
        out = []
        for order in arrangements([*(heaps[j] for j in free if heaps[j]), card]):
            made = list(heaps)
            for j, heap in zip(free, order, strict=True):
                made[j] = heap
            target = free[order.index(card)]
            before = made[b : b + 4]
            before[target - b] = EMPTY
            if source >= 0:
                made[source] = heaps[source][:-1]
            out.append((self.key(made, used, nd), (kind, source, target, s, tuple(before))))
        return out

    def _builds(
        self,
        heaps: Heaps,
        p: int,
        nd: int,
        live: tuple[bool, ...],
        spaces: list[list[int]],
        frees: list[list[int]],
    ) -> list[tuple[Pos, Recipe]]:
        out: list[tuple[Pos, Recipe]] = []
        tops = {heap[-1]: i for i, heap in enumerate(heaps) if heap}
        for i, heap in enumerate(heaps):
            if not heap:
                continue
            k = run_start(heap)
            t = tops.get(ABOVE[heap[k]])
            if t is None or t == i:
                continue
            s = t // 4
            if len(heaps[t]) > 1 or not spaces[s] or not live[s]:
                made = list(heaps)
                made[i] = heap[:k]
                made[t] = heaps[t] + heap[k:]
                out.append((self.key(made, p, nd), (BUILD, i, t, -1, ())))
                continue
            # a lone card in a square with a space: the new heap may be left in any of
            # the square's free places
            free = frees[s]
            others = [heaps[j] for j in free if j != t]
            for place in free:
                before = list(heaps)
                rest = iter(others)
                for j in free:
                    before[j] = heaps[t] if j == place else next(rest)
                source = before.index(heap)
                made = list(before)
                made[source] = heap[:k]
                made[place] = heaps[t] + heap[k:]
                b = 4 * s
                recipe = (BUILD, source, place, s, tuple(before[b : b + 4]))
                out.append((self.key(made, p, nd), recipe))
        return out

    def end_children(self, heaps: Heaps) -> list[tuple[Pos, Recipe]]:
        """With the pack empty: builds, and a card from a heap of two or more into a space
        of its square; never a card off a complete suit."""
        out: list[tuple[Pos, Recipe]] = []
        n = self.n
        tops = {heap[-1]: i for i, heap in enumerate(heaps) if heap}
        for b in range(0, self.count, 4):
            space = next((j for j in range(b, b + 4) if not heaps[j]), -1)
            for i in range(b, b + 4):
                heap = heaps[i]
                if space < 0 or len(heap) < 2 or is_packet(heap):
                    continue
                made = list(heaps)
                made[i] = heap[:-1]
                made[space] = heap[-1:]
                out.append((self.key(made, n, 0), (SPACE, i, space, -1, ())))
        for i, heap in enumerate(heaps):
            if not heap:
                continue
            k = run_start(heap)
            t = tops.get(ABOVE[heap[k]])
            if t is None or t == i or (k == 0 and len(heap) == SUIT):
                continue
            made = list(heaps)
            made[i] = heap[:k]
            made[t] = heaps[t] + heap[k:]
            out.append((self.key(made, n, 0), (BUILD, i, t, -1, ())))
        return out

    # -- the bound (section 2) -----------------------------------------------------------

    def frozen_lost(self, heaps: Heaps) -> bool:
        """True when the frozen cards (section 2) show that the position cannot be won."""
        frozen = self.frozen(heaps)
        suits: set[int] = set()
        for i, heap in enumerate(heaps):
            if frozen[i]:
                part = heap[: frozen[i]]
                if run_start(part) != 0 or part[0] // SUIT in suits:
                    return True
                suits.add(part[0] // SUIT)
        return False

    def frozen(self, heaps: Heaps) -> list[int]:
        """For each heap, how many cards at its bottom are in the largest frozen set.

        It starts from every card of the squares with at most one space, and drops cards
        from the top of each heap's part (:func:`_thaw`) until none fails; the bound's
        innermost work, so each heap's runs are looked up once (:func:`segments`). A pass
        may judge a heap by a square's count of heaps holding frozen cards that has just
        fallen; a wrong count only keeps cards a pass longer (the last pass changes
        nothing, so its counts are right)."""
        count = self.count
        frozen = [0] * count
        live = [b for b in range(0, count, 4) if heaps[b : b + 4].count(EMPTY) <= 1]
        if not live:
            return frozen
        where: dict[int, tuple[int, int]] = {}
        for b in live:
            for i in range(b, b + 4):
                heap = heaps[i]
                frozen[i] = len(heap)
                for j, c in enumerate(heap):
                    where[c] = (i, j)
        changed = True
        while changed:
            changed = False
            for b in live:
                part = frozen[b : b + 4]
                held = 4 - part.count(0)
                if held >= 3:  # (ii) can hold: all four hold frozen cards, or three do
                    for i in range(b, b + 4):
                        if frozen[i]:
                            changed |= _thaw(heaps[i], i, where, frozen, held == 4)
                elif held:  # (ii) fails for every card of the square
                    frozen[b : b + 4] = [0, 0, 0, 0]
                    changed = True
        return frozen


def _thaw(
    heap: bytes, i: int, where: dict[int, tuple[int, int]], frozen: list[int], full: bool
) -> bool:
    """Drop the top card of heap ``i``'s frozen part while it fails (i) or (ii) (``full``:
    every heap of the square holds a frozen card); whether any was dropped. (i) is the
    same for every card of a run; (ii)'s second half fails only for a run's top card."""
    count = frozen[i]
    end = len(heap)
    for bottom, wanted in segments(heap):
        top, end = end, bottom  # this run is heap[bottom:top]
        if bottom >= count:
            continue  # dropped already
        at = where.get(wanted)
        if at is None or not (
            (at[0] == i and at[1] < bottom) or (at[0] != i and at[1] + 1 < frozen[at[0]])
        ):
            count = bottom  # (i) fails
            continue
        if full or count < top:
            break  # (ii): no space ever, or the run goes on above the part's top card
        if top - 1 > bottom:
            count = top - 1  # the run's top card fails (ii); the one under it does not
            break
        count = bottom
    return lower_frozen(frozen, i, count)
