"""Chat lines, kept with the table (live/chat.py says who may write and read them)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, Text, insert, select
from sqlalchemy.engine import Engine

from .engine import metadata

# Chat lines, kept with the table so a reload (or another server process) shows them. ``channel`` is
# "table" (everyone at a Rose or Floors table) or a Shadows team.
chat_lines = Table(
    "ludus_chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False, index=True),
    Column("channel", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64)),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


class ChatLines:
    """The store's calls on chat (``Store`` brings the engine)."""

    engine: Engine

    def add_chat(self, table_id: str, channel: str, seat: int, name: str | None, text: str, at: float) -> int:
        with self.engine.begin() as db:
            result = db.execute(insert(chat_lines).values(table_id=table_id, channel=channel, seat=seat, name=name,
                                                          text=text, at=at))
        return int(result.inserted_primary_key[0])

    def chat(self, table_id: str, channel: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` lines of one channel of a table, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(select(chat_lines)
                              .where(chat_lines.c.table_id == table_id, chat_lines.c.channel == channel)
                              .order_by(chat_lines.c.id.desc()).limit(limit)).all()
        return [{"n": row.id, "seat": row.seat, "name": row.name, "text": row.text, "at": row.at}
                for row in reversed(rows)]
