"""Live play over WebSocket: one connection per viewer, one table per connection.

Client → server (JSON objects):
  {"type": "hello", "token": str | null, "watch"?: bool}   first message; no token = the signed-in
                                                account's seat, or a spectator ("watch": true: always)
  {"type": "choice", "seq": n, "choice": c, "seat"?: s, "cid"?: str}   cid: the client's id of this choice
  {"type": "sync"}                              send me the whole picture again
  {"type": "ping"}
  {"type": "chat", "text": str} / {"type": "chat-sync"}   Shadows team chat (see chat.py)
Server → client: "welcome" (view, decisions, event history, seats), "update" after every move
(view, decisions, the move's events visible to you), "seats", "error" {code, detail}, "pong",
"ack" {cid, seq} (the choice with that cid is stored as move seq — also when it is a resend).

A refused message gets an error with a stable code and changes nothing: malformed, unknown-type,
bad-token, unknown-table, unknown-game, spectator, wrong-seat, not-started, game-over, stale,
not-your-turn, illegal (with the game's own ``reason``), server-error, too-fast.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from ludus.engine import UnknownGame

from . import chat
from .live import LiveTable, LiveTables, ProtocolError, dumps
from .store import hash_token

log = logging.getLogger("ludus.server.play")

HELLO_TIMEOUT = 15.0
OUTBOX_LIMIT = 256  # a viewer this far behind is gone; drop it instead of buffering forever
RATE = 50.0  # messages a second a connection may send on average …
BURST = 100.0  # … and at once; a human clicks far slower, a runaway script is told "too-fast"
MAX_CID = 64


class Connection:
    """A viewer with its own outbox, so one slow browser never holds up the table."""

    def __init__(self, websocket: WebSocket, seat: int | None, token_hash: str | None = None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.token_hash = token_hash
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())
        self.allowance = BURST
        self.checked = time.monotonic()

    def admit(self) -> bool:
        """Token bucket: may this connection send one more message now?"""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def send(self, text: str) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def error(self, error: ProtocolError) -> None:
        self.send(dumps(error.to_json()))

    async def _write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.websocket.close(code=1008)
                    return
                await self.websocket.send_text(text)
        except Exception:  # the socket went away; the reader notices and cleans up
            return

    async def close(self) -> None:
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer


def parse(text: str | None) -> dict[str, Any]:
    if text is None:
        raise ProtocolError("malformed", "send JSON text messages")
    try:
        message = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError("malformed", f"not JSON: {error.msg}") from error
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    return message


async def _refuse(websocket: WebSocket, error: ProtocolError, close_code: int) -> None:
    await websocket.send_text(dumps(error.to_json()))
    await websocket.close(code=close_code)


async def play_socket(websocket: WebSocket) -> None:
    tables: LiveTables = websocket.app.state.tables
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    try:
        try:
            hello = parse(await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT))
        except TimeoutError:
            await _refuse(websocket, ProtocolError("malformed", "say hello first"), 1008)
            return
        except ProtocolError as error:
            await _refuse(websocket, error, 1008)
            return
        if hello.get("type") != "hello":
            await _refuse(websocket, ProtocolError("malformed", "the first message must be a hello"), 1008)
            return
        try:
            table = await tables.get(table_id)
        except UnknownGame as error:
            await _refuse(websocket, ProtocolError("unknown-game", str(error)), 4404)
            return
        if table is None:
            await _refuse(websocket, ProtocolError("unknown-table", f"there is no table {table_id!r}"), 4404)
            return
        token = hello.get("token")
        seat: int | None = None
        digest: str | None = None
        if token is not None:
            if not isinstance(token, str):
                await _refuse(websocket, ProtocolError("bad-token", "a token is a string"), 4401)
                return
            digest = hash_token(token)
            seat = await tables.db(tables.store.seat_for_token, table_id, digest)
            if seat is None:
                await _refuse(websocket, ProtocolError("bad-token", "this token holds no seat at this table"), 4401)
                return
        elif hello.get("watch") is not True and (accounts := getattr(websocket.app.state, "accounts", None)):
            # no token: a signed-in player sits at the seat their account holds (accounts.py)
            held = await accounts.seat(websocket, table_id)
            if held is not None:
                seat, digest = held
        await _serve(websocket, table, seat, digest)
    except (WebSocketDisconnect, WebSocketDisconnected):
        return


async def _serve(websocket: WebSocket, table: LiveTable, seat: int | None, digest: str | None) -> None:
    connection = Connection(websocket, seat, digest)
    try:
        async with table.lock:  # no move slips between the welcome and the first update
            table.arrive(connection)
        while True:
            text = await websocket.receive_text()
            try:
                if not connection.admit():
                    raise ProtocolError("too-fast", f"at most {RATE:.0f} messages a second, please")
                await _handle(table, connection, parse(text))
            except ProtocolError as error:
                connection.error(error)
    except (WebSocketDisconnect, WebSocketDisconnected):  # gone, or closed by our own writer
        pass
    finally:
        table.depart(connection)
        await connection.close()
        if not table.viewers and table.match.finished:
            websocket.app.state.tables.forget(table)  # a finished game nobody watches: free its memory


async def _handle(table: LiveTable, connection: Connection, message: dict[str, Any]) -> None:
    kind = message.get("type")
    if kind == "ping":
        connection.send(dumps({"type": "pong", "seq": table.seq}))
        return
    if kind == "sync":
        async with table.lock:
            connection.send(dumps(table.welcome(connection)))
        return
    if kind in chat.MESSAGE_TYPES:
        await chat.handle(table, connection, message)
        return
    if kind != "choice":
        raise ProtocolError("unknown-type", f"unknown message type {kind!r}")
    seq = message.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise ProtocolError("malformed", "a choice carries the seq of the update it answers")
    if "choice" not in message:
        raise ProtocolError("malformed", "a choice message needs a choice")
    if connection.seat is None:
        raise ProtocolError("spectator", "spectators cannot play")
    claimed = message.get("seat", connection.seat)
    if claimed != connection.seat:
        raise ProtocolError("wrong-seat", f"this connection plays seat {connection.seat}, not {claimed!r}")
    cid = message.get("cid")
    if cid is not None and (not isinstance(cid, str) or not 0 < len(cid) <= MAX_CID):
        raise ProtocolError("malformed", f"a choice's cid is a string of 1 to {MAX_CID} characters")
    try:
        n = await table.play(connection.seat, seq, message["choice"], cid)
    except ProtocolError as error:
        if cid is not None:
            error.extra["cid"] = cid  # the client learns which of its choices was refused
        raise
    if cid is not None:
        connection.send(dumps({"type": "ack", "cid": cid, "seq": n}))
