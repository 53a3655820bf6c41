"""The server's log: what it says once, and what it does not say again and again.

- ``Repeats``: a logging filter that lets one line per cause through per window (a minute); the same cause
  again within the window is only counted, and the next line of that cause after the window says how many
  were left out. A cause is the logger, the level, the message's template (not its arguments) and the
  exception's type — a table number or a seat does not make a new cause.
- ``Outage``: a background loop whose dependency (the database) fails says so once when the failures start
  (with the first traceback) and once when it works again (how long, how many tries failed) — never on
  every tick in between.
- ``LOG_CONFIG``: ``ludus serve``'s logging, uvicorn's own loggers included, every line through ``Repeats``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WINDOW = 60.0


@dataclass
class _Seen:
    until: float
    left_out: int = 0


class Repeats(logging.Filter):
    def __init__(self, window: float = WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.window = window
        self.clock = clock
        self.seen: dict[tuple[Any, ...], _Seen] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else None
        cause = (record.name, record.levelno, str(record.msg), error)
        now = self.clock()
        seen = self.seen.get(cause)
        if seen is not None and now < seen.until:
            seen.left_out += 1
            return False
        if seen is not None and seen.left_out:
            record.msg = f"{record.getMessage()} (and {seen.left_out} more like it in the last {self.window:g} s)"
            record.args = None
        if len(self.seen) > 10_000:  # causes are templates, so few; this only bounds the unexpected
            self.seen = {key: value for key, value in self.seen.items() if value.until > now}
        self.seen[cause] = _Seen(now + self.window)
        return True


class Outage:
    """A dependency of a loop that may fail for a while: one line when it starts failing, one when it is back."""

    def __init__(self, logger: logging.Logger, what: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.what = what
        self.clock = clock
        self.since: float | None = None
        self.failures = 0

    @property
    def failing(self) -> bool:
        return self.since is not None

    def failed(self) -> None:
        """Call from an ``except`` block: the traceback goes with the first line only."""
        self.failures += 1
        if self.since is None:
            self.since = self.clock()
            self.logger.error("%s failed; trying again quietly until it works", self.what, exc_info=True)

    def worked(self) -> None:
        if self.since is not None:
            self.logger.warning("%s works again after %.0f s (%s tries failed)", self.what,
                                self.clock() - self.since, self.failures)
        self.since = None
        self.failures = 0


LOG_CONFIG: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"repeats": {"()": Repeats}},
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["repeats"],
                            "stream": "ext://sys.stderr"}},
    "root": {"level": "INFO", "handlers": ["stderr"]},
    "loggers": {
        "uvicorn": {"level": "WARNING", "handlers": ["stderr"], "propagate": False},
        "uvicorn.access": {"level": "WARNING", "handlers": [], "propagate": False},
    },
}
"""One handler, one filter: the same cause is told once a minute, whichever logger tells it."""
