"""Choosing who plays: a known player from the list, or a new name typed in (not in an
app served to a browser whose player is fixed: it says so and lists no one else)."""

from __future__ import annotations

from textual import events
from textual import on
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input
from textual.widgets import OptionList
from textual.widgets import Static
from textual.widgets.option_list import Option

from parlour.controls.screens import PLAYER_KEYS
from parlour.controls.screens import GoesBack
from parlour.render.untrusted import outside
from parlour.render.untrusted import said
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.players import MAX_LENGTH
from parlour.store.players import check_player
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.services import fixed_player_words
from parlour.tui.services import services
from parlour.tui.services import still_up


class PlayerScreen(OpensHelp, ModalScreen[None]):
    KEYS = PLAYER_KEYS

    def key_target(self) -> GoesBack:
        return self  # the type checker sees that the screen has what its keys call

    DEFAULT_CSS = """
    PlayerScreen { align: center middle; }
    PlayerScreen #player-box {
        width: 60; height: auto; max-height: 90%; border: round $primary; padding: 0 1;
    }
    PlayerScreen #players { height: auto; max-height: 12; }
    PlayerScreen #player-said { color: $text-error; height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="player-box"):
            yield Static("Who is playing?", id="player-title")
            yield OptionList(id="players")
            # (not selected when it takes the focus: a name typed over the list goes on
            # into it, see on_key)
            yield Input(
                placeholder="or a new player's name",
                max_length=MAX_LENGTH,
                id="new-player",
                select_on_focus=False,
            )
            yield Static(id="player-said")
        yield KeyBar()

    def on_mount(self) -> None:
        app = services(self)
        store = app.store
        listing = self.query_one("#players", OptionList)
        if store is None:
            self.say("The database is not open: the player cannot be changed now.")
            return
        if app.fixed_player:
            # other players' names are not shown, and no name can be typed
            self._names = [store.player]
            listing.add_option(Option(f"{store.player} (playing now)", id="player-0"))
            self.query_one("#new-player", Input).disabled = True
            self.say(fixed_player_words(store.player))
            listing.highlighted = 0
            listing.focus()
            return
        self.say("Reading the players…")
        self.read_players(store)

    @work(thread=True, exclusive=True, group="read")
    def read_players(self, store: Store) -> None:
        """Read the players in a thread (the screen answers keys meanwhile)."""
        error = ""
        try:
            names = store.players()
        except StoreError as raised:
            names, error = [store.player], str(raised)
        self.app.call_from_thread(self.show_players, store.player, names, error)

    def show_players(self, playing: str, names: list[str], error: str) -> None:
        if not still_up(self):
            return  # the screen has gone
        self.say(error)
        listing = self.query_one("#players", OptionList)
        for index, name in enumerate(names):
            # a name from the database is outside text: shown as written, never markup
            label = outside(name)
            if name == playing:
                label.append(" (playing now)")
            listing.add_option(Option(label, id=f"player-{index}"))
        self._names = names
        listing.highlighted = names.index(playing) if playing in names else 0
        listing.focus()

    def say(self, words: str) -> None:
        self.query_one("#player-said", Static).update(said(words))

    def on_key(self, event: events.Key) -> None:
        # a name typed while the list has the focus goes into the box for a new player's
        # name (it went nowhere, and nothing said so)
        box = self.query_one("#new-player", Input)
        if box.has_focus or box.disabled or not event.is_printable or not event.character:
            return
        if self.bound(event.key):
            return  # (? opens the help)
        box.focus()
        box.insert_text_at_cursor(event.character)
        event.stop()
        event.prevent_default()

    @on(OptionList.OptionSelected, "#players")
    def known(self, event: OptionList.OptionSelected) -> None:
        index = int((event.option.id or "player-0").removeprefix("player-"))
        self.play_as(self._names[index])

    @on(Input.Submitted, "#new-player")
    def typed(self, event: Input.Submitted) -> None:
        try:
            name = check_player(event.value)
        except ValueError as error:
            self.say(f"{str(error)[:1].upper()}{str(error)[1:]}.")
            return
        self.play_as(name)

    def play_as(self, name: str) -> None:
        store = services(self).store
        if services(self).fixed_player and store is not None:
            if name == store.player:
                self.dismiss()
            else:
                self.say(fixed_player_words(store.player))
            return
        # the store is opened for them in a thread: the screen answers keys meanwhile
        self.say(f"Opening {name}'s games…")
        try:
            services(self).switch_player(name, self._switched)
        except StoreError as error:
            self.say(str(error))

    def _switched(self, error: str | None) -> None:
        if not still_up(self) or self.app.screen is not self:
            return  # the player has moved on: the answer changes nothing here
        if error is not None:
            self.say(error)
        else:
            self.dismiss()

    def action_back(self) -> None:
        self.dismiss()
