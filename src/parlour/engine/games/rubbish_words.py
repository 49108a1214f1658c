"""What Rubbish Heap says to the player: what a move does and, once made, what it did,
with the automatic steps that followed it (told from the rules'
:class:`~parlour.engine.games.rubbish_state.Step` notes), why a move is refused (R3,
R4), what a position asks, and how a game ended.

>>> from parlour.engine.games.rubbish import RUBBISH
>>> state = RUBBISH.start_from_seed(1)
>>> WORDS.describe(state, RUBBISH.parse_move("d10c"))
'discard 10C'
>>> WORDS.done(state, RUBBISH.parse_move("d10c"))
'discarded 10C'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import format_cards
from parlour.engine.game import GIVE_UP
from parlour.engine.game import GiveUp
from parlour.engine.game import Words
from parlour.engine.games.rubbish import RUBBISH
from parlour.engine.games.rubbish_state import PACK_SIZE
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import FillFromStock
from parlour.engine.games.rubbish_state import FillFromWaste
from parlour.engine.games.rubbish_state import Happened
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState
from parlour.engine.games.rubbish_state import Step
from parlour.engine.games.rubbish_state import after_move
from parlour.engine.games.rubbish_state import check_blocked
from parlour.engine.wording import NUMBER_WORDS
from parlour.engine.wording import counted
from parlour.engine.wording import rank_plural


class RubbishWords(Words[RubbishState, RubbishMove]):
    hidden_piles = frozenset({"stock"})
    rows = frozenset({"board", "foundations"})
    score_label = "cards home"

    def describe(self, state: RubbishState, move: RubbishMove) -> str:
        """What the move does, with the automatic steps that follow it."""
        return _told(state, move, past=False)

    def done(self, state: RubbishState, move: RubbishMove) -> str:
        return _told(state, move, past=True)

    def ending(self, state: RubbishState) -> str:
        home = state.cards_home
        if home == PACK_SIZE:
            return "all 52 cards home"
        how = "given up" if state.gave_up else "blocked"
        return f"{how} with {home} {'card' if home == 1 else 'cards'} home"

    def prompt(self, state: RubbishState) -> str:
        """One line saying what the position asks of the player."""
        if state.phase is Phase.FINISHED:
            won = state.cards_home == PACK_SIZE
            ruling = "" if won or state.gave_up else " (R5)"
            result = f"{'won, ' if won else ''}{self.ending(state)}{ruling}"
            return f"Game over: {result}. Score {state.cards_home}."
        vacancies = state.vacancies
        if state.phase is Phase.FILLING:
            among = f" (of {len(vacancies)} empty places)" if len(vacancies) > 1 else ""
            return (
                f"Fill the vacancy at position {vacancies[0]}{among}: take the stock's next "
                f"card (s) or the waste's top card {state.waste[-1]} (w)."
            )
        group = state.discard_group()
        left = state.discards_left
        plural = rank_plural(state.discard_rank)
        cards = format_cards(group)
        if vacancies:  # part of the round is done
            lands = "the last one thrown lands" if left > 1 else "it lands"
            return (
                f"Discard: {NUMBER_WORDS[left]} more of the {plural} ({cards}) must go (d<card>); "
                f"{lands} on top of the waste."
            )
        rest = "the last one thrown lands on top of the waste" if left > 1 else "the other stays"
        return (
            f"Discard: {NUMBER_WORDS[len(group)]} {plural} on the board ({cards}) — choose the "
            f"{NUMBER_WORDS[left]} to throw (d<card>); {rest}."
        )

    def why_illegal(self, state: RubbishState, move: RubbishMove) -> str:
        if state.phase is Phase.FINISHED:
            return "the game is over"
        rank = state.discard_rank
        plural = rank_plural(rank)
        if isinstance(move, FillFromStock | FillFromWaste):
            if state.phase is Phase.DISCARDING:
                left = NUMBER_WORDS[state.discards_left]
                if state.vacancies:
                    return f"{left} more of the {plural} must be discarded first (R4)"
                return (
                    f"the board is full and nothing can go out, so {left} of the {plural} must be "
                    "discarded first (R4)"
                )
            return "that fill is not possible here (R3)"  # both sources are offered while filling
        if isinstance(move, Discard):
            thrown = move.card
            if state.phase is Phase.FILLING:
                return (
                    "cards are discarded only when all 13 places are filled and nothing can go "
                    f"out; position {state.vacancies[0]} is empty (R4)"
                )
            if thrown.rank == rank or thrown not in state.board:
                return f"{thrown} is not on the board (R4)"
            group = len(state.discard_group()) + len(state.vacancies)
            others = sum(1 for c in state.board if c is not None and c.rank == thrown.rank)
            if others < group:
                reason = (
                    f"a group of {NUMBER_WORDS[group]} comes before a group of "
                    f"{NUMBER_WORDS[others]}"
                )
            else:
                reason = "among groups of the same size the highest rank goes"
            return f"it is the {plural} that must go, not {thrown}: {reason} (R4)"
        assert isinstance(move, GiveUp)
        return "the game is over"


def tell(steps: Sequence[Step], *, past: bool = False) -> str:
    """The steps of one move, in words, joined by semicolons: what they do, or (``past``)
    what they did. A card that goes out straight from the place just filled is told with
    its fill ("…, which goes out"); the second card of a suit to go out in the move
    "follows". Told as done, a fill that leaves the board full fills "the last empty
    place" (what the full board asks, the prompt after the move says)."""
    said: list[str] = []
    built: set[str] = set()  # suits built on so far in the move
    for step, following in zip(steps, [*steps[1:], None], strict=True):
        if past and step.happened is Happened.FILL:
            full = following is not None and following.happened is Happened.FULL
            said.append(_filled(step, last=full))
            continue
        if past and step.happened is Happened.FULL and said and said[-1].startswith("filled"):
            continue  # told with its fill
        if step.happened is not Happened.OUT:
            said.append(_step_words(step, past=past))
            continue
        assert step.card is not None
        if step.just_filled:
            said[-1] += ", which went out" if past else ", which goes out"
        else:
            verb = "follows" if step.card.suit in built else "goes out"
            if past:
                verb = "followed" if step.card.suit in built else "went out"
            where = f"position {step.place}" if step.place else "the waste"
            said.append(f"{step.card} {verb} from {where}")
        built.add(step.card.suit)
    return "; ".join(said)


