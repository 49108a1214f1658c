"""How a player is doing: statistics per game and rule options, the days' courses, and
the history of finished games with their records. Every game gets the same figures from
its plug-in; a game played in rounds gets its rounds' figures too.

The columns of ``parlour stats --csv`` and ``parlour history --csv`` (and the keys of
their JSON) are those of :data:`STAT_COLUMNS` and :data:`HISTORY_COLUMNS`, described in
docs/formats.md.
"""

from __future__ import annotations

import statistics as figures
from dataclasses import asdict
from dataclasses import dataclass
from dataclasses import replace
from datetime import date
from typing import Any
from typing import Final

from rich.table import Table
from rich.text import Text

from parlour.engine.cards import parse_cards
from parlour.engine.errors import ParlourError
from parlour.engine.errors import UnknownGameError
from parlour.engine.history import Line
from parlour.engine.notation import parse_options
from parlour.engine.plugin import GameSpec
from parlour.engine.record import format_record
from parlour.engine.registry import find_spec
from parlour.engine.registry import named_with_rules
from parlour.engine.registry import specs
from parlour.engine.rounds import course_code
from parlour.engine.rounds import daily_course
from parlour.engine.rounds import hole_seed
from parlour.engine.untrusted import shown
from parlour.engine.verdict import Budget
from parlour.store.database import Store
from parlour.store.queries import Totals
from parlour.store.queries import finished_history
from parlour.store.queries import outcomes
from parlour.store.queries import round_codes
from parlour.store.queries import round_holes
from parlour.store.queries import totals
from parlour.store.schema import FinishedGame
from parlour.store.schema import StoredRound

STAT_COLUMNS: Final = (
    "game", "options", "played", "won", "win_rate", "current_streak", "best_streak",
    "best_score", "mean_score", "median_score", "hints", "seconds_played",
    "holes_played", "rounds_finished", "best_round", "mean_round", "rounds_under_bogey",
    "mean_versus_par",
)  # fmt: skip

