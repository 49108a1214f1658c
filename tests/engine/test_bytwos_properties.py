"""Random legal By Twos playouts (hypothesis): nothing lost, nothing mutated, undo exact,
notation, positions and records round-trip, and every playout ends.

Why every playout ends, without giving up: each kind of move can only be made a bounded
number of times. A turn (``t``) takes a card from the forming deck, which nothing refills:
at most 104. A build puts a card on a foundation, and none ever leaves one: at most
104 − 8 (the eight bases are laid automatically). A deal (``d``) takes a card from the
stock, which nothing refills within a deal, and a deal starts with at most 91 cards; there
are at most three deals, so at most 3 × 91 of those, and at most two redeals (``r``).
Whenever the game is not over, some move other than giving up is legal (checked below),
so a policy that never gives up plays at most :data:`MAX_MOVES` moves.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from parlour.engine.deals import MAX_SEED
from parlour.engine.deals import fresh_deck
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos import BYTWOS
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import DealCard
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import Redeal
from parlour.engine.games.bytwos_state import TurnCard
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.history import Line
from parlour.engine.record import format_record
from parlour.engine.record import parse_record
from parlour.engine.record import replay

from .parts import in_parts
from .parts import seed_of

#: the random playouts run in parts, side by side
PARTS = 4
DOUBLE_PACK = Counter(fresh_deck(104))
MAX_TURNS = 104
MAX_BUILDS = 104 - 8
MAX_DEALS = 3 * 91
MAX_REDEALS = 2
MAX_MOVES = MAX_TURNS + MAX_BUILDS + MAX_DEALS + MAX_REDEALS
#: how often a build is preferred when one is possible: from never to always
GREED = st.sampled_from([0.0, 0.5, 0.9, 1.0])


def choose(state: ByTwosState, rng: random.Random, greed: float) -> ByTwosMove:
    """A random legal move other than giving up, preferring builds with probability
    ``greed``."""
    moves = [move for move in BYTWOS.legal_moves(state) if move != GIVE_UP]
    assert moves, "giving up must never be the only move"
    builds = [move for move in moves if isinstance(move, Build)]
    if builds and rng.random() < greed:
        return rng.choice(builds)
    return rng.choice(moves)


def holds_the_double_pack(state: ByTwosState) -> bool:
    """Every card of the two packs is somewhere in the position, none twice too many.
    (Compared as dict items: ``Counter.__eq__`` is much slower, and this runs often.)"""
    return Counter(BYTWOS.cards(state)).items() == DOUBLE_PACK.items()


def fields(state: ByTwosState) -> tuple[Any, ...]:
    """Every slot of a state, to check later that it has not changed."""
    return tuple(getattr(state, name) for name in ByTwosState.__slots__)


def play_out(seed: int, policy: int, greed: float, stop: int = MAX_MOVES + 1) -> Line[Any, Any]:
    """A random game from a seed, played until it ends (or ``stop`` moves have been made)."""
    rng = random.Random(policy)
    line: Line[Any, Any] = Line.from_seed(BYTWOS, seed)
    while BYTWOS.legal_moves(line.current) and len(line.moves) < stop:
        assert len(line.moves) < MAX_MOVES, "the playout went past the proven bound"
        line = line.play(choose(line.current, rng, greed))
    return line


@in_parts(PARTS)
@settings(max_examples=500 // PARTS, deadline=None)  # 500 playouts in all
@given(drawn=st.integers(0, MAX_SEED), policy=st.integers(0, 2**32), greed=GREED)
def test_random_playouts_keep_every_invariant(
    part: int, drawn: int, policy: int, greed: float
) -> None:
    seed = seed_of(drawn, part, PARTS)
    rng = random.Random(policy)
    line: Line[Any, Any] = Line.from_seed(BYTWOS, seed)
    snapshots = [fields(line.current)]
    for _ in range(MAX_MOVES):
        state = line.current
        legal = BYTWOS.legal_moves(state)
        if not legal:
            break
        assert state.phase is not Phase.FINISHED
        assert (GIVE_UP in legal) == (state.phase is Phase.DEALING)
        for move in legal:
            assert BYTWOS.parse_move(BYTWOS.format_move(move)) == move
        line = line.play(choose(state, rng, greed))
        after = line.current
        assert holds_the_double_pack(after)
        assert line.undo().current is state
        snapshots.append(fields(after))
        if len(line.moves) % 24 == 0 or after.phase is not state.phase:
            assert BYTWOS.parse_position(BYTWOS.format_position(after)) == after
    # every playout ends within the bound, with each kind of move within its own
    finished = line.current
    assert BYTWOS.legal_moves(finished) == () and finished.phase is Phase.FINISHED
    kinds = Counter(type(move) for move in line.moves)
    assert kinds[TurnCard] <= MAX_TURNS and kinds[Build] <= MAX_BUILDS
    assert kinds[DealCard] <= MAX_DEALS and kinds[Redeal] <= MAX_REDEALS
    assert len(line.moves) <= MAX_MOVES
    assert kinds[Redeal] == finished.deal - 1
    outcome = BYTWOS.outcome(finished)
    assert outcome is not None and outcome.score == finished.on_foundations
    assert outcome.won == (outcome.score == 104)
    assert BYTWOS.parse_position(BYTWOS.format_position(finished)) == finished
    # no move changed a state made earlier
    assert [fields(state) for state in line.states] == snapshots
    # undo all the way back is the deal; redo all the way forward is the end
    back = line.goto(0)
    assert back.current == BYTWOS.start_from_seed(seed)
    assert back.goto(len(line.moves)).current == finished


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    policy=st.integers(0, 2**32),
    greed=GREED,
    stop=st.integers(0, MAX_MOVES),
    give_up=st.booleans(),
)
def test_records_and_positions_round_trip(
    seed: int, policy: int, greed: float, stop: int, give_up: bool
) -> None:
    line = play_out(seed, policy, greed, stop)
    if give_up and line.current.phase is Phase.DEALING:
        line = line.play("give-up")
        assert BYTWOS.outcome(line.current) is not None
    again = replay(parse_record(format_record(line)))
    assert again.states == line.states
    assert again.moves == line.moves
    for state in line.states[::9] + line.states[-1:]:
        text = BYTWOS.format_position(state)
        assert BYTWOS.parse_position(text) == state
        assert BYTWOS.format_position(BYTWOS.parse_position(text)) == text


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, MAX_SEED))
def test_every_deal_forms_a_packet_of_thirteen_ranks_and_a_stock_of_91(seed: int) -> None:
    state = BYTWOS.start_from_seed(seed)
    turns = 0
    while len(state.kept) < 12 or any(c.rank == state.deck[0].rank for c in state.kept):
        assert BYTWOS.parse_position(BYTWOS.format_position(state)) == state
        state = BYTWOS.apply(state, TURN)
        turns += 1
        assert state.phase is Phase.FORMING
    packet = (*state.kept, state.deck[0])
    stock = state.deck[1:] + state.rejected
    assert len({c.rank for c in packet}) == 13 and len(stock) == 91
    dealt = BYTWOS.apply(state, TURN)
    assert dealt.phase is Phase.DEALING and dealt.deal == 1 and turns + 1 <= MAX_TURNS
    # only base cards have left the packet's top and the stock's top, and nothing else moved
    assert dealt.packet == packet[: len(dealt.packet)]
    assert dealt.stock == stock[len(stock) - len(dealt.stock) :]
    laid = packet[len(dealt.packet) :] + stock[: len(stock) - len(dealt.stock)]
    on_foundations = [c for i, n in enumerate(dealt.built) for c in foundation_cards(i, n)]
    assert Counter(laid) == Counter(on_foundations)
    assert all(card.rank <= 2 for card in laid) and all(n <= 1 for n in dealt.built)
    # and none is left on view: every ace or deuce on top is a second one
    for _source, top in dealt.available():
        if top.rank <= 2:
            assert dealt.built[2 * "CDHS".index(top.suit) + top.rank - 1] == 1
