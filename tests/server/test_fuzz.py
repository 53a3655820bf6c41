"""Fuzzing the lobby API and the WebSocket protocol (hypothesis), on SQLite and on PostgreSQL: whatever a
client sends, the answer is a documented refusal or a success — never a 500, never a socket dropped
without a close frame — and a refusal changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import create, join, until
from starlette.testclient import TestClient

from ludus.server.app import create_app
from ludus.server.guards.limits import Limits

pytestmark = pytest.mark.timeout(300)

LOBBY_CODES = {"malformed", "json-only", "unknown-game", "bad-players", "bad-options", "bad-bots", "bad-name",
               "bad-bot-delay", "table-full", "unknown-table", "bad-seat", "seat-taken", "game-over", "bad-token",
               "not-over", "not-found", "method-not-allowed", "too-many", "setup-timeout"}
SOCKET_CODES = {"malformed", "unknown-type", "spectator", "wrong-seat", "not-started", "game-over", "stale",
                "not-your-turn", "illegal", "too-fast", "no-chat", "officer-silent"}
GENEROUS = Limits(tables="100000 per minute", joins="100000 per minute", messages="100000 per minute",
                  syncs="100000 per minute", setup_seconds=30)

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**80), max_value=10**80),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40),
                    st.sampled_from(["tiny", "floors", "easy", "random", "+1", "+2", "a", "\u0000", "\u202e",
                                     "Ad\u200bso"]))
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                           st.dictionaries(st.text(max_size=10), inner, max_size=4)),
                           max_leaves=12)
raw_texts = st.one_of(
    st.text(max_size=60),
    st.builds(lambda depth: "[" * depth + "]" * depth, st.integers(1, 3000)),
    st.builds(lambda digits: '{"seq": ' + "9" * digits + "}", st.integers(1, 5000)),
    st.sampled_from(["NaN", '{"a": Infinity}', '{"a": 1e999}', '"\\ud800"', "{", "\u0000", "null"]))


def _body(fields: list[str]) -> st.SearchStrategy[str]:
    known = st.fixed_dictionaries({}, optional={name: json_values for name in fields})
    return st.one_of(known.map(json.dumps), json_values.map(json.dumps), raw_texts)


lobby_requests = st.one_of(
    st.tuples(st.just("POST"), st.just("/api/tables"),
              _body(["game", "players", "options", "bots", "name", "bot_delay"])),
    st.tuples(st.just("POST"), st.sampled_from(["/api/tables/{id}/join", "/api/tables/%00/join"]),
              _body(["name", "seat"])),
    st.tuples(st.just("POST"), st.just("/api/tables/{id}/leave"), _body(["token"])),
    st.tuples(st.just("GET"), st.sampled_from(["/api/tables/{id}", "/api/tables/{id}/match", "/api/tables/x%00"]),
              st.just("")),
)

frames = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["choice", "sync", "ping", "chat", "chat-sync", "hello"])},
                          optional={"seq": json_values, "choice": json_values, "since": json_values,
                                    "seat": json_values, "text": json_values, "token": json_values}).map(json.dumps),
    json_values.map(json.dumps),
    raw_texts,
    st.binary(max_size=40),
)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, db_url: str) -> Iterator[str]:
    yield request.getfixturevalue("postgres_url") if request.param == "postgresql" else db_url


def test_no_lobby_request_gets_a_500_and_a_refusal_changes_nothing(database: str) -> None:
    with TestClient(create_app(database, limits=GENEROUS)) as client:
        table_id = create(client, players=3, name="Adso")["table"]["id"]

        @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
        @given(request=lobby_requests)
        def check(request: tuple[str, str, str]) -> None:
            method, path, body = request
            before = client.get(f"/api/tables/{table_id}").json()
            listed = len(client.get("/api/tables").json()["tables"])
            response = client.request(method, path.format(id=table_id), content=body.encode("utf-8", "surrogatepass"),
                                      headers={"content-type": "application/json"})
            assert response.status_code < 500, response.text
            answer = response.json()
            if response.status_code >= 400:
                assert answer["error"] in LOBBY_CODES, answer
                assert client.get(f"/api/tables/{table_id}").json() == before
                assert len(client.get("/api/tables").json()["tables"]) == listed

        check()


def test_no_websocket_frame_gets_a_server_error_or_drops_the_socket(database: str) -> None:
    with TestClient(create_app(database, limits=GENEROUS)) as client:
        created = create(client, players=2, name="Adso", options={"target": 100_000})
        table_id = created["table"]["id"]
        tokens = [created["token"], join(client, table_id, "William")["token"], None]

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        @given(who=st.sampled_from(tokens), sent=st.lists(frames, min_size=1, max_size=5))
        def check(who: str | None, sent: list[Any]) -> None:
            with client.websocket_connect(f"/ws/{table_id}") as ws:
                ws.send_json({"type": "hello", "token": who})
                until(ws, lambda m: m["type"] == "welcome")
                for frame in sent:
                    if isinstance(frame, bytes):
                        ws.send_bytes(frame)
                    else:
                        ws.send_text(frame)
                ws.send_json({"type": "ping", "last": True})
                replies: list[dict[str, Any]] = []
                while not replies or replies[-1]["type"] != "pong":
                    replies.append(ws.receive_json())  # a dropped socket would raise here
            errors = [reply["code"] for reply in replies if reply["type"] == "error"]
            assert set(errors) <= SOCKET_CODES, errors

        check()
