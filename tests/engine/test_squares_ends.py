"""Three Squares: the end of the game once the pack is empty (S10, S11).

The end search prunes positions shown hopeless by frozen cards, searches best first, and
leaves what it cannot settle after a move to a longer search (S11), whose "stuck" ends the
game by Parlour's own move ``end``. Checked here: the issue's dead end is declared at once;
the pruning never changes a verdict the plain search reaches (brute force over random
positions, each searched to the end both ways); frozen cards never move; ``end`` is legal
exactly where the longer search says "stuck", and a game ended so replays to the same end.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.cards import Card
from parlour.engine.cards import full_pack
from parlour.engine.errors import IllegalMoveError
from parlour.engine.game import GIVE_UP
from parlour.engine.games import squares_nodes
from parlour.engine.games import squares_search
from parlour.engine.games.squares import SQUARES
from parlour.engine.games.squares_frozen import frozen_counts
from parlour.engine.games.squares_frozen import hopeful_suits
from parlour.engine.games.squares_frozen import is_dead
from parlour.engine.games.squares_layout import ABOVE
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_nodes import successors
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import DEEP_BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import explore
from parlour.engine.games.squares_search import search_longer
from parlour.engine.games.squares_state import END
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay

from .squares_helpers import position
from .squares_helpers import suit_run
from .test_squares_rules import UNDECIDED_POSITION

# -- the issue's dead end ------------------------------------------------------------------

DEAD_END_SEED = 1437938782359693120
DEAD_END_LINE = (
    "d d 3c-2b 3a-3c 3c-3a 3d-3c 3a-3d 3d-3a d d 2d-3b 1d-3d d 3d-2a 1a-2d p-3d 2b-1c 1c-3d "
    "d d 2b-3a d 1d-2b 2d-1a 1d-2d 3b-1d 2d-1a 2b-1b 1c-2d 2c-1c"
)
DEAD_END_MOVES = tuple(DEAD_END_LINE.split())


def test_the_issues_dead_end_is_declared_over_with_its_score() -> None:
    line = Line.from_seed(SQUARES, DEAD_END_SEED)
    for move in DEAD_END_MOVES:
        line = line.play(move)
    state = line.current
    assert not state.pack and state.phase is Phase.FINISHED and not state.gave_up
    assert SQUARES.legal_moves(state) == ()
    outcome = SQUARES.outcome(state)
    assert outcome is not None and not outcome.won and outcome.score == 0
    assert SQUARES.words.ending(state) == "no more can be done; 0 suits complete and clear"
    assert SQUARES.words.prompt(state).startswith("Game over: no more can be done")
    # no suit can be completed from there: the plain search sees every one of the 2,303
    # positions; the pruned one settles it within its budget, as the move is made
    node = canonical(state.heaps, state.squares)
    assert explore(node, 10_000, prune=False) == (Verdict.STUCK, 2_303)
    found, seen = explore(node)
    assert found is Verdict.STUCK and seen <= 2_303
    again = replay(parse_record(format_record(line)))
    assert again.current == state


# -- the pruning never changes a verdict ----------------------------------------------------------


def scrambled_position(rnd: Random, squares: int) -> tuple[tuple[Card, ...], ...]:
    """Heaps for ``squares`` squares made of runs: each suit is cut at random places into
    runs (going round), and the runs are stacked on random heaps in a random order. Such
    positions have many moves, unlike shuffled cards."""
    runs: list[tuple[Card, ...]] = []
    for suit in "CDHS":
        cards = [c for c in full_pack() if c.suit == suit]
        start = rnd.randrange(13)
        ring = cards[start:] + cards[:start]
        cuts = sorted(rnd.sample(range(1, 13), rnd.randint(2, 6)))
        for a, b in zip([0, *cuts], [*cuts, 13], strict=True):
            runs.append(tuple(reversed(ring[a:b])))  # highest at the bottom
    rnd.shuffle(runs)
    count = 4 * squares
    heaps: list[list[Card]] = [[] for _ in range(count)]
    for run in runs:
        heaps[rnd.randrange(count)].extend(run)
    for heap in heaps:  # now and then a stray card out of its run
        if len(heap) > 2 and rnd.random() < 0.3:
            heap.insert(rnd.randrange(len(heap)), heap.pop())
    return tuple(tuple(heap) for heap in heaps)


def reachable(start: bytes, limit: int) -> set[bytes] | None:
    """Every position the plain search can reach (``None`` beyond ``limit``)."""
    seen = {start}
    waiting = [start]
    while waiting:
        for child, _ in successors(waiting.pop()):
            if child not in seen:
                seen.add(child)
                if len(seen) > limit:
                    return None
                waiting.append(child)
    return seen


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), squares=st.integers(1, 3))
def test_the_pruned_search_agrees_with_the_plain_one(seed: int, squares: int) -> None:
    node = canonical(scrambled_position(Random(seed), squares), squares)
    plain, plain_seen = explore(node, 20_000, prune=False)
    pruned, pruned_seen = explore(node, 20_000)
    if plain is not Verdict.UNDECIDED:
        assert pruned == plain  # the pruned search sees no more positions, so it ends too
        assert pruned_seen <= plain_seen or plain is Verdict.IMPROVABLE
    if is_dead(node):
        assert plain is not Verdict.IMPROVABLE
        assert pruned_seen == 1


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_pruned_search_agrees_on_positions_met_in_random_play(seed: int) -> None:
    """Random play from a seeded deal (as in benchmarks/squares_ends.py); every tenth
    position with the pack empty is searched both ways."""
    rnd = Random(seed)
    state = SQUARES.start_from_seed(seed)
    met = 0
    for _ in range(400):
        if state.phase is Phase.FINISHED:
            break
        if not state.pack:
            met += 1
            if met % 10 == 1:
                node = canonical(state.heaps, state.squares)
                plain = explore(node, 10_000, prune=False)
                if plain[0] is not Verdict.UNDECIDED:
                    assert explore(node, 10_000)[0] is plain[0]
        state = SQUARES.apply(state, rnd.choice([m for m in state.legal if m is not GIVE_UP]))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), squares=st.integers(1, 3))
def test_frozen_cards_never_move_and_hopeless_suits_stay_so(seed: int, squares: int) -> None:
    node = canonical(scrambled_position(Random(seed), squares), squares)
    every = reachable(node, 5_000)
    if every is None:
        return
    full = [square for square in node.split(b"\xfe") if not square.startswith(b"\xff")]
    heaps = [heap for square in full for heap in square.split(b"\xff")]
    parts = [heap[:count] for heap, count in zip(heaps, frozen_counts(full), strict=True)]
    parts = [part for part in parts if part]
    hopeful = hopeful_suits(node)
    for reached in every:
        now = [heap for square in reached.split(b"\xfe") for heap in square.split(b"\xff")]
        for part in parts:  # each frozen part still lies at the bottom of a heap
            assert any(heap.startswith(part) for heap in now)
        assert hopeful_suits(reached) & ~hopeful == 0
        for heap in now:
            if len(heap) == 13 and squares_nodes.run_start(heap) == 0:
                suit = 1 << (heap[0] // 13)
                # a packet of a suit found hopeless at the start was there already
                assert hopeful & suit or heap in node.replace(b"\xfe", b"\xff").split(b"\xff")


def test_the_verdict_is_the_same_whatever_was_searched_before() -> None:
    state = SQUARES.parse_position(UNDECIDED_POSITION)
    node = canonical(state.heaps, state.squares)
    first = explore(node)
    search_longer(node)  # fills the caches and the memory of stuck positions
    assert explore(node) == first == (Verdict.UNDECIDED, BUDGET + 1)


# -- S11: the longer search and Parlour's move "end" -------------------------------------------


def undecided_state() -> SquaresState:
    state = SQUARES.parse_position(UNDECIDED_POSITION)
    assert state.phase is Phase.BUILDING and SQUARES.end_in_doubt(state)
    return state


def test_s11_the_longer_search_settles_what_the_move_left_undecided() -> None:
    state = undecided_state()
    node = canonical(state.heaps, state.squares)
    assert explore(node) == (Verdict.UNDECIDED, BUDGET + 1)
    assert explore(node, DEEP_BUDGET) == (Verdict.STUCK, 7_343)
    assert SQUARES.look_further(state) is Verdict.STUCK
    assert "cannot tell yet" in SQUARES.words.prompt(state)
    assert END not in SQUARES.legal_moves(state)  # never offered
    assert SQUARES.is_legal(state, END)


def test_s11_end_finishes_the_game_as_s10_would() -> None:
    state = undecided_state()
    final = SQUARES.apply(state, "end")
    assert final.phase is Phase.FINISHED and not final.gave_up
    assert SQUARES.words.describe(state, END) == (
        "Parlour ends the game: no higher score can be reached (S11)"
    )
    outcome = SQUARES.outcome(final)
    assert outcome is not None and SQUARES.words.ending(final).startswith("no more can be done")
    assert SQUARES.parse_position(SQUARES.format_position(final)) == final
    assert SQUARES.parse_move("end") == END and SQUARES.format_move(END) == "end"


def test_s11_a_game_ended_by_parlour_replays_to_the_same_end() -> None:
    # seed 13 played at random (benchmarks/squares_ends.py) to the undecided position
    line = Line.from_seed(SQUARES, 13)
    for move in SEED_13_MOVES.split():
        line = line.play(move)
    assert SQUARES.format_position(line.current) == UNDECIDED_POSITION
    line = line.play(END)
    record = format_record(line)
    assert "end" in record.split("Moves:")[1].split()
    squares_search._longer_verdicts.clear()  # as in a fresh process: the replay searches again
    squares_search._stuck.clear()
    again = replay(parse_record(record))
    assert again.states == line.states


SEED_13_MOVES = (
    "p-1c 2c-2d 1b-1a 2d-2c 1c-1d 2b-2d p-1c d 2d-2b 2b-3b 3c-1b 3a-3c 2c-2b p-2d 2d-3b "
    "p-2c 2c-2d 3c-3a 2d-2c 3b-3c 2b-2d 3c-3b 3d-3c 2d-2b 3b-3d 2c-2d d 3d-3b d 3b-2a 1d-2a "
    "3a-1a d d 3a-1c 1b-3c 3d-3a d d d 3d-2b 1c-3c 3b-3d d 2a-2d d"
)


def test_s11_end_is_refused_where_the_end_is_not_shown() -> None:
    state = SQUARES.start_from_seed(1)
    with pytest.raises(IllegalMoveError, match="only once the pack is empty"):
        SQUARES.apply(state, "end")
    # with the pack empty, a position where more can be done: KH onto AH completes hearts
    hearts = position({"1a": suit_run("AH", 12), "1b": "KH"}, rest="1c", squares=1)
    assert hearts.phase is Phase.BUILDING and not hearts.pack
    with pytest.raises(IllegalMoveError, match="has not shown"):
        SQUARES.apply(hearts, "end")
    # and where the game is over already
    line = Line.from_seed(SQUARES, DEAD_END_SEED)
    for move in DEAD_END_MOVES:
        line = line.play(move)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        SQUARES.apply(line.current, "end")


def test_the_issues_game_was_lost_as_soon_as_the_pack_ran_out() -> None:
    """The dead end of the issue is where the search after a move first settles it. In
    fact no suit could be completed from the move that emptied the pack (the 21st), but
    the positions until the dead end each have some 500,000 positions to look through
    (measured, too slow for a test): there S11's longer search, in the app's background,
    would have ended the game."""
    line = Line.from_seed(SQUARES, DEAD_END_SEED)
    for move in DEAD_END_MOVES[:-1]:
        line = line.play(move)
    before = line.current
    assert before.phase is Phase.BUILDING and SQUARES.end_in_doubt(before)
    after = SQUARES.apply(before, DEAD_END_MOVES[-1])
    assert after.phase is Phase.FINISHED


def test_s11_when_the_longer_search_cannot_tell_either_play_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = undecided_state()
    squares_search._longer_verdicts.clear()
    squares_search._stuck.clear()
    monkeypatch.setattr(squares_search, "DEEP_BUDGET", 6_000)
    assert SQUARES.look_further(state) is Verdict.UNDECIDED
    assert not SQUARES.is_legal(state, END)
    assert SQUARES.end_after_look(state, Verdict.UNDECIDED) is None
    assert GIVE_UP in SQUARES.legal_moves(state)
    squares_search._longer_verdicts.clear()


def test_s11_a_verdict_worked_out_elsewhere_is_taken_in() -> None:
    state = undecided_state()
    squares_search._longer_verdicts.clear()
    squares_search._stuck.clear()
    assert SQUARES.end_after_look(state, Verdict.STUCK) is END
    assert SQUARES.is_legal(state, END)  # without searching: it was remembered
    assert squares_search._stuck == set()
    # a position whose end was settled at once is not Parlour's to end
    done = SQUARES.apply(state, END)
    assert SQUARES.end_after_look(done, Verdict.STUCK) is None
    # the app's word when the longer search finds that the game goes on
    assert "a higher score can still be reached" in SQUARES.look_note(Verdict.IMPROVABLE)
    assert "could not decide" in SQUARES.look_note(Verdict.UNDECIDED)  # the look ran out
    assert SQUARES.look_note(Verdict.STUCK) == ""  # the game ends instead


def test_s11_positions_seen_by_a_stuck_search_are_stuck_within_the_budget() -> None:
    state = undecided_state()
    node = canonical(state.heaps, state.squares)
    squares_search._longer_verdicts.clear()
    assert search_longer(node) is Verdict.STUCK
    remembered = squares_search._stuck
    assert len(remembered) == 7_343
    # a move played after the search started: its position was seen, and a fresh search
    # from it agrees (section 4 of the module's docstring)
    for move in state.legal:
        if isinstance(move, HeapMove):
            after = SQUARES.apply(state, move)
            child = canonical(after.heaps, after.squares)
            assert child in remembered
            assert search_longer(child) is Verdict.STUCK
            assert explore(child, DEEP_BUDGET)[0] is Verdict.STUCK


def test_an_ace_goes_round_onto_the_two() -> None:
    # the card codes' wrap (king to ace) is the layout's
    for c in full_pack():
        code = squares_nodes.card_code(c)
        assert squares_nodes.ABOVE[code] == squares_nodes.card_code(ABOVE[c])


# seed 266 played at random (benchmarks/squares_ends.py) to a position the search after
# the move cannot settle; the longer one finds a higher score after 7,506 positions
SEED_266_MOVES = (
    "2a-2d 3b-3a 3d-2b 1c-3c 3c-3d 2c-3a d 1b-1a 2b-2c 1a-2c 3d-3b p-3d 2c-2b 2b-2c 2a-1d "
    "2c-2a 2a-2b 3b-3c 2d-1d p-2d 2b-2c 2d-2a p-3b 2b-2d d d 2a-3c 1d-3a 3a-2c 3d-1d 3c-3b "
    "3c-2d 3d-3c p-3d 1a-2d 1b-3d 1d-1a 3d-3c 3c-3d 1a-1d 1b-1a d 2d-1a 1d-2a d d d 3c-3a "
    "2c-2d 3c-3b p-3c 1c-2a d 3d-3b"
)


def test_s11_a_position_that_leads_back_to_an_improvable_one_is_improvable_at_once() -> None:
    line = Line.from_seed(SQUARES, 266)
    for move in SEED_266_MOVES.split():
        line = line.play(move)
    state = line.current
    assert SQUARES.end_in_doubt(state)
    node = canonical(state.heaps, state.squares)
    squares_search._longer_verdicts.clear()
    squares_search._improvable.clear()
    assert search_longer(node) is Verdict.IMPROVABLE
    assert node in squares_search._improvable
    checked = 0
    for move in state.legal:
        if not isinstance(move, HeapMove):
            continue
        after = SQUARES.apply(state, move)
        child = canonical(after.heaps, after.squares)
        if after.phase is Phase.FINISHED or node not in {n for n, _ in successors(child)}:
            continue
        # the way back to a position known improvable ends the search at once ...
        found, _, seen = squares_search._search(
            child, DEEP_BUDGET, False, True, paths=False, improvable=squares_search._improvable
        )
        assert found is Verdict.IMPROVABLE and len(seen) <= 40
        # ... and a search knowing nothing agrees
        assert explore(child, DEEP_BUDGET)[0] is Verdict.IMPROVABLE
        checked += 1
    assert checked
    squares_search._improvable.clear()
