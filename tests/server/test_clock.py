"""The server clock: real-time rules see the time, each advance is stored like a move, a restart resumes it."""

from __future__ import annotations

from server_helpers import create, join, until
from starlette.testclient import TestClient

from ludus.server.app import create_app

NOW = {"t": 1000.0}


def fake_now() -> float:
    return NOW["t"]


def started(db_url: str) -> TestClient:
    app = create_app(db_url)
    app.state.clock.now = fake_now  # before the lifespan starts the clock task: no tick ever sees the real time
    return TestClient(app)


def tick(client: TestClient) -> None:
    client.portal.call(client.app.state.clock.tick_once)


def coop_table(client: TestClient) -> tuple[str, str]:
    created = create(client, game="shadows", players=2, name="Officer", options={"coop": "novice"})
    table_id = created["table"]["id"]
    join(client, table_id, "Detective")
    return table_id, created["token"]


def test_the_countdown_starts_is_stored_and_broadcast(db_url: str) -> None:
    NOW["t"] = 1000.0
    with started(db_url) as client:
        table_id, token = coop_table(client)
        store = client.app.state.store
        stored_when_told: list[int] = []
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "hello", "token": token})
            until(ws, lambda m: m["type"] == "welcome")
            original = client.app.state.tables.live[table_id].broadcast

            def spying_broadcast(events: list) -> None:
                stored_when_told.append(len(store.moves(table_id)))
                original(events)

            client.app.state.tables.live[table_id].broadcast = spying_broadcast
            tick(client)
            update = until(ws, lambda m: m["type"] == "update")
        assert [e["kind"] for e in update["events"]] == ["clock-started"]
        assert update["view"]["clock"] == {"seconds": 480, "deadline": 1480.0}
        assert store.moves(table_id) == [{"advance": 1000.0}]
        assert stored_when_told == [1]


def test_a_tick_that_changes_nothing_is_not_logged(db_url: str) -> None:
    NOW["t"] = 1000.0
    with started(db_url) as client:
        table_id, _ = coop_table(client)
        tick(client)
        NOW["t"] = 1200.0
        tick(client)
        tick(client)
        assert client.app.state.store.moves(table_id) == [{"advance": 1000.0}]


def test_games_without_real_time_rules_are_never_ticked(db_url: str) -> None:
    NOW["t"] = 1000.0
    with started(db_url) as client:
        created = create(client, game="floors", players=2, name="A")
        join(client, created["table"]["id"], "B")
        tick(client)
        assert client.app.state.store.moves(created["table"]["id"]) == []


def test_a_restart_resumes_the_countdown_from_the_stored_deadline(db_url: str) -> None:
    NOW["t"] = 1000.0
    with started(db_url) as client:
        table_id, token = coop_table(client)
        tick(client)
    NOW["t"] = 1300.0  # the server was down for a while: that time is gone from the countdown
    with started(db_url) as client:
        tick(client)
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            ws.send_json({"type": "hello", "token": token})
            welcome = until(ws, lambda m: m["type"] == "welcome")
            assert welcome["view"]["clock"]["deadline"] == 1480.0 and welcome["view"]["phase"] == "play"
            NOW["t"] = 1480.0
            tick(client)
            update = until(ws, lambda m: m["type"] == "update")
        ended = [e for e in update["events"] if e["kind"] == "round-ended"]
        assert ended and ended[0]["data"]["reason"] == "time"
        assert client.app.state.store.moves(table_id) == [{"advance": 1000.0}, {"advance": 1480.0}]
