"""A screen's keys, from its one table (:mod:`parlour.controls.keys`): the Textual
bindings, whether each may be used now (``check_action``, which greys the key bar), and
for a table's actions that the screen does not carry out itself, an action that asks the
screen's controls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar

from textual.binding import Binding
from textual.binding import BindingsMap
from textual.binding import BindingType

from parlour.controls.keys import Availability
from parlour.controls.keys import KeyTable
from parlour.controls.keys import rebind


def bindings_of(table: KeyTable) -> list[BindingType]:
    """Textual's bindings for every row of a key table, in its order."""
    return [
        Binding(
            key.key,
            key.action,
            key.label,
            show=bool(key.label),
            key_display=key.display,
            group=Binding.Group(key.group, compact=key.compact_group) if key.group else None,
        )
        for key in table
    ]


class Keyed:
    """Mixed into a screen (before Textual's ``Screen``) whose keys come from ``KEYS``:
    its bindings are made from the table, and ``check_action`` asks the table, which asks
    :meth:`key_controls` (the screen's controls; the screen itself by default).

    A player who has changed keys (the app's ``key_overrides``, from the settings file)
    gets the table with their keys (``key_table``), and the screen's bindings are made
    from that instead: the key bar, the greying and the help all read it."""

    KEYS: ClassVar[KeyTable]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        table = cls.__dict__.get("KEYS")
        if table is not None:
            cls.BINDINGS = bindings_of(table)  # type: ignore[attr-defined]
        super().__init_subclass__(**kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_table = self.KEYS
        overrides = self._key_overrides()
        if overrides:
            self.key_table = rebind(self.KEYS, overrides)[0]
            if self.key_table != self.KEYS:
                self._rebind(self.key_table)

    def _key_overrides(self) -> dict[str, tuple[str, ...]]:
        """The player's keys, from the running app (none outside one)."""
        try:
            app = self.app  # type: ignore[attr-defined]
        except RuntimeError:  # no app running: a screen made in a test, say
            return {}
        overrides: dict[str, tuple[str, ...]] = getattr(app, "key_overrides", {})
        return overrides

    def _rebind(self, table: KeyTable) -> None:
        """The screen's bindings with the table's rows in place of the declared ones (any
        that Textual's own screen classes add are kept)."""
        bindings: BindingsMap = self._bindings  # type: ignore[attr-defined]
        ours = {key.action for key in self.KEYS}
        for key, entries in list(bindings.key_to_bindings.items()):
            kept = [entry for entry in entries if entry.action not in ours]
            if kept:
                bindings.key_to_bindings[key] = kept
            else:
                del bindings.key_to_bindings[key]
        for binding in Binding.make_bindings(bindings_of(table)):
            bindings.key_to_bindings.setdefault(binding.key, []).append(binding)

    def key_controls(self) -> object:
        return self

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Availability:
        return self.key_table.availability(self.key_controls(), action, parameters)

    def key_signature(self) -> tuple[Availability, ...]:
        """Every key's availability: the key bar is redrawn only when this changes."""
        return self.key_table.signature(self.key_controls())


def forward(name: str) -> Callable[..., None]:
    """An action that asks the screen's controls (method ``name``) and acts on the reply
    (``respond``)."""

    def action(self: Any, *arguments: object) -> None:
        self.respond(getattr(self.controls, name)(*arguments))

    action.__name__ = f"action_{name}"
    action.__doc__ = f"The {name} key: asks the controls."
    return action
