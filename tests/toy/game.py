"""Aces Out, a toy patience that exists only to prove the plug-in contract: turn the pack
one card at a time onto a waste heap and put each ace that shows there out. Four aces out
wins. Moves: ``t`` turns a card, ``a`` puts the waste's ace out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar
from typing import Final

from parlour.engine.cards import Card
from parlour.engine.cards import format_cards
from parlour.engine.cards import parse_cards
from parlour.engine.errors import NotationError
from parlour.engine.game import Outcome
from parlour.engine.game import Rules
from parlour.engine.game import Words
from parlour.engine.notation import format_fields
from parlour.engine.notation import parse_fields

from .plugin import PLUGIN


@dataclass(frozen=True, slots=True)
class Move:
    text: str

    def __str__(self) -> str:
        return self.text


TURN: Final = Move("t")
HOME: Final = Move("a")


@dataclass(frozen=True, slots=True)
class ToyState:
    game_id: ClassVar[str] = "toy"
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    home: tuple[Card, ...] = ()

    @property
    def options(self) -> frozenset[str]:
        return frozenset()

    @property
    def phase(self) -> str:
        return "finished" if not ToyRules.moves(self) else "play"


class ToyRules(Rules[ToyState, Move]):
    spec = PLUGIN

    @staticmethod
    def moves(state: ToyState) -> tuple[Move, ...]:
        found = []
        if state.waste and state.waste[-1].rank == 1:
            found.append(HOME)
        if state.stock and len(state.home) < 4:
            found.append(TURN)
        return tuple(found)

    def _start(self, deck: tuple[Card, ...], options: frozenset[str]) -> ToyState:
        return ToyState(deck)

    def legal_moves(self, state: ToyState) -> tuple[Move, ...]:
        return self.moves(state)

    def _apply(self, state: ToyState, move: Move) -> ToyState:
        if move == TURN:
            return ToyState(state.stock[1:], (*state.waste, state.stock[0]), state.home)
        return ToyState(state.stock, state.waste[:-1], (*state.home, state.waste[-1]))

    def parse_move(self, text: str) -> Move:
        for move in (TURN, HOME):
            if text.strip().lower() == move.text:
                return move
        raise NotationError(f"{text!r} is not an Aces Out move: t or a")

    def format_position(self, state: ToyState) -> str:
        return format_fields(
            "toy",
            [
                ("stock", format_cards(state.stock)),
                ("waste", format_cards(state.waste)),
                ("home", format_cards(state.home)),
            ],
        )

    def parse_position(self, text: str) -> ToyState:
        fields = parse_fields(text, "toy", ("stock", "waste", "home"))
        return ToyState(*(parse_cards(fields[name]) for name in ("stock", "waste", "home")))

    def cards(self, state: ToyState) -> list[Card]:
        return [*state.stock, *state.waste, *state.home]

    def score(self, state: ToyState) -> int:
        return len(state.home)

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.moves(state):
            return None
        return Outcome(len(state.home) == 4, len(state.home))


TOY: Final = ToyRules()


class ToyWords(Words[ToyState, Move]):
    score_label = "aces out"

    def describe(self, state: ToyState, move: Move) -> str:
        if move == TURN:
            return f"turn {state.stock[0]}"
        return f"put {state.waste[-1]} out"

    def done(self, state: ToyState, move: Move) -> str:
        if move == TURN:
            return f"turned {state.stock[0]}"
        return f"put {state.waste[-1]} out"

    def why_illegal(self, state: ToyState, move: Move) -> str:
        return "no ace shows on the waste" if move == HOME else "the pack is used up"

    def prompt(self, state: ToyState) -> str:
        return "Turn a card (t), or put an ace out (a)."

    def ending(self, state: ToyState) -> str:
        return "all four aces are out" if len(state.home) == 4 else "the pack is out"


WORDS: Final = ToyWords()
