"""The statistics screen: the player's figures for every game, the days' courses, and
plots where a player would rather look than read: each game's scores, and the Golf
rounds' totals over time against bogey and par."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from parlour.controls.screens import STATISTICS_KEYS
from parlour.controls.screens import GoesBack
from parlour.engine.errors import ParlourError
from parlour.engine.plugin import GameSpec
from parlour.engine.registry import round_specs
from parlour.engine.untrusted import shown
from parlour.render.untrusted import said
from parlour.statistics import DailyScore
from parlour.statistics import GameStats
from parlour.statistics import daily_scores
from parlour.statistics import daily_table
from parlour.statistics import game_name
from parlour.statistics import game_statistics
from parlour.statistics import round_totals
from parlour.statistics import stats_table
from parlour.store.database import Store
from parlour.store.opening import StoreError
from parlour.store.queries import score_counts
from parlour.tui.keybar import KeyBar
from parlour.tui.screens.helping import OpensHelp
from parlour.tui.services import services
from parlour.tui.services import still_up


class StatisticsScreen(OpensHelp, Screen[None]):
    KEYS = STATISTICS_KEYS

    def key_target(self) -> GoesBack:
        return self  # the type checker sees that the screen has what its keys call

    DEFAULT_CSS = """
    StatisticsScreen #statistics { padding: 0 1; }
    StatisticsScreen PlotextPlot { height: 14; margin-bottom: 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="statistics"):
            yield Static(id="figures")
        yield KeyBar()

    def on_mount(self) -> None:
        store = services(self).store
        figures = self.query_one("#figures", Static)
        if store is None:
            figures.update("The statistics cannot be read: the database is not open.")
            return
        figures.update("Reading the statistics…")
        self.read_figures(store)

    @work(thread=True, exclusive=True, group="read")
    def read_figures(self, store: Store) -> None:
        """Read the figures in a thread (the screen answers keys meanwhile)."""
        try:
            stats = game_statistics(store)
            days = [(spec, daily_scores(store, spec)) for spec in round_specs()]
            counts = {(s.game, s.options): score_counts(store, s.game, s.options) for s in stats}
            totals = [(spec, round_totals(store, spec)) for spec in round_specs()]
        except (StoreError, ParlourError) as error:  # (a database changed by hand)
            self.app.call_from_thread(self.unreadable, str(error))
            return
        self.app.call_from_thread(self.show_figures, store.player, stats, days, counts, totals)

    def unreadable(self, error: str) -> None:
        if still_up(self):
            self.query_one("#figures", Static).update(
                said(f"The statistics cannot be read: {error}")
            )

    def show_figures(
        self,
        player: str,
        stats: list[GameStats],
        days: list[tuple[GameSpec, list[DailyScore]]],
        counts: dict[tuple[str, str], dict[int, int]],
        totals: list[tuple[GameSpec, list[tuple[str, int, int | None]]]],
    ) -> None:
        if not still_up(self):
            return  # the screen has gone
        figures = self.query_one("#figures", Static)
        if not stats:
            figures.update(
                said(f"{shown(player)} has not finished a game yet: play one, and come back.")
            )
            return
        figures.update(stats_table(player, stats))
        scroll = self.query_one("#statistics", VerticalScroll)
        for spec, found in days:
            if found:
                scroll.mount(Static(daily_table(spec, found)))
        for spec, rounds in totals:
            assert spec.rounds is not None
            if rounds:
                plot = PlotextPlot(id=f"rounds-{spec.id}")
                scroll.mount(plot)
                _plot_rounds(plot, spec.name, spec.rounds.bogey, rounds)
        for (game, options), by_score in counts.items():
            plot = PlotextPlot(classes="scores")
            scroll.mount(plot)
            plt = plot.plt
            plt.title(f"{shown(game_name(game, options))}: games by score")
            plt.bar([str(score) for score in by_score], list(by_score.values()))
            # the bars stand side by side, one for each score met, however far apart
            plt.xlabel("score (each one met, side by side)")
            plt.ylabel("games")
            # a count of games is whole: plotext's own ticks would be 0.17, 0.33 …
            ticks = whole_ticks(max(by_score.values(), default=0))
            plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
            plt.ylim(0, ticks[-1])
        scroll.focus()

    def action_back(self) -> None:
        self.app.pop_screen()


def _plot_rounds(
    plot: PlotextPlot, name: str, bogey: int, rounds: list[tuple[str, int, int | None]]
) -> None:
    """Round totals in the order played, with the bogey line and each round's best."""
    plt = plot.plt
    numbers = list(range(1, len(rounds) + 1))
    plt.title(f"{name}: round totals against bogey ({bogey}) and best")
    plt.plot(numbers, [total for _, total, _ in rounds], label="your total", marker="dot")
    plt.plot(numbers, [bogey] * len(numbers), label=f"bogey {bogey}")
    with_par = [(n, par) for n, (_, _, par) in zip(numbers, rounds, strict=True) if par is not None]
    if with_par:
        plt.scatter([n for n, _ in with_par], [p for _, p in with_par], label="best", marker="x")
    plt.xlabel("round")
    plt.ylabel("strokes")


def whole_ticks(top: int, most: int = 5) -> list[int]:
    """Whole-number ticks from 0 to at least ``top``, a round step apart (1, 2, 5, 10, 20,
    50 …), at most ``most`` steps (``top`` 1: 0 1; 7: 0 2 4 6 8; 101: 0 50 100 150)."""
    step = 1
    while -(-top // step) > most:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    last = max(1, -(-top // step)) * step
    return list(range(0, last + 1, step))
