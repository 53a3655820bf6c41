"""Helpers for the server tests: lobby calls, waiting for messages, `ludus serve` in a real subprocess."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from starlette.testclient import TestClient
from websockets.sync.client import connect

from ludus.engine import Match
from ludus.server.store import Store, make_engine

HERE = Path(__file__).parent
ROOT = HERE.parent.parent

# A server process (migrations included) or redis-server may take long to start on a busy 2-core CI
# machine; waiting longer costs nothing when it starts quickly.
START_WAIT = 120.0


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "tiny")
    body.setdefault("bot_delay", 0)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def join(client: TestClient, table_id: str, name: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name, **body})
    assert response.status_code == 200, response.text
    return response.json()


def until(ws: Any, accept: Callable[[dict[str, Any]], bool], limit: int = 200) -> dict[str, Any]:
    """Read messages until one satisfies ``accept``."""
    for _ in range(limit):
        message = ws.receive_json()
        if accept(message):
            return message
    raise AssertionError("no matching message arrived")


@contextlib.contextmanager
def seated(client: TestClient, table_id: str, token: str | None) -> Iterator[Any]:
    """A socket at the table (a seat's, or a spectator's without a token), past its welcome."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        until(ws, lambda m: m["type"] == "welcome")
        yield ws


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


SERVER_SCRIPT = (
    "import sys; import ludus.engine.registry as r; r.GAMES['tiny'] = 'tiny_game:GAME'; "
    "r.GAMES['votes'] = 'votes_game:GAME'; r.GAMES['stages'] = 'stages_game:GAME'; "
    "from ludus.cli import main; raise SystemExit(main(sys.argv[1:]))"
)


