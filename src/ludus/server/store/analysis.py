"""The coach's analyses (api/analysis.py): one per seat of a finished table, computed once and kept."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from sqlalchemy import Column, Float, Integer, PrimaryKeyConstraint, String, Table, Text, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .engine import metadata

# ``report`` is the coach's report as JSON (ludus.ai.coach.Coach.report).
analyses = Table(
    "ludus_analyses", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("report", Text, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
)


class AnalysisRows:
    """The store's calls on analyses (``Store`` brings the engine)."""

    engine: Engine

    def analysis(self, table_id: str, seat: int) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            report = db.execute(select(analyses.c.report).where(
                analyses.c.table_id == table_id, analyses.c.seat == seat)).scalar()
        return None if report is None else json.loads(report)

    def save_analysis(self, table_id: str, seat: int, report: dict[str, Any], at: float) -> None:
        """Keep an analysis; one kept already (another process finished first) stays."""
        text = json.dumps(report, separators=(",", ":"), ensure_ascii=False)
        with contextlib.suppress(IntegrityError), self.engine.begin() as db:
            db.execute(insert(analyses).values(table_id=table_id, seat=seat, created=at, report=text))
