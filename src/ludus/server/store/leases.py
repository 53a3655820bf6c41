"""Bot leases: which live process runs a table's bots and clock (live/leases.py keeps them)."""

from __future__ import annotations

from sqlalchemy import Column, Float, String, Table, delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .engine import metadata
from .tables import tables

leases = Table(
    "ludus_leases", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("holder", String(64), nullable=False),  # the server process that runs this table's bots and clock
    Column("expires", Float, nullable=False),  # wall-clock seconds; renewed every few seconds while it lives
)


class LeaseRows:
    """The store's calls on leases (``Store`` brings the engine)."""

    engine: Engine

    def take_lease(self, table_id: str, holder: str, now: float, expires: float, force: bool = False) -> bool:
        """Hold the table until ``expires`` if it is free, expired or already ours (or ``force``).
        Atomic across processes: of several taking an expired lease at once, one gets it."""
        with self.engine.begin() as db:
            taken = db.execute(update(leases).where(
                leases.c.table_id == table_id,
                *(() if force else ((leases.c.holder == holder) | (leases.c.expires < now),)))
                .values(holder=holder, expires=expires)).rowcount == 1
        if taken:
            return True
        try:
            with self.engine.begin() as db:
                db.execute(insert(leases).values(table_id=table_id, holder=holder, expires=expires))
        except IntegrityError:
            return False  # someone else holds it (or took it a moment ago)
        return True

    def renew_leases(self, holder: str, expires: float) -> set[str]:
        """Extend every lease ``holder`` has on a running table and drop its others; the tables it holds."""
        running = select(tables.c.id).where(tables.c.status == "running")
        with self.engine.begin() as db:
            db.execute(delete(leases).where(leases.c.holder == holder, leases.c.table_id.not_in(running)))
            db.execute(update(leases).where(leases.c.holder == holder).values(expires=expires))
            rows = db.execute(select(leases.c.table_id).where(leases.c.holder == holder)).all()
        return {row.table_id for row in rows}

    def release_leases(self, holder: str) -> None:
        """A process shutting down lets the others take its tables at once."""
        with self.engine.begin() as db:
            db.execute(delete(leases).where(leases.c.holder == holder))

    def unheld_tables(self, now: float, grace: float = 0.0, limit: int = 1000) -> list[str]:
        """Running tables whose lease has expired, or that have none though older than ``grace`` seconds
        (a table just created is about to be taken by the process that made it): nobody runs their bots."""
        query = (select(tables.c.id).select_from(tables.outerjoin(leases, leases.c.table_id == tables.c.id))
                 .where(tables.c.status == "running",
                        (leases.c.table_id.is_(None) & (tables.c.created < now - grace)) | (leases.c.expires < now))
                 .order_by(tables.c.created).limit(limit))
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query).all()]
