"""Helpers for the server tests: lobby calls, waiting for messages, `ludus serve` in a real subprocess."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from starlette.testclient import TestClient

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


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
    "from ludus.cli import main; raise SystemExit(main(sys.argv[1:]))"
)


class ServerProcess:
    """`ludus serve` in a real subprocess (with the tiny game registered), on a free loopback port."""

    def __init__(self, db_url: str, redis_url: str | None = None, port: int | None = None,
                 flags: list[str] | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        args = [sys.executable, "-c", SERVER_SCRIPT, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--db", db_url]
        if redis_url:
            args += ["--redis", redis_url]
        # tests create and join many tables from this one address; ``flags`` may set other limits (the last wins)
        args += ["--limit-tables", "10000 per minute", "--limit-joins", "10000 per minute", *(flags or [])]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT / "src")])}
        self.process = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.process.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(self.url + "/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
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
