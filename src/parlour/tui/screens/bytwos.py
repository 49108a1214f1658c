"""The By Twos screen: the eight foundations in suit pairs, the stock, the waste and the
packet, and while the packet is being formed, the cards kept and rejected.

Every move goes to the engine: the keys only name the card (``s``, ``w``, ``p``), the
pile (``a``, ``d``) or the step (``t``, ``d``, ``o``, ``G``), and what is legal comes from
``legal_moves`` alone. The engine's prompts name moves by their notation letters,
shown as the keys that make the moves here, as the player has them (``r``, redo on every
game screen, is the key that turns the waste over, ``o``, by default).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from textual.app import ComposeResult
from textual.events import Resize

from parlour.controls.bytwos import SOURCE_ORDER
from parlour.controls.bytwos import ByTwosCommand
from parlour.controls.bytwos import ByTwosControls
from parlour.controls.bytwos import count
from parlour.controls.bytwos import form_packet
from parlour.controls.bytwos import sentence
from parlour.controls.bytwos import target
from parlour.engine.cards import SUIT_NAMES
from parlour.engine.cards import SUITS
from parlour.engine.errors import IllegalMoveError
from parlour.engine.games.bytwos_state import FOUNDATIONS
from parlour.engine.games.bytwos_state import RANK_COUNT
from parlour.engine.games.bytwos_state import REDEAL
from parlour.engine.games.bytwos_state import SOURCES
from parlour.engine.games.bytwos_state import TURN
from parlour.engine.games.bytwos_state import Build
from parlour.engine.games.bytwos_state import ByTwosState
from parlour.engine.games.bytwos_state import Phase
from parlour.engine.games.bytwos_state import foundation_cards
from parlour.engine.games.bytwos_state import wanted
from parlour.engine.history import Line
from parlour.render.terminal import suit_glyphs
from parlour.tui import cards as art
from parlour.tui.screens.bytwos_board import NO_WORDS
from parlour.tui.screens.bytwos_board import ByTwosBoard
from parlour.tui.screens.bytwos_board import ByTwosView
from parlour.tui.screens.bytwos_board import Place
from parlour.tui.screens.bytwos_board import Words
from parlour.tui.screens.bytwos_board import words
from parlour.tui.screens.bytwos_panels import KEYS_WIDTH
from parlour.tui.screens.bytwos_panels import caption_form
from parlour.tui.screens.bytwos_panels import deal_info
from parlour.tui.screens.bytwos_panels import forming_info
from parlour.tui.screens.bytwos_panels import needs_text
from parlour.tui.screens.game import GameScreen
from parlour.tui.widgets import StatusLine


class ByTwosScreen(GameScreen):
    # the board is one widget, as wide as its cards need (screens/bytwos_board.py)
    # (the app's stylesheet centres it); a screen's rules are its default CSS rather than a
    # file of its own, which Textual would read when the screen is first shown, parsing and
    # applying the app's whole stylesheet again before the first frame
    CONTROLS = ByTwosControls
    controls: ByTwosControls
    #: its compact layout fits 60 × 20 (docs/layout.md); large cards from 120 × 36
    MIN_SIZE = (60, 20)
    CARD_SIZES = ((art.LARGE, 120, 36), (art.NORMAL, 0, 0))

    def compose_board(self) -> ComposeResult:
        yield ByTwosBoard(id="bytwos")

    def on_mount(self) -> None:
        # the engine's prompts are long: the status line takes the lines it needs, up to
        # ten for the one message that says why a deal can no longer be won (B9), as far
        # as the board leaves room (a longer message is cut, and l shows it whole); set on
        # the widget, as the app's stylesheet outranks a screen's default CSS
        # (GameScreen.on_mount runs after this by itself, and says the first message)
        self.query_one(StatusLine).styles.max_height = 10

    def size_cards(self, size: art.CardSize) -> None:
        self.query_one(ByTwosBoard).card_size = size

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self, line: Line[Any, Any]) -> None:
        state: ByTwosState = line.current
        # (the board keeps one width, or the screen's less its padding where that is less;
        # the foundations' notes get shorter on narrow terminals)
        columns = self.app.size.width
        ascii_only = self.ascii_only  # (asked once: the services are looked up)
        glyphs = suit_glyphs()
        suits = tuple(
            SUIT_NAMES[suit].capitalize()
            if ascii_only
            else f"{glyphs[suit]} {SUIT_NAMES[suit].capitalize()}"
            for suit in SUITS
        )
        if state.phase is Phase.FORMING:
            sources, panel = self.forming(line, columns, ascii_only)
        else:
            sources, panel = self.sources(state, columns)
        foundations = self.foundations(state, columns, ascii_only)
        view = ByTwosView(columns - 2, suits, foundations, sources, panel)
        self.query_one(ByTwosBoard).show_view(view)

    def foundations(self, state: ByTwosState, columns: int, ascii_only: bool) -> tuple[Place, ...]:
        live = self.controls.live
        builds = [move for move in state.legal if isinstance(move, Build)] if live else []
        targets = {target(state, move) for move in builds}
        chosen: set[int] = set()
        offered: set[int] = set()
        if self.controls.choosing and live:
            offered = {target(state, m) for m in builds if m.source == self.controls.choosing}
            chosen = {target(state, Build(self.controls.choosing, self.controls.choice))}
        form = caption_form(columns)
        places: list[Place] = []
        for index, (_suit, kind) in enumerate(FOUNDATIONS):
            count = state.built[index]
            base = foundation_cards(index, 1)[0]
            # an empty place shows its base card; that card is laid there by itself
            needs = needs_text(wanted(index, count), form, index in targets, ascii_only)
            places.append(
                Place(
                    f"foundation-{index}",
                    kind.capitalize(),
                    foundation_cards(index, count)[-1:],
                    caption=art.label(base, ascii_only) if not count else "",
                    playable=index in (offered if self.controls.choosing else targets),
                    selected=index in chosen,
                    note=words(needs) if count else NO_WORDS,
                )
            )
        return tuple(places)

    def sources(self, state: ByTwosState, columns: int) -> tuple[tuple[Place, ...], Words]:
        """The stock, the waste and the packet, and the deal's panel."""
        live = self.controls.live
        sources = {move.source for move in state.legal if isinstance(move, Build)}
        places: list[Place] = []
        for source in SOURCE_ORDER:
            name = SOURCES[source]
            cards = {"s": state.stock, "w": state.waste, "p": state.packet}[source]
            top = state.top_of(source)
            places.append(
                Place(
                    name,
                    name.capitalize(),
                    (top,) if top is not None else (),
                    playable=live
                    and (source in sources or (source == "s" and REDEAL in state.legal)),
                    selected=live and source == (self.controls.choosing or self.controls.cursor),
                    note=words(count(len(cards), "card") if cards else "empty"),
                )
            )
        keys = self.in_play and columns >= KEYS_WIDTH
        return tuple(places), words(
            deal_info(state, self.rules.outcome(state), keys, self.controls.key)
        )

    def forming(
        self, line: Line[Any, Any], columns: int, ascii_only: bool
    ) -> tuple[tuple[Place, ...], Words]:
        """The deck, the cards kept and those rejected, and the forming panel."""
        state: ByTwosState = line.current
        last = self.last_turned(line)
        places = (
            Place(
                "deck",
                "Deck",
                face_down=bool(state.deck),
                caption=str(len(state.deck)),
                playable=self.controls.live,
                note=words(count(len(state.deck), "card")),
            ),
            Place(
                "kept",
                "Kept",
                state.kept[-1:],
                selected=last == "kept",
                note=words(f"{len(state.kept)} of {RANK_COUNT}"),
            ),
            Place(
                "rejected",
                "Reject",
                state.rejected[-1:],
                selected=last == "rejected",
                note=words(count(len(state.rejected), "card")),
            ),
        )
        keys = self.in_play and columns >= KEYS_WIDTH
        return places, words(forming_info(state, keys, ascii_only, self.controls.key))

    @staticmethod
    def last_turned(line: Line[Any, Any]) -> str:
        """Where the card turned last went: ``kept``, ``rejected``, or "" at the start."""
        if len(line.states) < 2 or line.moves[-1] != TURN:
            return ""
        before, after = line.states[-2], line.states[-1]
        return "kept" if len(after.kept) > len(before.kept) else "rejected"

    def on_resize(self, event: Resize) -> None:
        # the foundations' captions get shorter on narrow terminals
        if self.line is not None:
            self.redraw(self.line)

    def watch_line(self, line: Line[Any, Any] | None) -> None:
        # any move, undo or redo ends a choice of pile that was still open
        self.controls.choosing = ""
        super().watch_line(line)

    # -- the status line -------------------------------------------------------------------

    def status(self, message: str, *, refused: bool = False, whole: str = "") -> None:
        super().status(self.controls.with_keys(message), refused=refused, whole=whole)

    def refusal(self, move: Any, error: IllegalMoveError) -> str:
        return sentence(error.reason)

    def on_finished(self) -> None:
        key = self.controls.key
        self.status(
            f"{self.ending_words()} Press {key('new')} for a new game, {key('menu')} for the menu."
        )

    # -- keys ------------------------------------------------------------------------------

    def perform(self, command: Enum) -> None:
        if command is ByTwosCommand.FORM_PACKET:
            self.form_packet()
        else:
            super().perform(command)

    def form_packet(self) -> None:
        """Turn card after card until the packet is made (:func:`form_packet`): each turn
        is a move of its own, recorded and undone one by one."""
        before = self.game.state  # (a key of play)
        formed = form_packet(self.game)
        if formed is None:
            return
        news = self.news_text(before, self.current)
        self.status(
            f"{formed} {news}{self.rules.words.prompt(self.current)} "
            f"({self.controls.key('undo')} takes back one turn at a time.)"
        )

    def clicked(self, key: str) -> None:
        self.respond(self.controls.click(key))
