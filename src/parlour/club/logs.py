"""Structured logs: one JSON object a line on standard error (time, level, event, and the
event's own fields), for a log collector to read as it comes."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC
from datetime import datetime
from typing import Any
from typing import Final

LOGGER: Final = logging.getLogger("parlour.club")


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        entry.update(getattr(record, "fields", {}))
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=True, default=str)


def set_up(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    LOGGER.handlers[:] = [handler]
    LOGGER.setLevel(level)
    LOGGER.propagate = False


def log(event: str, level: int = logging.INFO, **fields: Any) -> None:
    LOGGER.log(level, event, extra={"fields": fields})
