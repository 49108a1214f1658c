"""The key bar at the foot of every screen: the screen's keys on one line, greyed when they
cannot act now; a click on a key presses it."""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from parlour.controls.keys import shown_key


def key_display(binding: Binding) -> str:
    """A key as the player presses it (``Space``, ``Enter``, ``←``), wherever a keymap
    has moved it."""
    return binding.key_display or _shown_key(binding.key)


@lru_cache(maxsize=512)
def _shown_key(key: str) -> str:
    # (the key bar names every key of the screen each time the keys are asked: a few
    # hundredths of a millisecond a key, looked up by Unicode name)
    return shown_key(key)


#: where a key is drawn on the key bar: its start and end column, the key, whether it acts
_Span = tuple[int, int, str, bool]
#: an entry of the key bar drawn, with the spans of its keys
_Piece = tuple[Text, list[_Span]]


#: the label of the help's key (whatever key the player gave it), which tells of every
#: key the bar has no room for
HELP_LABEL = "Help"


def _fitting(pieces: list[_Piece], width: int, helps: frozenset[int] = frozenset()) -> list[int]:
    """The indexes of the pieces kept in ``width`` columns (all of them when the width is
    not known yet): whole entries only; when they do not all fit, the greyed ones are left
    off first (from the last), then the last of the others, and the help's (at ``helps``)
    last of all."""
    kept = list(range(len(pieces)))
    order = [at for at in reversed(range(len(pieces))) if at not in helps] + sorted(helps)
    for usable in (False, True):
        for index in order:
            if not width or sum(len(pieces[at][0]) for at in kept) <= width:
                break
            if any(on for *_, on in pieces[index][1]) == usable and index in kept:
                kept.remove(index)
    return kept


def _is_help(piece: Text) -> bool:
    """Whether an entry drawn is the help's (its words are the key and "Help")."""
    return piece.plain.split()[1:] == [HELP_LABEL]


