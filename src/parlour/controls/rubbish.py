"""Rubbish Heap's keys: ``s`` and ``w`` fill a vacancy from the stock or the waste, the
key above a place (1–9, a–d) throws its card in a round of discards, the arrows and Enter
choose among the moves on offer, ``v`` shows the whole heap and ``G`` gives up (asking
first). Every foundation play and forced fill happens inside the engine's moves."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from enum import auto
from typing import Final
from typing import Protocol

from parlour.controls.game import Ask
from parlour.controls.game import GameControls
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Reply
from parlour.controls.game import Say
from parlour.controls.game import View
from parlour.controls.game import shared_keys
from parlour.controls.keys import Availability
from parlour.controls.keys import During
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.controls.keys import key_ranges
from parlour.controls.keys import numbered
from parlour.controls.screens import Helps
from parlour.controls.screens import help_key
from parlour.engine.game import GIVE_UP
from parlour.engine.games.rubbish_state import DISCARDS
from parlour.engine.games.rubbish_state import FROM_STOCK
from parlour.engine.games.rubbish_state import FROM_WASTE
from parlour.engine.games.rubbish_state import Discard
from parlour.engine.games.rubbish_state import FillFromStock
from parlour.engine.games.rubbish_state import FillFromWaste
from parlour.engine.games.rubbish_state import Phase
from parlour.engine.games.rubbish_state import RubbishMove
from parlour.engine.games.rubbish_state import RubbishState

#: the key of each place on the board: 1–9, then a–d for 10–13 (as in hexadecimal)
PLACE_KEYS: Final = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d")


def place_title(number: int, key: str | None = None) -> str:
    """What is written above a place: its number, and its key (``key``: as the player has
    it; by default, as declared) when that differs."""
    key = PLACE_KEYS[number - 1] if key is None else key
    return str(number) if key == str(number) else f"{number} {key}"


def legend(key: Callable[..., str]) -> str:
    """The reminder of the keys the board shows (``key``: the controls' key of an action,
    as the player has it)."""
    places = key_ranges([key("discard_at", number) for number in range(1, len(PLACE_KEYS) + 1)])
    *first, last = places.split(" ")
    throw = f"{', '.join(first)} and {last}" if first else last
    return (
        f"{throw} throw the card at that position · {key('fill_stock')} and "
        f"{key('fill_waste')} fill from the stock or the waste · {key('cursor', -1)} "
        f"{key('cursor', 1)} and {key('play_cursor')} choose · {key('heap')} the whole heap · "
        f"{key('give_up')} give up · {key('help')} rules and keys"
    )


def cards_count(count: int) -> str:
    """``12 cards``, ``1 card``, ``empty``."""
    return f"{count} {'card' if count == 1 else 'cards'}" if count else "empty"


def or_list(words: list[str]) -> str:
    """``3``, ``3 or 7``, ``3, 7 or b``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} or {words[-1]}"


def describe_choice(state: RubbishState, move: RubbishMove) -> str:
    """A choice in words: ``throw 10H from position 7``, ``fill from the stock``."""
    if isinstance(move, Discard):
        if move.card in state.board:
            return f"throw {move.card} from position {state.board.index(move.card) + 1}"
        return f"throw {move.card}"
    if isinstance(move, FillFromStock):
        return "fill from the stock"
    if isinstance(move, FillFromWaste) and state.waste:
        return f"fill with the waste's top card {state.waste[-1]}"
    return "fill from the waste" if isinstance(move, FillFromWaste) else "give up"


