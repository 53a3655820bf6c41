"""The move path's savings keep the behaviour (docs/server.md "Latency back and beyond"): a keepalive ping is
skipped only for a peer heard from within the interval, and a silent peer is still pinged and dropped; a
message written at once to the socket keeps its place among the queued ones; a choice message skips the walk
over its parts only when the text cannot hold what the walk refuses.

The WebSocket protocol is driven here on a clock of the test's own (no sleeps): the server's uvicorn protocol
class, fed the bytes a client sends."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from ludus.server.guards.inputs import BadInput, _check_shape, _plainly_within_bounds, parse_json
from ludus.server.guards.timeouts import SEND_NOW, websocket_protocol
from ludus.server.live.play import Connection

PING = 20.0  # uvicorn's keepalive interval and pong timeout (its defaults, as `ludus serve` runs it)


class Handle:
    def __init__(self, when: float, callback: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.when, self.callback, self.args, self.cancelled = when, callback, args, False

    def cancel(self) -> None:
        self.cancelled = True


class Task:
    def add_done_callback(self, callback: Callable[..., Any]) -> None: ...


class Clock:
    """The few things the protocol asks of its loop, on a clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[Handle] = []

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Handle:
        handle = Handle(self.now + delay, callback, args)
        self.timers.append(handle)
        return handle

    def create_task(self, coroutine: Any) -> Task:  # the app is not run here
        coroutine.close()
        return Task()

    def advance(self, to: float) -> None:
        while True:
            due = sorted((h for h in self.timers if not h.cancelled and h.when <= to), key=lambda h: h.when)
            if not due:
                break
            handle = due[0]
            self.timers.remove(handle)
            self.now = handle.when
            handle.callback(*handle.args)
        self.now = to


class Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def opcodes(self) -> list[int]:
        return [chunk[0] & 0x0F for chunk in self.written]


async def _app(scope: Any, receive: Any, send: Any) -> None: ...


def open_socket() -> tuple[Any, Clock, Transport]:
    """A server-side WebSocket past its handshake (the app accepted it), its keepalive running."""
    config = Config(_app, ws_ping_interval=PING, ws_ping_timeout=PING)
    config.load()
    clock = Clock()
    protocol = websocket_protocol(30.0)(config=config, server_state=ServerState(), app_state={}, _loop=clock)
    transport = Transport()
    protocol.connection_made(transport)
    client = ClientProtocol(parse_uri("ws://127.0.0.1/play/t"))
    client.send_request(client.connect())
    protocol.data_received(b"".join(client.data_to_send()))
    asyncio.run(protocol.send({"type": "websocket.accept"}))
    transport.written.clear()  # the handshake's answer
    return protocol, clock, transport


def client_text(text: str) -> bytes:
    return Frame(Opcode.TEXT, text.encode()).serialize(mask=True, extensions=[])


def test_a_peer_heard_from_within_the_interval_is_not_pinged_and_a_silent_one_still_is_and_is_dropped() -> None:
    protocol, clock, transport = open_socket()
    clock.advance(PING - 5)
    protocol.data_received(client_text('{"type":"choice"}'))  # the peer is there
    clock.advance(PING + 1)
    assert Opcode.PING.value not in transport.opcodes()  # heard 6 s ago: no ping, no pong to wait for
    clock.advance(2 * PING - 5 - 0.001)
    assert Opcode.PING.value not in transport.opcodes()
    clock.advance(2 * PING - 5)  # an interval after it was last heard
    assert transport.opcodes() == [Opcode.PING.value]
    clock.advance(3 * PING - 5 - 0.001)  # no pong yet, within the timeout: still open
    assert not transport.closed
    clock.advance(3 * PING - 5)  # frozen: dropped with a close frame (1011), as uvicorn always did
    assert transport.opcodes() == [Opcode.PING.value, Opcode.CLOSE.value] and transport.closed
    assert transport.written[-1][2:4] == (1011).to_bytes(2, "big")


def test_a_peer_that_answers_its_ping_stays_and_a_talking_peer_costs_no_pings() -> None:
    protocol, clock, transport = open_socket()
    clock.advance(PING)
    assert transport.opcodes() == [Opcode.PING.value]  # never heard from: pinged on time
    ping = transport.written[-1]
    protocol.data_received(Frame(Opcode.PONG, ping[2:]).serialize(mask=True, extensions=[]))
    for second in range(int(PING) + 1, int(10 * PING)):  # a move a second for three minutes
        clock.advance(second)
        protocol.data_received(client_text('{"type":"ping"}'))
    assert transport.opcodes().count(Opcode.PING.value) == 1 and not transport.closed


def test_a_text_written_at_once_is_the_frame_uvicorn_would_write() -> None:
    protocol, _, transport = open_socket()
    send_now = protocol.scope["extensions"][SEND_NOW]["send_text"]
    for text in ("{}", "x" * 125, "y" * 126, "z" * 70_000, '{"name":"Adsón 修道院"}'):
        assert send_now(text.encode())
        asyncio.run(protocol.send({"type": "websocket.send", "text": text}))
        assert transport.written[-2] == transport.written[-1]
    protocol.writable.clear()  # what the transport's pause_writing does: the peer reads nothing, the caller queues
    assert not send_now(b"{}")
    protocol.writable.set()
    asyncio.run(protocol.send({"type": "websocket.close", "code": 1000}))
    assert not send_now(b"{}")  # closing: nothing more goes out


class FakeSocket:
    """A socket whose writes go at once until it is paused; the writer task sends the rest."""

    def __init__(self) -> None:
        self.received: list[str] = []
        self.paused = False
        self.scope = {"extensions": {SEND_NOW: {"send_text": self.send_now}}}

    def send_now(self, data: bytes) -> bool:
        if self.paused:
            return False
        self.received.append(data.decode())
        return True

    async def send_text(self, text: str) -> None:
        while self.paused:
            await asyncio.sleep(0)
        self.received.append(text)


def test_messages_written_at_once_and_queued_ones_arrive_in_the_order_sent() -> None:
    async def play() -> list[str]:
        socket = FakeSocket()
        connection = Connection(socket, 0, None, send_buffer=1 << 20)  # type: ignore[arg-type]
        connection.send("1")
        socket.paused = True
        connection.send("2")
        socket.paused = False
        connection.send("3")  # "2" is still queued: "3" waits behind it
        assert connection.pending
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        connection.send("4")
        await connection.close()
        return socket.received

    assert asyncio.run(play()) == ["1", "2", "3", "4"]


TEXTS = st.recursive(st.none() | st.integers() | st.text(max_size=4), lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.booleans())
def test_a_message_that_skips_the_walk_over_its_parts_is_one_the_walk_would_pass(value: Any, ascii_only: bool) -> None:
    raw = json.dumps(value, ensure_ascii=ascii_only)
    if _plainly_within_bounds(raw):
        _check_shape(json.loads(raw))  # does not raise


@pytest.mark.parametrize("raw", ['{"a":' * 40 + "1" + "}" * 40, '{"choice":"\\ud800"}', '["\ud800"]'])
def test_deep_or_broken_messages_are_still_refused(raw: str) -> None:
    assert not _plainly_within_bounds(raw)
    with pytest.raises(BadInput):
        parse_json(raw)
