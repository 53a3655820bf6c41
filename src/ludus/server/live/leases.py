"""Which live process runs a table's bots and clock: a lease per running table, kept in the database.

Several processes may show a table (each to its own viewers) and store its human moves, but only one
moves its bots and ticks its clock: the holder of the table's lease, a row ``(table_id, holder,
expires)``. Every few seconds each process renews its leases and takes the running tables whose
lease has expired or that have none: when a process dies (even SIGKILL), its tables are picked up by
a survivor within about ``lease + lease / 3`` seconds. A process stalled past its lease may find a
table taken over; the move log's unique key still lets only one of them store each move, so a lease
is a matter of who does the work, never of what is true.

The same round catches up from the database whenever the hub may have lost notes (Redis down, or
just back): each table in memory reads the moves stored after its own and tells its viewers.

A process alone on its database (no Redis) takes every lease by force: a killed predecessor's
unexpired leases must not hold its restarted self back.

The keeper knows the tables in memory only by what it asks of them (``TablesInMemory``, ``LeasedTable``):
``tables.py`` makes the keeper, so the keeper does not import ``tables.py`` back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..store import Store, TableRecord
from .background import Background
from .hub import LocalHub

log = logging.getLogger("ludus.server.leases")

LEASE_SECONDS = 6.0  # a dead process's tables wait at most about this long (+ one round) for a new holder
ROUNDS_PER_LEASE = 3  # renewals per lease: two missed rounds in a row still keep it


class LeasedTable(Protocol):
    """A table in memory, as the keeper uses it (``LiveTable``)."""

    @property
    def seq(self) -> int: ...

    @property
    def record(self) -> TableRecord: ...

    def kick_bots(self) -> None: ...

    async def catch_up(self) -> int: ...

    async def refresh_seats(self) -> None: ...

    async def republish(self) -> None: ...


class TablesInMemory(Protocol):
    """This process's tables, as the keeper uses them (``LiveTables``)."""

    @property
    def store(self) -> Store: ...

    @property
    def hub(self) -> LocalHub: ...

    @property
    def live(self) -> Mapping[str, LeasedTable]: ...

    async def db(self, function: Callable[..., Any], *args: Any) -> Any: ...

    async def get(self, table_id: str) -> LeasedTable | None: ...


class Leases(Background):
    def __init__(self, tables: TablesInMemory, seconds: float | None = None) -> None:
        self.tables = tables
        self.seconds = seconds or LEASE_SECONDS
        self.holder = uuid.uuid4().hex
        self.held: set[str] = set()
        self.wake = asyncio.Event()
        self.resync = False  # the hub came back: catch every table up once, seats included
        self.failing = False

    @property
    def alone(self) -> bool:
        return not self.tables.hub.shared

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    async def take(self, table_id: str) -> bool:
        """Hold this table if nobody else does (alone: in any case)."""
        now = time.time()
        store = self.tables.store
        if await self.tables.db(store.take_lease, table_id, self.holder, now, now + self.seconds, self.alone):
            self.held.add(table_id)
            return True
        return False

    async def adopt(self, startup: bool = False) -> int:
        """Take and load the running tables nobody holds; how many."""
        store = self.tables.store
        if startup and self.alone:
            candidates = [record.id for record in await self.tables.db(store.list_tables, ("running",), 10_000)]
        else:
            candidates = await self.tables.db(store.unheld_tables, time.time(), self.seconds)
        adopted = 0
        for table_id in candidates:
            try:
                if not await self.take(table_id):
                    continue
                mirrored = self.tables.live.get(table_id)
                table = await self.tables.get(table_id)
                if table is None:
                    continue
                if mirrored is not None:
                    await table.catch_up()  # shown here already: make sure it has every stored move
                table.kick_bots()
                adopted += 1
                if not startup:
                    log.info("took over table %s: its holder stopped renewing its lease", table_id)
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return adopted

    async def keep(self) -> None:
        """One round: renew ours, take the orphans, kick our bots, catch up if notes may be lost."""
        before = set(self.held)
        held = await self.tables.db(self.tables.store.renew_leases, self.holder, time.time() + self.seconds)
        lost = [table_id for table_id in before - held  # (a finished table's lease is dropped, not lost)
                if (table := self.tables.live.get(table_id)) is not None and table.record.status == "running"]
        if lost:
            log.warning("another process took over %s table(s) from this one (a stall longer than the lease?)",
                        len(lost))
        self.held = held | (self.held - before)  # plus those taken while the renewal ran
        await self.adopt()
        for table_id in list(self.held):
            table = self.tables.live.get(table_id) or await self.tables.get(table_id)
            if table is not None:
                table.kick_bots()  # a bot that stopped on a database error starts again
        if self.resync or not self.tables.hub.healthy:
            await self.catch_up()

    async def catch_up(self) -> None:
        """Every table in memory reads the moves it did not hear of. Once the hub is back, each also
        reads its seats and says again where it stands: a note published into a stalled Redis may
        have been lost without its listeners ever noticing an outage."""
        resync, self.resync = self.resync, False
        live = dict(self.tables.live)
        stored = await self.tables.db(self.tables.store.move_counts, list(live))
        for table_id, table in live.items():
            if stored.get(table_id, 0) > table.seq:
                await table.catch_up()
            if resync:
                await table.refresh_seats()
                await table.republish()

    async def _recovered(self) -> None:
        self.resync = True
        self.wake.set()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.seconds / ROUNDS_PER_LEASE)
            self.wake.clear()
            try:
                await self.keep()
            except Exception:
                if not self.failing:  # once per failing stretch (a database outage), not every round
                    log.exception("keeping the table leases failed; retrying every round")
                self.failing = True
            else:
                if self.failing:
                    log.warning("keeping the table leases works again")
                self.failing = False

    def start(self) -> None:
        self.tables.hub.on_recovered(self._recovered)
        super().start()

    async def stop(self) -> None:
        """Stop renewing and give our tables up, so another process takes them at once."""
        await super().stop()
        if self.held:
            with contextlib.suppress(Exception):
                await self.tables.db(self.tables.store.release_leases, self.holder)
            self.held.clear()
