"""Kill the server mid-game (SIGKILL), start it again: every table resumes from the stored move log."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from server_helpers import ServerProcess
from websockets.sync.client import connect

pytestmark = pytest.mark.timeout(90)


SOCKETS: list[Any] = []


def welcome(server: ServerProcess, table_id: str, token: str | None) -> tuple[Any, dict[str, Any]]:
    ws = connect(f"{server.ws_url}/ws/{table_id}", open_timeout=10).__enter__()
    SOCKETS.append(ws)
    ws.send(json.dumps({"type": "hello", "token": token}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "welcome":
            return ws, message


def next_update(ws: Any, seq: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "update" and message["seq"] >= seq:
            return message


def test_a_killed_server_resumes_every_table_exactly(tmp_path) -> None:
    db_url = f"sqlite:///{tmp_path / 'ludus.sqlite3'}"
    server = ServerProcess(db_url)
    try:
        created = httpx.post(server.url + "/api/tables", json={
            "game": "tiny", "players": 2, "name": "Adso", "options": {"target": 9}, "bot_delay": 0}).json()
        table_id = created["table"]["id"]
        william = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"name": "William"}).json()
        bots_only = httpx.post(server.url + "/api/tables", json={
            "game": "tiny", "players": 2, "bots": ["random", "random"], "options": {"target": 5000},
            "bot_delay": 0.01}).json()["table"]["id"]
        tokens = [created["token"], william["token"]]
        seq = 0
        for turn in range(4):
            ws, _ = welcome(server, table_id, tokens[turn % 2])
            ws.send(json.dumps({"type": "choice", "seq": seq, "choice": "+1"}))
            seq = next_update(ws, seq + 1)["seq"]
            ws.close()
        before = [welcome(server, table_id, token)[1] for token in tokens]
        bot_moves_before = welcome(server, bots_only, None)[1]["seq"]
    finally:
        server.kill()

    server = ServerProcess(db_url)
    try:
        after = [welcome(server, table_id, token)[1] for token in tokens]
        for old, new in zip(before, after, strict=True):
            assert (new["seq"], new["view"], new["decisions"], new["events"]) == \
                   (old["seq"], old["view"], old["decisions"], old["events"])
        assert after[0]["seq"] == 4
        # the game goes on where it stopped
        ws, _ = welcome(server, table_id, tokens[0])
        ws.send(json.dumps({"type": "choice", "seq": 4, "choice": "+2"}))
        assert next_update(ws, 5)["view"]["counter"] == 6
        # the bot-only table carries on by itself, without anyone visiting it first
        watcher, watched = welcome(server, bots_only, None)
        assert watched["seq"] >= bot_moves_before
        assert next_update(watcher, watched["seq"] + 1)["seq"] > bot_moves_before
    finally:
        server.kill()
        for ws in SOCKETS:
            ws.close()


def test_a_killed_server_resumes_a_rose_table_exactly(tmp_path) -> None:
    db_url = f"sqlite:///{tmp_path / 'ludus.sqlite3'}"
    server = ServerProcess(db_url)
    try:
        created = httpx.post(server.url + "/api/tables", json={
            "game": "rose", "players": 2, "name": "Adso", "bot_delay": 0}).json()
        table_id = created["table"]["id"]
        william = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"name": "William"}).json()
        tokens = [created["token"], william["token"]]
        sockets = [welcome(server, table_id, token) for token in tokens]
        latest = [message for _, message in sockets]
        for _ in range(30):  # both play their first offered option (no bot, so nothing moves by itself)
            i = next(i for i, m in enumerate(latest) if m["decisions"])
            sockets[i][0].send(json.dumps({"type": "choice", "seq": latest[i]["seq"],
                                           "choice": latest[i]["decisions"][0]["options"][0]}))
            latest = [next_update(ws, latest[i]["seq"] + 1) for ws, _ in sockets]
        before = [welcome(server, table_id, token)[1] for token in [*tokens, None]]
        assert before[0]["seq"] >= 30
    finally:
        server.kill()

    server = ServerProcess(db_url)
    try:
        after = [welcome(server, table_id, token)[1] for token in [*tokens, None]]
        for old, new in zip(before, after, strict=True):
            assert (new["seq"], new["view"], new["decisions"], new["events"]) == \
                   (old["seq"], old["view"], old["decisions"], old["events"])
    finally:
        server.kill()
        for ws in SOCKETS:
            ws.close()
