"""The same lobby and live play on PostgreSQL (a throwaway cluster from conftest; skipped without one)."""

from __future__ import annotations

import time

import pytest
from server_helpers import create, join, until
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(120)


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
