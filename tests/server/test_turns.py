"""Turn-based tables: a move deadline per player, stored in the database and enforced by the server's clock;
when it passes, a bot of the chosen level moves for the absent player or the player forfeits; the lobby and
the player's page show it; a restart keeps the deadlines; real-time Shadows tables are not offered it.
The tests wait for the server's own messages, never for a clock."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from account_helpers import Person, seated
from server_helpers import ServerProcess, create, join, until
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from ludus.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'ludus.sqlite3'}", turn_tick=0.05)) as test_client:
        yield test_client


def turn_table(client: TestClient, seconds: float, on_timeout: str, creator: Person | None = None) -> tuple[str, list]:
    body = {"game": "tiny", "players": 2, "name": "Adso", "bot_delay": 0,
            "turn": {"seconds": seconds, "on_timeout": on_timeout}}
    created = creator.post("/api/tables", **body).json() if creator else create(client, **body)
    table_id = created["table"]["id"]
    return table_id, [creator or created["token"], join(client, table_id, "William")["token"]]


def test_a_turn_based_table_says_so_in_the_lobby_and_its_terms_are_checked(client: TestClient) -> None:
    table_id, _ = turn_table(client, 86400, "bot:easy")
    listed = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[table_id]["turn"] == {"seconds": 86400, "on_timeout": "bot:easy"}
    assert set(listed[table_id]["deadlines"]) == {"0"}  # seat 0 is awaited from the start
    due = listed[table_id]["deadlines"]["0"]
    assert 86000 < due - time.time() <= 86400
    refused = {
        "shadows": client.post("/api/tables", json={"game": "shadows", "players": 4, "turn": {"seconds": 3600}}),
        "seconds": client.post("/api/tables", json={"game": "tiny", "players": 2, "turn": {"seconds": 0}}),
        "action": client.post("/api/tables", json={"game": "tiny", "players": 2,
                                                   "turn": {"seconds": 60, "on_timeout": "bot:grandmaster"}}),
    }
    assert {k: r.json()["error"] for k, r in refused.items()} == {
        "shadows": "no-turn-based", "seconds": "bad-turn", "action": "bad-turn"}
    assert len(client.get("/api/tables").json()["tables"]) == 1  # nothing created


def test_when_the_time_runs_out_a_bot_of_the_chosen_level_moves_for_the_absent_player(client: TestClient) -> None:
    table_id, (_adso, william) = turn_table(client, 1, "bot:random")
    with seated(client, table_id, william) as (ws, welcome):
        assert welcome["turn"] == {"seconds": 1, "on_timeout": "bot:random"}
        moved = until(ws, lambda m: m["type"] == "update" and m["seq"] >= 1)
        assert moved["events"][0]["kind"] == "added" and moved["events"][0]["data"]["seat"] == 0
        assert moved["decisions"] and "1" in moved["deadlines"]  # now William's clock runs
        note = until(ws, lambda m: m["type"] == "timeout")
        assert (note["seat"], note["action"]) == (0, "bot:random")
    record = client.app.state.store.table(table_id)
    assert record.seats[0].bot is None and record.seats[0].taken  # Adso keeps the seat


def test_when_the_time_runs_out_a_player_set_to_forfeit_loses_the_game(client: TestClient) -> None:
    table_id, (_adso, william) = turn_table(client, 1, "forfeit")
    with seated(client, table_id, william) as (ws, _):
        over = until(ws, lambda m: m["type"] == "update" and m["outcome"] is not None)
    assert over["outcome"]["winners"] == [1] and over["outcome"]["details"]["forfeit"] == 0
    assert over["events"][0]["kind"] == "forfeit"
    game = client.get("/api/archive").json()["games"][0]
    assert game["forfeit"] == 0 and [s["place"] for s in game["seats"]] == [2, 1]
    # the forfeit is in the saved match: it replays to the same outcome
    from ludus.engine import Match

    saved = client.get(f"/api/tables/{table_id}/match").json()
    assert Match.from_json(saved).outcome().to_json() == over["outcome"]
    # and the replay viewer steps to the same end
    replayed = client.get(f"/api/tables/{table_id}/replay?seat=all").json()
    assert replayed["finished"] and replayed["outcome"] == over["outcome"]
    assert replayed["moves"] == over["seq"]


def test_answering_in_time_gives_the_next_player_a_fresh_deadline(client: TestClient) -> None:
    table_id, (adso, _william) = turn_table(client, 3600, "forfeit")
    first = client.get(f"/api/tables/{table_id}").json()["table"]["deadlines"]
    with seated(client, table_id, adso) as (ws, welcome):
        ws.send_json({"type": "choice", "seq": welcome["seq"], "choice": "+1"})
        moved = until(ws, lambda m: m["type"] == "update")
    assert set(moved["deadlines"]) == {"1"} and set(first) == {"0"}
    stored = client.get(f"/api/tables/{table_id}").json()["table"]["deadlines"]
    assert stored == moved["deadlines"]


def test_the_player_s_page_counts_the_tables_waiting_for_them(client: TestClient) -> None:
    adso = Person(client, "Adso")
    waiting, _ = turn_table(client, 86400, "bot:easy", creator=adso)
    other = adso.post("/api/tables", game="tiny", players=2, name="x").json()["table"]["id"]  # still open
    mine = adso.get("/api/me").json()
    assert mine["waiting"] == 1
    assert [t["id"] for t in mine["running"]] == [waiting, other]  # their move first
    assert mine["running"][0]["your_move"] and mine["running"][0]["deadline"] > time.time()


def test_a_restart_keeps_the_deadlines_and_enforces_one_that_passed_meanwhile(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'ludus.sqlite3'}"
    server = ServerProcess(db_url)
    try:
        created = httpx.post(server.url + "/api/tables", json={
            "game": "tiny", "players": 2, "name": "Adso", "bot_delay": 0,
            "turn": {"seconds": 2, "on_timeout": "forfeit"}}).json()
        table_id = created["table"]["id"]
        httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"name": "William"})
        due = httpx.get(f"{server.url}/api/tables/{table_id}").json()["table"]["deadlines"]
        assert set(due) == {"0"}
    finally:
        server.kill()  # SIGKILL, before the deadline has been enforced
    from ludus.server.store import Store

    store = Store(db_url)
    try:
        record = store.table(table_id)
        if record.status == "running":  # (on a very slow machine the old process may have enforced it)
            assert record.deadlines == {0: due["0"]}
    finally:
        store.close()
    again = ServerProcess(db_url)
    try:
        import websockets.sync.client as ws_client

        with ws_client.connect(f"{again.ws_url}/ws/{table_id}") as ws:
            import json

            ws.send(json.dumps({"type": "hello", "token": None}))
            while True:
                message = json.loads(ws.recv(timeout=60))
                if message.get("outcome"):
                    break
        assert message["outcome"]["details"]["forfeit"] == 0
    finally:
        again.kill()
