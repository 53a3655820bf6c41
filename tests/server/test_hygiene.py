"""Browser hygiene: security headers on every response, JSON-only POSTs, WebSocket Origin checked."""

from __future__ import annotations

import pytest
from server_helpers import create, until
from starlette.testclient import TestClient, WebSocketDenialResponse

from ludus.server.app import create_app
from ludus.server.guards.hygiene import SECURITY_HEADERS
from ludus.server.guards.limits import Limits


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    table_id = create(client, players=2)["table"]["id"]
    responses = [client.get(path) for path in (
        "/", f"/t/{table_id}", "/rules/rose", "/web/app.js", "/web/style.css", "/i18n/en", "/api/games",
        "/api/tables", f"/api/tables/{table_id}", "/api/tables/nope", "/health", "/pictures/k0.svg", "/nowhere")]
    responses.append(client.post("/api/tables", json={"game": "tiny"}))
    responses.append(client.post("/api/tables", json={"game": "chess"}))
    responses.append(client.post("/api/tables", content=b"game=tiny", headers={"content-type": "text/plain"}))
    for response in responses:
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (response.url, name)
    csp = SECURITY_HEADERS["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp


@pytest.mark.parametrize("content_type", [
    "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
    None])
def test_a_post_that_is_not_json_is_refused_with_415(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    response = client.post("/api/tables", content=b'{"game": "tiny", "players": 2}', headers=headers)
    assert response.status_code == 415 and response.json()["error"] == "json-only"
    assert client.get("/api/tables").json()["tables"] == []


def test_a_json_post_with_a_charset_is_accepted(client: TestClient) -> None:
    response = client.post("/api/tables", content=b'{"game": "tiny", "players": 2}',
                           headers={"content-type": "application/json; charset=utf-8"})
    assert response.status_code == 201


def _hello(client: TestClient, table_id: str, origin: str | None) -> str:
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(f"/ws/{table_id}", headers=headers) as ws:
        ws.send_json({"type": "hello", "token": None})
        return until(ws, lambda m: m["type"] in {"welcome", "error"})["type"]


def test_a_socket_from_the_served_host_or_from_no_browser_is_let_in(client: TestClient) -> None:
    table_id = create(client, players=2)["table"]["id"]
    assert _hello(client, table_id, None) == "welcome"  # a program, not a browser: no Origin
    assert _hello(client, table_id, "http://testserver") == "welcome"  # the page this server served


@pytest.mark.parametrize("origin", ["https://evil.example", "http://testserver.evil.example", "null",
                                   "https://testserver", "http://testserver:8080"])
def test_a_socket_opened_from_another_site_is_refused(client: TestClient, origin: str) -> None:
    table_id = create(client, players=2)["table"]["id"]
    with pytest.raises(WebSocketDenialResponse) as refused:
        _hello(client, table_id, origin)
    assert refused.value.status_code == 403 and refused.value.json()["error"] == "bad-origin"


def test_an_allowed_origin_may_open_sockets(db_url: str) -> None:
    with TestClient(create_app(db_url, limits=Limits(origins=("https://play.example",)))) as client:
        table_id = create(client, players=2)["table"]["id"]
        assert _hello(client, table_id, "https://play.example") == "welcome"
        with pytest.raises(WebSocketDenialResponse):
            _hello(client, table_id, "https://other.example")
