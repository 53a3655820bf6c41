"""Live play over WebSocket: one connection per viewer, one table per connection.

Client → server (JSON text messages, each an object):
  {"type": "hello", "token": str | null, "watch"?: bool}   first message; no token = the signed-in
                                                account's seat, or a spectator ("watch": true: always)
  {"type": "choice", "seq": n, "choice": c, "seat"?: s, "cid"?: str}   cid: the client's id of this choice
  {"type": "sync", "since"?: n}                 what I missed after move n (without since: everything)
  {"type": "ping"}                              the page's heartbeat, every 2 s: answered with a pong
  {"type": "chat", "text": str} / {"type": "chat-sync"}   Shadows team chat (see chat.py)
Server → client: "welcome" (view, decisions, event history, seats), "update" after every move
(view, decisions, the move's events visible to you), "seats", "error" {code, detail}, "pong",
"ack" {cid, seq} (the choice with that cid is stored as move seq — also when it is a resend).

A refused message gets an error with a stable code and changes nothing: malformed (also binary frames,
JSON too deep, numbers too long), unknown-type, bad-token, unknown-table, unknown-game, spectator,
wrong-seat, not-started, game-over, stale, not-your-turn, illegal (with the game's own ``reason``),
server-error, too-fast. Rates are counted per seat across all its connections (spectators: per address),
so opening more sockets buys nothing; a connection whose unsent messages pass ``Limits.send_buffer``
bytes is closed (1008, "too slow") — its client reconnects and resyncs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from starlette.responses import JSONResponse
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from ludus.engine import UnknownGame

from ..guards.hygiene import origin_allowed
from ..guards.inputs import BadInput, is_table_id, json_object
from ..guards.limits import Limits, Rates, TooMany, client_address
from ..guards.timeouts import SEND_NOW
from ..store import hash_token
from . import chat
from .tables import LiveTable, LiveTables, ProtocolError, dumps

log = logging.getLogger("ludus.server.play")

HELLO_TIMEOUT = 15.0
TOO_SLOW = 1008  # close code for a connection that does not read its messages
SIGNED_OUT = 4401  # close code for the sockets of a session that signed out
MAX_CID = 64


class Connection:
    """A viewer with its own outbox, so one slow browser never holds up the table. The outbox is bounded
    in bytes: a viewer that falls that far behind is closed, not buffered for.

    While nothing waits in the outbox and the socket takes writes, a message is written at once through the
    server's ``ludus.send_now`` extension (guards/timeouts.py) instead of waking the writer task: the same
    frame, in the same order, without a task switch and the ASGI send chain for each message of each seat
    (the writer tasks were about an eighth of the server's time per move). Without the extension (another
    server, the test client) every message goes through the outbox."""

    def __init__(self, websocket: WebSocket, seat: int | None, token_hash: str | None, send_buffer: int,
                 name: str | None = None, person: str | None = None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.token_hash = token_hash
        self.name = name  # a signed-in viewer's account name (a spectator is shown by it; guests are counted)
        self.person = person  # who this is, to count the people online once (attendance.py)
        self.send_buffer = send_buffer
        self.pending = 0  # bytes queued and not yet handed to the socket
        self.outbox: asyncio.Queue[tuple[str, int]] = asyncio.Queue()  # each text with its size in bytes
        now = websocket.scope.get("extensions", {}).get(SEND_NOW)
        self.send_now: Callable[[bytes], bool] | None = None if now is None else now["send_text"]
        self.writer = asyncio.create_task(self._write())
        self.closer: asyncio.Task[None] | None = None
        self.faults = 0

    @property
    def closing(self) -> bool:
        return self.closer is not None

    def send(self, text: str) -> None:
        if self.closer is not None:
            return
        size = len(text) if text.isascii() else len(text.encode("utf-8"))  # (no copy for the usual ASCII view)
        if self.pending and self.pending + size > self.send_buffer:  # (one big welcome may always go)
            self._too_slow()
            return
        if not self.pending and self.send_now is not None and self.send_now(text.encode()):
            return  # nothing queued before it, and the socket took it
        self.pending += size
        self.outbox.put_nowait((text, size))

    def error(self, error: ProtocolError) -> None:
        self.send(dumps(error.to_json()))

    async def _write(self) -> None:
        try:
            while True:
                text, size = await self.outbox.get()
                await self.websocket.send_text(text)
                self.pending -= size
        except Exception:  # the socket went away; the reader notices and cleans up
            return

    def _too_slow(self) -> None:
        log.info("closing a connection that left %s bytes unread", self.send_buffer)
        self.end(TOO_SLOW, "too slow: reconnect to catch up")

    def end(self, code: int, reason: str) -> None:
        """Stop writing views and close with a close frame (it waits for the socket like any write; the
        server's stall limit cuts off a peer that never reads even that). Nothing it sends after counts."""
        if self.closer is not None:
            return
        self.writer.cancel()
        self.outbox = asyncio.Queue()
        self.pending = 0
        self.closer = asyncio.create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code=code, reason=reason)

    async def close(self) -> None:
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
        if self.closer is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.closer