def _filled(step: Step, *, last: bool) -> str:
    """A fill as done; ``last``: it left the board full."""
    source = "waste" if step.from_waste else "stock"
    place = f"the last empty place, position {step.place}," if last else f"position {step.place}"
    return f"filled {place} from the {source} with {step.card}"


def _step_words(step: Step, *, past: bool = False) -> str:
    """One step in words; ``past``: as done (a fill as done is :func:`_filled`; the board
    full is told as what happened, not as what it asks, which the prompt after says)."""
    match step.happened:
        case Happened.DISCARD:
            return f"discarded {step.card}" if past else f"discard {step.card}"
        case Happened.FILL:
            source = "waste" if step.from_waste else "stock"
            return f"fill position {step.place} from the {source}: {step.card}"
        case Happened.FULL if past:
            return "the board was full"
        case Happened.FULL:
            return (
                f"the board is full: {NUMBER_WORDS[step.size - 1]} of the "
                f"{NUMBER_WORDS[step.size]} {rank_plural(step.rank)} must go"
            )
        case Happened.ALL_HOME:
            return "all 52 cards are home"
        case Happened.NO_FILL:
            return f"nothing can fill position {step.place}: the game is over (R5)"
        case _:
            return "the stock is empty and no card can reach a foundation any more (R5)"


def _plain_description(move: RubbishMove, *, past: bool = False) -> str:
    """What a move would do (or, ``past``, did), without its consequences (for moves
    that are not legal)."""
    if isinstance(move, FillFromStock):
        return "filled from the stock" if past else "fill from the stock"
    if isinstance(move, FillFromWaste):
        return "filled from the waste" if past else "fill from the waste"
    if isinstance(move, Discard):
        return f"discarded {move.card}" if past else f"discard {move.card}"
    assert isinstance(move, GiveUp)
    return "gave up" if past else "give up"


WORDS: Final = RubbishWords()


def _told(state: RubbishState, move: RubbishMove, *, past: bool) -> str:
    """What ``move`` does (or, ``past``, did) from ``state``, with the automatic steps
    that follow it."""
    if move is GIVE_UP:
        gave = "gave" if past else "give"
        return f"{gave} up with {counted(state.cards_home, 'card')} home"
    if not RUBBISH.is_legal(state, move):
        return _plain_description(move, past=past)
    steps: list[Step] = []
    check_blocked(after_move(state, move, steps), steps)
    return tell(steps, past=past)
