"""Protocol and log hygiene: an oversized body gets a JSON 413, a wrong method 405 with Allow; a log line
says one cause once a minute (with a count), and a database outage twice (when it starts and when it ends);
a refused Origin is no ERROR; every socket the server ends gets a close frame with a code; every refused choice
carries its cid."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_helpers import ServerProcess, create, join, new_database, seated, until
from sqlalchemy import text
from starlette.testclient import TestClient
from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Response
from websockets.sync.client import connect
from websockets.uri import parse_uri

from ludus.server.app import create_app
from ludus.server.guards.limits import Limits
from ludus.server.guards.logs import Outage, Repeats
from ludus.server.live.hub import LocalHub
from ludus.server.live.tables import LiveTables
from ludus.server.live.turns import Turns
from ludus.server.store import Store, make_engine

MEGABYTE = b'{"game": "tiny", "name": "' + b"a" * (1 << 20) + b'"}'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("hygiene")
    process = ServerProcess(f"sqlite:///{folder / 'ludus.sqlite3'}", log=folder / "server.log")
    yield process
    process.kill()


# --- bodies and methods -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/tables", "/api/account/signup", "/api/tables/abcdefgh/join"])
def test_an_oversized_body_gets_a_json_413(client: TestClient, path: str) -> None:
    response = client.post(path, content=MEGABYTE, headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "malformed"
    assert "16384" in response.json()["detail"]


def test_an_oversized_body_without_a_length_gets_a_json_413(client: TestClient) -> None:
    chunks = (MEGABYTE[n:n + 4096] for n in range(0, len(MEGABYTE), 4096))
    response = client.post("/api/tables", content=chunks, headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "malformed"
    assert client.get("/api/tables").json()["tables"] == []


def test_a_real_server_answers_a_megabyte_post_with_a_json_413_not_431(server: ServerProcess) -> None:
    for _ in range(3):  # the body arrives in the same reads as the headers: they are not counted as headers
        response = httpx.post(server.url + "/api/tables", content=MEGABYTE, timeout=60,
                              headers={"content-type": "application/json"})
        assert response.status_code == 413 and response.headers["content-type"] == "application/json"
        assert response.json()["error"] == "malformed"


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("content_type", ["application/json", "text/plain", None])
def test_a_method_no_route_takes_gets_405_with_allow(client: TestClient, method: str, content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    response = client.request(method, "/api/tables", content=b"{}", headers=headers)
    assert response.status_code == 405 and response.json()["error"] == "method-not-allowed"
    assert response.headers["allow"] == "GET, HEAD, POST"  # both routes of the path, not the first one's
    join = client.request(method, "/api/tables/abcdefgh/join", content=b"{}", headers=headers)
    assert join.status_code == 405 and join.headers["allow"] == "POST"


def test_a_post_the_path_takes_is_still_json_only(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"game=tiny", headers={"content-type": "text/plain"})
    assert response.status_code == 415 and response.json()["error"] == "json-only"
    assert client.post("/no/such/path", content=b"x", headers={"content-type": "text/plain"}).status_code == 404


# --- the log --------------------------------------------------------------------------------------------------


class Kept(logging.Handler):
    def __init__(self, *filters: logging.Filter) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        for kept in filters:
            self.addFilter(kept)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _logger(name: str, handler: logging.Handler) -> logging.Logger:
    logger = logging.getLogger(name)
    logger.handlers = [handler]
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def test_one_line_per_cause_per_minute_with_a_count() -> None:
    now = [0.0]
    kept = Kept(Repeats(window=60, clock=lambda: now[0]))
    logger = _logger("ludus.test.repeats", kept)
    for seat in range(100):  # one cause: the template, whatever the arguments
        logger.error("seat %s of table %s failed", seat, "abc")
        now[0] += 0.5
    logger.warning("another cause")
    for _ in range(3):
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            logger.exception("a tick failed")
    now[0] = 61.0
    logger.error("seat %s of table %s failed", 100, "abc")
    lines = [record.getMessage() for record in kept.records]
    assert lines == ["seat 0 of table abc failed", "another cause", "a tick failed",
                     "seat 100 of table abc failed (and 99 more like it in the last 60 s)"]


def test_a_loop_whose_database_fails_says_so_once_at_the_start_and_once_at_the_end() -> None:
    now = [0.0]
    kept = Kept()
    outage = Outage(_logger("ludus.test.outage", kept), "the deadline clock", clock=lambda: now[0])
    outage.worked()
    for _ in range(420):  # seven minutes of ticks
        try:
            raise ConnectionError("database down")
        except ConnectionError:
            outage.failed()
        now[0] += 1
    outage.worked()
    outage.worked()
    assert [(r.levelname, r.getMessage()) for r in kept.records] == [
        ("ERROR", "the deadline clock failed; trying again quietly until it works"),
        ("WARNING", "the deadline clock works again after 420 s (420 tries failed)")]
    assert kept.records[0].exc_info is not None  # the first line keeps its traceback


def test_the_turn_clock_logs_a_real_database_outage_twice(postgres_url: str) -> None:
    """A real outage: the database refuses connections and its sessions are ended, for a few dozen ticks."""
    url = new_database(postgres_url)
    name = url.rsplit("/", 1)[1]
    admin = make_engine(postgres_url).execution_options(isolation_level="AUTOCOMMIT")
    kept = Kept()
    turns_log = logging.getLogger("ludus.server.turns")
    turns_log.addHandler(kept)
    store = Store(url)

    async def run() -> Turns:
        tables = LiveTables(store, LocalHub())
        turns = Turns(tables, tick=0.02)
        turns.start()
        try:
            await asyncio.sleep(0.3)
            with admin.connect() as db:
                db.execute(text(f"ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false"))
                db.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name"),
                           {"name": name})
            for _ in range(3000):
                if turns.outage.failures >= 25:
                    break
                await asyncio.sleep(0.02)
            with admin.connect() as db:
                db.execute(text(f"ALTER DATABASE {name} WITH ALLOW_CONNECTIONS true"))
            for _ in range(3000):
                if not turns.outage.failing:
                    break
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.3)
            return turns
        finally:
            await turns.stop()

    try:
        turns = asyncio.run(run())
    finally:
        turns_log.removeHandler(kept)
        store.close()
        admin.dispose()
    assert not turns.outage.failing
    said = [(r.levelname, r.getMessage().split(" after ")[0]) for r in kept.records]
    assert said == [("ERROR", "the deadline clock failed; trying again quietly until it works"),
                    ("WARNING", "the deadline clock works again")]


def test_a_refused_origin_is_no_error_in_the_log(server: ServerProcess) -> None:
    assert server.log is not None
    before = server.log.read_text(errors="replace")
    for _ in range(5):
        with pytest.raises(Exception, match="403"), \
                connect(f"{server.ws_url}/ws/abcdefgh", origin="https://evil.example", open_timeout=20):
            pass
    assert httpx.get(server.url + "/health", timeout=30).status_code == 200
    time.sleep(0.5)
    after = server.log.read_text(errors="replace")[len(before):]
    assert " ERROR " not in after and "Traceback" not in after


# --- sockets ----------------------------------------------------------------------------------------------------


def _open(server: ServerProcess) -> tuple[socket.socket, ClientProtocol]:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
    protocol = ClientProtocol(parse_uri(f"{server.ws_url}/ws/abcdefgh"), max_size=None)
    protocol.send_request(protocol.connect())
    sock.sendall(b"".join(protocol.data_to_send()))
    while not any(isinstance(event, Response) for event in protocol.events_received()):
        protocol.receive_data(sock.recv(4096))
    return sock, protocol


def _close_frame(sock: socket.socket, protocol: ClientProtocol) -> Close | None:
    """Read until the server's close frame, or until the socket ends (None: it ended without one)."""
    while True:
        try:
            data = sock.recv(65536)
        except ConnectionResetError:
            return None
        if not data:
            return None
        protocol.receive_data(data)
        for event in protocol.events_received():
            if isinstance(event, Frame) and event.opcode is Opcode.CLOSE:
                return Close.parse(event.data)


