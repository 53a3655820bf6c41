"""Python's cyclic garbage collector, kept from pausing the event loop.

A server holds every running table's state, so the objects that stay alive number in the millions. CPython's
collector then and again (when the objects that survived grow by a quarter) walks all of them in one "full"
collection: 115–225 ms of a frozen event loop at 400 tables, which was the whole of the move's p99 there
(docs/server.md). Nearly none of it is garbage: the tables' states are freed by their reference counts.

So every ``FREEZE_EVERY`` seconds what is alive is moved to the permanent generation (``gc.freeze()``), and
the automatic collections only walk what is newer. Cycles that become garbage after their objects were frozen
are not lost: every ``FULL_EVERY`` seconds everything is unfrozen and collected once (the one long pause, rare
enough to stay out of any percentile a player meets), and at shutdown everything is unfrozen.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

from .background import Background

FREEZE_EVERY = 30.0
FULL_EVERY = 900.0


class Collector(Background):
    def __init__(self, freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.clock = clock
        self.last_full = clock()

    def tick(self) -> str:
        """One round: ``"full"`` when the full collection was due (and done), else ``"freeze"``."""
        now = self.clock()
        if now - self.last_full >= self.full_every:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.last_full = now
            return "full"
        gc.freeze()
        return "freeze"

    async def _run(self) -> None:
        try:
            while True:
                await asyncio.sleep(self.freeze_every)
                self.tick()
        finally:
            gc.unfreeze()
