"""Team chat for Shadows: Amsterdam: a team's detectives discuss, their own officer reads along.

The rulebook forbids the officer any word or gesture, so only a seat whose role is detective may write;
every seat of that team reads (roles swap between rounds, teams never change). The other team and the
spectators never receive a line: messages are sent to the team's own connections only, and a seat asks for
its team's history itself (``chat-sync``), so nothing is ever broadcast.

Client → server: ``{"type": "chat", "text": str}``, ``{"type": "chat-sync"}``.
Server → client: ``{"type": "chat", "team", "lines": [{"n", "seat", "name", "text", "at"}]}`` (the whole
history after a sync, one new line afterwards).

Lines live in the server's memory (the last ``HISTORY`` per team); with several processes each line also
travels through the hub so every process keeps the same history and tells its own connections.
"""

from __future__ import annotations

import time
import weakref
from collections import deque
from typing import Any

from .live import LiveTable, ProtocolError, Viewer, dumps

MESSAGE_TYPES = frozenset({"chat", "chat-sync"})
MAX_TEXT = 300
HISTORY = 200


class TableChat:
    """The chat lines of one table, per team."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.lines: dict[str, deque[dict[str, Any]]] = {}
        self.count = 0
        table.tables.hub.subscribe(table.id, self.on_note)

    def team_of(self, seat: int | None) -> tuple[str | None, str | None]:
        """The seat's team and role right now (from its own view: the rules decide, not the chat)."""
        if seat is None:
            return None, None
        you = self.table.match.view(seat).get("you") or {}
        return you.get("team"), you.get("role")

    def readers(self, team: str) -> list[Viewer]:
        return [viewer for viewer in list(self.table.viewers) if self.team_of(viewer.seat)[0] == team]

    def add(self, team: str, line: dict[str, Any]) -> None:
        self.lines.setdefault(team, deque(maxlen=HISTORY)).append(line)
        text = dumps({"type": "chat", "team": team, "lines": [line]})
        for viewer in self.readers(team):
            viewer.send(text)

    async def say(self, seat: int | None, text: Any) -> None:
        if self.table.record.game != "shadows":
            raise ProtocolError("no-chat", "this game has no team chat")
        team, role = self.team_of(seat)
        if team is None:
            raise ProtocolError("no-chat", "only a team's detectives chat")
        if role != "detective":
            raise ProtocolError("officer-silent", "the officer reads the detectives' chat but may not write")
        if not isinstance(text, str) or not text.strip():
            raise ProtocolError("malformed", "a chat message carries some text")
        text = " ".join(text.split())[:MAX_TEXT]
        seats = {s.seat: s.name for s in self.table.record.seats}
        self.count += 1
        line = {"n": self.count, "seat": seat, "name": seats.get(seat), "text": text, "at": time.time()}
        self.add(team, line)
        await self.table.tables.hub.publish(self.table.id, {"kind": "chat", "team": team, "line": line})

    def sync(self, viewer: Viewer) -> None:
        team, _ = self.team_of(viewer.seat)
        if team is None:
            raise ProtocolError("no-chat", "only a team's seats read its chat")
        viewer.send(dumps({"type": "chat", "team": team, "lines": list(self.lines.get(team, ()))}))

    async def on_note(self, note: dict[str, Any]) -> None:
        """A line written through another process: keep it and tell our own connections of that team."""
        if note.get("kind") == "chat" and isinstance(note.get("line"), dict):
            self.add(str(note.get("team")), note["line"])


_chats: weakref.WeakKeyDictionary[LiveTable, TableChat] = weakref.WeakKeyDictionary()


def chat_for(table: LiveTable) -> TableChat:
    chat = _chats.get(table)
    if chat is None:
        chat = _chats[table] = TableChat(table)
    return chat


async def handle(table: LiveTable, viewer: Viewer, message: dict[str, Any]) -> None:
    """The play socket's hook for ``chat`` and ``chat-sync`` messages."""
    chat = chat_for(table)
    if message.get("type") == "chat-sync":
        chat.sync(viewer)
    else:
        await chat.say(viewer.seat, message.get("text"))
