"""Who is at the tables: when a person was last connected to each table (the rule that closes deserted
tables reads it), and each server process's latest count of who it serves (the lobby's spectators and
its "online" figure). live/attendance.py writes and reads them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, Index, String, Table, Text, delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .engine import metadata
from .tables import tables

# When a person (a player or a spectator, not a bot) was last connected to a table, on any process; a table
# without a row has had nobody since it was created. Wall-clock seconds, so a restart keeps the count.
human_seen = Table(
    "ludus_human_seen", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seen", Float, nullable=False),
)

# Each live process's picture of whom it serves, written every attendance round: per table its spectators
# ({"names": [account names], "guests": n}) and the people it saw lately (opaque keys, to count the
# people online without counting one twice). A process that stops writing drops out once its row is old.
attendance = Table(
    "ludus_attendance", metadata,
    Column("holder", String(64), primary_key=True),
    Column("updated", Float, nullable=False),
    Column("watching", Text, nullable=False),
    Column("people", Text, nullable=False),
    Index("ix_ludus_attendance_updated", "updated"),
)


@dataclass(frozen=True)
class Snapshot:
    """One process's latest picture (``attendance`` row)."""

    holder: str
    watching: dict[str, dict[str, Any]]
    people: list[str]


class AttendanceRows:
    """The store's calls on attendance (``Store`` brings the engine)."""

    engine: Engine

    def note_attendance(self, holder: str, now: float, seen: Sequence[str], watching: dict[str, dict[str, Any]],
                        people: Sequence[str]) -> None:
        """One round of a process: the tables a person was connected to now, and the process's picture."""
        row = {"updated": now, "watching": json.dumps(watching), "people": json.dumps(sorted(people))}
        try:
            self._note_attendance(holder, now, seen, row)
        except IntegrityError:
            # a person at the same fresh table on another process: that process wrote its first row between
            # this one's read and its write, so the table is known now and this round only moves it on
            self._note_attendance(holder, now, seen, row)

    def _note_attendance(self, holder: str, now: float, seen: Sequence[str], row: dict[str, Any]) -> None:
        with self.engine.begin() as db:
            if seen:
                ids = sorted(set(seen))
                known = {r.table_id for r in db.execute(select(human_seen.c.table_id)
                                                        .where(human_seen.c.table_id.in_(ids))).all()}
                if known:
                    db.execute(update(human_seen).where(human_seen.c.table_id.in_(sorted(known))).values(seen=now))
                fresh = [{"table_id": table_id, "seen": now} for table_id in ids if table_id not in known]
                if fresh:
                    db.execute(insert(human_seen), fresh)
            if db.execute(update(attendance).where(attendance.c.holder == holder).values(**row)).rowcount != 1:
                db.execute(insert(attendance).values(holder=holder, **row))

    def credit_downtime(self, holder: str, now: float, alive_after: float) -> float:
        """A process starts: if no process has written a picture since ``alive_after`` (the whole server was
        down), the time it was down does not count towards closing deserted tables — every open and running
        table's "last seen" moves on by that time (to now, when no picture was ever written: the count starts
        with this rule). Returns the seconds credited (0 when no picture was ever written: there is no downtime to
        speak of). The process's own first picture is written with it."""
        open_ids = select(tables.c.id).where(tables.c.status.in_(["open", "running"]))
        with self.engine.begin() as db:
            last = db.execute(select(func.max(attendance.c.updated))).scalar()
            credit = 0.0
            if last is None or last < alive_after:
                shift = now - (last if last is not None else 0.0)
                credit = shift if last is not None else 0.0
                ids = [row.id for row in db.execute(open_ids).all()]
                known = {row.table_id: row.seen for row in db.execute(
                    select(human_seen).where(human_seen.c.table_id.in_(ids))).all()} if ids else {}
                created = dict(db.execute(select(tables.c.id, tables.c.created).where(tables.c.id.in_(ids))).all()) \
                    if ids else {}
                for table_id in ids:
                    seen = min(now, (known.get(table_id) or created[table_id]) + shift)
                    if table_id in known:
                        db.execute(update(human_seen).where(human_seen.c.table_id == table_id).values(seen=seen))
                    else:
                        db.execute(insert(human_seen).values(table_id=table_id, seen=seen))
            row = {"updated": now, "watching": "{}", "people": "[]"}
            if db.execute(update(attendance).where(attendance.c.holder == holder).values(**row)).rowcount != 1:
                db.execute(insert(attendance).values(holder=holder, **row))
        return credit

    def forget_attendance(self, holder: str, now: float) -> None:
        """A process shutting down: its picture is emptied at once (the row stays: it says when the server
        was last up, see ``credit_downtime``)."""
        with self.engine.begin() as db:
            db.execute(update(attendance).where(attendance.c.holder == holder)
                       .values(updated=now, watching="{}", people="[]"))

    def snapshots(self, since: float) -> list[Snapshot]:
        """The pictures written after ``since`` (older ones are of processes that stopped); the others are
        removed."""
        with self.engine.begin() as db:
            db.execute(delete(attendance).where(attendance.c.updated < since - 3600))
            rows = db.execute(select(attendance).where(attendance.c.updated >= since)).all()
        return [Snapshot(row.holder, json.loads(row.watching), json.loads(row.people)) for row in rows]

    def last_seen(self, table_id: str) -> float | None:
        """When a person was last connected to the table (None: never; the table's creation counts then)."""
        with self.engine.connect() as db:
            return db.execute(select(human_seen.c.seen).where(human_seen.c.table_id == table_id)).scalar()

    def deserted_tables(self, before: float, limit: int = 100) -> list[str]:
        """Open and running real-time tables nobody has been connected to since ``before`` (nor created after
        it), longest deserted first. Turn-based tables are left out: their own deadlines deal with absence."""
        since = func.coalesce(human_seen.c.seen, tables.c.created)
        query = (select(tables.c.id).select_from(tables.outerjoin(human_seen, human_seen.c.table_id == tables.c.id))
                 .where(tables.c.status.in_(["open", "running"]), tables.c.turn_seconds.is_(None), since < before)
                 .order_by(since).limit(limit))
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query).all()]