class SessionSockets:
    """The sockets opened with each signed-in session, so that signing out ends them, in every process: the
    process that signs out tells the others through the hub (on a channel no table id can be)."""

    CHANNEL = "~sessions"

    def __init__(self, hub: Any) -> None:
        self.hub = hub
        self.sockets: dict[str, set[Connection]] = {}
        hub.subscribe(self.CHANNEL, self.on_note)

    def add(self, session_hash: str, connection: Connection) -> None:
        self.sockets.setdefault(session_hash, set()).add(connection)

    def remove(self, session_hash: str, connection: Connection) -> None:
        held = self.sockets.get(session_hash)
        if held is not None:
            held.discard(connection)
            if not held:
                del self.sockets[session_hash]

    def end_local(self, session_hash: str) -> None:
        for connection in self.sockets.pop(session_hash, set()):
            connection.end(SIGNED_OUT, "signed out")

    async def signed_out(self, session_hash: str) -> None:
        self.end_local(session_hash)
        await self.hub.publish(self.CHANNEL, {"kind": "signed-out", "session": session_hash})

    async def on_note(self, note: dict[str, Any]) -> None:
        if note.get("kind") == "signed-out" and isinstance(note.get("session"), str):
            self.end_local(note["session"])


async def _receive_json(websocket: WebSocket, counted: Callable[[], None] | None = None) -> dict[str, Any] | None:
    """The next message as a JSON object; None when the client has gone. Raises ProtocolError for a
    message that is not one (binary frames included). ``counted`` is called before the message is parsed,
    so malformed messages count against the sender's rate too."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if counted is not None:
        try:
            counted()
        except TooMany as error:  # a refused choice still says which one it was (its cid), so no resend waits
            error.cid = _cid(_parsed(text))  # type: ignore[attr-defined]
            raise
    if text is None:
        raise ProtocolError("malformed", "send JSON text messages, not binary ones")
    try:
        return json_object(text)
    except BadInput as error:
        raise ProtocolError(error.code, error.detail) from error


def _parsed(text: str | None) -> dict[str, Any] | None:
    try:
        return None if text is None else json_object(text)
    except BadInput:
        return None


def _cid(message: dict[str, Any] | None) -> str | None:
    """The client id of a choice message, when it carries a well-formed one."""
    if message is None or message.get("type") != "choice":
        return None
    cid = message.get("cid")
    return cid if isinstance(cid, str) and 0 < len(cid) <= MAX_CID else None


async def _refuse(websocket: WebSocket, error: ProtocolError, close_code: int) -> None:
    await websocket.send_text(dumps(error.to_json()))
    await websocket.close(code=close_code)


async def play_socket(websocket: WebSocket) -> None:
    tables: LiveTables = websocket.app.state.tables
    limits: Limits = websocket.app.state.limits
    if not origin_allowed(websocket.headers, websocket.url.scheme, limits.origins):
        refusal = {"error": "bad-origin", "detail": "this table is played from the server's own pages"}
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(JSONResponse(refusal, status_code=403))
        else:
            await websocket.close(code=1008)
        return
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    try:
        try:
            hello = await asyncio.wait_for(_receive_json(websocket), HELLO_TIMEOUT)
        except TimeoutError:
            await _refuse(websocket, ProtocolError("malformed", "say hello first"), 1008)
            return
        except ProtocolError as error:
            await _refuse(websocket, error, 1008)
            return
        if hello is None:
            return
        if hello.get("type") != "hello":
            await _refuse(websocket, ProtocolError("malformed", "the first message must be a hello"), 1008)
            return
        try:
            table = await tables.get(table_id) if is_table_id(table_id) else None
        except UnknownGame as error:
            await _refuse(websocket, ProtocolError("unknown-game", str(error)), 4404)
            return
        if table is None:
            await _refuse(websocket, ProtocolError("unknown-table", "there is no such table"), 4404)
            return
        token = hello.get("token")
        seat: int | None = None
        digest: str | None = None
        accounts = getattr(websocket.app.state, "accounts", None)
        account = None if accounts is None else await accounts.current(websocket)
        session = accounts.session_hash(websocket) if account is not None else None
        if account is not None:
            await accounts.seen(websocket, account)
        if token is not None:
            if not isinstance(token, str):
                await _refuse(websocket, ProtocolError("bad-token", "a token is a string"), 4401)
                return
            digest = hash_token(token)
            seat = await tables.db(tables.store.seat_for_token, table_id, digest)
            if seat is None:
                await _refuse(websocket, ProtocolError("bad-token", "this token holds no seat at this table"), 4401)
                return
        elif hello.get("watch") is not True and account is not None:
            # no token: a signed-in player sits at the seat their account holds (accounts.py)
            held = await accounts.seat(websocket, table_id)
            if held is not None:
                seat, digest = held
        await _serve(websocket, table, seat, digest, session, account)
    except (WebSocketDisconnect, WebSocketDisconnected):
        return
    except Exception:  # a fault of ours (the database is down...): the socket still ends with a close frame
        log.exception("a table socket failed")
        with contextlib.suppress(Exception):
            await websocket.close(code=1011, reason="server error: reconnect later")


def _rate_key(table: LiveTable, connection: Connection) -> str:
    """Whom a message counts against: the seat (however many sockets it has open), or the address of a
    spectator (however many tables it watches)."""
    if connection.seat is not None:
        return f"seat/{table.id}/{connection.seat}"
    return f"watch/{client_address(connection.websocket)}"


async def _serve(websocket: WebSocket, table: LiveTable, seat: int | None, digest: str | None,
                 session: str | None = None, account: Any = None) -> None:
    state = websocket.app.state
    rates: Rates = state.rates
    person = f"a:{account.id}" if account is not None else f"s:{digest[:16]}" if digest is not None else None
    connection = Connection(websocket, seat, digest, state.limits.send_buffer,
                            None if account is None else account.name, person)
    sessions: SessionSockets | None = getattr(state, "sessions", None)
    if session is not None and sessions is not None:
        sessions.add(session, connection)
    chat.chat_for(table)  # this process hears the table's chat from the start, not only after a chat-sync
    try:
        async with table.lock:  # no move slips between the welcome and the first update
            table.arrive(connection)
        while not connection.closing:
            message: dict[str, Any] | None = None
            try:
                message = await _receive_json(websocket, lambda: rates.messages.hit(_rate_key(table, connection)))
                if message is None or connection.closing:
                    break
                await _handle(table, connection, message, rates)
            except ProtocolError as error:
                connection.error(error)
            except TooMany as error:
                cid = getattr(error, "cid", None)
                connection.error(ProtocolError("too-fast", f"{error}, please", retry_after=error.retry_after,
                                               **({"cid": cid} if cid else {})))
            except (WebSocketDisconnect, WebSocketDisconnected):
                raise
            except Exception:  # a fault of ours: answer it, and keep the log to one traceback per connection
                connection.faults += 1
                if connection.faults == 1:
                    log.exception("a message on table %s failed", table.id)
                cid = _cid(message)
                connection.error(ProtocolError("server-error", "the server failed on that message; nothing changed",
                                               **({"cid": cid} if cid else {})))
    except (WebSocketDisconnect, WebSocketDisconnected):  # gone, or closed by our own writer
        pass
    finally:
        if session is not None and sessions is not None:
            sessions.remove(session, connection)
        table.depart(connection)
        await connection.close()
        if not table.viewers and table.match.finished:
            state.tables.forget(table)  # a finished game nobody watches: free its memory


def _since(message: dict[str, Any], table: LiveTable) -> int | None:
    since = message.get("since")
    if since is None:
        return None
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise ProtocolError("malformed", "since is the seq of the last update you have")
    return since if since <= table.seq else None  # ahead of the table (it was rebuilt): start afresh


async def _handle(table: LiveTable, connection: Connection, message: dict[str, Any], rates: Rates) -> None:
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("unknown-type", "a message's type is a string")
    if kind == "ping":
        connection.send(dumps({"type": "pong", "seq": table.seq}))
        return
    if kind == "sync":
        since = _since(message, table)
        rates.syncs.hit(_rate_key(table, connection))
        async with table.lock:
            connection.send(table.welcome_text(connection, since))
        return
    if kind in chat.MESSAGE_TYPES:
        await chat.handle(table, connection, message, rates.chat)
        return
    if kind != "choice":
        raise ProtocolError("unknown-type", f"unknown message type {kind[:40]!r}")
    try:
        await _choice(table, connection, message)
    except ProtocolError as error:
        cid = _cid(message)
        if cid is not None:
            error.extra.setdefault("cid", cid)  # the client learns which of its choices was refused
        raise


async def _choice(table: LiveTable, connection: Connection, message: dict[str, Any]) -> None:
    seq = message.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise ProtocolError("malformed", "a choice carries the seq of the update it answers")
    if "choice" not in message:
        raise ProtocolError("malformed", "a choice message needs a choice")
    if connection.seat is None:
        raise ProtocolError("spectator", "spectators cannot play")
    claimed = message.get("seat", connection.seat)
    if claimed != connection.seat:
        raise ProtocolError("wrong-seat", f"this connection plays seat {connection.seat}, not that one")
    cid = message.get("cid")
    if cid is not None and (not isinstance(cid, str) or not 0 < len(cid) <= MAX_CID):
        raise ProtocolError("malformed", f"a choice's cid is a string of 1 to {MAX_CID} characters")
    n = await table.play(connection.seat, seq, message["choice"], cid)
    if cid is not None:
        connection.send(dumps({"type": "ack", "cid": cid, "seq": n}))
