"""The same lobby and live play on PostgreSQL (a real server started by the test; skipped without one)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import create, free_port, join, until
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(120)


def _bin(name: str) -> str | None:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    return found


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is not installed")
    folder = Path(tempfile.mkdtemp(prefix="ludus-pg-"))
    data = folder / "data"
    # PostgreSQL refuses to run as root: run it as an ordinary user when the tests are root.
    as_user: list[str] = []
    if os.geteuid() == 0:
        user = "postgres" if subprocess.run(["id", "postgres"], capture_output=True).returncode == 0 else "nobody"
        shutil.chown(folder, user)
        as_user = ["runuser", "-u", user, "--"]
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "ludus", "--no-sync"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
                    f"-p {port} -h 127.0.0.1 -k {folder} -F", "start"], check=True, capture_output=True)
    try:
        yield f"postgresql://ludus@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_game_is_played_and_stored_on_postgresql(postgres_url: str) -> None:
    from ludus.server.app import create_app

    with TestClient(create_app(postgres_url)) as client:
        created = create(client, players=2, name="Adso", options={"target": 3})
        table_id = created["table"]["id"]
        william = join(client, table_id, "William")
        tokens = [created["token"], william["token"]]
        with client.websocket_connect(f"/ws/{table_id}") as a, client.websocket_connect(f"/ws/{table_id}") as b:
            sockets = [a, b]
            latest = []
            for ws, token in zip(sockets, tokens, strict=True):
                ws.send_json({"type": "hello", "token": token})
                latest.append(until(ws, lambda m: m["type"] == "welcome"))
            while latest[0]["outcome"] is None:
                mover = next(i for i, m in enumerate(latest) if m["decisions"])
                sockets[mover].send_json({"type": "choice", "seq": latest[mover]["seq"],
                                          "choice": latest[mover]["decisions"][0]["options"][0]})
                target = latest[mover]["seq"] + 1
                latest = [until(ws, lambda m, t=target: m["type"] == "update" and m["seq"] >= t) for ws in sockets]
        store = client.app.state.store
        assert store.engine.dialect.name == "postgresql"
        assert store.table(table_id).status == "over"
        assert len(store.moves(table_id)) == latest[0]["seq"]

    # a fresh server process on the same database replays the finished game
    with TestClient(create_app(postgres_url)) as client, client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": None})
        again = until(ws, lambda m: m["type"] == "welcome")
        assert again["outcome"] == latest[0]["outcome"] and again["seq"] == latest[0]["seq"]


def test_the_move_log_key_refuses_a_second_writer_on_postgresql(postgres_url: str) -> None:
    from ludus.server.store import MoveConflict, Store

    store = Store(postgres_url)
    table_id = f"race{int(time.time() * 1000) % 100000}"
    store.create_table(table_id, "tiny", 2, 1, {}, [None, None], 0.0)
    store.append_move(table_id, 1, {"seat": 0, "choice": "+1"})
    with pytest.raises(MoveConflict):
        store.append_move(table_id, 1, {"seat": 1, "choice": "+2"})
    with pytest.raises(MoveConflict):
        store.append_moves([(table_id, 2, {"seat": 1, "choice": "+1"}), (table_id, 1, {"seat": 0, "choice": "+2"})])
    assert store.moves(table_id) == [{"seat": 0, "choice": "+1"}]
    store.close()
