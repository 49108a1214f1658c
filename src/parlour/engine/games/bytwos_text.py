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

from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from parlour.engine import notation
from parlour.engine.cards import SUIT_NAMES
from parlour.engine.cards import format_cards
from parlour.engine.deals import check_deck
from parlour.engine.errors import NotationError
from parlour.engine.games.bytwos_state import DECK_SIZE
from parlour.engine.games.bytwos_state import FOUNDATIONS
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import dealing_position
from parlour.engine.games.bytwos_state import forming
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import foundation_name

FORMING_FIELDS: Final = ("options", "phase", "kept", "rejected", "deck")
#: the position fields of the foundations: ``clubs ace``, ``clubs deuce`` …
FOUNDATION_FIELDS: Final = tuple(f"{SUIT_NAMES[suit]} {kind}" for suit, kind in FOUNDATIONS)
DEALING_FIELDS: Final = ("options", "phase", "deal", "packet", "stock", "waste", *FOUNDATION_FIELDS)

OptionsCheck = Callable[[Iterable[str]], frozenset[str]]


def format_position(state: ByTwosState) -> str:
    fields = [("options", notation.format_options(state.options)), ("phase", state.phase.value)]
    if state.phase is Phase.FORMING:
        fields += [
            ("kept", notation.format_pile(state.kept)),
            ("rejected", notation.format_pile(state.rejected)),
            ("deck", notation.format_pile(state.deck)),
        ]
    else:
        fields += [
            ("deal", str(state.deal)),
            ("packet", notation.format_pile(state.packet)),
            ("stock", notation.format_pile(state.stock)),
            ("waste", notation.format_pile(state.waste)),
        ]
        fields += [
            (name, notation.format_pile(foundation_cards(index, count)))
            for index, (name, count) in enumerate(zip(FOUNDATION_FIELDS, state.built, strict=True))
        ]
    return notation.format_fields(ByTwosState.game_id, fields)


def parse_position(text: str, check_options: OptionsCheck) -> ByTwosState:
    """Read a position, checking that it holds both packs and could arise in play: no
    first ace or two left in view unlaid, and the phase its cards give (a ``finished``
    position that still has moves is a game given up)."""
    if _phase_line(text) == Phase.FORMING.value:
        return _parse_forming(
            notation.parse_fields(text, ByTwosState.game_id, FORMING_FIELDS), check_options
        )
    fields = notation.parse_fields(text, ByTwosState.game_id, DEALING_FIELDS)
    options = check_options(notation.parse_options(fields["options"]))
    deal = fields["deal"]
    if deal not in ("1", "2", "3"):
        raise NotationError(f"the deal is 1, 2 or 3, not {deal!r}")
    packet = notation.parse_pile(fields["packet"])
    stock, waste = notation.parse_pile(fields["stock"]), notation.parse_pile(fields["waste"])
    built = tuple(
        _parse_foundation(index, fields[name]) for index, name in enumerate(FOUNDATION_FIELDS)
    )
    piled = (c for index, count in enumerate(built) for c in foundation_cards(index, count))
    check_deck([*packet, *stock, *waste, *piled], DECK_SIZE)
    if len({c.rank for c in packet}) != len(packet):
        raise NotationError("the packet's cards are all of different ranks (B1)")
    state = dealing_position(options, int(deal), packet, stock, waste, built)
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
    options = check_options(notation.parse_options(fields["options"]))
    kept, rejected = notation.parse_pile(fields["kept"]), notation.parse_pile(fields["rejected"])
    deck = notation.parse_pile(fields["deck"])
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
    cards = notation.parse_pile(text)
    if cards != foundation_cards(index, len(cards)):
        start = format_cards(foundation_cards(index, 3))
        raise NotationError(
            f"the {foundation_name(index)} builds by twos from its base ({start} …), "
            f"not {format_cards(cards)} (B2)"
        )
    return len(cards)
