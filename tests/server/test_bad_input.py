"""Every bad input is answered with its documented code and changes nothing: malformed bodies and frames,
values of the wrong type, names that hide characters, and (on PostgreSQL) a NUL that the database itself
would refuse. No 500, no socket dropped without a close frame, no traceback in the log."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from server_helpers import create, join, until
from starlette.testclient import TestClient

JSON = {"content-type": "application/json"}
DEEP = "[" * 5000 + "]" * 5000
HUGE = "1" * 5000

BAD_BODIES = [
    (DEEP, "malformed"),
    ('{"game": "tiny", "options": {"target": ' + "[" * 40 + "]" * 40 + "}}", "malformed"),
    ('{"game": "tiny", "players": ' + HUGE + "}", "malformed"),
    ('{"game": "tiny", "bot_delay": NaN}', "malformed"),
    ('{"game": "tiny", "bot_delay": Infinity}', "malformed"),
    ('{"game": "tiny", "bot_delay": 1e999}', "malformed"),
    ('{"game": "tiny", "name": "\\ud800"}', "malformed"),
    ('{"game": "tiny", "name": "Ad\x00so"}', "malformed"),  # a raw NUL is not JSON
    ('"tiny"', "malformed"),
    ('{"game": ["tiny"]}', "unknown-game"),
    ('{"game": {"id": "tiny"}}', "unknown-game"),
    ('{"game": 7}', "unknown-game"),
    ('{"game": "tiny", "players": [2]}', "bad-players"),
    ('{"game": "tiny", "players": 2.0}', "bad-players"),
    ('{"game": "tiny", "options": "fast"}', "bad-options"),
    ('{"game": "tiny", "options": {"target": {"n": 1}}}', "bad-options"),
    ('{"game": "tiny", "options": {"target": 10000000000000000000000000000000000000000}}', "bad-options"),
    ('{"game": "tiny", "options": {"mode": ["plain"]}}', "bad-options"),
    ('{"game": "tiny", "players": 2, "bots": {"' + "9" * 60 + '": "easy"}}', "bad-bots"),
    ('{"game": "tiny", "players": 2, "bots": "easy"}', "bad-bots"),
    ('{"game": "tiny", "players": 2, "bots": [["easy"], null]}', "bad-bots"),
    ('{"game": "tiny", "bot_delay": "1"}', "bad-bot-delay"),
    ('{"game": "tiny", "name": ["Adso"]}', "bad-name"),
    ('{"game": "tiny", "name": {"first": "Adso"}}', "bad-name"),
    ('{"game": "tiny", "name": "Ad\\u0000so"}', "bad-name"),
]


@pytest.mark.parametrize(("body", "code"), BAD_BODIES)
def test_a_malformed_or_mistyped_table_request_gets_its_code_and_creates_nothing(
        client: TestClient, body: str, code: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        response = client.post("/api/tables", content=body.encode(), headers=JSON)
    assert response.status_code == 400
    assert response.json()["error"] == code
    assert client.get("/api/tables").json()["tables"] == []
    assert not [record for record in caplog.records if record.exc_info]


@pytest.mark.parametrize(("name", "character"), [
    ("Ad\u202eosd", "U+202E"),  # right-to-left override: shows as "Adsdo"
    ("Ad\u2066so", "U+2066"),  # left-to-right isolate
    ("Ad\u200bso", "U+200B"),  # zero-width space
    ("Ad\u200dso", "U+200D"),  # zero-width joiner
    ("\u3164", "U+3164"),  # Hangul filler: a "letter" nobody can see
    ("Ad\u0007so", "U+0007"),  # bell
    ("Ad\ufeffso", "U+FEFF"),  # byte order mark
    ("Ad\U000e0041so", "U+E0041"),  # tag character
])
def test_a_name_with_invisible_or_control_characters_is_refused(client: TestClient, name: str, character: str) -> None:
    table_id = create(client, players=2)["table"]["id"]
    for response in (client.post("/api/tables", json={"game": "tiny", "name": name}),
                     client.post(f"/api/tables/{table_id}/join", json={"name": name})):
        assert response.status_code == 400 and response.json()["error"] == "bad-name"
        assert character in response.json()["detail"]
    assert len(client.get("/api/tables").json()["tables"]) == 1
    assert not any(seat["taken"] for seat in client.get(f"/api/tables/{table_id}").json()["table"]["seats"])


def test_names_are_normalized_to_nfc_with_single_spaces(client: TestClient) -> None:
    created = create(client, players=2, name="  Ade\u0301lka \u3000 Kova\u0301cs ")
    seat = created["table"]["seats"][0]
    assert seat["name"] == "Ad\u00e9lka Kov\u00e1cs"
    joined = join(client, created["table"]["id"], "\u5c0f\u660e\U0001f600")
    assert client.get(f"/api/tables/{created['table']['id']}").json()["table"]["seats"][joined["seat"]]["name"] \
        == "\u5c0f\u660e\U0001f600"


@pytest.mark.parametrize(("path", "body", "code", "status"), [
    ("/api/tables/{id}/join", '{"name": "Adso", "seat": "0"}', "bad-seat", 400),
    ("/api/tables/{id}/join", '{"name": "Adso", "seat": [0]}', "bad-seat", 400),
    ("/api/tables/{id}/join", '{"name": "Adso", "seat": ' + HUGE + "}", "malformed", 400),
    ("/api/tables/{id}/join", "[]", "malformed", 400),
    ("/api/tables/{id}/leave", '{"token": ["x"]}', "bad-token", 401),
    ("/api/tables/{id}/leave", '{"token": {"t": 1}}', "bad-token", 401),
    ("/api/tables/%00/join", '{"name": "Adso"}', "unknown-table", 404),
    ("/api/tables/%E2%80%AEx/join", '{"name": "Adso"}', "unknown-table", 404),
])
def test_a_bad_join_or_leave_gets_its_code_and_changes_nothing(
        client: TestClient, path: str, body: str, code: str, status: int) -> None:
    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    before = client.get(f"/api/tables/{table_id}").json()
    response = client.post(path.format(id=table_id), content=body.encode(), headers=JSON)
    assert (response.status_code, response.json()["error"]) == (status, code)
    assert client.get(f"/api/tables/{table_id}").json() == before


def test_odd_table_ids_in_paths_are_unknown_tables(client: TestClient) -> None:
    for table_id in ("%00", "x" * 200, "%F0%9F%98%80", "a%20b"):
        for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/match", f"/api/tables/{table_id}/replay"):
            response = client.get(path)
            assert response.status_code == 404 and response.json()["error"] == "unknown-table"


def test_unknown_paths_and_methods_are_answered_in_json(client: TestClient) -> None:
    assert client.get("/api/tables/..%2F..%2Fetc%2Fpasswd").json()["error"] == "not-found"
    assert client.get("/api/nothing").json()["error"] == "not-found"
    response = client.delete("/api/tables", headers={"content-type": "application/json"})
    assert response.status_code == 405 and response.json()["error"] == "method-not-allowed"


BAD_FRAMES: list[tuple[Any, str]] = [
    (b'{"type": "ping"}', "malformed"),  # a binary frame
    (DEEP, "malformed"),
    ('{"type": "choice", "seq": 0, "choice": ' + "[" * 100 + "]" * 100 + "}", "malformed"),
    ('{"type": "choice", "seq": ' + HUGE + ', "choice": "+1"}', "malformed"),
    ('{"type": "choice", "seq": 0, "choice": NaN}', "malformed"),
    ('{"type": "choice", "seq": 0, "choice": "\\udfff"}', "malformed"),
    ('{"type": "ping", "x": "a\x00b"}', "malformed"),
    ('{"type": ["choice"]}', "unknown-type"),
    ('{"type": {"choice": 1}}', "unknown-type"),
    ('{"type": "' + "x" * 5000 + '"}', "unknown-type"),
    ('{"type": "choice", "seq": [0], "choice": "+1"}', "malformed"),
    ('{"type": "choice", "seq": 0, "choice": "+1", "seat": [0]}', "wrong-seat"),
    ('{"type": "choice", "seq": 0, "choice": "+1\\u0000"}', "illegal"),
    ('{"type": "choice", "seq": 0, "choice": {"+1": null}}', "illegal"),
    ('{"type": "choice", "seq": 100000000000000000000000000000, "choice": "+1"}', "stale"),
    ('{"type": "sync", "since": -1}', "malformed"),
    ('{"type": "sync", "since": [1]}', "malformed"),
    ('{"type": "chat", "text": ["hi"]}', "malformed"),
]


@pytest.mark.parametrize(("frame", "code"), BAD_FRAMES)
def test_a_bad_frame_gets_its_code_keeps_the_socket_and_changes_nothing(
        client: TestClient, frame: Any, code: str, caplog: pytest.LogCaptureFixture) -> None:
    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    join(client, table_id, "William")
    with caplog.at_level(logging.WARNING), client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": created["token"]})
        before = until(ws, lambda m: m["type"] == "welcome")
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        assert until(ws, lambda m: m["type"] == "error")["code"] == code
        ws.send_json({"type": "ping"})  # the socket is still served
        assert until(ws, lambda m: m["type"] in {"pong", "error"})["type"] == "pong"
        ws.send_json({"type": "sync"})
        after = until(ws, lambda m: m["type"] == "welcome")
    assert after["seq"] == before["seq"] == 0 and after["view"] == before["view"]
    assert client.app.state.store.moves(table_id) == []
    assert not [record for record in caplog.records if record.exc_info]


@pytest.mark.parametrize("hello", [b'{"type": "hello"}', DEEP, '{"type": "hello", "token": ' + HUGE + "}", "null"])
def test_a_bad_hello_is_refused_with_an_error_and_a_close_frame(client: TestClient, hello: Any) -> None:
    from starlette.websockets import WebSocketDisconnect

    table_id = create(client, players=2)["table"]["id"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        if isinstance(hello, bytes):
            ws.send_bytes(hello)
        else:
            ws.send_text(hello)
        assert ws.receive_json()["code"] == "malformed"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1008


def test_a_nul_in_a_name_is_refused_before_postgresql_and_leaves_no_table(postgres_url: str) -> None:
    from ludus.server.app import create_app

    with TestClient(create_app(postgres_url)) as client:
        before = {table["id"] for table in client.get("/api/tables").json()["tables"]}
        response = client.post("/api/tables", json={"game": "tiny", "players": 2, "name": "Ad\u0000so"})
        assert response.status_code == 400 and response.json()["error"] == "bad-name"
        table_id = create(client, players=2)["table"]["id"]
        response = client.post(f"/api/tables/{table_id}/join", json={"name": "\u0000"})
        assert response.json()["error"] == "bad-name"
        for path in ("/api/tables/%00", "/api/tables/%00/match", "/api/tables/%00/replay"):
            assert client.get(path).json()["error"] == "unknown-table"
        assert client.post("/api/tables/%00/hand-over", json={}).json()["error"] == "unknown-table"
        with client.websocket_connect("/ws/%00") as ws:
            ws.send_json({"type": "hello", "token": "\u0000"})
            assert ws.receive_json()["code"] == "unknown-table"
        after = {table["id"] for table in client.get("/api/tables").json()["tables"]}
    assert after - before == {table_id}


def test_a_table_whose_creator_cannot_be_seated_is_not_created(postgres_url: str) -> None:
    from sqlalchemy import select
    from sqlalchemy.exc import DataError

    from ludus.server.store import Store, tables

    store = Store(postgres_url)
    try:
        with pytest.raises(DataError, match="NUL"):  # PostgreSQL refuses a NUL in text
            store.create_table("orphan1", "tiny", 2, 1, {}, [None, None], 0.0,
                               creator=("Ad\u0000so", "0" * 64, None))
        with store.engine.connect() as db:
            assert db.execute(select(tables).where(tables.c.id == "orphan1")).first() is None
    finally:
        store.close()