def prompt_words(
    state: RubbishState, prompt: str, key: Callable[..., str], *, offers_new_game: bool
) -> str:
    """The engine's prompt, naming the screen's keys (``key``: the controls' key of an
    action, as the player has it) instead of the move notation."""
    if state.phase is Phase.DISCARDING:
        group = set(state.discard_group())
        keys = [
            key("discard_at", number)
            for number, placed in enumerate(state.board, start=1)
            if placed in group
        ]
        return prompt.replace("(d<card>)", f"(press {or_list(keys)})")
    if state.phase is Phase.FILLING:
        return prompt.replace("(s)", f"({key('fill_stock')})").replace(
            "(w)", f"({key('fill_waste')})"
        )
    if state.phase is Phase.FINISHED and offers_new_game:
        return prompt + f" Press {key('new')} for a new game."
    return prompt


class RubbishCommand(Enum):
    """What the Rubbish Heap screen does itself."""

    #: show the whole waste heap
    HEAP = auto()
    #: start a new game though this one is in play (the player said yes)
    NEW_ANYWAY = auto()


class RubbishControls(GameControls):
    """The choice the arrows have selected (a fill or a discard), which Enter makes."""

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self.selection: RubbishMove | None = None

    @property
    def state(self) -> RubbishState:
        state: RubbishState = super().state
        return state

    # -- what is on offer ------------------------------------------------------------------

    def choices(self) -> list[RubbishMove]:
        """The moves the arrows step through: the fills on offer, or the cards that may
        be thrown (in board order); giving up has its own key."""
        if not self.live:
            return []
        return [move for move in self.rules.legal_moves(self.state) if move is not GIVE_UP]

    def selected(self) -> RubbishMove | None:
        """The selected choice, kept while it is still on offer, else the first."""
        choices = self.choices()
        if not choices:
            return None
        if self.selection not in choices:
            self.selection = choices[0]
        return self.selection

    # -- replies ---------------------------------------------------------------------------

    def choose(self, move: RubbishMove) -> Reply:
        """Make ``move``; if the engine refuses it, say why in the player's words rather
        than in move notation."""
        if not self.live:
            return Say("")
        if not self.rules.is_legal(self.state, move):
            if isinstance(move, Discard):
                tried = f"Cannot throw {move.card}"
            else:
                tried = f"Cannot {describe_choice(self.state, move)}"
            reason = self.rules.words.why_illegal(self.state, move)
            return Say(f"{tried} — {reason}.", refused=True)
        return Play(move)

    def fill_stock(self) -> Reply:
        return self.choose(FROM_STOCK)

    def fill_waste(self) -> Reply:
        return self.choose(FROM_WASTE)

    def explain_fill(self, source: str) -> Reply:
        return self.choose(FROM_STOCK if source == "s" else FROM_WASTE)  # the engine says why

    def discard_at(self, number: int) -> Reply:
        placed = self.state.board[number - 1]
        if placed is None:
            return Say(f"Position {number} is empty: there is no card to throw.", refused=True)
        return self.choose(DISCARDS[placed])

    def play_cursor(self) -> Reply:
        move = self.selected()
        return Say("") if move is None else self.choose(move)

    def move_cursor(self, step: int) -> Reply:
        choices = self.choices()
        selected = self.selected()
        if not choices or selected is None:
            return Say("")
        self.selection = choices[(choices.index(selected) + step) % len(choices)]
        words = describe_choice(self.state, self.selection)
        return Redraw(
            f"{self.key('play_cursor')} will {words}; {self.key('cursor', -1)} and "
            f"{self.key('cursor', 1)} choose another."
        )

    def give_up(self) -> Reply:
        home = self.state.cards_home
        return Ask(
            f"Give up this game? It ends now with {home} "
            f"{'card' if home == 1 else 'cards'} home, and that is its score.",
            yes="Give up",
            no="Play on",
            move=GIVE_UP,
        )

    def new_question(self) -> Ask | None:
        """A new game drops this one unscored: ask first while it is in play."""
        if not self.live or not self.game.can_undo:
            return None
        moves = len(self.line.moves)
        return Ask(
            f"Start a new game? This one ({moves} {'move' if moves == 1 else 'moves'} "
            f"played) is dropped and not scored; {self.key('give_up')} gives up instead, which "
            "keeps its score.",
            yes="New game",
            no="Play on",
            then=RubbishCommand.NEW_ANYWAY,
        )

    # -- hints -----------------------------------------------------------------------------

    def point_at(self, move: object) -> None:
        if move is not GIVE_UP and isinstance(move, Discard | FillFromStock | FillFromWaste):
            self.selection = move

    def hint_words(self, move: RubbishMove) -> str:
        # the engine's description would play the move out and name the next stock card
        return describe_choice(self.state, move)

    def key_for(self, move: RubbishMove) -> str:
        if isinstance(move, Discard):
            return self.key("discard_at", self.state.board.index(move.card) + 1)
        if isinstance(move, FillFromStock):
            return self.key("fill_stock")
        if isinstance(move, FillFromWaste):
            return self.key("fill_waste")
        return self.key("give_up")

    # -- when the keys may be used ---------------------------------------------------------

    def can_fill_stock(self) -> Availability:
        return self._can_fill(FROM_STOCK)

    def can_fill_waste(self) -> Availability:
        return self._can_fill(FROM_WASTE)

    def _can_fill(self, move: RubbishMove) -> Availability:
        playing = self.playing()
        if playing is not True:
            return playing  # the game is over: says so
        return move in self.choices() or None

    def can_explain(self) -> Availability:
        return self.live


