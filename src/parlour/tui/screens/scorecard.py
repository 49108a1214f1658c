"""The Golf scorecard: a golf card of the round (holes 1–9 across; par, best, score and
the running total against bogey), the line saying what those mean, and a line saying how
the round stands."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from pathlib import Path

from rich.console import Console
from rich.console import Group
from rich.console import RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Static

from parlour.controls.keys import Availability
from parlour.controls.screens import SCORECARD_KEYS
from parlour.controls.screens import Scorecard
from parlour.engine.notation import format_options
from parlour.engine.registry import round_game
from parlour.engine.registry import rules_words
from parlour.engine.rounds import Round
from parlour.engine.untrusted import shown
from parlour.render.scorecard import LEGEND
from parlour.render.scorecard import card_rows
from parlour.render.scorecard import golf_card
from parlour.render.scorecard import pace_note
from parlour.store.database import Store
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.services import services
from parlour.tui.services import still_up

#: under a card taller than the terminal
MORE = "more below: ↓"
MORE_ASCII = "more below: down"
#: a round's figures known so far: its holes' pars and their bests (hole -> figure)
Figures = tuple[Mapping[int, int], Mapping[int, int]]


def scorecard_table(
    round_: Round, figures: Figures | None = None, unknown: str = "…", width: int | None = None
) -> RenderableType:
    """The round as a golf card: holes 1–9 across, then rows for each hole's par (what
    the hint player scores on it) and best (the fewest cards perfect play knowing every
    card leaves; ``…`` while either is being worked out), its score and the running total
    against bogey, with the totals at the right; under it, what the rows mean. A figure
    not known yet is ``unknown`` (``-`` in ASCII, where an ellipsis would be a dot).
    Narrower than the card (``width``), the holes go in two rows (or three), one under
    the other, the totals after the last: nothing is cut off."""
    pars, bests = figures or ({}, {})
    rows = card_rows(round_.scores, holes=round_.holes, bogey=round_.bogey, pars=pars, bests=bests)
    title = f"Course {round_.code} · {shown(_rule(round_))} · bogey {round_.bogey}"
    caption = f"{LEGEND}\n{pace_note(round_.holes, round_.bogey)}"
    whole = golf_card(rows, title=title, caption=caption)
    if width is None or _width(whole) <= width:
        return whole
    for parts in (2, 3):
        size = -(-round_.holes // parts)
        runs = [range(start, min(start + size, round_.holes + 1)) for start in
                range(1, round_.holes + 1, size)]  # fmt: skip
        tables = [
            golf_card(rows, caption=caption if index == len(runs) - 1 else None, holes=run)
            for index, run in enumerate(runs)
        ]
        if max(map(_width, tables)) <= width:
            break
    # (the title above the parts, as wide as the room: a part's own title was wrapped to
    # the part's width, its last word alone on a line of a 60-column terminal)
    from parlour.render.untrusted import said

    return Group(said(title, style="table.title"), *tables)


def _width(table: Table) -> int:
    console = Console(width=1000)
    return Measurement.get(console, console.options, table).maximum


def _none_known() -> Figures:
    return {}, {}


def _rule(round_: Round) -> str:
    return rules_words(round_game().id, format_options(round_.options))


def verdict(round_: Round) -> Text:
    if not round_.is_complete:
        holes = round_.holes - round_.holes_played
        left = round_.bogey - round_.total
        plural = "s" if holes != 1 else ""
        if left > 0:
            return Text(f"{holes} hole{plural} to play; under {left} more beats bogey.")
        return Text(f"{holes} hole{plural} to play; bogey is out of reach this round.")
    if round_.total < round_.bogey:
        return Text(
            f"Round over: {round_.total}, bogey beaten by {round_.bogey - round_.total}!",
            style="bold green",
        )
    if round_.total == round_.bogey:
        return Text(f"Round over: {round_.total}, level with bogey.", style="bold")
    return Text(f"Round over: {round_.total}, {round_.total - round_.bogey} over bogey.")


class ScorecardScreen(OpensHelp, ModalScreen[bool]):
    #: this screen's look, here rather than in parlour.tcss, so that the app does not
    #: parse it at every start before a board (docs/performance.md)
    DEFAULT_CSS = """
    ScorecardScreen {
        align: center middle;
    }

    #scorecard {
        width: auto;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 1 2;
        background: $panel;
        border: round $primary;
        scrollbar-size-vertical: 1;
    }

    ScorecardScreen.-narrow #scorecard {
        padding: 0 1;
    }

    /* narrow: the panel is as wide as the screen, and the verdict wraps inside it */
    ScorecardScreen.-narrow #scorecard {
        width: 100%;
    }

    ScorecardScreen.-narrow #scorecard-verdict {
        width: 100%;
    }

    #scorecard-table, #scorecard-verdict {
        width: auto;
        height: auto;
    }

    #scorecard-verdict {
        margin-top: 1;
    }
    """
    KEYS = SCORECARD_KEYS
    #: under 70 columns the panel's padding is one column each side (DEFAULT_CSS)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (70, "-wide")]  # noqa: RUF012 (typed by Textual)

    def key_target(self) -> Scorecard:
        return self  # the type checker sees that the screen has what its keys call

    def __init__(
        self,
        round_: Round,
        *,
        finished_hole: bool,
        pars: Callable[[], Figures] | None = None,
        round_id: int | None = None,
    ) -> None:
        super().__init__()
        self.round = round_
        self.finished_hole = finished_hole
        self.pars = pars or _none_known
        #: the stored round shown, which the export key writes as a round record
        self.round_id = round_id
        #: the pars and bests the card was last drawn with, and the timer that looks for
        #: new ones while some are still being worked out
        self._shown: Figures = ({}, {})
        self._refreshing: Timer | None = None

    def compose(self) -> ComposeResult:
        card = VerticalScroll(id="scorecard")
        # as wide as the golf card wants (up to the screen), not squeezed to the verdict
        card.shrink = False
        with card:
            yield Static(self.card(), id="scorecard-table")
            yield Static(verdict(self.round), id="scorecard-verdict")
        yield KeyBar()

    @property
    def ascii(self) -> bool:
        return services(self).ascii_only

    def on_resize(self) -> None:
        self._draw_card()
        self.call_after_refresh(self._say_more)

    def _draw_card(self) -> None:
        """Draw the card (again), unless the screen is being taken away: a card closed at
        once can be told of a new size when its parts have gone (as a loaded CI machine
        showed), and that ended the app."""
        if still_up(self):
            for table in self.query("#scorecard-table").results(Static):
                table.update(self.card())

    def _say_more(self) -> None:
        """A card taller than the terminal scrolls, and its frame says so."""
        if not still_up(self):
            return
        for card in self.query("#scorecard").results(VerticalScroll):
            more = card.scroll_offset.y < card.max_scroll_y
            card.border_subtitle = (MORE_ASCII if self.ascii else MORE) if more else ""

    def on_mount(self) -> None:
        card = self.query_one("#scorecard", VerticalScroll)
        card.focus()  # (the arrows scroll it)
        self.watch(card, "scroll_y", lambda _: self._say_more(), init=False)
        self.call_after_refresh(self._say_more)
        # pars and bests are worked out in the background: show each as it arrives
        if min(map(len, self.pars())) < self.round.holes:
            self._shown = _copied(self.pars())
            self._refreshing = self.set_interval(0.5, self.refresh_pars)
        if self.round.is_complete and self.finished_hole and self.round_id is not None:
            from parlour.tui.screens.club_send import after_round

            # the round's last hole was just played: to the club, if the player has one
            app = services(self)
            self.call_after_refresh(after_round, self, app.store, app.data_dir, self.round_id)

    def refresh_pars(self) -> None:
        """Draw the card again if a par or a best has come since it was drawn (not
        otherwise: drawing it again lays the screen out again, and a key waits for that);
        once every one is known, the card stops looking."""
        figures = _copied(self.pars())
        if figures == self._shown:
            return
        self._shown = figures
        self._draw_card()
        if min(map(len, figures)) >= self.round.holes and self._refreshing is not None:
            self._refreshing.stop()

    def card(self) -> RenderableType:
        unknown = "-" if services(self).ascii_only else "…"
        # the room inside the panel: its border and padding (see parlour.tcss)
        width = self.app.size.width - (4 if self.app.size.width < 70 else 6)
        return scorecard_table(self.round, self.pars(), unknown, width)

    def can_go_on(self) -> Availability:
        if self.round.is_complete:
            return False
        return self.finished_hole or (
            "The hole is still in play: Esc goes back to the board to finish it; the next "
            "hole comes after it."
        )

    def can_start_round(self) -> bool:
        return self.round.is_complete

    def can_export(self) -> Availability:
        # (greyed until the last hole is played, as the round record holds every hole)
        if self.round.is_complete:
            return True
        round_, holes = self.round, self.round.holes
        return (
            f"No round record written: the round of course {round_.code} is not finished: "
            f"{round_.holes_played} of {holes} {round_.kind.unit}s played (a round record "
            f"holds all {holes})."
        )

    def action_go_on(self) -> None:
        self.dismiss(True)

    def action_new_round(self) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)

    def action_export(self) -> None:
        """Write the round as a round record (only once every hole is played): read,
        signed and written in a thread (the screen answers keys meanwhile)."""
        store = services(self).store
        if store is None or self.round_id is None:
            self.notify("This round is not saved, so it cannot be exported.", severity="error")
            return
        refused = services(self).exports.refusal()
        if refused:
            self.notify(refused, severity="error")
            return
        directory = services(self).data_dir
        # (the app's worker, not the card's: a player who closes the card before the disk
        # answers is still told where the record went)
        self.app.run_worker(self._export(store, self.round_id, directory), group="export")

    async def _export(self, store: Store, round_id: int, directory: Path) -> None:
        from parlour.clubclient.outbox import signed_record
        from parlour.store.files import FileError
        from parlour.store.opening import StoreError
        from parlour.store.round_records import export_round
        from parlour.tui.offloop import in_thread

        def writing() -> Path | None:
            stored = store.get_round(round_id)
            if stored is None:
                return None
            return export_round(directory, stored, signed_record(store, directory, stored))

        app = self.app  # (the card may have closed by the time the disk answers)
        try:
            path = await in_thread(writing)
        except (StoreError, FileError) as error:
            app.notify(f"No round record written: {error}.", severity="warning", timeout=10)
            return
        if path is None:
            app.notify("This round is not saved, so it cannot be exported.", severity="error")
            return
        app.notify(f"Round record written to {path}", timeout=10)


def _copied(figures: Figures) -> Figures:
    """The figures as they are now (a later change to the mappings given is not in it)."""
    return dict(figures[0]), dict(figures[1])
