"""By Twos positions as text (docs/notation.md): written by :func:`format_position`, read
and checked by :func:`parse_position`.

While the packet is being formed a position lists the cards kept, the cards rejected and
the deck; afterwards, the deal number, the packet, the stock, the waste and the eight
foundations, each from its base up.

>>> from parlour.engine.games.bytwos import BYTWOS
>>> state = BYTWOS.position(packet=(), stock=(), waste=(), built=(2, 1, 0, 0, 0, 0, 0, 0))
>>> print(format_position(state).splitlines()[7])
clubs ace: AC 3C
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Final

from parlour.engine.cards import SUIT_NAMES, format_cards
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.game import (
    format_fields,
    format_options,
    format_pile,
    parse_fields,
    parse_options,
    parse_pile,
)
from parlour.engine.games.bytwos_state import (
    DECK_SIZE,
    FOUNDATIONS,
    RANK_COUNT,
    ByTwosState,
    Phase,
    forming,
    foundation_cards,
    foundation_name,
    settle,
)

FORMING_FIELDS: Final = ("options", "phase", "kept", "rejected", "deck")
#: the position fields of the foundations: ``clubs ace``, ``clubs deuce`` …
FOUNDATION_FIELDS: Final = tuple(f"{SUIT_NAMES[suit]} {kind}" for suit, kind in FOUNDATIONS)
DEALING_FIELDS: Final = ("options", "phase", "deal", "packet", "stock", "waste", *FOUNDATION_FIELDS)

OptionsCheck = Callable[[Iterable[str]], frozenset[str]]


def format_position(state: ByTwosState) -> str:
    fields = [("options", format_options(state.options)), ("phase", state.phase.value)]
    if state.phase is Phase.FORMING:
        fields += [
            ("kept", format_pile(state.kept)),
            ("rejected", format_pile(state.rejected)),
            ("deck", format_pile(state.deck)),
        ]
    else:
        fields += [
            ("deal", str(state.deal)),
            ("packet", format_pile(state.packet)),
            ("stock", format_pile(state.stock)),
            ("waste", format_pile(state.waste)),
        ]
        fields += [
            (name, format_pile(foundation_cards(index, count)))
            for index, (name, count) in enumerate(zip(FOUNDATION_FIELDS, state.built, strict=True))
        ]
    return format_fields(ByTwosState.game_id, fields)


def parse_position(text: str, check_options: OptionsCheck) -> ByTwosState:
    """Read a position, checking that it holds both packs and could arise in play: no
    first ace or two left in view unlaid, and the phase its cards give (a ``finished``
    position that still has moves is a game given up)."""
    if _phase_line(text) == Phase.FORMING.value:
        return _parse_forming(
            parse_fields(text, ByTwosState.game_id, FORMING_FIELDS), check_options
        )
    fields = parse_fields(text, ByTwosState.game_id, DEALING_FIELDS)
    options = check_options(parse_options(fields["options"]))
    deal = fields["deal"]
    if deal not in ("1", "2", "3"):
        raise NotationError(f"the deal is 1, 2 or 3, not {deal!r}")
    packet = parse_pile(fields["packet"])
    stock, waste = parse_pile(fields["stock"]), parse_pile(fields["waste"])
    built = tuple(
        _parse_foundation(index, fields[name]) for index, name in enumerate(FOUNDATION_FIELDS)
    )
    piled = (c for index, count in enumerate(built) for c in foundation_cards(index, count))
    check_deck([*packet, *stock, *waste, *piled], DECK_SIZE)
    if len({c.rank for c in packet}) != len(packet):
        raise NotationError("the packet's cards are all of different ranks (B1)")
    state = settle(options, int(deal), packet, stock, waste, built)
    if (state.packet, state.stock, state.waste, state.built) != (packet, stock, waste, built):
        raise NotationError("an ace or deuce on view has not been laid as a foundation (B2)")
    said = fields["phase"]
    if said == Phase.FINISHED.value and state.phase is Phase.DEALING:
        return replace(state, phase=Phase.FINISHED, legal=())  # a game given up
    if said != state.phase.value:
        raise NotationError(
            f"the position says phase {said!r}, but its cards make it {state.phase.value!r}"
        )
    return state


def _parse_forming(fields: dict[str, str], check_options: OptionsCheck) -> ByTwosState:
    options = check_options(parse_options(fields["options"]))
    kept, rejected = parse_pile(fields["kept"]), parse_pile(fields["rejected"])
    deck = parse_pile(fields["deck"])
    check_deck([*kept, *rejected, *deck], DECK_SIZE)
    ranks = {c.rank for c in kept}
    if len(ranks) != len(kept) or len(kept) >= RANK_COUNT:
        raise NotationError("while forming, fewer than thirteen ranks are kept, each once")
    if any(c.rank not in ranks for c in rejected):
        raise NotationError("only a card whose rank is kept already is rejected (B1)")
    return forming(options, kept, rejected, deck)


def _phase_line(text: str) -> str:
    for line in text.splitlines():
        name, colon, value = line.partition(":")
        if colon and name.strip() == "phase":
            return value.strip()
    return ""


def _parse_foundation(index: int, text: str) -> int:
    cards = parse_pile(text)
    if cards != foundation_cards(index, len(cards)):
        start = format_cards(foundation_cards(index, 3))
        raise NotationError(
            f"the {foundation_name(index)} builds by twos from its base ({start} …), "
            f"not {format_cards(cards)} (B2)"
        )
    return len(cards)
