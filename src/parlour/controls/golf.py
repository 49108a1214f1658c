"""Golf's keys: a column's number plays its exposed card, Space turns the stock, and the
arrows with Enter choose a column. In a round, ``c`` shows the scorecard and ``n`` goes on
to the next hole once this one is over."""

from __future__ import annotations

from enum import Enum
from enum import auto
from typing import Final

from parlour.controls.game import Ask
from parlour.controls.game import Command
from parlour.controls.game import GameControls
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Reply
from parlour.controls.game import Say
from parlour.controls.game import View
from parlour.controls.game import shared_keys
from parlour.controls.keys import Availability
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.controls.keys import numbered
from parlour.engine.game import GIVE_UP
from parlour.engine.games.golf import COLUMNS
from parlour.engine.games.golf import PLAYS
from parlour.engine.games.golf import TURN
from parlour.engine.games.golf import PlayColumn


class GolfCommand(Enum):
    """What the Golf screen does itself."""

    SCORECARD = auto()


class GolfControls(GameControls):
    """The selected column (1–7), and the moves Golf's keys make."""

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self.cursor = 1

    # -- replies -------------------------------------------------------------------------

    def play(self, column: int) -> Reply:
        self.cursor = column
        return Play(PLAYS[column - 1])

    def play_cursor(self) -> Reply:
        return Play(PLAYS[self.cursor - 1])

    def turn(self) -> Reply:
        return Play(TURN)

    def explain_turn(self) -> Reply:
        return Play(TURN)  # refused by the engine, which says why

    def move_cursor(self, step: int) -> Reply:
        self.cursor = (self.cursor - 1 + step) % COLUMNS + 1
        return Redraw()

    def point_at(self, move: object) -> None:
        """Select the column a hint names."""
        if isinstance(move, PlayColumn):
            self.cursor = move.column

    def hint_words(self, move: object) -> str:
        # the engine would name the card a turn brings up: a hint must not show it
        if move == TURN:
            return "turn the stock"
        return super().hint_words(move)

    def key_for(self, move: object) -> str:
        if isinstance(move, PlayColumn):
            return self.key("play", move.column)
        if move == GIVE_UP:
            return self.key("concede")
        return self.key("turn") if move == TURN else str(move)

    def refused_words(self, move: object) -> str:
        # Space and s turn, a column's number and Enter play it, and a click does either:
        # the move is named, not a key the player may not have pressed
        if move == TURN:
            return "Turning the stock"
        if isinstance(move, PlayColumn):
            return f"Playing column {move.column}"
        return super().refused_words(move)

    # -- when the keys may be used ---------------------------------------------------------

    def can_turn(self) -> Availability:
        return self.legal(TURN)

    def cannot_turn(self) -> Availability:
        return TURN not in self.rules.legal_moves(self.state)

    def in_round(self) -> bool:
        return self.view.course.round is not None

    def has_scorecard(self) -> Availability:
        return self.in_round()

    def concede(self) -> Reply:
        left = self.state.links_left
        return Ask(
            f"Concede this hole? It ends now with {left} {'card' if left == 1 else 'cards'} "
            "left on the links, and that is its score (playing on can only lower it).",
            yes="Concede",
            no="Play on",
            move=GIVE_UP,
        )

    def no_scorecard(self) -> Reply:
        return Say(
            "No scorecard: this is a single hole. A round of holes (on the start screen) "
            "keeps one.",
            refused=True,
        )

    def can_start_another(self) -> Availability:
        # in a round, n goes on with the round instead (the rows of :data:`ROUND_KEYS`)
        return not self.in_round()

    def over(self) -> str:
        place = self.view.course.round
        if place is None:
            return super().over()
        # in a round the key goes on with the round, not to a new game
        last = place.hole >= place.round.holes
        then = (
            f"{self.key('new_round')} starts a new round"
            if last
            else f"{self.key('go_on')} deals the next hole"
        )
        return f"The hole is over and scored: {then}, {self.key('menu')} goes to the menu."

    def can_go_on(self, *, last: bool) -> Availability:
        """n in a round: the next hole (``last`` False) or, after the last hole, a new
        round (``last`` True), once the hole in play is over."""
        place = self.view.course.round
        if place is None or (place.hole >= place.round.holes) != last:
            return False
        if self.game.is_finished:
            return True
        if last:
            return (
                "Finish this hole first: it is the round's last; then "
                f"{self.key('new_round')} starts a new round."
            )
        return "Finish this hole before starting the next."


#: n in a round, in the place of the new game: the next hole, or after the last a new round
#: (as the scorecard's keys of the same names)
ROUND_KEYS: Final[tuple[Key[GolfControls], ...]] = (
    Key("n", "go_on", lambda _: Command.NEW, "Next hole", "in a round: the next hole, once "
        "this one is over", lambda c: c.can_go_on(last=False)),
    Key("n", "new_round", lambda _: Command.NEW, "New round", "after a round's last hole: a "
        "new round", lambda c: c.can_go_on(last=True)),
)  # fmt: skip


def with_round_keys(table: KeyTable[GolfControls]) -> KeyTable[GolfControls]:
    """The table with :data:`ROUND_KEYS` after the new game's row (where the key bar shows
    n: only one of them is bound at a time)."""
    keys = list(table.keys)
    at = next(index for index, key in enumerate(keys) if key.name == "new") + 1
    return KeyTable((*keys[:at], *ROUND_KEYS, *keys[at:]), table.notes, table.intro)


KEYS: Final = with_round_keys(
    KeyTable[GolfControls](
        (
            *numbered(GolfControls, [str(n) for n in range(1, COLUMNS + 1)], "play",
                      lambda c, column: c.play(column), "",
                      "play the exposed card of that column", lambda c, _: c.playing()),
            Key("enter", "play_cursor", lambda c: c.play_cursor(), "Play",
                "play the selected column's exposed card", lambda c: c.playing()),
            Key("space", "turn", lambda c: c.turn(), "Turn stock", "turn the next stock card",
                lambda c: c.can_turn()),
            Key("s", "turn", lambda c: c.turn(), "", "turn the next stock card",
                lambda c: c.can_turn()),
            # when turning is not allowed the keys still answer, with the engine's reason
            Key("space", "explain_turn", lambda c: c.explain_turn(),
                when=lambda c: c.cannot_turn()),
            Key("s", "explain_turn", lambda c: c.explain_turn(),
                when=lambda c: c.cannot_turn()),
            Key("c", "scorecard", lambda _: GolfCommand.SCORECARD, "Scorecard",
                "show the round's scorecard (a round's holes only)",
                lambda c: c.has_scorecard()),
            Key("c", "explain_scorecard", lambda c: c.no_scorecard(),
                when=lambda c: not c.has_scorecard()),
            Key("G", "concede", lambda c: c.concede(), "Concede", "concede the hole: it ends "
                "with the cards left on the links as its score (asks first; G7)",
                lambda c: c.playing()),
        ),
        notes=(),
    )
    + shared_keys()
).described(
    {
        "cursor(-1)": "select the column to the left",
        "cursor(1)": "select the column to the right",
        "new": "new game (a single hole; asks first while this one has moves played: it "
            "would be dropped, not scored)",
    }
)  # fmt: skip
GolfControls.KEYS = KEYS
