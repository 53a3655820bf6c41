"""Time limits uvicorn does not set by itself, as its protocol classes with deadlines added.

uvicorn closes a kept-alive connection that stays idle between requests (``timeout_keep_alive``) but
has no limit on how long one request may take to arrive: a client trickling one header byte at a time
("slowloris") holds a connection forever, and httptools puts no bound on header size. ``http_protocol``
gives each request ``request_seconds`` from the connection's start (or the request's first byte) to its
last body byte, and at most ``MAX_HEADER_BYTES`` of headers; then the connection is answered 408/431 and
closed.

On a WebSocket the server writes views the peer must read. A peer that reads nothing fills the socket
buffers and the transport pauses writing; ``websocket_protocol`` aborts a transport that stays paused for
``stall_seconds``, and gives a peer as long to answer our close frame (the table's own byte bound closes
slow readers with a close frame first, see play.py; this is the backstop for a peer that does not read
even that).

Two savings on the move path (docs/server.md, "Latency back and beyond"): a peer that sent us something
within the keepalive interval has shown it is there, so its keepalive ping waits until the interval has
passed since it was last heard (a silent peer is pinged, and dropped when it does not answer, exactly as
before); and a text message may be written to the socket at once (``send_text_now``, offered to the app as
the ``ludus.send_now`` extension) instead of through a writer task and the ASGI send chain.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol
from websockets.protocol import State

log = logging.getLogger("ludus.server.timeouts")

MAX_HEADER_BYTES = 64 * 1024  # what arrives before the headers end (a lobby body is at most 16 KiB)
DRAIN_SECONDS = 5.0  # how long a WebSocket we closed for a refused frame is read (and dropped) before it ends
SEND_NOW = "ludus.send_now"  # the scope extension that carries ``send_text_now``



def _reply_and_close(transport: asyncio.Transport, status: str) -> None:
    body = status.encode("ascii")
    transport.write(b"HTTP/1.1 " + body + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
                    b"content-length: " + str(len(body)).encode("ascii") + b"\r\nconnection: close\r\n\r\n" + body)
    transport.close()


class DeadlineHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on receiving each request and a header size bound."""

    request_seconds = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._header_bytes: int | None = 0  # None once this request's headers are complete
        self._tail = b""  # the last bytes of the headers so far (their end may be split across reads)

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        log.info("closing a connection that took more than %g s to send a request", self.request_seconds)
        if self.cycle is None or self.cycle.response_complete:
            _reply_and_close(self.transport, "408 Request Timeout")
        else:  # headers arrived, the body trickles: the app's receive() learns of the disconnect
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()  # a connection that never sends a request is cut off too

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._header_bytes is not None:
            # only the bytes up to the end of the headers count: the body may come in the same read (a
            # large body is the endpoint's to refuse, 413, not a header bound's)
            seen = self._tail + data
            end = seen.find(b"\r\n\r\n")
            counted = len(data) if end < 0 else max(0, end + 4 - len(self._tail))
            self._header_bytes += counted
            if self._header_bytes > MAX_HEADER_BYTES:
                _reply_and_close(self.transport, "431 Request Header Fields Too Large")
                return
            self._tail = seen[-3:]
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._header_bytes = None
        self._tail = b""
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self._header_bytes = 0

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()


def http_protocol(request_seconds: float) -> type[DeadlineHttp]:
    return type("LudusHttp", (DeadlineHttp,), {"request_seconds": request_seconds})


class StallingWebSocket(AutoWebSocketsProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's WebSocket protocol that gives up on a peer which stops reading altogether."""

    stall_seconds = 30.0
    _stall: asyncio.TimerHandle | None = None
    _heard_at = float("-inf")  # the loop's time when the peer last sent us anything

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # how long uvicorn waits for the peer's answer to our close frame (its own default is 10 s): a peer
        # that does not read does not answer either
        self.close_timeout = self.stall_seconds
        self._draining = False

    def data_received(self, data: bytes) -> None:
        if self._draining:
            return  # what the peer sent after a frame we refused: read and dropped (see handle_parser_exception)
        self._heard_at = self.loop.time()
        super().data_received(data)

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][SEND_NOW] = {"send_text": self.send_text_now}

    def send_keepalive_ping(self) -> None:
        """uvicorn pings every ``ping_interval`` and drops a peer that does not answer within ``ping_timeout``.
        A peer heard from within the interval is alive: its ping waits until the interval has passed since it
        was last heard. So a peer that goes silent is pinged ``ping_interval`` after its last frame (never
        later than uvicorn would ping it) and dropped if it does not answer; one that keeps talking costs no
        pings, pongs or timers."""
        if self.ping_interval is not None and self.pending_ping_payload is None:
            wait = self._heard_at + self.ping_interval - self.loop.time()
            if wait > 0:
                self.ping_timer = self.loop.call_later(wait, self.send_keepalive_ping)
                return
        super().send_keepalive_ping()

    def send_text_now(self, data: bytes) -> bool:
        """Write a text message to the socket now, as uvicorn's ``send`` of a ``websocket.send`` would when the
        socket takes writes; False (nothing written) when it would wait or refuse instead (the transport is
        paused, the socket is closing or closed): the caller then sends through ASGI as usual, after anything it
        has queued. The frame is made by the connection's own ``send_text``, as uvicorn's ``send`` makes it."""
        if not self.handshake_complete or self.close_sent or self.disconnected or self.initial_response is not None \
                or not self.writable.is_set() or self.transport.is_closing() or self.conn.state is not State.OPEN:
            return False
        self.conn.send_text(data)
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def handle_parser_exception(self) -> None:
        """A frame we refuse (larger than ``ws_max_size``, or broken): the close frame with its code (1009,
        1002...) goes out, and then, instead of closing at once, the rest the peer sends is read and dropped
        until it closes (or ``DRAIN_SECONDS`` pass). Closing a socket with unread data in it makes the kernel
        send a reset, and a reset can overtake the close frame: the peer would see the socket end without one."""
        assert self.conn.close_sent is not None
        code, reason = self.conn.close_sent.code, self.conn.close_sent.reason
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self._draining = True
        if self.transport.can_write_eof():
            self.transport.write_eof()  # our side is done: the peer reads the close frame, then the end
        self.close_timer = self.loop.call_later(DRAIN_SECONDS, self.transport.close)

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body", False):
            # a refused handshake (an HTTP answer instead of the upgrade, play.py's bad-origin) is a finished
            # handshake: uvicorn would log it as an ERROR ("returned without completing handshake")
            self.handshake_complete = True

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall is None:
            self._stall = asyncio.get_running_loop().call_later(self.stall_seconds, self._cut)

    def resume_writing(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        super().resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        super().connection_lost(exc)

    def _cut(self) -> None:
        self._stall = None
        log.info("dropping a WebSocket whose peer read nothing for %g s", self.stall_seconds)
        self.transport.abort()


def websocket_protocol(stall_seconds: float) -> type[StallingWebSocket]:
    return type("LudusWebSocket", (StallingWebSocket,), {"stall_seconds": stall_seconds})
