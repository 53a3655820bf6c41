"""How far a signed-in player got in each game's tutorial (api/tutorials.py): the step to resume at, and
whether the tutorial was finished once. Guests keep the same in their browser's localStorage."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Boolean, Column, Float, Integer, PrimaryKeyConstraint, String, Table, insert, select, update
from sqlalchemy.engine import Engine

from .engine import metadata

tutorial_progress = Table(
    "ludus_tutorial_progress", metadata,
    Column("account_id", Integer, nullable=False),
    Column("game", String(32), nullable=False),
    Column("step", Integer, nullable=False),
    Column("done", Boolean, nullable=False),
    Column("updated", Float, nullable=False),
    PrimaryKeyConstraint("account_id", "game"),
)


class TutorialRows:
    """The store's calls on tutorial progress (``Store`` brings the engine)."""

    engine: Engine

    def tutorial_progress(self, account_id: int) -> dict[str, dict[str, Any]]:
        query = select(tutorial_progress).where(tutorial_progress.c.account_id == account_id)
        with self.engine.connect() as db:
            return {row.game: {"step": row.step, "done": bool(row.done)} for row in db.execute(query).all()}

    def save_tutorial_progress(self, account_id: int, game: str, step: int, done: bool, now: float) -> dict[str, Any]:
        """The step to resume at; ``done`` once set stays set (a finished tutorial played again stays ticked)."""
        key = (tutorial_progress.c.account_id == account_id) & (tutorial_progress.c.game == game)
        with self.engine.begin() as db:
            row = db.execute(select(tutorial_progress.c.done).where(key)).first()
            done = done or bool(row is not None and row.done)
            values = {"step": step, "done": done, "updated": now}
            if row is None:
                db.execute(insert(tutorial_progress).values(account_id=account_id, game=game, **values))
            else:
                db.execute(update(tutorial_progress).where(key).values(**values))
        return {"step": step, "done": done}