class KeyBar(Widget, can_focus=False):
    """The keys of the screen on one line, greyed when they cannot be used now.

    It does the job of Textual's ``Footer`` in one widget that redraws itself, where the
    footer makes a widget per key and builds them all again whenever a key is greyed or
    ungreyed (some 20 ms on every move that changes what undo or redo can do). A click on
    a key presses it.

    The line Textual draws for each set of keys shown (which keys, which greyed, the width)
    is kept, with where its keys are, until the styles change: undo and redo mostly go
    back and forth between a few such lines, and drawing one costs a keypress some
    milliseconds."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keybar--key",
        "keybar--description",
        "keybar--disabled-key",
        "keybar--disabled-description",
    }
    #: how many lines drawn are kept
    KEPT = 16

    compact: reactive[bool] = reactive(False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: (first column, last column + 1, key, enabled) of each key as drawn
        self._spans: list[_Span] = []
        #: the lines drawn, by what they show, each with its keys' spans
        self._drawn: dict[tuple[object, ...], tuple[Strip, list[_Span]]] = {}
        #: the entries being drawn (None: ask the screen)
        self._showing: list[tuple[Binding, bool]] | None = None
        #: how many lines have been drawn (not taken from those kept)
        self.drawings = 0
        #: what the line shown shows (its width, style and entries)
        self._shown: tuple[object, ...] | None = None
        #: the entries found when the bindings last changed, for the next paint
        self._fresh: list[tuple[Binding, bool]] | None = None
        #: the bindings are to be asked (once, however often they changed meanwhile)
        self._asking = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, _screen: object) -> None:
        # asking every binding whether it acts costs a keypress about half a millisecond
        # (more where a key asks the engine): asked once, after what changed them (a
        # keypress may say so more than once), and the bar repainted only when what it
        # shows has changed
        if not self._asking:
            self._asking = True
            self.call_next(self._ask_bindings)

    def _ask_bindings(self) -> None:
        self._asking = False
        entries = self._entries()
        if self._what_shows(entries) != self._shown:
            self._fresh = entries
            self.refresh()

    def _what_shows(self, entries: list[tuple[Binding, bool]]) -> tuple[object, ...]:
        return (
            self.size.width,
            self.compact,
            tuple(
                (binding.key, key_display(binding), binding.description, binding.group, on)
                for binding, on in entries
            ),
        )

    def notify_style_update(self) -> None:
        self._drawn.clear()
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        entries = self._entries() if self._fresh is None else self._fresh
        self._fresh = None
        shown = self._shown = self._what_shows(entries)
        kept = self._drawn.get(shown)
        if kept is None:
            self._showing = entries
            try:
                strip = super().render_line(0)
            finally:
                self._showing = None
            self.drawings += 1
            kept = (strip, self._spans)
            if len(self._drawn) >= self.KEPT:
                self._drawn.clear()
            self._drawn[shown] = kept
        else:
            self._dirty_regions.clear()
        strip, self._spans = kept
        return strip if y == 0 else Strip.blank(self.size.width, self.visual_style.rich_style)

    def render(self) -> RenderableType:
        pieces = self._pieces()
        text = Text(no_wrap=True, end="")
        spans: list[_Span] = []
        # a game's bar keeps its help to the last (at 60 columns it had left it off, and
        # with it any word of where the many keys left off are told); the screens around
        # the games, whose help is their last key, leave it off first
        keeps = getattr(self.screen, "KEEPS_HELP_KEY", False)
        helps = frozenset(at for at, (piece, _) in enumerate(pieces) if keeps and _is_help(piece))
        for piece, keys in (pieces[at] for at in _fitting(pieces, self.size.width, helps)):
            offset = len(text)
            text.append_text(piece)
            spans += [(offset + a, offset + b, key, on) for a, b, key, on in keys]
        self._spans = spans
        return text

    def _entries(self) -> list[tuple[Binding, bool]]:
        """One entry per action shown, in the order of the bindings, with whether it
        acts now."""
        if self._showing is not None:
            return self._showing
        entries: list[tuple[Binding, bool]] = []
        seen: set[str] = set()
        for binding, enabled in self._active_shown():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                entries.append((binding, enabled))
        return entries

    def _active_shown(self) -> list[tuple[Binding, bool]]:
        """The screen's active bindings (Textual's ``active_bindings``: a key's first
        binding that is not hidden, or its first with priority), of the keys that have a
        binding shown: asking whether a binding acts costs the keypress that changed them
        some hundredths of a millisecond each, and a key with no binding shown is never on
        the bar."""
        chain = self.screen._modal_binding_chain
        shown = {key for _node, bindings in chain for key, binding in bindings if binding.show}
        check = self.app._check_action_state
        active: dict[str, tuple[Binding, bool]] = {}
        for namespace, bindings in chain:
            for key, binding in bindings:
                if key not in shown:
                    continue
                state = check(binding.action, namespace)
                if state is False:
                    continue
                known = active.get(key)
                if known is None or (binding.priority and not known[0].priority):
                    active[key] = (binding, bool(state))
        return list(active.values())

    def _pieces(self) -> list[_Piece]:
        """The entries drawn, each with the spans of its keys; bindings of a group that
        follow each other share one description ("123 Heap")."""
        get = self.get_component_rich_style
        styles = {
            True: (get("keybar--key"), get("keybar--description")),
            False: (get("keybar--disabled-key"), get("keybar--disabled-description")),
        }
        # entries are parted by two spaces, or by one in the compact style
        lead = "" if self.compact else " "
        pieces: list[_Piece] = []
        for group, members in groupby(self._entries(), key=lambda entry: entry[0].group):
            run = list(members)
            if group is None or len(run) == 1:
                for binding, enabled in run:
                    key_style, description_style = styles[enabled]
                    piece = Text(f"{lead}{key_display(binding)} ", key_style)
                    piece.append(f"{binding.description} ", description_style)
                    pieces.append((piece, [(0, len(piece), binding.key, enabled)]))
                continue
            piece = Text(lead, styles[True][0])
            keys: list[_Span] = []
            for index, (binding, enabled) in enumerate(run):
                if index and not group.compact:
                    piece.append(" ", styles[enabled][0])
                start = len(piece)
                piece.append(key_display(binding), styles[enabled][0])
                keys.append((start, len(piece), binding.key, enabled))
            any_enabled = any(enabled for _, enabled in run)
            piece.append(" ", styles[any_enabled][0])
            piece.append(f"{group.description} ", styles[any_enabled][1])
            pieces.append((piece, keys))
        return pieces

    def on_click(self, event: events.Click) -> None:
        # a greyed key clicked is pressed too: the screen says why it cannot be used now,
        # as it does when the key is pressed (a beep said nothing)
        for start, end, key, _enabled in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
