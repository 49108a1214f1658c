"""The words on the By Twos board, as styled text: the captions under the foundations,
the panel beside the stock, waste and packet, and the panel while the packet is formed.

>>> caption_form(100), caption_form(80), caption_form(60)
('long', 'short', 'tiny')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from textual.content import Content

from parlour.controls.bytwos import count
from parlour.engine.cards import RANK_NAMES
from parlour.engine.cards import Card
from parlour.engine.game import Outcome
from parlour.engine.games.bytwos_state import DEALS
from parlour.engine.games.bytwos_state import DECK_SIZE
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_words import WORDS
from parlour.tui import cards as art

#: from this terminal width the panels also list the keys (narrower, only the footer does)
KEYS_WIDTH: Final = 76


def card_label(card: Card, ascii_only: bool) -> Content:
    """A card as coloured text, red suits in the theme's red."""
    return Content.styled(
        art.label(card, ascii_only), "$text-error bold" if card.is_red else "$text bold"
    )


def cards_label(cards: tuple[Card, ...], ascii_only: bool) -> Content:
    return Content(" ").join(card_label(card, ascii_only) for card in cards)


def caption_form(width: int) -> str:
    """How much room each foundation's caption has on a terminal ``width`` wide: ``long``
    (needs 10♥), ``short`` (next 10♥) or ``tiny`` (→10♥)."""
    return "long" if width >= 88 else "short" if width >= KEYS_WIDTH else "tiny"


def needs_text(card: Card | None, form: str, takes: bool, ascii_only: bool) -> Content:
    """What a foundation needs next (``card``; None once complete), green when one of the
    cards on view may go there now (``takes``)."""
    if card is None:
        return Content.styled("done" if form == "tiny" else "complete", "$text-success")
    tiny = "->" if ascii_only else "→"
    word = {"long": "needs ", "short": "next ", "tiny": tiny}[form]
    return Content.assemble(
        (word, "$text-success bold" if takes else "dim"), card_label(card, ascii_only)
    )


def deal_info(
    state: ByTwosState, outcome: Outcome | None, keys: bool, key: Callable[..., str]
) -> Content:
    """The panel beside the stock, waste and packet: the deal, the cards built, and the
    keys (``keys``; ``key``: an action's key as the player has it) or the end of the
    game."""
    left = DEALS - state.deal
    redeals = "the last deal" if not left else f"{count(left, 'redeal')} left"
    lines: list[Content] = [
        Content.assemble((f"Deal {state.deal}/{DEALS}", "bold"), f" · {redeals}"),
        Content(f"{state.on_foundations} of {DECK_SIZE} cards built"),
    ]
    if outcome is not None:
        lines.append(Content.styled(f"Game over: {WORDS.ending(state)}", "bold"))
        lines.append(Content.styled(f"{key('new')} new game · {key('menu')} menu", "dim"))
    elif keys:
        builds = " ".join(key("build", source) for source in "swp")
        lines.append(
            Content.styled(
                f"{builds} play · {key('deal')} deal · {key('redeal')} turn the waste over", "dim"
            )
        )
        piles = f"{key('choose', 'a')} {key('choose', 'd')}"
        arrows = f"{key('cursor', -1)} {key('cursor', 1)} {key('play_selected')}"
        lines.append(
            Content.styled(f"{piles} pick the pile · {arrows} · {key('give_up')} give up", "dim")
        )
    return Content("\n").join(lines)


def forming_info(
    state: ByTwosState, keys: bool, ascii_only: bool, key: Callable[..., str]
) -> Content:
    """The panel while the packet is formed: the ranks kept, those still wanted, the
    cards rejected, and the keys (``keys``; ``key``: an action's key as the player has
    it)."""
    ranks = {card.rank for card in state.kept}
    missing = " ".join(name for rank, name in enumerate(RANK_NAMES, 1) if rank not in ranks)
    kept = cards_label(state.kept, ascii_only) if state.kept else Content.styled("none yet", "dim")
    lines: list[Content] = [
        Content.styled(
            f"Forming the packet: {count(len(state.kept), 'rank')} of {RANK_COUNT} kept", "bold"
        ),
        Content.assemble("Kept: ", kept),
        Content.assemble("Still wanted: ", (missing, "bold")),
    ]
    if state.rejected:
        lines.append(
            Content.assemble(
                f"Rejected: {len(state.rejected)}, the last ",
                card_label(state.rejected[-1], ascii_only),
            )
        )
    if keys:
        turn, form = key("turn_card"), key("form_packet")
        lines.append(Content.styled(f"{turn} turn a card · {form} form the whole packet", "dim"))
    return Content("\n").join(lines)
