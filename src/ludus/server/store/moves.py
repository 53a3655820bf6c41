"""The append-only move log. Its primary key (table_id, n) is the single-writer check: when two server
processes race for the same move number, exactly one insert succeeds and the other learns it is behind.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Column, Float, Integer, PrimaryKeyConstraint, String, Table, Text, func, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .engine import metadata, one_statement, reading

moves = Table(
    "ludus_moves", metadata,
    Column("table_id", String(32), nullable=False),
    Column("n", Integer, nullable=False),  # 1, 2, 3, ... per table
    Column("entry", Text, nullable=False),  # the Match log entry as JSON: {"seat", "choice"} or {"advance"}
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "n"),
)


MULTI_ROW = 500  # moves written by one multi-row INSERT (a group commit's batch, as a rule, is far smaller)


class MoveConflict(Exception):
    """Another writer already stored move ``n`` of this table: the caller is behind."""


class MoveLog:
    """The store's calls on the move log (``Store`` brings the engine)."""

    engine: Engine

    def append_move(self, table_id: str, n: int, entry: dict[str, Any]) -> None:
        """Store move ``n``; raises MoveConflict if that number is already taken."""
        try:
            with one_statement(self.engine) as db:
                db.execute(insert(moves).values(table_id=table_id, n=n, entry=json.dumps(entry), at=time.time()))
        except IntegrityError as error:
            raise MoveConflict(f"move {n} of table {table_id} already stored") from error

    def append_moves(self, batch: Sequence[tuple[str, int, dict[str, Any]]]) -> None:
        """Store several moves (of any tables) in one transaction: all or none. MoveConflict if any
        number is taken; the caller then retries them one by one to learn which. On a database server a batch
        is one multi-row INSERT, atomic by itself: one round trip (``one_statement``)."""
        now = time.time()
        rows = [{"table_id": table_id, "n": n, "entry": json.dumps(entry), "at": now} for table_id, n, entry in batch]
        try:
            if self.engine.dialect.name != "sqlite" and len(rows) <= MULTI_ROW:
                with one_statement(self.engine) as db:
                    db.execute(insert(moves).values(rows))
            else:
                with self.engine.begin() as db:
                    db.execute(insert(moves), rows)
        except IntegrityError as error:
            raise MoveConflict("a move number in this batch is already stored") from error

    def moves(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The log entries numbered above ``after``, in order."""
        with reading(self.engine) as db:
            rows = db.execute(select(moves.c.n, moves.c.entry).where(moves.c.table_id == table_id, moves.c.n > after)
                              .order_by(moves.c.n)).all()
        return [json.loads(row.entry) for row in rows]

    def move_counts(self, table_ids: Sequence[str]) -> dict[str, int]:
        """How many moves each table has stored (tables without moves are left out)."""
        if not table_ids:
            return {}
        with reading(self.engine) as db:
            rows = db.execute(select(moves.c.table_id, func.max(moves.c.n))
                              .where(moves.c.table_id.in_(list(table_ids))).group_by(moves.c.table_id)).all()
        return {table_id: count for table_id, count in rows}
