"""Bot leases: which live process runs a table's bots and clock (live/leases.py keeps them)."""

from __future__ import annotations

from sqlalchemy import Column, Float, String, Table, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from .engine import metadata, one_statement, reading
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
        Atomic across processes: of several taking an expired lease at once, one gets it.

        One statement (an upsert: the row is written if there is none, or replaced if the lease may be taken),
        one round trip: every process that loads a running table asks, and an update, then an insert refused
        by the key when another process holds the table, took up to eight round trips and an exception."""
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        upsert = dialect.insert(leases).values(table_id=table_id, holder=holder, expires=expires)
        upsert = upsert.on_conflict_do_update(
            index_elements=[leases.c.table_id], set_={"holder": holder, "expires": expires},
            where=None if force else (leases.c.holder == holder) | (leases.c.expires < now)).returning(leases.c.holder)
        with one_statement(self.engine) as db:
            return db.execute(upsert).first() is not None  # a row comes back if it was written

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
        with reading(self.engine) as db:
            return [row.id for row in db.execute(query).all()]
