"""By Twos as text: the packet being formed, or the eight foundations (ace and deuce
piles side by side for each suit) with the packet, the stock and the waste."""

from __future__ import annotations

from rich.console import Group
from rich.console import RenderableType
from rich.text import Text

from parlour.engine.cards import SUITS
from parlour.engine.cards import Card
from parlour.engine.games.bytwos_state import ACE_PILE_OF
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import wanted
from parlour.render import card_glyph
from parlour.render import card_text
from parlour.render.terminal import suit_glyphs


def render(state: ByTwosState, ascii_only: bool = False) -> RenderableType:
    if state.phase is Phase.FORMING:
        return _render_forming(state, ascii_only)
    return _render_dealing(state, ascii_only)


def _cards(cards: tuple[Card, ...], ascii_only: bool) -> Text:
    text = Text()
    for number, card in enumerate(cards):
        if number:
            text.append(" ")
        text.append_text(card_text(card, ascii_only))
    return text if cards else Text("(none)", style="dim")


def _render_forming(state: ByTwosState, ascii_only: bool) -> RenderableType:
    kept = Text("Kept      ")
    kept.append_text(_cards(state.kept, ascii_only))
    kept.append(f"   ({len(state.kept)} of {RANK_COUNT} ranks)", style="dim")
    rejected = Text("Rejected  ")
    rejected.append_text(_cards(state.rejected, ascii_only))
    deck = Text(f"Deck      {len(state.deck)} cards still to turn")
    return Group(Text("Forming the packet", style="bold"), kept, rejected, deck)


def _pile(state: ByTwosState, index: int, ascii_only: bool) -> Text:
    count = state.built[index]
    text = Text()
    top = foundation_cards(index, count)[-1] if count else None
    text.append_text(card_text(top, ascii_only))
    needed = wanted(index, count)
    if needed is None:
        text.append(" complete".ljust(13), style="green")
    else:
        label = str(needed) if ascii_only else card_glyph(needed)
        text.append(f" {count:>2}, next {label:<3}", style="dim")
    return text


def _render_dealing(state: ByTwosState, ascii_only: bool) -> RenderableType:
    rows = [Text(f"Deal {state.deal} of {DEALS}", style="bold")]
    rows.append(Text("      ace pile           deuce pile", style="dim"))
    for suit in SUITS:
        index = ACE_PILE_OF[suit]
        row = Text(f" {suit if ascii_only else suit_glyphs()[suit]}   ")
        row.append_text(_pile(state, index, ascii_only))
        row.append("   ")
        row.append_text(_pile(state, index + 1, ascii_only))
        rows.append(row)
    piles = Text()
    for name, pile, top in (
        ("Packet", state.packet, state.packet[-1:]),
        ("Stock", state.stock, state.stock[:1]),
        ("Waste", state.waste, state.waste[-1:]),
    ):
        piles.append(f"{'   ' if piles else ''}{name} ")
        piles.append_text(card_text(top[0] if top else None, ascii_only))
        piles.append(f" ({len(pile)})")
    rows += [Text(), piles, Text(f"On the foundations: {state.on_foundations} of 104")]
    return Group(*rows)
