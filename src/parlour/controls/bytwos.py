"""By Twos' keys: ``t`` and ``f`` turn cards while the packet is formed; then ``s``, ``w``
and ``p`` build the card of the stock, the waste or the packet, ``a`` or ``2`` choosing
the pile (ace or deuce) when both piles of its suit take it, ``d`` deals, ``o`` turns the
waste over and ``G`` gives up (asking first). What is legal comes from the engine's ``legal_moves``
alone; a key whose move cannot be made answers with the engine's reason.

The engine's prompts name moves by their notation letters; each is shown as the key
that makes the move here, as the player has it (``r``, redo on every game screen, is
the key that turns the waste over, ``o``, by default).

>>> with_screen_keys("deal (d), or turn the waste over for deal 2 (r).")
'deal (d), or turn the waste over for deal 2 (o).'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from enum import auto
from typing import Final

from parlour.controls.game import Ask
from parlour.controls.game import GameControls
from parlour.controls.game import PlainWord
from parlour.controls.game import Play
from parlour.controls.game import Redraw
from parlour.controls.game import Reply
from parlour.controls.game import Say
from parlour.controls.game import View
from parlour.controls.game import shared_keys
from parlour.controls.keys import Availability
from parlour.controls.keys import Key
from parlour.controls.keys import KeyTable
from parlour.controls.keys import lettered
from parlour.engine.cards import SUIT_NAMES
from parlour.engine.game import GIVE_UP
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import DEAL
from parlour.engine.games.bytwos_state import PILES
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import SOURCES
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosMove
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_name
from parlour.engine.games.bytwos_state import wanted
from parlour.session import Session

#: the three cards that may be built, left to right on the board, by notation letter
SOURCE_ORDER: Final = ("s", "w", "p")
PILE_KINDS: Final = ("a", "d")
#: where the engine's words name a move by its notation letter (the letter is the
#: pattern's group), and the action whose key makes that move here: ``r`` (redeal) is
#: redo on every game screen, so the waste is turned over with ``o``
_NOTATION_KEYS: Final = (
    (re.compile(r"\((t)\)"), "turn_card"),
    (re.compile(r"\((d)\)"), "deal"),
    (re.compile(r"\((r)\)"), "redeal"),
    (re.compile(r"\bwith (r)\b"), "redeal"),
)


def _declared_key(name: str) -> str:
    row = KEYS.row(name)
    return row.shown if row is not None else name


def with_screen_keys(message: str, key: Callable[[str], str] = _declared_key) -> str:
    """The engine's words with its notation letters shown as the keys that make the moves
    here (``key``: an action's key as the player has it; by default, as declared)."""
    for pattern, action in _NOTATION_KEYS:
        message = pattern.sub(_replacing(key(action)), message)
    return message


def _replacing(shown: str) -> Callable[[re.Match[str]], str]:
    """What a notation letter's pattern is replaced by: its match, the letter as ``shown``."""
    return lambda found: found[0].replace(found[1], shown)


def sentence(text: str) -> str:
    """``the stock is empty`` -> ``The stock is empty.``"""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def or_list(words: list[str]) -> str:
    """``s``, ``s or w``, ``s, w or p``."""
    return words[0] if len(words) < 2 else f"{', '.join(words[:-1])} or {words[-1]}"


def count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def target(state: ByTwosState, move: Build) -> int:
    """The foundation (index in FOUNDATIONS) that ``move`` names: its card's suit, ace or
    deuce pile. Where the card may go is the engine's business; this only finds the pile."""
    top = state.top_of(move.source)
    assert top is not None
    return ACE_PILE_OF[top.suit] + PILES[move.pile]


@dataclass(frozen=True, slots=True)
class Formed:
    """What forming the whole packet did: the cards turned, the cards rejected in all, and
    what the last turn did, in the engine's words."""

    turned: int
    rejected: int
    last: str

    def __str__(self) -> str:
        return (
            f"Turned {count(self.turned, 'card')} ({self.rejected} rejected in all); last of "
            f"all, {self.last}."
        )


def form_packet(session: Session) -> Formed | None:
    """Turn card after card until the packet is made (the app's ``f``, plain mode's
    ``form``): each turn is a move of its own, recorded and undone one by one. None when
    the packet is not being formed (the engine's reason for a turn says why)."""
    before: ByTwosState = session.state
    turned = 0
    last = ""
    while session.state.phase is Phase.FORMING:
        last = session.rules.words.done(session.state, TURN)
        session.play(TURN)
        turned += 1
    if not turned:
        return None
    rejected = len(before.rejected) + turned - (RANK_COUNT - len(before.kept))
    return Formed(turned, rejected, last)


def why_not_formed(session: Session) -> str:
    """Why the packet cannot be formed now: the engine's reason for a turn."""
    return session.rules.words.why_illegal(session.state, TURN)


def _plain_form(session: Session) -> tuple[bool, str]:
    formed = form_packet(session)
    if formed is None:
        return False, f"form is not allowed: {why_not_formed(session).rstrip('.')}."
    return True, f"{formed} (undo takes back one turn at a time.)"


#: plain mode's words of By Twos beyond its moves: the app's f
PLAIN_WORDS: Final = (
    PlainWord("form", "turn cards until the packet is formed (each turn is a move)", _plain_form),
)


class ByTwosCommand(Enum):
    """What the By Twos screen does itself."""

    #: turn cards until the packet is made, one move at a time, while the player watches
    FORM_PACKET = auto()


class ByTwosControls(GameControls):
    """The selected card (``s``, ``w`` or ``p``: ← and → move it, Enter plays it), and
    while both piles of a suit take a card, that card and the pile selected."""

    def __init__(self, view: View) -> None:
        super().__init__(view)
        self.cursor = "s"
        #: the card waiting for a pile when both piles of its suit take it, else ""
        self.choosing = ""
        #: the pile selected while choosing: ``a`` or ``d``
        self.choice = "a"

    @property
    def state(self) -> ByTwosState:
        state: ByTwosState = super().state
        return state

    # -- replies ---------------------------------------------------------------------------

    def turn_card(self) -> Reply:
        return Play(TURN)

    def build(self, source: str) -> Reply:
        """Play the card of ``source`` to the pile that takes it; ask which when both piles
        of its suit take it; say why not when neither does."""
        state = self.state
        self.cursor = source
        moves = [Build(source, pile) for pile in PILE_KINDS if Build(source, pile) in state.legal]
        if len(moves) == 1:
            return Play(moves[0])
        if moves:
            return self.ask_for_pile(source)
        return self.refuse_build(source)

    def ask_for_pile(self, source: str) -> Reply:
        top = self.state.top_of(source)
        assert top is not None
        self.choice = "a"
        self.choosing = source
        ace, deuce = self.keys_of("choose", PILE_KINDS)
        arrows = " ".join(self.keys_of("cursor", (-1, 1)))
        return Redraw(
            f"Both {SUIT_NAMES[top.suit]} piles take the {SOURCES[source]}'s {top}: {ace} puts "
            f"it on the ace pile, {deuce} on the deuce pile (or {arrows} and "
            f"{self.key('play_selected')}). {self.key('cancel_choice')}: neither."
        )

    def refuse_build(self, source: str) -> Reply:
        state = self.state
        if state.phase is not Phase.DEALING:
            return Play(Build(source, "a"))  # the engine says why
        reasons = dict.fromkeys(
            self.rules.words.why_illegal(state, Build(source, pile)) for pile in PILE_KINDS
        )
        return Say(sentence("; ".join(reasons)), refused=True)

    def choose(self, pile: str) -> Reply:
        source = self.choosing
        if not source:
            return Say("")
        self.choosing = ""
        return Play(Build(source, pile))

    def cancel_choice(self) -> Reply:
        self.choosing = ""
        return Redraw(f"No card played. {self.rules.words.prompt(self.state)}")

    def play_selected(self) -> Reply:
        if self.choosing:
            return self.choose(self.choice)
        if self.state.phase is Phase.FORMING:
            return Play(TURN)
        return self.build(self.cursor)

    def move_cursor(self, step: int) -> Reply:
        if self.choosing:
            self.choice = "d" if self.choice == "a" else "a"
        elif self.state.phase is Phase.DEALING:
            here = SOURCE_ORDER.index(self.cursor)
            self.cursor = SOURCE_ORDER[(here + step) % len(SOURCE_ORDER)]
        return Redraw()

    def deal(self) -> Reply:
        return Play(DEAL)

    def next_card(self) -> Reply:
        """Space: turn a card while forming, deal one afterwards."""
        return Play(TURN if self.state.phase is Phase.FORMING else DEAL)

    def redeal(self) -> Reply:
        return Play(REDEAL)

    def give_up(self) -> Reply:
        return Ask(
            f"Give up this game with {count(self.state.on_foundations, 'card')} on the "
            f"foundations? It ends as lost, with that score.",
            yes="Give up",
            no="Play on",
            move=GIVE_UP,
            declined=f"Playing on. {self.rules.words.prompt(self.state)}",
        )

    def refuse(self, key: str) -> Reply:
        """A key whose move is not possible now: say why (the engine's reason)."""
        if self.game.is_finished:
            return Say(
                f"{self.rules.words.prompt(self.state)} Press {self.key('new')} for a new game.",
                refused=True,
            )
        if key in SOURCE_ORDER:
            return self.refuse_build(key)
        piles = " and ".join(self.keys_of("choose", PILE_KINDS))
        if key in ("a", "2") and self.state.phase is Phase.FORMING:
            return Say(
                f"{piles} choose a foundation pile once the packet is formed and the deals "
                f"begin. {self.rules.words.prompt(self.state)}",
                refused=True,
            )
        if key in ("a", "2"):
            sources = or_list(self.keys_of("build", SOURCE_ORDER))
            return Say(
                f"{piles} choose the pile when both piles of a suit take the card: "
                f"press {sources} first.",
                refused=True,
            )
        return Play({"t": TURN, "d": DEAL, "o": REDEAL, "G": GIVE_UP}[key])

    # -- the mouse -------------------------------------------------------------------------

    def click(self, key: str) -> Reply:
        """A click on the pile or place called ``key``."""
        if not self.live:
            return Say("")
        state = self.state
        if key in ("deck", "kept", "rejected"):
            return Play(TURN)
        if key == "stock" and not state.stock and state.phase is Phase.DEALING:
            return Play(REDEAL)
        if key in ("stock", "waste", "packet"):
            return self.build(key[0])
        if key.startswith("foundation-"):
            return self.foundation_clicked(int(key.removeprefix("foundation-")))
        return Say("")

    def foundation_clicked(self, index: int) -> Reply:
        state = self.state
        pile = PILE_KINDS[index % 2]
        if self.choosing:
            if target(state, Build(self.choosing, pile)) == index:
                return self.choose(pile)
            return Say(
                f"Choose one of the two piles shown, or {self.key('cancel_choice')} to cancel.",
                refused=True,
            )
        moves = [m for m in state.legal if isinstance(m, Build) and target(state, m) == index]
        if len(moves) == 1:
            self.cursor = moves[0].source
            return Play(moves[0])
        if moves:
            keys = " or ".join(self.key("build", move.source) for move in moves)
            return Say(f"More than one card can go there: press {keys}.")
        needed = wanted(index, state.built[index])
        what = f"needs {needed} next" if needed is not None else "is complete"
        return Say(f"The {foundation_name(index)} {what}.", refused=True)

    # -- hints -----------------------------------------------------------------------------

    def hint_words(self, move: ByTwosMove) -> str:
        # the engine's words would name the cards a move brings into view: the card a
        # turn shows, and the bases laid by themselves once a stock or waste card has gone
        if move == TURN:
            return "turn the next card of the pack"
        return super().hint_words(move).split("; then ")[0]

    def point_at(self, move: object) -> None:
        if isinstance(move, Build):
            self.cursor = move.source
        elif move in (DEAL, REDEAL):
            self.cursor = "s"

    def key_for(self, move: ByTwosMove) -> str:
        if isinstance(move, Build):
            both = all(Build(move.source, pile) in self.state.legal for pile in PILE_KINDS)
            build = self.key("build", move.source)
            return f"{build} then {self.key('choose', move.pile)}" if both else build
        actions: dict[object, str] = {
            TURN: "turn_card", DEAL: "deal", REDEAL: "redeal", GIVE_UP: "give_up"
        }  # fmt: skip
        return self.key(actions[move]) if move in actions else str(move)

    def with_keys(self, words: str) -> str:
        return with_screen_keys(words, self.key)

    # -- when the keys may be used ---------------------------------------------------------

    def _dealing(self) -> Availability:
        """False while forming (the dealing keys appear once the packet is made), else
        None: a key that is greyed unless the move is on offer."""
        return None if self.state.phase is not Phase.FORMING else False

    def is_forming(self) -> Availability:
        return self.state.phase is Phase.FORMING

    def is_choosing(self) -> Availability:
        return bool(self.choosing)

    def half_made(self) -> bool:
        return bool(self.choosing)

    def can_select(self) -> Availability:
        return not self.game.is_finished or self.over()

    def can_build(self, source: str) -> Availability:
        dealing = self._dealing()
        if dealing is False:
            return False
        return any(Build(source, pile) in self.state.legal for pile in PILE_KINDS) or None

    def can_deal(self) -> Availability:
        if self._dealing() is False:
            return False
        # with the stock empty, the waste-turning key takes the deal key's place
        return True if DEAL in self.state.legal else None if self.state.stock else False

    def can_redeal(self) -> Availability:
        if self._dealing() is False:
            return False
        return True if REDEAL in self.state.legal else False if self.state.stock else None

    def can_give_up(self) -> Availability:
        if self._dealing() is False:
            return False
        return GIVE_UP in self.state.legal or None


def _build_key(source: str) -> Key[ByTwosControls]:
    """The key that builds the card of the stock, the waste or the packet."""
    return Key(
        source,
        "build",
        lambda c: c.build(source),
        SOURCES[source].capitalize(),
        f"build the {SOURCES[source]}'s card on the pile of its suit that takes it",
        lambda c: c.can_build(source),
        (source,),
        group="Play",
    )


KEYS: Final = (
    KeyTable[ByTwosControls](
        (
            # forming the packet
            Key("t", "turn_card", lambda c: c.turn_card(), "Turn card", "forming the "
                "packet: turn the next card (kept or rejected)", lambda c: c.is_forming()),
            Key("f", "form_packet", lambda _: ByTwosCommand.FORM_PACKET, "Form packet",
                "forming the packet: turn cards until it is made (each turn is a move)",
                lambda c: c.is_forming()),
            # building: the card of the stock, the waste or the packet
            *(_build_key(source) for source in SOURCE_ORDER),
            Key("enter", "play_selected", lambda c: c.play_selected(), "", "play the "
                "selected card, or put it on the selected pile (forming: turn one)",
                lambda c: c.can_select()),
            # when both piles of the suit take the card, a or 2 says which
            Key("a", "choose", lambda c: c.choose("a"), "Ace pile", "when both piles of its "
                "suit take the card: put it on the ace pile", lambda c: c.is_choosing(),
                ("a",), group="Pile"),
            Key("2", "choose", lambda c: c.choose("d"), "Deuce pile", "when both piles of "
                "its suit take the card: put it on the deuce pile", lambda c: c.is_choosing(),
                ("d",), group="Pile"),
            # dealing
            Key("d", "deal", lambda c: c.deal(), "Deal", "deal the stock's card onto the "
                "waste", lambda c: c.can_deal()),
            Key("space", "next_card", lambda c: c.next_card(), "", "deal a card (while "
                "forming the packet: turn one)", lambda c: c.can_select()),
            Key("o", "redeal", lambda c: c.redeal(), "Turn over", "once the stock is empty: "
                "turn the waste over for the next deal (B4)", lambda c: c.can_redeal()),
            Key("G", "give_up", lambda c: c.give_up(), "Give up", "give up: the game ends "
                "with its score as it stands (asks first)", lambda c: c.can_give_up()),
            Key("escape", "cancel_choice", lambda c: c.cancel_choice(), "", "leave the "
                "choice of pile without playing", lambda c: c.is_choosing()),
            # a key whose move cannot be made now answers with the reason (f as t does)
            *lettered(ByTwosControls, "swpadoG2", "refuse", lambda c, key: c.refuse(key)),
            Key("t", "refuse", lambda c: c.refuse("t"), arguments=("t",)),
            Key("f", "refuse", lambda c: c.refuse("t"), arguments=("t",)),
        ),
        notes=(
            "The mouse works too: click the stock, the waste or the packet to play its card, "
            "a foundation to build on it (or to pick it when both piles could take a card), "
            "the deck to turn a card while forming, and the empty stock to turn the waste "
            "over.",
        ),
    )
    + shared_keys(pause=("P",))  # (p is the game's own key)
).described(
    {
        "cursor(-1)": "select the card to the left (stock, waste, packet), or the other pile",
        "cursor(1)": "select the card to the right (stock, waste, packet), or the other pile",
    }
)  # fmt: skip
ByTwosControls.KEYS = KEYS
