"""The pieces of the Three Squares board: a heap drawn as its top run, and the words
beside the squares (the pack, the phase, the sequences on offer).

A heap can grow to thirty cards or more, so it is never fanned whole: the heap shows its
top run (the cards that move together), as many of them as its height allows, and how
many cards lie under that run::

     1a          the heap's label (▸1a◂ under the cursor)
    +7 under     seven cards lie under the run ("complete" for a suit standing clear)
    ╭K♠──╮       the run's lowest-lying card: where the run may go depends on it
    ⋮ 3 more     the middle of a long run, left out
    ╭8♠──╮
    │ ♠  │
    ╰──7♠╯       the exposed card

>>> fan_plan(run_length=3, room=5)
(0, 3)
>>> fan_plan(run_length=9, room=5)
(5, 3)
>>> fan_plan(run_length=9, room=2)
(8, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from parlour.engine.cards import Card
from parlour.engine.games.squares_layout import is_packet
from parlour.engine.games.squares_layout import run_order
from parlour.engine.games.squares_layout import top_run_length
from parlour.tui import cards as art


@dataclass(frozen=True, slots=True)
class HeapShown:
    """How a heap is shown: its label, and the marks of the choices (``playable`` a legal
    choice, ``selected`` the heap chosen as the first half of a move, ``pointed`` the heap
    under the cursor, ``mark`` the number of the sequence on offer its card belongs to)."""

    title: str
    playable: bool = False
    selected: bool = False
    pointed: bool = False
    mark: str = ""


@dataclass(frozen=True, slots=True)
class HeapLooks:
    """The styles of a heap's words (in its square's colours)."""

    cursor: Style
    note: Style
    dim: Style
    ascii_only: bool


def fan_plan(run_length: int, room: int) -> tuple[int, int]:
    """How to draw a run of ``run_length`` cards with room for ``room`` cards (each
    covered card takes a line, the exposed one three): (cards of the run left out, cards
    drawn at its top). With cards left out, the run's lowest-lying card is drawn too, and
    a line says how many are missing."""
    room = max(1, room)
    if run_length <= room:
        return 0, run_length
    if room >= 3:
        # the lowest-lying card, the "⋮" line, and the top room - 2 cards
        top = room - 2
        return run_length - top - 1, top
    top = max(1, room - 1)  # only the "⋮" line and the top card(s)
    return run_length - top, top


def count_under(count: int, width: int) -> str:
    """``+7 under``, or ``+7`` where the heap is too narrow."""
    words = f"+{count} under"
    return words if len(words) <= width else f"+{count}"


def heap_picture(
    cards: tuple[Card, ...],
    styles: art.CardStyles,
    ascii_only: bool,
    size: art.CardSize,
    place: tuple[int, int],
    shown: HeapShown,
    looks: HeapLooks,
) -> list[Text]:
    """One of the twelve heaps in its ``place`` (width, height): its label, the cards
    under its top run, the top run fanned (cut to the height) and its exposed card in
    full; an empty heap is drawn as a space. ``cards`` is the whole heap, bottom first."""
    width, height = max(place[0], size.width), place[1]
    lines = [
        _title_line(styles, size, shown, looks),
        _note_line(cards, styles, shown, looks, width),
    ]
    room = height - 2 - (size.height - 1)  # cards the fan can show
    lines += _fan(cards, styles, ascii_only, size, shown, looks, room, width)
    return lines


def _title_line(
    styles: art.CardStyles, size: art.CardSize, shown: HeapShown, looks: HeapLooks
) -> Text:
    text = f"{shown.title} [{shown.mark}]" if shown.mark else shown.title
    if shown.pointed:
        text = f"▸{text}◂" if not looks.ascii_only else f">{text}<"
    centred = text.center(size.width) if len(text) <= size.width else text
    if shown.selected:
        style = styles.selected
    elif shown.pointed:
        style = looks.cursor
    elif shown.playable:
        style = styles.playable + Style(underline=True)
    else:
        style = looks.dim
    return Text(centred, style=style)


def _note_line(
    cards: tuple[Card, ...],
    styles: art.CardStyles,
    shown: HeapShown,
    looks: HeapLooks,
    width: int,
) -> Text:
    if not cards:
        return Text("space", style=styles.playable if shown.playable else looks.note)
    if is_packet(cards):
        return Text("complete", style=styles.playable)  # a suit complete and clear
    under = len(cards) - top_run_length(cards)
    return Text(count_under(under, width) if under else "", style=looks.note)


def _fan(
    cards: tuple[Card, ...],
    styles: art.CardStyles,
    ascii_only: bool,
    size: art.CardSize,
    shown: HeapShown,
    looks: HeapLooks,
    room: int,
    width: int,
) -> list[Text]:
    frame_style = styles.playable if shown.playable else None
    if not cards:
        return art.blank(styles, ascii_only, "", frame_style, size)
    run = cards[len(cards) - top_run_length(cards) :]
    left_out, top = fan_plan(len(run), room)
    lines: list[Text] = []
    if left_out:
        if top + 2 <= room:
            lines.append(art.edge(run[0], styles, ascii_only, size=size))
        dots = ":" if ascii_only else "⋮"
        more = f"{dots} {left_out} more"
        lines.append(Text(more if len(more) <= width else f"{dots} {left_out}", style=looks.dim))
    on_top = run[len(run) - top :]
    # the run of the heap chosen to move is framed in the cursor's colour
    moving = looks.cursor if shown.selected else None
    if left_out and top + 2 <= room:
        lines[0] = art.edge(run[0], styles, ascii_only, moving, size)
    lines += [art.edge(card, styles, ascii_only, moving, size) for card in on_top[:-1]]
    lines += art.full(on_top[-1], styles, ascii_only, moving or frame_style, size)
    return lines


def sequence_cards(heaps: tuple[tuple[Card, ...], ...], members: tuple[int, ...]) -> list[Card]:
    """The exposed cards of a sequence on offer, highest first (the order they are laid
    down in, the highest at the bottom of the new heap)."""
    return list(run_order(heaps[index][-1] for index in members))
