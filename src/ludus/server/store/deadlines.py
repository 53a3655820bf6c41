"""A turn-based table's deadlines per awaited seat (live/turns.py sets and enforces them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Column, Float, Index, Integer, PrimaryKeyConstraint, String, Table, select

from .engine import metadata

# A turn-based table's awaited seats and when their time runs out (wall-clock seconds, so a restart keeps it).
deadlines = Table(
    "ludus_deadlines", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("due", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
    Index("ix_ludus_deadlines_due", "due"),
)


def due_by_table(db: Any, table_ids: Sequence[str]) -> dict[str, dict[int, float]]:
    """Each table's awaited seats and when their time runs out (tables without deadlines are left out)."""
    if not table_ids:
        return {}
    found: dict[str, dict[int, float]] = {}
    for row in db.execute(select(deadlines).where(deadlines.c.table_id.in_(list(table_ids)))).all():
        found.setdefault(row.table_id, {})[row.seat] = row.due
    return found
