"""Turn-based tables: each awaited player has a deadline per move, kept in the database and enforced by the
server's clock (docs/accounts.md).

A table created with ``turn: {"seconds": s, "on_timeout": "forfeit" | "bot:<level>"}`` gives every human seat
``s`` seconds from the moment its decisions change (a new question for it) until it answers. The deadlines
are rows of ``ludus_deadlines`` written, after each stored move, by the process that stored it; so a restart
(or another process taking the table over) keeps them, and a deadline that passed while the server was
down is enforced as soon as it is back. Every ``tick`` seconds the holder of a table's lease (``leases.py``)
looks for deadlines that passed: the table then follows its option — a bot of the chosen level answers for
the absent player (who keeps the seat; the next question gets a new deadline), or the player forfeits (the
game ends; the game's own ``forfeit`` says the outcome: ``Match.forfeit``). Both are ordinary log entries,
stored before anyone is told, and the viewers also get ``{"type": "timeout", "seat", "action"}``.

Real-time games (Shadows) are not offered turn-based: their clock is the game's own.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, select

from ludus.ai.bot import LEVELS
from ludus.engine import normalize

from ..guards.logs import Outage
from ..store import Store, deadlines
from .background import Background
from .clock import REAL_TIME_GAMES
from .tables import LostRace, ProtocolError, dumps

if TYPE_CHECKING:
    from .tables import LiveTable, LiveTables

log = logging.getLogger("ludus.server.turns")

TICK = 1.0
MIN_SECONDS = 1.0  # tests use a second or two; the lobby offers hours and days
MAX_SECONDS = 14 * 24 * 3600.0
ON_TIMEOUT = ("forfeit", *(f"bot:{level}" for level in LEVELS))


def turn_terms(game: str, value: Any) -> tuple[float, str] | None:
    """A create request's ``turn`` ({"seconds", "on_timeout"}), checked; None for a real-time table.
    ValueError (with the error code as its first argument) when refused."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("bad-turn", 'turn is {"seconds": n, "on_timeout": "forfeit" | "bot:<level>"}')
    if game in REAL_TIME_GAMES:
        raise ValueError("no-turn-based", f"{game} is played in real time; it has no turn-based tables")
    seconds = value.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise ValueError("bad-turn", f"a move's time is {MIN_SECONDS:.0f} s to {MAX_SECONDS / 86400:.0f} days")
    action = value.get("on_timeout", "bot:easy")
    if action not in ON_TIMEOUT:
        raise ValueError("bad-turn", f"on_timeout is one of {', '.join(ON_TIMEOUT)}")
    return float(seconds), action


class DeadlineBook:
    """The deadline rows (synchronous; run inline for SQLite, on a thread for PostgreSQL)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def replace(self, table_id: str, due: dict[int, float]) -> None:
        with self.engine.begin() as db:
            db.execute(delete(deadlines).where(deadlines.c.table_id == table_id))
            if due:
                db.execute(insert(deadlines), [{"table_id": table_id, "seat": seat, "due": at}
                                               for seat, at in due.items()])

    def passed(self, now: float, limit: int = 100) -> list[tuple[str, int]]:
        with self.engine.connect() as db:
            rows = db.execute(select(deadlines.c.table_id, deadlines.c.seat).where(deadlines.c.due <= now)
                              .order_by(deadlines.c.due).limit(limit)).all()
        return [(row.table_id, row.seat) for row in rows]

    def of_tables(self, table_ids: Sequence[str]) -> dict[str, dict[int, float]]:
        found: dict[str, dict[int, float]] = {}
        if not table_ids:
            return found
        with self.engine.connect() as db:
            for row in db.execute(select(deadlines).where(deadlines.c.table_id.in_(list(table_ids)))).all():
                found.setdefault(row.table_id, {})[row.seat] = row.due
        return found


class Turns(Background):
    def __init__(self, tables: LiveTables, tick: float = TICK, now: Callable[[], float] = time.time) -> None:
        self.tables = tables
        self.book = DeadlineBook(tables.store)
        self.outage = Outage(log, "the deadline clock")  # a database outage: one line at its start, one at its end
        self.tick = tick
        self.now = now

    # --- after every stored move (the storing process, under the table's lock) ------------------------
    async def stored(self, table: LiveTable) -> None:
        """Set the awaited seats' deadlines: a seat whose question changed with this move gets a new one."""
        record = table.record
        if record.turn_seconds is None:
            return
        due: dict[int, float] = {}
        if record.status == "running" and not table.match.finished:
            now = self.now()
            for seat in range(record.players):
                if record.seats[seat].bot is not None or not table.match.decisions(seat):
                    continue
                old = record.deadlines.get(seat)
                changed = table.decided_at.get(seat, 0) >= table.seq
                due[seat] = now + record.turn_seconds if old is None or changed else old
        if due != record.deadlines:
            await self.tables.db(self.book.replace, table.id, due)
            record.deadlines = due

    # --- the clock ----------------------------------------------------------------------------------
    async def tick_once(self) -> int:
        """Enforce every deadline that has passed on a table this process holds; how many were."""
        now = self.now()
        enforced = 0
        for table_id, seat in await self.tables.db(self.book.passed, now):
            if not self.tables.leases.holds(table_id):
                continue
            try:
                table = await self.tables.get(table_id)
                if table is not None and await self.expire(table, seat, now):
                    enforced += 1
            except Exception:  # one broken table must not stop the others' deadlines
                log.exception("the deadline of seat %s at table %s could not be enforced", seat, table_id)
        return enforced

    async def expire(self, table: LiveTable, seat: int, now: float) -> bool:
        action = table.record.on_timeout or "bot:easy"
        async with table.lock:
            due = table.record.deadlines.get(seat)
            if table.record.status != "running" or table.match.finished or table.record.seats[seat].bot is not None \
                    or not table.match.decisions(seat):
                await self.stored(table)  # the row is stale (answered meanwhile): bring the rows in line
                return False
            if due is None or due > now:
                return False
            try:
                if action == "forfeit":
                    events = table.match.forfeit(seat)
                else:
                    decision = table.match.decisions(seat)[0]
                    bot = table.bot(seat, action.removeprefix("bot:"))
                    choice = normalize(await asyncio.get_running_loop().run_in_executor(
                        self.tables.bot_pool, bot.choose, table.match.view(seat), decision))
                    if not decision.allows(choice):
                        choice = decision.options[0]
                    await table.commit(("play", seat, choice), by="bot")  # (heavy work on a worker: live.py)
                    events = None
                if events is not None:
                    await table._store_and_tell(events)
            except (LostRace, ProtocolError):
                return False  # another process moved first (told), or the database failed (logged)
            note = dumps({"type": "timeout", "table": table.id, "seat": seat, "action": action})
            for viewer in list(table.viewers):
                viewer.send(note)
        log.info("table %s: seat %s ran out of time (%s)", table.id, seat, action)
        table.kick_bots()
        return True

    async def _run(self) -> None:
        while True:
            try:
                await self.tick_once()
            except Exception:
                self.outage.failed()
            else:
                self.outage.worked()
            await asyncio.sleep(self.tick)
