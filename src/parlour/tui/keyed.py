"""A screen's keys, from its one table (:mod:`parlour.controls.keys`): the Textual
bindings (one per row, each with an id), whether each may be used now (``check_action``,
which greys the key bar), and what a key does (``action_press``: the row's ``act`` on the
table's target). A player's own keys reach Textual as a keymap (``App.update_keymap``),
which moves the bindings by their ids."""

from __future__ import annotations

from typing import Any
from typing import ClassVar

from textual import events
from textual.binding import Binding
from textual.binding import BindingType

from parlour.controls.keys import During
from parlour.controls.keys import KeyTable
from parlour.controls.keys import shown_key
from parlour.controls.rebinding import binding_id
from parlour.controls.rebinding import rebinding
from parlour.tui.breakpoints import StyledOnce


def bindings_of(table: KeyTable[Any], scope: str) -> list[BindingType]:
    """Textual's bindings for every row of a key table, in its order: each presses its
    action's first row (the rows of one action on several keys are one action to the key
    bar), and has the id ``scope.N`` for the row at N, by which a keymap moves it."""
    return [
        Binding(
            key.key,
            f"press({table.first_of(index)})",
            key.label,
            show=bool(key.label),
            key_display=key.display,
            group=Binding.Group(key.group, compact=key.compact_group) if key.group else None,
            id=binding_id(scope, index),
        )
        for index, key in enumerate(table)
    ]


class Keyed(StyledOnce):
    """Mixed into a screen (before Textual's ``Screen``) whose keys come from ``KEYS``:
    its bindings are made from the table, and ``check_action`` asks the table, whose rows
    are called with :meth:`key_target` (the screen's controls; the screen itself by
    default). It is styled once before its first frame (:class:`StyledOnce`).

    A player who has changed keys (the app's ``key_overrides``, from the settings file)
    gets the table with their keys (``key_table``), which the key bar and the help read,
    and Textual gets them as a keymap."""

    KEYS: ClassVar[KeyTable[Any]]
    #: what the ids of the bindings made from ``KEYS`` begin with
    KEY_SCOPE: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        table = cls.__dict__.get("KEYS")
        if table is not None:
            cls.KEY_SCOPE = f"{cls.__module__}.{cls.__qualname__}"
            cls.BINDINGS = bindings_of(table, cls.KEY_SCOPE)  # type: ignore[attr-defined]
        super().__init_subclass__(**kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_table = self.KEYS
        overrides = self._key_overrides()
        if overrides:
            done = rebinding(self.KEYS, overrides)
            if done.placement:
                self.key_table = done.table
                self.app.update_keymap(done.keymap(self.KEY_SCOPE))  # type: ignore[attr-defined]

    def _key_overrides(self) -> dict[str, tuple[str, ...]]:
        """The player's keys, from the running app (none outside one)."""
        try:
            app = self.app  # type: ignore[attr-defined]
        except RuntimeError:  # no app running: a screen made in a test, say
            return {}
        overrides: dict[str, tuple[str, ...]] = getattr(app, "key_overrides", {})
        return overrides

    def key_target(self) -> object:
        """What the table's rows are called with."""
        return self

    def key_course(self) -> During | None:
        """Which course the screen is in, for the keys that serve one (None: it has one)."""
        return None

    def action_press(self, index: int) -> None:
        """A key of the table: its row's act, and what the screen makes of the answer."""
        self.answer(self.KEYS.keys[index].act(self.key_target()))

    def answer(self, reply: object) -> None:
        """Act on what a key's row answered (a game screen: a move, a message …)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "press" or not parameters or not isinstance(parameters[0], int):
            return True
        answer = self.KEYS.keys[parameters[0]].availability(self.key_target(), self.key_course())
        return None if isinstance(answer, str) else answer

    def key_state(self, name: str, arguments: tuple[object, ...] = ()) -> bool | None:
        """What Textual is told of an action (name and arguments) of the table now: True,
        usable; None, greyed; False, not bound (True for one the table does not list)."""
        row = self.KEYS.row(name, arguments)
        if row is None:
            return True
        return self.check_action("press", (self.KEYS.keys.index(row),))

    def greyed_reason(self, key: str) -> str:
        """Why ``key`` does nothing now, when every row of it on this screen is greyed:
        the first such row's own words, or a sentence naming the key and what it would
        do; "" when some row of the key acts now, or none is bound."""
        target, course = self.key_target(), self.key_course()
        greyed = []
        for row in self.key_table:  # (with the player's own keys)
            if row.key != key:
                continue
            answer = row.availability(target, course)
            if answer is True:
                return ""
            if answer is not False:
                greyed.append((row, answer))
        if not greyed:
            return ""
        row, answer = greyed[0]
        if isinstance(answer, str):
            return answer
        return f"{shown_key(key)} ({row.label or row.description}) cannot be used now."

    def bound(self, key: str) -> bool:
        """Whether ``key`` is bound on this screen now, as Textual's ``active_bindings``
        counts it (a binding whose action is not hidden), asking only that key's bindings:
        ``active_bindings`` asks every binding whether it can act, which cost each
        keypress about half a millisecond."""
        app = self.app  # type: ignore[attr-defined]
        for namespace, bindings in self._modal_binding_chain:  # type: ignore[attr-defined]
            for binding in bindings.key_to_bindings.get(key, ()):
                if app._check_action_state(binding.action, namespace) is not False:
                    return True
        return False

    def on_key(self, event: events.Key) -> None:
        # a greyed key says why it cannot be used, rather than nothing (a screen may say
        # more: a game's or the start screen's keys that do nothing there)
        why = self.idle_words(event)
        if why:
            self.say_idle(why)
            event.stop()
            event.prevent_default()

    def idle_words(self, event: events.Key) -> str:
        """What to say of ``event``'s key when it does nothing now: a greyed key's reason
        (:meth:`greyed_reason`); "" when it acts, or is not bound."""
        return self.greyed_reason(event.key)

    def say_idle(self, why: str) -> None:
        """Say why a key does nothing (a screen with a status line says it there)."""
        self.notify(why, severity="warning")  # type: ignore[attr-defined]

    def why_idle(self, event: events.Key, more: str = "") -> str:
        """Why ``event``'s key does nothing now, to be said rather than nothing: a greyed
        key's reason (:meth:`greyed_reason`), or, for a printable key bound to nothing on
        this screen, that it does nothing here (``more`` put before the pointer to the
        key list); empty when the key acts."""
        why = self.greyed_reason(event.key)
        if not why and event.is_printable and not self.bound(event.key):
            why = f"{shown_key(event.key)} does nothing here: {more}? lists the keys."
        return why