KEYS: Final = (
    KeyTable[RubbishControls](
        (
            Key("s", "fill_stock", lambda c: c.fill_stock(), "Stock", "fill the vacancy from "
                "the stock (when both stock and waste could)", lambda c: c.can_fill_stock()),
            Key("w", "fill_waste", lambda c: c.fill_waste(), "Waste", "fill the vacancy with "
                "the waste heap's top card (likewise)", lambda c: c.can_fill_waste()),
            # when a fill is not on offer the keys still answer, with the engine's reason
            Key("s", "explain_fill", lambda c: c.explain_fill("s"),
                when=lambda c: c.can_explain(), arguments=("s",)),
            Key("w", "explain_fill", lambda c: c.explain_fill("w"),
                when=lambda c: c.can_explain(), arguments=("w",)),
            *numbered(RubbishControls, PLACE_KEYS, "discard_at",
                      lambda c, number: c.discard_at(number), "", "throw the card at that "
                      "position (10–13 are a–d, as shown above them)",
                      lambda c, _: c.playing()),
            Key("enter", "play_cursor", lambda c: c.play_cursor(), "Choose", "make the "
                "selected choice", lambda c: c.playing()),
            Key("v", "heap", lambda _: RubbishCommand.HEAP, "Heap", "look through the whole "
                "waste heap, its top card last", during=During.ALWAYS),
            Key("G", "give_up", lambda c: c.give_up(), "Give up", "give up: the game ends "
                "with its score as it stands (asks first)", lambda c: c.playing()),
        ),
        notes=(
            "The mouse works too: click a card of the group to throw it, the stock or the "
            "waste to fill from it, and the waste at any other time to look through the heap.",
        ),
    )
    + shared_keys()
).described(
    {
        "cursor(-1)": "select the previous choice: a card of the group, or stock or waste",
        "cursor(1)": "select the next choice",
        "new": "new game (while this one is in play, asks first: it would not be scored)",
    }
)  # fmt: skip
RubbishControls.KEYS = KEYS


class HeapViewer(Helps, Protocol):
    """The waste heap's viewer, as its keys see it."""

    def action_close(self) -> None: ...


#: the keys of the waste heap's viewer
HEAP_KEYS: Final = KeyTable[HeapViewer](
    (
        Key("escape", "close", lambda s: s.action_close(), "Close", "close the view of the heap"),
        Key("v", "close", lambda s: s.action_close(), "", "close the view of the heap"),
        Key("enter", "close", lambda s: s.action_close(), "", "close the view of the heap"),
        Key("q", "close", lambda s: s.action_close(), "", "close the view of the heap"),
        help_key(),
    )
)
