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

from typing import ClassVar

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from parlour.engine.cards import Card
from parlour.engine.games.squares_layout import is_packet
from parlour.engine.games.squares_layout import run_order
from parlour.engine.games.squares_layout import top_run_length
from parlour.tui import cards as art
from parlour.tui.widgets import Pile


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


class HeapView(Pile):
    """One of the twelve heaps: its label, the cards under its top run, the top run
    fanned (cut to the widget's height) and its exposed card in full; an empty heap is
    drawn as a space. ``cards`` is the whole heap, bottom first.

    ``playable`` marks a legal choice, ``selected`` the heap chosen as the first half of a
    move, ``pointed`` the heap under the cursor, and ``mark`` (``"1"`` …) the number of the
    sequence on offer that its exposed card belongs to."""

    COMPONENT_CLASSES: ClassVar[set[str]] = Pile.COMPONENT_CLASSES | {"heap--cursor", "heap--note"}

    pointed: reactive[bool] = reactive(False)
    mark: reactive[str] = reactive("")

    def render(self) -> RenderableType:
        styles = self.card_styles()
        size = self.card_size
        width = max(self.size.width, size.width)
        lines = [self.title_line(styles), self.note_line(styles, width)]
        room = self.size.height - 2 - (size.height - 1)  # cards the fan can show
        lines += self.fan(styles, room, width)
        return Text("\n").join(lines)

    def title_line(self, styles: art.CardStyles) -> Text:
        text = f"{self.title} [{self.mark}]" if self.mark else self.title
        if self.pointed:
            text = f"▸{text}◂" if not self.ascii_only else f">{text}<"
        shown = text.center(self.card_size.width) if len(text) <= self.card_size.width else text
        if self.selected:
            style = styles.selected
        elif self.pointed:
            style = self.get_component_rich_style("heap--cursor")
        elif self.playable:
            style = styles.playable + Style(underline=True)
        else:
            style = Style(dim=True)
        return Text(shown, style=style)

    def note_line(self, styles: art.CardStyles, width: int) -> Text:
        note = self.get_component_rich_style("heap--note")
        if not self.cards:
            return Text("space", style=styles.playable if self.playable else note)
        if is_packet(self.cards):
            return Text("complete", style=styles.playable)  # a suit complete and clear
        under = len(self.cards) - top_run_length(self.cards)
        return Text(count_under(under, width) if under else "", style=note)

    def fan(self, styles: art.CardStyles, room: int, width: int) -> list[Text]:
        frame_style = styles.playable if self.playable else None
        size = self.card_size
        if not self.cards:
            return art.blank(styles, self.ascii_only, "", frame_style, size)
        run = self.cards[len(self.cards) - top_run_length(self.cards) :]
        left_out, top = fan_plan(len(run), room)
        lines: list[Text] = []
        if left_out:
            if top + 2 <= room:
                lines.append(art.edge(run[0], styles, self.ascii_only, size=size))
            dots = ":" if self.ascii_only else "⋮"
            more = f"{dots} {left_out} more"
            lines.append(
                Text(more if len(more) <= width else f"{dots} {left_out}", style=Style(dim=True))
            )
        shown = run[len(run) - top :]
        # the run of the heap chosen to move is framed in the cursor's colour
        moving = self.get_component_rich_style("heap--cursor") if self.selected else None
        if left_out and top + 2 <= room:
            lines[0] = art.edge(run[0], styles, self.ascii_only, moving, size)
        lines += [art.edge(card, styles, self.ascii_only, moving, size) for card in shown[:-1]]
        lines += art.full(shown[-1], styles, self.ascii_only, moving or frame_style, size)
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 2 + self.card_size.height


def sequence_cards(heaps: tuple[tuple[Card, ...], ...], members: tuple[int, ...]) -> list[Card]:
    """The exposed cards of a sequence on offer, highest first (the order they are laid
    down in, the highest at the bottom of the new heap)."""
    return list(run_order(heaps[index][-1] for index in members))
