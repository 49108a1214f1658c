"""The club's web page: today's leaderboard, each course's, each player's rounds and each
round, with its golf card, rendered on the server (no script) by Jinja2 templates that
escape every name and value (``autoescape``), laid out to read on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from functools import cache
from importlib.resources import files
from typing import Any
from typing import Final
from urllib.parse import quote

from aiohttp import web
from jinja2 import Environment
from jinja2 import PackageLoader
from jinja2 import select_autoescape

from parlour.club.appkeys import DATABASE
from parlour.club.appkeys import SETTINGS
from parlour.club.appkeys import VERIFIER
from parlour.club.boards import course_boards
from parlour.club.boards import todays_course
from parlour.club.database import StoredRound
from parlour.engine.errors import ParlourError
from parlour.engine.notation import small_number
from parlour.engine.registry import round_game
from parlour.engine.registry import rules_words
from parlour.engine.rounds import course_code
from parlour.engine.rounds import hole_seed
from parlour.engine.rounds import parse_course_code
from parlour.render.scorecard import card_rows
from parlour.render.scorecard import pace_note
from parlour.store.signing import check_signature
from parlour.store.signing import folded

#: the most standings of one board a course's page draws, each with its card (a page of
#: every standing grew with the players, and drawing it held the server up: 2,000 players
#: made a page of 2.5 MB that took most of a second); the rest are counted
PAGE_ROWS: Final = 100


@cache
def _templates() -> Environment:
    environment = Environment(
        loader=PackageLoader("parlour.club", "templates"),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["player_url"] = lambda name: "/player/" + quote(str(name), safe="")
    environment.filters["course_url"] = lambda code: "/course/" + quote(str(code), safe="")
    environment.filters["course_code"] = course_code
    environment.filters["signed"] = lambda number: "E" if number == 0 else f"{number:+d}"
    environment.filters["rule"] = lambda options: rules_words(round_game().id, str(options))
    return environment


def page(request: web.Request, template: str, status: int = 200, **values: Any) -> web.Response:
    spec = round_game()
    assert spec.rounds is not None
    html = (
        _templates()
        .get_template(template)
        .render(
            title=request.app[SETTINGS].title,
            game=spec.name,
            game_id=spec.id,
            bogey=spec.rounds.bogey,
            pace=pace_note(spec.rounds.holes, spec.rounds.bogey),
            **values,
        )
    )
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


def card(stored: StoredRound, pars: list[int] | None) -> dict[str, Any]:
    """A round's golf card for a template: the hole numbers and its rows. The club works
    out each hole's best (perfect play knowing every card; its ``pars``), not the hint
    player's par, so the card has a Best row and no Par row."""
    spec = round_game()
    kind = spec.rounds
    assert kind is not None
    known = dict(enumerate(pars or [], start=1))
    rows = card_rows(stored.scores, holes=kind.holes, bogey=kind.bogey, bests=known, unknown="–")
    return {
        "holes": list(range(1, kind.holes + 1)),
        "rows": [{"label": row.label, "cells": row.cells, "total": row.total} for row in rows],
    }


async def _pars(request: web.Request, stored: StoredRound) -> list[int] | None:
    return (await _pars_of(request, [stored]))[0]


async def _pars_of(request: web.Request, stored: Sequence[StoredRound]) -> list[list[int] | None]:
    """Each round's pars, hole by hole (None until all are worked out): one question to
    the database for each set of options, however many rounds (a player's page shows
    up to 200, and asked once a round it was the dearest page to ask for)."""
    spec = round_game()
    kind = spec.rounds
    assert kind is not None
    seeds = [[hole_seed(kind, r.course, hole) for hole in range(1, kind.holes + 1)] for r in stored]
    known: dict[str, dict[int, int]] = {}
    for options in {r.options for r in stored}:
        wanted = {
            seed
            for r, its in zip(stored, seeds, strict=True)
            if r.options == options
            for seed in its
        }
        known[options] = await request.app[DATABASE].pars(spec.id, sorted(wanted), options)
    return [
        [known[r.options][seed] for seed in its]
        if all(seed in known[r.options] for seed in its)
        else None
        for r, its in zip(stored, seeds, strict=True)
    ]


async def course_page(request: web.Request, course: int, daily: bool) -> web.Response:
    database = request.app[DATABASE]
    boards = await course_boards(database, request.app[VERIFIER], course)
    shown = [
        {
            "options": board.options,
            "pars": board.pars,
            "par_total": sum(board.pars) if board.pars else None,
            "players": len(board.standings),
            "standings": [
                {
                    "place": standing.place,
                    "round": stored,
                    "versus_par": standing.versus_par,
                    "versus_bogey": standing.round.versus_bogey,
                    "card": card(stored, board.pars),
                }
                for standing, stored in board.standings[:PAGE_ROWS]
            ],
        }
        for board in boards
    ]
    courses = await database.courses() if daily else []
    return page(
        request,
        "course.html",
        code=course_code(course),
        daily=daily,
        day=datetime.now(UTC).date().isoformat(),
        boards=shown,
        courses=[
            {"code": course_code(c), "players": n, "best": best, "last": last}
            for _, c, n, best, last in courses
            if c != course
        ],
    )


async def home(request: web.Request) -> web.Response:
    return await course_page(request, todays_course(datetime.now(UTC).date()), True)


async def course(request: web.Request) -> web.Response:
    try:
        chosen = parse_course_code(request.match_info["code"])
    except ParlourError as error:
        return page(request, "missing.html", 404, reason=str(error))
    return await course_page(request, chosen, chosen == todays_course(datetime.now(UTC).date()))


async def player(request: web.Request) -> web.Response:
    found = await request.app[DATABASE].player_rounds(folded(request.match_info["name"]))
    if found is None:
        return page(
            request, "missing.html", 404, reason="No player of that name has sent a round here."
        )
    name, rounds = found
    pars = await _pars_of(request, rounds)
    shown = [{"round": r, "card": card(r, its)} for r, its in zip(rounds, pars, strict=True)]
    return page(request, "player.html", name=name, rounds=shown)


async def one_round(request: web.Request) -> web.Response:
    ident = request.match_info["ident"]
    database = request.app[DATABASE]
    number = small_number(ident, digits=11)
    stored = await database.round(number) if number is not None else None
    if stored is None:
        return page(request, "missing.html", 404, reason="There is no such round here.")
    record = await database.record(stored.id) or ""
    signature = check_signature(record)
    return page(
        request,
        "round.html",
        round=stored,
        card=card(stored, await _pars(request, stored)),
        code=course_code(stored.course),
        signature=signature.words(),
    )


async def record_text(request: web.Request) -> web.Response:
    number = small_number(request.match_info["ident"], digits=11)
    record = await request.app[DATABASE].record(number) if number is not None else None
    if record is None:
        raise web.HTTPNotFound()
    return web.Response(text=record, content_type="text/plain", charset="utf-8")


async def stylesheet(_request: web.Request) -> web.Response:
    return web.Response(
        text=_stylesheet(),
        content_type="text/css",
        charset="utf-8",
        headers={"Cache-Control": "max-age=3600"},
    )


@cache
def _stylesheet() -> str:
    return files("parlour.club").joinpath("templates", "club.css").read_text("utf-8")


def add_routes(app: web.Application) -> None:
    app.router.add_get("/", home)
    app.router.add_get("/course/{code}", course)
    app.router.add_get("/player/{name}", player)
    app.router.add_get(r"/round/{ident:\d+}", one_round)
    app.router.add_get(r"/round/{ident:\d+}.txt", record_text)
    app.router.add_get("/club.css", stylesheet)
