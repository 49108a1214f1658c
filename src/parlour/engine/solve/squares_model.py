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

**2. Frozen cards.** Call a set ``Z`` of cards on the heaps *frozen* when each of them

(i) lies under another card of ``Z``, or
(ii) cannot be built anywhere: the run it belongs to (which, while it is in place, always
     ends below at the same card ``b``, because nothing under it changes) could only go
     onto ``b``'s next-higher card, and that card lies below ``b`` in the same heap or
     under a card of ``Z``; **and** it cannot go into a space: every heap of its square
     holds a card of ``Z``.

Then no card of ``Z`` ever moves: at the first move of one, the highest of them that
moves has no card of ``Z`` over it, so it moves by (ii)'s means, which need a card of
``Z`` to have moved first or a space in a square whose heaps all hold cards of ``Z``.
Deals and fills only put cards on top. The largest such set is found by starting from
every card and dropping the top frozen card of a heap while it fails (i) and (ii). A
position is lost when a heap's frozen cards are not one run from its bottom (that heap
can never be empty or a complete suit), or two heaps' frozen cards share a suit (a suit
must end in one heap). Deals that dug the first square deep are often refuted at once.
"""

from __future__ import annotations

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

    # -- one entry per class (section 1) -------------------------------------------------

    def dealt_again(self, p: int, nd: int) -> list[bool]:
        """For each square, whether a deal may still reach it."""
        deals = (self.n - p + 3) // 4
        return [(s - nd) % self.squares < deals for s in range(self.squares)]

    def key(self, heaps: list[bytes], p: int, nd: int) -> Pos:
        """The class's entry (its heaps arranged as described above)."""
        if p == self.n:
            squares = sorted(tuple(sorted(heaps[b : b + 4])) for b in range(0, self.count, 4))
            return tuple(heap for square in squares for heap in square), p, 0
        live = self.dealt_again(p, nd)
        for s in range(self.squares):
            b = 4 * s
            part = heaps[b : b + 4]
            if not live[s]:
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
        live: list[bool],
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

        It starts from every card of the squares with no space (a square with a space
        holds none: (ii) fails for every card of it), and drops runs (a heap's part is
        always whole runs: dropping a run's top card would leave the next one with the
        same answer) until none fails; the bound's innermost work, so each heap's runs
        are looked up once (:func:`segments`)."""
        frozen = [0] * self.count
        full = [b for b in range(0, self.count, 4) if all(heaps[b : b + 4])]
        if not full:
            return frozen
        where: dict[int, tuple[int, int]] = {}
        for b in full:
            for i in range(b, b + 4):
                frozen[i] = len(heaps[i])
                for j, c in enumerate(heaps[i]):
                    where[c] = (i, j)
        changed = True
        while changed:
            changed = False
            for b in full:
                if frozen[b] and frozen[b + 1] and frozen[b + 2] and frozen[b + 3]:
                    for i in range(b, b + 4):
                        changed |= _thaw(heaps[i], i, where, frozen)
                elif any(frozen[b : b + 4]):  # (ii) fails for every card of the square
                    frozen[b : b + 4] = [0, 0, 0, 0]
                    changed = True
        return frozen


def _thaw(heap: bytes, i: int, where: dict[int, tuple[int, int]], frozen: list[int]) -> bool:
    """Drop the top run of heap ``i``'s frozen part while it fails (i); whether any was."""
    count = frozen[i]
    for bottom, wanted in segments(heap):
        if bottom >= count:
            continue  # dropped already
        at = where.get(wanted)
        if at is not None and (
            (at[0] == i and at[1] < bottom) or (at[0] != i and at[1] + 1 < frozen[at[0]])
        ):
            break
        count = bottom
    return lower_frozen(frozen, i, count)
