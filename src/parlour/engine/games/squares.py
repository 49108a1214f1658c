"""Three Squares: build suit runs that wrap round, across three squares of four heaps
(rulings S1–S7 and Parlour's rulings S8–S10).

Phases: ``forming-2`` and ``forming-3`` (several sequences are exposed and the player
chooses which one starts square 2, or square 3), ``building`` and ``finished``. Dealing
while the squares are formed, and taking up a sequence when it is the only one, are
automatic (C4), so a state is always one where the player must decide, or finished.

Moves (one token each, see docs/notation.md): ``take:1a,1c`` takes up the sequence
formed by those heaps' top cards; ``1a-2c`` moves the top run of 1a onto the top card of
2c, or, when 2c is a space, the top card of 1a alone into it; ``p-1b`` fills the space 1b
from the pack; ``d`` deals to the next square; ``give-up`` ends the game. ``give-up`` is a
legal move in every position until the game is over.

>>> state = SQUARES.start_from_seed(1)
>>> state.phase, state.squares, len(state.pack)
(<Phase.BUILDING: 'building'>, 3, 30)
>>> [str(move) for move in SQUARES.legal_moves(state)][-2:]
['d', 'give-up']
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from typing import Final

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.game import SettlesEndLater
from parlour.engine.games import squares_text
from parlour.engine.games.squares_layout import HEAP_COUNT
from parlour.engine.games.squares_layout import HEAPS_PER_SQUARE
from parlour.engine.games.squares_layout import SQUARE_COUNT
from parlour.engine.games.squares_nodes import canonical
from parlour.engine.games.squares_plugin import PLUGIN
from parlour.engine.games.squares_search import BUDGET
from parlour.engine.games.squares_search import Verdict
from parlour.engine.games.squares_search import remember_finding
from parlour.engine.games.squares_search import search
from parlour.engine.games.squares_search import search_longer
from parlour.engine.games.squares_state import END
from parlour.engine.games.squares_state import DeclareEnd
from parlour.engine.games.squares_state import HeapMove
from parlour.engine.games.squares_state import Phase
from parlour.engine.games.squares_state import SquaresMove
from parlour.engine.games.squares_state import SquaresState
from parlour.engine.games.squares_state import building_state
from parlour.engine.games.squares_state import end_is_proved
from parlour.engine.games.squares_state import end_undecided
from parlour.engine.games.squares_state import form
from parlour.engine.games.squares_state import moved_heaps
from parlour.engine.games.squares_state import packets
from parlour.engine.games.squares_state import play
from parlour.engine.games.squares_words import WORDS


class SquaresRules(Rules[SquaresState, SquaresMove], SettlesEndLater[SquaresState, SquaresMove]):
    spec = PLUGIN
    lower_is_better = False

    def _start(self, deck: tuple[Card, ...], options: frozenset[str]) -> SquaresState:
        return form([()] * HEAP_COUNT, deck, 1, options)

    def legal_moves(self, state: SquaresState) -> tuple[SquaresMove, ...]:
        return state.legal

    def is_legal(self, state: SquaresState, move: SquaresMove) -> bool:
        if isinstance(move, DeclareEnd):
            return end_is_proved(state)  # S11: Parlour's own move, never listed
        return move in state.legal

    def _apply(self, state: SquaresState, move: SquaresMove) -> SquaresState:
        return play(state, move)

    def position(
        self,
        heaps: Sequence[Sequence[Card]],
        pack: Sequence[Card] = (),
        next_deal: int = 1,
        squares: int = SQUARE_COUNT,
        options: Iterable[str] = (),
    ) -> SquaresState:
        """A building position from its heaps (1a … 3d, each bottom to top, up to twelve)
        and pack, with its phase and legal moves worked out; for tests and analysis."""
        if len(heaps) > squares * HEAPS_PER_SQUARE:
            raise NotationError(f"{squares} squares have {squares * HEAPS_PER_SQUARE} heaps")
        if not 1 <= next_deal <= squares:
            raise NotationError(f"the next deal goes to one of the {squares} squares")
        piles = tuple(tuple(heap) for heap in heaps)
        piles += ((),) * (HEAP_COUNT - len(piles))
        check_deck([*pack, *(c for heap in piles for c in heap)])
        return building_state(piles, squares, tuple(pack), next_deal, self.check_options(options))

    # -- the end (S10, S11): the capability SettlesEndLater ---------------------------------

    def end_in_doubt(self, state: SquaresState) -> bool:
        """True when the end search made after the last move could not tell whether a
        higher score can still be reached (S10): the app then runs :meth:`look_further` in
        the background, and keeps doing so after each move until the game is over."""
        return end_undecided(state)

    def look_further(self, state: SquaresState) -> str:
        """The longer end search's verdict (S11): slow, so run it in the background."""
        return search_longer(canonical(state.heaps, state.squares))

    def end_after_look(self, state: SquaresState, finding: str) -> SquaresMove | None:
        """Take in :meth:`look_further`'s verdict for ``state``, worked out elsewhere (its
        search is deterministic, so this is what it would say here), and return the move
        that ends the game when it shows that no more can be done."""
        if not self.end_in_doubt(state):
            return None
        verdict = Verdict(finding)
        remember_finding(canonical(state.heaps, state.squares), verdict)
        return END if verdict is Verdict.STUCK else None

    def look_note(self, finding: str) -> str:
        """What the app says when :meth:`look_further` has found that the game goes on."""
        return WORDS.look_note(finding)

    def improving_line(self, state: SquaresState) -> tuple[SquaresMove, ...] | None:
        """With the pack empty, legal moves that lead to a higher score, if the end search
        (S10) finds them within its budget; ``None`` otherwise."""
        if state.phase is not Phase.BUILDING or state.pack:
            return None
        start = canonical(state.heaps, state.squares)
        # a short line if one is near; else the end search's own, which may be long
        found, path = search(start, BUDGET // 4, shortest=True)
        if found is not Verdict.IMPROVABLE:
            found, path = search(start)
        if found is not Verdict.IMPROVABLE:
            return None
        line: list[SquaresMove] = []
        for node in path:
            for move in state.legal:
                if (
                    isinstance(move, HeapMove)
                    and canonical(moved_heaps(state.heaps, move), state.squares) == node
                ):
                    break
            else:  # pragma: no cover - the search only makes legal moves
                raise AssertionError("the search's line cannot be played")
            line.append(move)
            state = play(state, move)
        return tuple(line)

    def parse_move(self, text: str) -> SquaresMove:
        return squares_text.parse_move(text)

    def format_position(self, state: SquaresState) -> str:
        return squares_text.format_position(state)

    def parse_position(self, text: str) -> SquaresState:
        return squares_text.parse_position(text, self.check_options)

    def cards(self, state: SquaresState) -> list[Card]:
        return [*state.pack, *(c for heap in state.heaps for c in heap)]

    # -- results --------------------------------------------------------------------------

    def score(self, state: SquaresState) -> int:
        """S7: how many heaps hold one complete suit as one run and nothing else."""
        return packets(state)

    def outcome(self, state: SquaresState) -> Outcome | None:
        if state.phase is not Phase.FINISHED:
            return None
        score = self.score(state)
        return Outcome(score == len(SUITS), score)


SQUARES: Final = SquaresRules()