HISTORY_COLUMNS: Final = (
    "finished", "player", "game", "options", "seed", "course", "hole", "score", "won",
    "hints", "origin_course", "origin_hole",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class GameStats:
    """One game under one set of rule options, for one player."""

    game: str
    options: str
    played: int
    won: int
    win_rate: float
    #: wins in a row up to the last game played, and the longest such run
    current_streak: int
    best_streak: int
    #: the best is the lowest where a lower score is better (Golf)
    best_score: int
    mean_score: float
    median_score: float
    hints: int
    seconds_played: int
    # -- games played in rounds (None for the others) --
    holes_played: int | None = None
    rounds_finished: int | None = None
    best_round: int | None = None
    mean_round: float | None = None
    rounds_under_bogey: int | None = None
    #: the mean of score minus best over the holes whose best is known (perfect play's
    #: score, knowing every card; the field keeps its first name)
    mean_versus_par: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class DailyScore:
    """A player's score for a day: the first round of that day's course they finished
    on that day (UTC)."""

    day: str
    course: str
    total: int


def game_statistics(
    store: Store, game: str | None = None, *, work_out_pars: bool = False
) -> list[GameStats]:
    """The player's statistics for every game played (or ``game``), in the registry's
    order, then by rule options. A few indexed queries, whatever the number of games.
    With ``work_out_pars``, the pars of round deals not yet known under the plain rules
    are worked out (a few milliseconds a deal, once: they are kept)."""
    found = totals(store, None if game is None else find_spec(game).id)
    order = {spec.id: number for number, spec in enumerate(specs())}
    found.sort(key=lambda t: (order.get(t.game, len(order)), t.options))
    return [_stats(store, kind, work_out_pars) for kind in found]


def _stats(store: Store, kind: Totals, work_out_pars: bool) -> GameStats:
    wins, scores = outcomes(store, kind.game, kind.options)
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    try:
        spec: GameSpec | None = find_spec(kind.game)
    except UnknownGameError:  # a game this Parlour does not know: counted plainly
        spec = None
    lower = spec is not None and spec.rules().lower_is_better
    stats = GameStats(
        game=kind.game,
        options=kind.options,
        played=kind.played,
        won=kind.won,
        win_rate=round(kind.won / kind.played, 4),
        current_streak=current,
        best_streak=best,
        best_score=kind.best_low if lower else kind.best_high,
        mean_score=round(figures.fmean(scores), 2),
        median_score=_whole_if_it_is(figures.median(scores)),
        hints=kind.hints,
        seconds_played=kind.seconds,
    )
    if spec is None or spec.rounds is None:
        return stats
    return _with_rounds(store, spec, kind.options, stats, work_out_pars)


def _with_rounds(
    store: Store, spec: GameSpec, options: str, stats: GameStats, work_out_pars: bool
) -> GameStats:
    assert spec.rounds is not None
    holes = round_holes(store, spec.id, options)
    totals_ = [r.total for r in store.rounds() if r.options == options and r.is_complete]
    seeds = [seed for seed, _ in holes if seed is not None]
    pars = _known_pars(store, options, seeds)
    if work_out_pars and options == "none":
        _work_out_pars(store, spec, options, {seed for seed in seeds if seed not in pars}, pars)
    versus = [score - pars[seed] for seed, score in holes if seed in pars]
    return replace(
        stats,
        holes_played=len(holes),
        rounds_finished=len(totals_),
        best_round=min(totals_, default=None),
        mean_round=_mean(totals_),
        rounds_under_bogey=sum(1 for total in totals_ if total < spec.rounds.bogey),
        mean_versus_par=_mean(versus),
    )


def _known_pars(store: Store, options: str, seeds: list[int]) -> dict[int, int]:
    """The pars the store knows of these deals, asked for 500 at a time."""
    pars: dict[int, int] = {}
    for first in range(0, len(seeds), 500):
        pars.update(store.pars(seeds[first : first + 500], options))
    return pars


def _work_out_pars(
    store: Store, spec: GameSpec, options: str, unknown: set[int], pars: dict[int, int]
) -> None:
    """Solve the deals whose par is not known yet, add their pars to ``pars`` and keep
    them in the store."""
    solver, rules = spec.solver(), spec.rules()
    for seed in unknown:
        pars[seed] = solver.solve(rules.start_from_seed(seed), Budget()).best_score
        store.save_par(seed, options, pars[seed])


def _mean(values: list[int]) -> float | None:
    return round(figures.fmean(values), 2) if values else None


def daily_scores(store: Store, spec: GameSpec) -> list[DailyScore]:
    """The player's score for each day they finished that day's course, oldest first."""
    found: dict[str, DailyScore] = {}
    for stored in sorted(store.rounds(), key=lambda r: (r.finished or "", r.id)):
        day = _daily_day(spec, stored)
        if day is not None and day not in found:
            found[day] = DailyScore(day, course_code(stored.course), stored.total)
    return list(found.values())


def _daily_day(spec: GameSpec, stored: StoredRound) -> str | None:
    if not stored.is_complete or stored.finished is None or stored.options != "none":
        return None
    day = stored.finished[:10]
    try:
        is_daily = stored.course == daily_course(spec.id, date.fromisoformat(day))
    except ValueError:
        return None
    return day if is_daily else None


# -- as tables and plots -----------------------------------------------------------------


def _won_means(game: str) -> str:
    """What a win is, for a game whose results are not won and lost (Golf's: the links
    cleared); "" for the others."""
    try:
        spec = find_spec(game)
    except ParlourError:  # (a game this Parlour does not know)
        return ""
    won, _ = spec.rules().words.results
    return "" if won == "won" else f'{spec.name}: "won" means {won}'


def game_name(game: str, options: str) -> str:
    """``Golf`` or ``Golf (free stock)``; the id of a game this Parlour does not know."""
    return named_with_rules(game, options)


def duration(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def _whole_if_it_is(value: float) -> float:
    """A median as it is written: 3, not 3.0 (the middle of two scores alike), as a
    median of one score is (CSV and JSON wrote 3.0 for one game and 52 for another)."""
    return int(value) if float(value).is_integer() else value


def _maybe(value: object, form: str = "{}") -> str:
    return "-" if value is None else form.format(value)


_GAME_ROWS: Final = (
    ("Played", "played", "{}"), ("Won", "won", "{}"), ("Win rate", "win_rate", "{:.1%}"),
    ("Winning streak", "current_streak", "{}"), ("Best streak", "best_streak", "{}"),
    ("Best score", "best_score", "{}"), ("Mean score", "mean_score", "{:.1f}"),
    ("Median score", "median_score", "{:g}"), ("Hints used", "hints", "{}"),
)  # fmt: skip


def stats_table(player: str, stats: list[GameStats]) -> Table:
    """One column per game and rule options, one row per figure (the games of today's
    registry fit in 80 columns), the rounds' figures below a rule."""
    # the player's name and a game or options this Parlour does not know are outside
    # text: shown, never read as markup
    title = Text(f"Statistics of {shown(player)}", style="table.title")
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for s in stats:
        table.add_column(Text(shown(game_name(s.game, s.options))), justify="right")
    for label, name, form in _GAME_ROWS:
        table.add_row(label, *(form.format(getattr(s, name)) for s in stats))
    table.add_row("Time played", *(duration(s.seconds_played) for s in stats))
    # what a win is, for a game whose words call it otherwise (Golf: the links cleared)
    table.caption = "; ".join(sorted({meaning for s in stats if (meaning := _won_means(s.game))}))
    table.caption_justify = "left"
    in_rounds = [s for s in stats if s.holes_played is not None]
    if in_rounds:
        kind = find_spec(in_rounds[0].game).rounds
        assert kind is not None
        table.add_section()
        rows = (
            # (a single hole, played alone, is counted above with the games)
            (f"{kind.unit.capitalize()}s in rounds", "holes_played", "{}"),
            ("Rounds finished", "rounds_finished", "{}"), ("Best round", "best_round", "{}"),
            ("Mean round", "mean_round", "{:.1f}"),
            (f"Under bogey ({kind.bogey})", "rounds_under_bogey", "{}"),
            (f"Against best a {kind.unit}", "mean_versus_par", "{:+.2f}"),
        )  # fmt: skip
        for label, name, form in rows:
            table.add_row(label, *(_maybe(getattr(s, name), form) for s in stats))
    return table


def daily_table(spec: GameSpec, days: list[DailyScore]) -> Table:
    """The last ten days' courses and the player's score on each."""
    table = Table(title=f"{spec.name}: the days' courses", title_justify="left")
    for heading in ("Day", "Course", "Score"):
        table.add_column(heading, justify="right" if heading == "Score" else "left")
    for day in days[-10:]:
        table.add_row(day.day, day.course, str(day.total))
    return table


def round_totals(store: Store, spec: GameSpec) -> list[tuple[str, int, int | None]]:
    """The player's complete rounds (book rule), oldest first: when each was finished,
    its total and its best (perfect play's; None while a hole's best is not known)."""
    assert spec.rounds is not None
    kind = spec.rounds
    found = []
    for stored in reversed(store.rounds()):
        if not stored.is_complete or stored.options != "none" or stored.finished is None:
            continue
        try:
            seeds = [hole_seed(kind, stored.course, hole) for hole in range(1, kind.holes + 1)]
        except ParlourError:  # a course no Parlour plays (a database changed by hand)
            continue
        pars = store.pars(seeds, stored.options)
        par = sum(pars.values()) if len(pars) == len(seeds) else None
        found.append((stored.finished, stored.total, par))
    return found


# -- history ----------------------------------------------------------------------------


def stored_line(stored: FinishedGame) -> Line[Any, Any]:
    """A finished game played again from its deal (``ParlourError`` if it cannot be)."""
    rules = find_spec(stored.game).rules()
    line: Line[Any, Any] = Line.new(
        rules, parse_cards(stored.deck), parse_options(stored.options), stored.seed
    )
    return line.played_on(stored.moves)


def history(
    store: Store, game: str | None = None, *, with_records: bool = False
) -> list[dict[str, Any]]:
    """Every finished game of the player (of ``game``, or all), oldest first, as the
    columns of :data:`HISTORY_COLUMNS` (and its record text, ``record``)."""
    courses = round_codes(store)
    rows = []
    for stored in finished_history(store, None if game is None else find_spec(game).id):
        course = courses.get(stored.round_id) if stored.round_id is not None else None
        origin = stored.origin
        row: dict[str, Any] = {
            "finished": stored.finished,
            "player": store.player,
            "game": stored.game,
            "options": stored.options,
            "seed": stored.seed,
            "course": course_code(course) if course is not None else None,
            "hole": stored.hole,
            "score": stored.score,
            "won": stored.won,
            "hints": stored.hints,
            # (a game of its own taken over from a replay of a round's hole: that hole)
            "origin_course": course_code(origin.course) if origin is not None else None,
            "origin_hole": origin.hole if origin is not None else None,
        }
        if with_records:
            try:
                row["record"] = record_of(stored, row["course"])
            except ParlourError:  # a row this Parlour cannot play again: listed, no record
                row["record"] = None
        rows.append(row)
    return rows


def record_of(stored: FinishedGame, course: str | None) -> str:
    """The game record of a finished game, as ``parlour check`` reads it."""
    extra = {"Date": stored.started}
    if course is not None and stored.hole is not None:
        extra["Course"] = course
        extra["Hole"] = str(stored.hole)
    if stored.hints:
        extra["Hints"] = str(stored.hints)
    return format_record(stored_line(stored), extra)