def test_a_frame_over_64_kib_followed_by_more_data_gets_a_close_frame_every_time(server: ServerProcess) -> None:
    codes = []
    for _ in range(12):
        sock, protocol = _open(server)
        with sock:
            protocol.send_text(b"x" * (70 * 1024))
            for _ in range(40):  # and more, while the server is refusing the first
                protocol.send_text(b'{"type": "ping"}' * 200)
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                sock.sendall(b"".join(protocol.data_to_send()))
            close = _close_frame(sock, protocol)
        codes.append(None if close is None else close.code)
    assert codes == [1009] * 12


def test_every_refused_choice_carries_its_cid(db_url: str) -> None:
    with TestClient(create_app(db_url, limits=Limits(messages="3 per hour"))) as client:
        created = create(client, players=2, name="Adso")
        join(client, created["table"]["id"], "William")
        with seated(client, created["table"]["id"], created["token"]) as ws:
            replies: list[dict[str, Any]] = []
            for n, choice in enumerate([{"seq": 0, "choice": "+9"}, {"choice": "+1"}, {"seq": 0, "choice": "+1",
                                                                                      "seat": 1},
                                        {"seq": 0, "choice": "+1"}]):
                ws.send_json({"type": "choice", "cid": f"c{n}", **choice})
                replies.append(until(ws, lambda m: m["type"] == "error"))
        with seated(client, created["table"]["id"], None) as watcher:
            watcher.send_json({"type": "choice", "seq": 0, "choice": "+1", "cid": "w"})
            spectator = until(watcher, lambda m: m["type"] == "error")
    assert [(r["code"], r.get("cid")) for r in replies] == [
        ("illegal", "c0"), ("malformed", "c1"), ("wrong-seat", "c2"), ("too-fast", "c3")]
    assert (spectator["code"], spectator.get("cid")) == ("spectator", "w")


