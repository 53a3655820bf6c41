"""Chat at every table, kept with the table in the database so a reload (or another server process) shows it.

At The Name of the Rose and Fearsome Floors the players share one channel ("table"); spectators read it but
do not write (a table's talk belongs to the people playing; a watcher who wants a word can take a free
seat). Shadows: Amsterdam keeps its team rules: the rulebook forbids the officer any word or gesture, so only
a seat whose role is detective may write, every seat of that team reads (roles swap between rounds, teams
never change), and the other team and the spectators never receive a line: lines go to the team's own
connections only, and a seat asks for its channel's history itself (``chat-sync``).

Client → server: ``{"type": "chat", "text": str}``, ``{"type": "chat-sync"}``.
Server → client: ``{"type": "chat", "channel", "team"?, "lines": [{"n", "seat", "name", "text", "at"}],
"sync"?: true}`` (the channel's last ``HISTORY`` lines after a sync, one new line afterwards; ``n`` only
grows, so a client keeps lines by ``n``).

Text is plain: whitespace runs become one space, control characters are dropped, at most ``MAX_TEXT``
characters; the browser shows it as text, never as HTML. A seat may write ``BURST`` lines at once and, over
time, one every ``EVERY`` seconds (``Limits.chat``: "5 per 10 seconds; 30 per minute"; ``too-fast`` otherwise),
counted per seat across every process (in Redis when the server has one). With several processes each line
also travels through the hub at once, so every process tells its own connections (each process that has a
connection at the table listens to its chat from that connection's arrival); the database keeps the one
history.
"""

from __future__ import annotations

import time
import unicodedata
import weakref
from typing import Any

from ..guards.limits import TooMany
from .tables import LiveTable, ProtocolError, Viewer, dumps

MESSAGE_TYPES = frozenset({"chat", "chat-sync"})
MAX_TEXT = 300
HISTORY = 200
BURST = 5.0
EVERY = 2.0
TABLE = "table"
TEAM_GAMES = frozenset({"shadows"})


def clean(text: Any) -> str:
    if not isinstance(text, str):
        raise ProtocolError("malformed", "a chat message carries some text")
    printable = "".join(c for c in text if not unicodedata.category(c).startswith("C") or c in "\t\n")
    cleaned = " ".join(printable.split())[:MAX_TEXT]
    if not cleaned:
        raise ProtocolError("malformed", "a chat message carries some text")
    return cleaned


class TableChat:
    """Who reads and writes which channel of one table, and each seat's allowance of lines."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.teams = table.record.game in TEAM_GAMES
        self.allowance: dict[int, tuple[float, float]] = {}  # seat → (lines it may still write, when)
        table.tables.hub.subscribe(table.id, self.on_note)

    def channel_of(self, seat: int | None) -> tuple[str | None, bool]:
        """The channel this seat (None: a spectator) reads, and whether it may write there."""
        if not self.teams:
            return TABLE, seat is not None
        if seat is None:
            return None, False
        you = self.table.match.view(seat).get("you") or {}  # the rules decide the team and role, not the chat
        return you.get("team"), you.get("role") == "detective"

    def readers(self, channel: str) -> list[Viewer]:
        return [viewer for viewer in list(self.table.viewers) if self.channel_of(viewer.seat)[0] == channel]

    def tell(self, channel: str, line: dict[str, Any]) -> None:
        message: dict[str, Any] = {"type": "chat", "channel": channel, "lines": [line]}
        if self.teams:
            message["team"] = channel
        text = dumps(message)
        for viewer in self.readers(channel):
            viewer.send(text)

    def admit(self, seat: int) -> bool:
        now = time.monotonic()
        left, then = self.allowance.get(seat, (BURST, now))
        left = min(BURST, left + (now - then) / EVERY)
        if left < 1:
            self.allowance[seat] = (left, now)
            return False
        self.allowance[seat] = (left - 1, now)
        return True

    def admit_shared(self, seat: int, rate: Any) -> bool:
        """The allowance counted per seat across processes (limits.py: in Redis when the server has one)."""
        try:
            rate.hit(f"{self.table.id}/{seat}")
        except TooMany:
            return False
        return True

    async def say(self, seat: int | None, text: Any, rate: Any = None) -> None:
        channel, may_write = self.channel_of(seat)
        if seat is None:
            if self.teams:
                raise ProtocolError("no-chat", "only a team's seats read its chat")
            raise ProtocolError("spectator", "spectators read the table's chat but do not write")
        if channel is None:
            raise ProtocolError("no-chat", "only a team's detectives chat")
        if not may_write:
            raise ProtocolError("officer-silent", "the officer reads the detectives' chat but may not write")
        cleaned = clean(text)
        if not (self.admit(seat) if rate is None else self.admit_shared(seat, rate)):
            raise ProtocolError("too-fast", f"at most {BURST:.0f} chat lines at once, then one every {EVERY:.0f} s")
        tables = self.table.tables
        name = self.table.record.seats[seat].name
        at = time.time()
        n = await tables.db(tables.store.add_chat, self.table.id, channel, seat, name, cleaned, at)
        line = {"n": n, "seat": seat, "name": name, "text": cleaned, "at": at}
        self.tell(channel, line)
        await tables.hub.publish(self.table.id, {"kind": "chat", "channel": channel, "line": line})

    async def sync(self, viewer: Viewer) -> None:
        channel, _ = self.channel_of(viewer.seat)
        if channel is None:
            raise ProtocolError("no-chat", "only a team's seats read its chat")
        tables = self.table.tables
        lines = await tables.db(tables.store.chat, self.table.id, channel, HISTORY)
        message: dict[str, Any] = {"type": "chat", "channel": channel, "lines": lines, "sync": True}
        if self.teams:
            message["team"] = channel
        viewer.send(dumps(message))

    async def on_note(self, note: dict[str, Any]) -> None:
        """A line written through another process (already stored): tell our own readers of that channel."""
        if note.get("kind") == "chat" and isinstance(note.get("line"), dict):
            self.tell(str(note.get("channel")), note["line"])


_chats: weakref.WeakKeyDictionary[LiveTable, TableChat] = weakref.WeakKeyDictionary()


def chat_for(table: LiveTable) -> TableChat:
    chat = _chats.get(table)
    if chat is None:
        chat = _chats[table] = TableChat(table)
    return chat


async def handle(table: LiveTable, viewer: Viewer, message: dict[str, Any], rate: Any = None) -> None:
    """The play socket's hook for ``chat`` and ``chat-sync`` messages; ``rate``: the server's chat allowance
    (``Rates.chat``, shared by the processes), else this process's own count."""
    chat = chat_for(table)
    if message.get("type") == "chat-sync":
        await chat.sync(viewer)
    else:
        await chat.say(viewer.seat, message.get("text"), rate)
