"""Who is at the tables, across processes and restarts: deserted tables are closed, and the lobby learns
each table's spectators and how many people are online.

Every round (a quarter of the abandonment time, at most ``MAX_ROUND`` seconds) each process writes to the
database (store/attendance.py) the tables a person was connected to since the last round — a player or a
spectator; bots are no one — and its picture of whom it serves: per table the spectators (signed-in ones
by name, guests as a count) and the people it saw (a table connection, or a lobby visit in the last
``VISIT_SECONDS``), by opaque keys, so the lobby counts everyone online once, whichever process they use.

A real-time table (open or running) that no person has been connected to for ``abandon_after`` seconds
(``ludus serve --abandon-after``, 10 minutes by default) is closed as abandoned: an ``abandon`` log entry
("deserted") ends it with nobody winning, so it leaves the lobby and goes to the archive as abandoned and
unrated (api/archive.py rates no abandoned game). The time is counted from the stored "last seen" (or the
table's creation), so a restart neither forgets nor restarts it. A running table is closed by the process
that holds its lease (leases.py), an open one (no lease) by whichever process gets there: the move log's
unique key lets exactly one ``abandon`` be stored, and the closing process looks again, under the table's
lock, just before. The time the whole server was down does not count: the first process to start after an
outage moves every table's "last seen" on by the outage's length (so does the first start with this rule).
Turn-based tables are left alone: their deadlines deal with absent players. All the work is a few short
database calls per round and a table load (on a worker, like any load); nothing heavy runs on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..guards.logs import Outage
from .background import Background
from .tables import LostRace, ProtocolError

if TYPE_CHECKING:
    from .tables import LiveTable, LiveTables

log = logging.getLogger("ludus.server.attendance")

DEFAULT_ABANDON_AFTER = 600.0
MAX_ROUND = 5.0
VISIT_SECONDS = 15.0  # the lobby asks every 4 s: a visitor not heard of for this long has gone
MAX_VISITORS = 10_000  # lobby visitors remembered at once (each is a short key): a flood cannot grow memory
DESERTED = "deserted"


def round_seconds(abandon_after: float) -> float:
    return max(0.2, min(MAX_ROUND, abandon_after / 4))


class Attendance(Background):
    def __init__(self, tables: LiveTables, abandon_after: float = DEFAULT_ABANDON_AFTER,
                 now: Callable[[], float] = time.time) -> None:
        if not abandon_after > 0:
            raise ValueError("the abandonment time is a positive number of seconds")
        self.tables = tables
        self.abandon_after = abandon_after
        self.round = round_seconds(abandon_after)
        self.now = now
        self.holder = uuid.uuid4().hex
        self.visitors: dict[str, float] = {}  # lobby visitor key → when last heard of
        self.outage = Outage(log, "the attendance round")

    # --- what this process sees ---------------------------------------------------------------
    def visit(self, key: str) -> None:
        """A lobby visit (its key: the account, or the browser's own random id)."""
        if key not in self.visitors and len(self.visitors) >= MAX_VISITORS:
            self._drop_old_visits()
            if len(self.visitors) >= MAX_VISITORS:
                return
        self.visitors[key] = self.now()

    def _drop_old_visits(self) -> None:
        cutoff = self.now() - VISIT_SECONDS
        for key in [key for key, at in self.visitors.items() if at < cutoff]:
            del self.visitors[key]

    def local(self) -> tuple[dict[str, dict[str, Any]], set[str]]:
        """This process's spectators per table and the people it serves now."""
        watching: dict[str, dict[str, Any]] = {}
        people: set[str] = set()
        for table_id, table in self.tables.live.items():
            names: set[str] = set()
            guests = 0
            for viewer in list(table.viewers):
                people.add(getattr(viewer, "person", None) or f"c:{id(viewer)}")
                if viewer.seat is None:
                    name = getattr(viewer, "name", None)
                    if name:
                        names.add(name)
                    else:
                        guests += 1
            if names or guests:
                watching[table_id] = {"names": sorted(names), "guests": guests}
        self._drop_old_visits()
        people.update(self.visitors)
        return watching, people

    async def picture(self) -> tuple[dict[str, dict[str, Any]], int]:
        """Every process's spectators per table (names merged, guests added up) and the people online."""
        watching, people = self.local()
        merged = {table_id: {"names": set(seen["names"]), "guests": seen["guests"]}
                  for table_id, seen in watching.items()}
        for snapshot in await self.tables.db(self.tables.store.snapshots, self.now() - 3 * self.round):
            if snapshot.holder == self.holder:
                continue  # ours, as of the last round: the live one above is newer
            people.update(snapshot.people)
            for table_id, seen in snapshot.watching.items():
                mine = merged.setdefault(table_id, {"names": set(), "guests": 0})
                mine["names"].update(seen.get("names", []))
                mine["guests"] += int(seen.get("guests", 0))
        return ({table_id: {"names": sorted(seen["names"]), "guests": seen["guests"]}
                 for table_id, seen in merged.items()}, len(people))

    # --- the round -----------------------------------------------------------------------------
    async def keep(self) -> int:
        """One round: say who is here, then close the deserted tables; how many were closed."""
        now = self.now()
        visited = {table_id for table_id, table in self.tables.live.items() if table.viewers}
        visited |= self.tables.visited
        self.tables.visited = set()
        watching, people = self.local()
        await self.tables.db(self.tables.store.note_attendance, self.holder, now, sorted(visited), watching,
                             sorted(people))
        closed = 0
        for table_id in await self.tables.db(self.tables.store.deserted_tables, now - self.abandon_after):
            try:
                if await self.close_if_deserted(table_id):
                    closed += 1
            except Exception:  # one broken table must not keep the others open
                log.exception("deserted table %s could not be closed", table_id)
        return closed

    async def close_if_deserted(self, table_id: str) -> bool:
        live = self.tables.live.get(table_id)
        if live is not None and live.viewers:
            return False  # someone came this very moment
        if live is not None and live.record.status == "running" and not self.tables.leases.holds(table_id):
            return False  # the holder of its lease closes it
        table = await self.tables.get(table_id)
        if table is None:
            return False
        if table.record.status == "running" and not self.tables.leases.holds(table_id):
            return False
        return await self.close(table)

    async def close(self, table: LiveTable) -> bool:
        """End the table as abandoned if, looked at again under its lock, it still is deserted."""
        async with table.lock:
            if table.record.status == "over" or table.match.finished or table.viewers:
                return False
            seen = await self.tables.db(self.tables.store.last_seen, table.id)
            if max(seen or 0.0, table.record.created) >= self.now() - self.abandon_after:
                return False
            events = table.match.abandon(DESERTED)
            try:
                await table._store_and_tell(events)
            except (LostRace, ProtocolError):
                return False  # another process stored a move first (or the database failed): next round
        log.info("table %s closed: nobody has been connected to it for %.0f s", table.id, self.abandon_after)
        return True

    async def _run(self) -> None:
        try:  # the time the whole server was down does not count (store/attendance.py)
            now = self.now()
            credit = await self.tables.db(self.tables.store.credit_downtime, self.holder, now, now - 3 * self.round)
            if credit:
                log.info("the server was down: deserted tables get %.0f s more before they are closed", credit)
        except Exception:
            log.exception("the downtime could not be credited to the open tables")
        while True:
            try:
                await self.keep()
            except Exception:
                self.outage.failed()
            else:
                self.outage.worked()
            await asyncio.sleep(self.round)

    async def stop(self) -> None:
        await super().stop()
        try:
            await self.tables.db(self.tables.store.forget_attendance, self.holder, self.now())
        except Exception:
            log.warning("this process's attendance could not be removed; it expires by itself")
