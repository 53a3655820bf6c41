"""Limits of a real `ludus serve` process, seen from real sockets: rates counted per client address,
trickled or oversized request headers cut off, a slow reader closed with a close frame, a peer that
reads nothing dropped. (The framing is the `websockets` library's sans-I/O protocol; the sockets are plain.)"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from server_helpers import ServerProcess
from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("timeouts") / "ludus.sqlite3"
    process = ServerProcess(f"sqlite:///{database}", extra=(
        "--limit-tables", "10 per minute", "--request-seconds", "1", "--send-buffer", "65536", "--stall-seconds", "2",
        "--limit-syncs", "100000 per minute", "--limit-messages", "100000 per minute"))
    yield process
    process.kill()


def test_table_creation_is_counted_per_client_address(server: ServerProcess) -> None:
    def from_address(address: str) -> httpx.Client:
        return httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address=address))

    with from_address("127.0.0.2") as busy, from_address("127.0.0.3") as other:
        answers = [busy.post("/api/tables", json={"game": "tiny", "players": 2}).status_code for _ in range(11)]
        assert answers == [201] * 10 + [429]
        assert other.post("/api/tables", json={"game": "tiny", "players": 2}).status_code == 201


def test_a_request_whose_headers_trickle_in_is_cut_off(server: ServerProcess) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answer = b""
        for _ in range(600):  # one header byte every 0.1 s: 60 s if nobody stops it
            try:
                sock.sendall(b"X")
            except (BrokenPipeError, ConnectionResetError):
                break
            time.sleep(0.1)
            sock.setblocking(False)
            try:
                answer += sock.recv(1 << 16)
            except BlockingIOError:
                pass
            except ConnectionResetError:
                break
            finally:
                sock.setblocking(True)
            if answer:
                break
    assert answer.startswith(b"HTTP/1.1 408") or answer == b""
    assert httpx.get(server.url + "/health", timeout=30).json()["ok"] is True


def test_a_connection_that_never_sends_a_request_is_closed(server: ServerProcess) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        assert sock.recv(1 << 16).startswith(b"HTTP/1.1 408")
        assert sock.recv(1 << 16) == b""


def test_headers_larger_than_the_bound_are_refused_with_431(server: ServerProcess) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (80 * 1024) + b"\r\n\r\n")
        assert sock.recv(1 << 16).startswith(b"HTTP/1.1 431")


def _table_with_history(server: ServerProcess) -> str:
    """A finished bot-only table with a couple of hundred moves: every full sync is a big welcome."""
    created = httpx.post(server.url + "/api/tables", json={
        "game": "tiny", "players": 2, "bots": ["random", "random"], "bot_delay": 0,
        "options": {"target": 300}}, timeout=30).json()
    table_id = created["table"]["id"]
    for _ in range(600):
        if httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()["table"]["status"] == "over":
            return table_id
        time.sleep(0.1)
    raise AssertionError("the bots did not finish")


def _open_spectator(server: ServerProcess, table_id: str) -> tuple[socket.socket, ClientProtocol]:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader with little room
    sock.settimeout(60)
    sock.connect(("127.0.0.1", server.port))
    protocol = ClientProtocol(parse_uri(f"{server.ws_url}/ws/{table_id}"), max_size=None)
    protocol.send_request(protocol.connect())
    sock.sendall(b"".join(protocol.data_to_send()))
    while not any(isinstance(event, Response) for event in protocol.events_received()):
        protocol.receive_data(sock.recv(4096))
    protocol.send_text(json.dumps({"type": "hello", "token": None}).encode())
    sock.sendall(b"".join(protocol.data_to_send()))
    return sock, protocol


def _ask_for_whole_histories(sock: socket.socket, protocol: ClientProtocol, times: int) -> None:
    """One sync every 5 ms: the server writes as fast as it can until the socket's buffers are full."""
    for _ in range(times):
        protocol.send_text(b'{"type": "sync"}')
        try:
            sock.sendall(b"".join(protocol.data_to_send()))
        except (BrokenPipeError, ConnectionResetError):
            return
        time.sleep(0.005)


def test_a_reader_that_falls_behind_is_closed_with_a_close_frame(server: ServerProcess) -> None:
    sock, protocol = _open_spectator(server, _table_with_history(server))
    welcomes = 0
    close: Close | None = None
    with sock:
        for _ in range(200):  # ~200 × 15 KB asked for at once, far past the 64 KiB the server keeps for it
            protocol.send_text(b'{"type": "sync"}')
        sock.sendall(b"".join(protocol.data_to_send()))
        while close is None:
            time.sleep(0.005)  # then it reads, slowly (and answers pings)
            data = sock.recv(4096)
            if not data:
                break
            protocol.receive_data(data)
            for event in protocol.events_received():
                if isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                    welcomes += json.loads(event.data)["type"] == "welcome"
                elif isinstance(event, Frame) and event.opcode is Opcode.CLOSE:
                    close = Close.parse(event.data)
            sock.sendall(b"".join(protocol.data_to_send()))
    assert close is not None and close.code == 1008 and "too slow" in close.reason
    assert 1 <= welcomes < 200


def test_a_peer_that_reads_nothing_is_dropped(server: ServerProcess) -> None:
    # asked for slowly enough that the server writes until the socket is full and stays unwritable
    sock, protocol = _open_spectator(server, _table_with_history(server))
    with sock:
        _ask_for_whole_histories(sock, protocol, 400)  # more than the kernel's buffers hold, never read
        dropped = False
        for _ in range(600):  # never read; only knock now and then to learn whether the server is still there
            time.sleep(0.1)
            protocol.send_ping(b"knock")
            try:
                sock.sendall(b"".join(protocol.data_to_send()))
            except (BrokenPipeError, ConnectionResetError):
                dropped = True
                break
    assert dropped
    assert httpx.get(server.url + "/health", timeout=30).json()["ok"] is True
