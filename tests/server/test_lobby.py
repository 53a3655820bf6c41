"""The lobby API: create, invite, join, leave, list; every refusal has a clear code and changes nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from server_helpers import create, join
from starlette.testclient import TestClient


def test_games_lists_the_installed_games_with_their_options(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    assert games["tiny"]["players"] == [2, 4]
    assert {option["name"] for option in games["tiny"]["options"]} == {"target", "mode", "spin"}
    assert "easy" in games["tiny"]["bot_levels"]


def test_creating_a_table_seats_the_creator_and_gives_an_invite_link(client: TestClient) -> None:
    created = create(client, players=3, bots=[None, None, "easy"], name="Adso", options={"target": 4})
    table = created["table"]
    assert created["seat"] == 0 and created["token"]
    assert created["invite"] == f"/t/{table['id']}"
    assert table["options"] == {"target": 4, "mode": "plain", "spin": None}
    assert table["status"] == "open"
    assert [seat["taken"] for seat in table["seats"]] == [True, False, True]
    assert table["seats"][0]["name"] == "Adso" and table["seats"][2]["bot"] == "easy"
    assert "token" not in str(table) and "token_hash" not in str(table)


def test_the_last_free_seat_starts_the_game(client: TestClient) -> None:
    table_id = create(client, players=3, bots=[None, None, "easy"], name="Adso", bot_delay=5)["table"]["id"]
    assert client.get(f"/api/tables/{table_id}").json()["table"]["status"] == "open"
    assert join(client, table_id, "William")["seat"] == 1
    assert client.get(f"/api/tables/{table_id}").json()["table"]["status"] == "running"


def test_joining_fills_free_seats_then_the_table_is_full(client: TestClient) -> None:
    table_id = create(client, players=2)["table"]["id"]
    assert join(client, table_id, "Adso")["seat"] == 0
    assert join(client, table_id, "William")["seat"] == 1
    assert client.get(f"/api/tables/{table_id}").json()["table"]["status"] == "running"
    response = client.post(f"/api/tables/{table_id}/join", json={"name": "Bernardo"})
    assert response.status_code == 409 and response.json()["error"] == "table-full"


def test_a_named_seat_that_is_taken_is_refused(client: TestClient) -> None:
    table_id = create(client, players=3, name="Adso")["table"]["id"]
    response = client.post(f"/api/tables/{table_id}/join", json={"name": "William", "seat": 0})
    assert response.status_code == 409 and response.json()["error"] == "seat-taken"
    response = client.post(f"/api/tables/{table_id}/join", json={"name": "William", "seat": 7})
    assert response.json()["error"] == "bad-seat"


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "chess"}, "unknown-game"),
    ({"game": "tiny", "players": 9}, "bad-players"),
    ({"game": "tiny", "players": "two"}, "bad-players"),
    ({"game": "tiny", "options": {"colour": "red"}}, "bad-options"),
    ({"game": "tiny", "options": {"mode": "wild"}}, "bad-options"),
    ({"game": "tiny", "options": {"target": "six"}}, "bad-options"),
    ({"game": "tiny", "options": [1]}, "bad-options"),
    ({"game": "tiny", "players": 2, "bots": ["easy"]}, "bad-bots"),
    ({"game": "tiny", "players": 2, "bots": [None, "genius"]}, "bad-bots"),
    ({"game": "tiny", "players": 2, "bots": {"5": "easy"}}, "bad-bots"),
    ({"game": "tiny", "name": "   "}, "bad-name"),
    ({"game": "tiny", "name": "x" * 40}, "bad-name"),
    ({"game": "tiny", "bot_delay": -1}, "bad-bot-delay"),
    ({"game": "tiny", "players": 2, "bots": ["easy", "easy"], "name": "Adso"}, "table-full"),
])
def test_a_bad_table_request_is_refused_with_a_code_and_creates_nothing(
        client: TestClient, body: dict, code: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code in {400, 409}
    assert response.json()["error"] == code
    assert client.get("/api/tables").json()["tables"] == []


def test_a_body_that_is_not_a_json_object_is_malformed(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert response.json()["error"] == "malformed"
    response = client.post("/api/tables", json=[1, 2])
    assert response.json()["error"] == "malformed"
    response = client.post("/api/tables", json={"game": "tiny", "name": "x" * 20_000})
    assert response.status_code == 413 and response.json()["error"] == "malformed"


def test_unknown_table_is_404(client: TestClient) -> None:
    response = client.get("/api/tables/nope")
    assert response.status_code == 404 and response.json()["error"] == "unknown-table"
    response = client.post("/api/tables/nope/join", json={"name": "Adso"})
    assert response.json()["error"] == "unknown-table"


def test_seat_tokens_are_stored_only_as_sha256(client: TestClient, db_url: str) -> None:
    created = create(client, players=2, name="Adso")
    token = created["token"]
    assert len(token) >= 32
    store = client.app.state.store
    record = store.table(created["table"]["id"])
    assert record.seats[0].token_hash == hashlib.sha256(token.encode()).hexdigest()
    store.engine.dispose()
    database = Path(db_url.removeprefix("sqlite:///"))
    stored = b"".join(path.read_bytes() for path in database.parent.iterdir() if path.name.startswith(database.name))
    assert token.encode() not in stored


def test_leaving_frees_the_seat_for_someone_else(client: TestClient) -> None:
    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    response = client.post(f"/api/tables/{table_id}/leave", json={"token": "guessed"})
    assert response.status_code == 401 and response.json()["error"] == "bad-token"
    assert client.post(f"/api/tables/{table_id}/leave", json={"token": created["token"]}).json() == {"left": 0}
    assert client.get(f"/api/tables/{table_id}").json()["table"]["seats"][0]["taken"] is False
    assert join(client, table_id, "Ubertino", seat=0)["seat"] == 0


def test_the_list_shows_open_and_running_tables(client: TestClient) -> None:
    open_id = create(client, players=2, name="Adso")["table"]["id"]
    running_id = create(client, players=2, bots=["random", "random"], bot_delay=5)["table"]["id"]
    listed = {table["id"]: table["status"] for table in client.get("/api/tables").json()["tables"]}
    assert listed == {open_id: "open", running_id: "running"}


def test_the_saved_match_is_published_only_after_the_game(client: TestClient) -> None:
    table_id = create(client, players=2, name="Adso")["table"]["id"]
    response = client.get(f"/api/tables/{table_id}/match")
    assert response.status_code == 403 and response.json()["error"] == "not-over"


def test_catalogs_are_served_per_language(client: TestClient) -> None:
    assert client.get("/i18n/hu").json()["common.language.hu"] == "Magyar"
    assert client.get("/i18n/xx").status_code == 404
