"""The server clock: about once a second, let real-time games see the time (``Match.advance(now)``).

Only games with real-time rules are ticked (Shadows' co-op countdown). ``now`` is wall-clock seconds
(``time.time()``), so a deadline computed before a restart still means the same moment after it. An advance
that changes something is a log entry like a choice: it is stored first and only then sent to the viewers.
Only the process holding the table's lease ticks it (the move log's unique key would still make one win
if two did). A restart replays the stored advances, so the countdown resumes where the game's deadline
says.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from .background import Background
from .tables import LiveTable, LiveTables, LostRace, ProtocolError

log = logging.getLogger("ludus.server.clock")

# Games whose rules read the time; every other game's advance is a no-op and is never called.
REAL_TIME_GAMES = frozenset({"shadows"})
TICK = 1.0


def has_real_time_rules(table: LiveTable) -> bool:
    return table.record.game in REAL_TIME_GAMES


async def advance_table(table: LiveTable, now: float) -> bool:
    """Advance one table's clocks to ``now``; True if the game changed (stored, then broadcast)."""
    if table.record.status != "running" or table.match.finished:
        return False
    async with table.lock:
        if table.record.status != "running" or table.match.finished:
            return False
        try:
            # a countdown that ends a round may start the next one: its map search runs on a worker (live.py)
            if not await table.commit(("advance", now)):
                return False
        except (LostRace, ProtocolError):
            # Another process moved first (its move is told; the next tick sees the new position),
            # the database failed (logged; the table is back on the stored log), or the table ended.
            return False
    table.kick_bots()
    return True


class Clock(Background):
    """One background task ticking every live table with real-time rules."""

    def __init__(self, tables: LiveTables, tick: float = TICK, now: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self.tick = tick
        self.now = now

    async def tick_once(self) -> int:
        changed = 0
        for table in list(self.tables.live.values()):
            if not has_real_time_rules(table) or not self.tables.leases.holds(table.id):
                continue
            try:
                changed += await advance_table(table, self.now())
            except Exception:  # one broken table must not stop every other table's clock
                log.exception("clock tick failed for table %s", table.id)
        return changed

    async def _run(self) -> None:
        while True:
            await self.tick_once()
            await asyncio.sleep(self.tick)

