"""What every request handler reaches through the application: its settings, database,
verifying pool, rate limits and when it started."""

from __future__ import annotations

from typing import Final

from aiohttp import web

from parlour.club.database import ClubDatabase
from parlour.club.limits import RateLimits
from parlour.club.settings import ClubSettings
from parlour.club.verify import Verifier

DATABASE: Final = web.AppKey("database", ClubDatabase)
VERIFIER: Final = web.AppKey("verifier", Verifier)
SETTINGS: Final = web.AppKey("settings", ClubSettings)
LIMITS: Final = web.AppKey("limits", dict[str, RateLimits])
STARTED: Final = web.AppKey("started", float)