class ServerProcess:
    """`ludus serve` in a real subprocess (with the tiny and votes games registered), on a free loopback port."""

    def __init__(self, db_url: str, redis_url: str | None = None, port: int | None = None,
                 log: Path | None = None, extra: tuple[str, ...] = ()) -> None:
        """``log``: keep the server's stderr (its log lines) in this file; ``extra``: more serve options."""
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = [sys.executable, "-c", SERVER_SCRIPT, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--db", db_url]
        if redis_url:
            args += ["--redis", redis_url]
        # tests create and join many tables from this one address; ``extra`` may set other limits (the last wins)
        args += ["--limit-tables", "10000 per minute", "--limit-joins", "10000 per minute", *extra]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT / "src")])}
        self.log = log
        stderr = log.open("ab") if log is not None else subprocess.PIPE
        self.process = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr)
        if log is not None:
            stderr.close()
        try:
            self._wait_started()
        except BaseException:  # a test's timeout too: no server is left running that nobody will stop
            self.kill()
            raise

    def _wait_started(self) -> None:
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                said = self.log.read_text(errors="replace") if self.log is not None \
                    else self.process.stderr.read().decode()
                raise RuntimeError(f"server exited: {said[-2000:]}")
            try:
                if httpx.get(self.url + "/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks run, as in a crash."""
        self.process.kill()
        self.process.wait(10)
        if self.process.stderr:
            self.process.stderr.close()


class RedisServer:
    """A throwaway redis-server on a fixed loopback port, which a test may kill and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_WAIT
        while subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True).stdout.strip() \
                != b"PONG":
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def pause(self) -> None:
        """SIGSTOP: Redis stalls, its connections stay open and nothing answers."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)


class Watcher:
    """A WebSocket on a server process that keeps every message it was sent, and its latest picture."""

    def __init__(self, server: ServerProcess, table_id: str, token: str | None = None) -> None:
        self.ws = connect(f"{server.ws_url}/ws/{table_id}", open_timeout=20).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.messages: list[dict[str, Any]] = []
        self.latest = self.until(lambda m: m["type"] == "welcome")
        self.welcome = self.latest
        self.seat = self.latest["seat"]

    def until(self, accept: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        """Read messages until one satisfies ``accept``."""
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            self.messages.append(message)
            if message["type"] in ("welcome", "update"):
                self.latest = message
            if accept(message):
                return message

    def reach(self, seq: int) -> dict[str, Any]:
        """The first picture at ``seq`` or later (perhaps one read already)."""
        if self.latest["seq"] >= seq:
            return self.latest
        return self.until(lambda m: m["type"] in ("welcome", "update") and m["seq"] >= seq, timeout=120)

    def updates(self) -> list[dict[str, Any]]:
        """The updates after the welcome (a seat change may repeat the welcome's seq: left out)."""
        return [m for m in self.messages if m["type"] == "update" and m["seq"] > self.welcome["seq"]]

    def seqs(self) -> list[int]:
        return [update["seq"] for update in self.updates()]

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "error"]

    def close(self) -> None:
        self.ws.close()


def shut_down(watchers: list[Watcher], *processes: ServerProcess | RedisServer) -> None:
    """Close the sockets, then kill the servers (and Redis)."""
    for watcher in watchers:
        watcher.close()
    for process in processes:
        process.kill()


def new_database(cluster_url: str) -> str:
    """A new, empty database in the PostgreSQL cluster of ``cluster_url``: a test that runs servers on it
    sees no other test's tables (a server adopts every running table nobody holds)."""
    name = f"ludus_{uuid.uuid4().hex[:12]}"
    engine = make_engine(cluster_url).execution_options(isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return cluster_url.rsplit("/", 1)[0] + "/" + name


def stored_match(store: Store, table_id: str) -> Match:
    """The engine's own account of a table: its stored log replayed on its seed."""
    record = store.table(table_id)
    assert record is not None
    match = Match(record.game, record.players, record.seed, record.options)
    for entry in store.moves(table_id):
        match.replay_entry(entry)
    return match


@contextlib.contextmanager
def two_processes_racing(folder: Path, table: str,
                         other_write: Callable[[Store], object]) -> Iterator[tuple[Store, Store, list[bool]]]:
    """Two processes' stores on one fresh SQLite file in ``folder``: ``(first, second, raced)``. Just before the
    second's first INSERT into ``table`` (after its read, before its write), ``other_write(first)`` runs once
    and ``raced`` gets a True, so the second process's write meets what the first wrote meanwhile."""
    from sqlalchemy import event

    url = f"sqlite:///{folder / 'fresh.db'}"
    first, second = Store(url), Store(url)
    raced: list[bool] = []
    insert = f"INSERT INTO {table}".upper()

    def the_other_process_writes_first(conn: object, cursor: object, statement: str, *_: object) -> None:
        if statement.lstrip().upper().startswith(insert) and not raced:
            raced.append(True)
            other_write(first)

    event.listen(second.engine, "before_cursor_execute", the_other_process_writes_first)
    try:
        yield first, second, raced
    finally:
        first.close()
        second.close()


class LogSince:
    """A server's log file as written since one moment (a test's start): the processes of the shared pair
    outlive a test, and what a test checks in their logs must be what they said during it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.start = path.stat().st_size if path.exists() else 0

    def read_text(self) -> str:
        with self.path.open("rb") as log:
            log.seek(self.start)
            return log.read().decode(errors="replace")


PAIR_OPTIONS = ("--lease", "2")


class ServerPair:
    """The processes behind `TwoServers`, started once for every test that uses them: two `ludus serve`
    processes (leases of 2 s) on one new PostgreSQL database and one Redis. Each test works on its own tables;
    one that kills or stalls a process leaves it to `restore`, which starts it again (or wakes it)."""

    def __init__(self, cluster_url: str, folder: Path) -> None:
        self.database = new_database(cluster_url)
        self.redis = RedisServer()
        self.paths = [folder / "first.log", folder / "second.log"]
        self.servers: list[ServerProcess] = []
        try:
            for path in self.paths:
                self.servers.append(self._serve(path))
        except BaseException:
            shut_down([], *self.servers, self.redis)
            raise
        self.store = Store(self.database)

    def _serve(self, log: Path) -> ServerProcess:
        return ServerProcess(self.database, self.redis.url, log=log, extra=PAIR_OPTIONS)

    def restore_redis(self) -> None:
        """Redis running and answering (started again if a test killed it, woken if it stalled it)."""
        if self.redis.process is None or self.redis.process.poll() is not None:
            self.redis.start()
        else:
            self.redis.resume()  # SIGCONT: nothing happens to a process that was not stopped

    def restore(self) -> None:
        """Redis running, both servers running (a killed one started again on its own log)."""
        self.restore_redis()
        for number, server in enumerate(self.servers):
            if server.process.poll() is not None:
                self.servers[number] = self._serve(self.paths[number])

    def for_a_test(self) -> TwoServers:
        """The pair as a test sees it, whole again: its own list of sockets, the logs from now on. (A server
        a test killed is started again here, by the next test: no test's time holds more than one start.)"""
        self.restore()
        return TwoServers(self.redis, self.servers[0], self.servers[1], [LogSince(path) for path in self.paths],
                          self.store)

    def close(self) -> None:
        shut_down([], *self.servers, self.redis)
        self.store.close()


@dataclass
class TwoServers:
    """Two `ludus serve` processes on one PostgreSQL database and one Redis (leases of 2 s; shared by the
    tests, see `ServerPair`), their logs since the test began, a store on the same database for the test's
    own reading, and the sockets the test opened."""

    redis: RedisServer
    first: ServerProcess
    second: ServerProcess
    logs: list[LogSince]
    store: Store
    watchers: list[Watcher] = field(default_factory=list)

    def watch(self, server: ServerProcess, table_id: str, token: str | None = None) -> Watcher:
        watcher = Watcher(server, table_id, token)
        self.watchers.append(watcher)
        return watcher


@contextlib.contextmanager
def two_processes(postgres_url: str, folder: Path, extra: tuple[str, ...] = ()) -> Iterator[TwoServers]:
    """A pair of its own for a module whose servers need other options (``extra``, for both) than the shared
    `ServerPair`: two server processes on a new database of the cluster and one Redis (leases of 2 s)."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    database = new_database(postgres_url)
    redis = RedisServer()
    logs = [folder / "first.log", folder / "second.log"]
    servers = [ServerProcess(database, redis.url, log=log, extra=("--lease", "2", *extra)) for log in logs]
    pair = TwoServers(redis, servers[0], servers[1], [LogSince(path) for path in logs], Store(database))
    try:
        yield pair
    finally:
        shut_down(pair.watchers, pair.first, pair.second, redis)
        pair.store.close()
