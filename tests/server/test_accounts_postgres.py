"""Accounts, the archive, ratings and turn deadlines on PostgreSQL (a throwaway cluster from conftest; the
database is shared with the other PostgreSQL tests, so every name here is new)."""

from __future__ import annotations

import secrets

import pytest
from account_helpers import Person, play_out, seated
from server_helpers import until
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(180)


def test_accounts_archive_ratings_and_deadlines_work_on_postgresql(postgres_url: str) -> None:
    from ludus.cli import main
    from ludus.server.app import create_app

    tag = secrets.token_hex(3)
    with TestClient(create_app(postgres_url, turn_tick=0.05)) as client:
        assert client.app.state.store.engine.dialect.name == "postgresql"
        adso = Person(client, f"Adso{tag}", address="10.0.2.1")
        william = Person(client, f"William{tag}", address="10.0.2.2")
        assert client.post("/api/account/signup", json={"name": f"ADSO{tag}", "password": "x" * 12}).json()[
            "error"] == "name-taken"
        table_id = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0).json()["table"]["id"]
        william.post(f"/api/tables/{table_id}/join", name="x")
        play_out(client, table_id, [adso, william])
        found = client.get(f"/api/archive?player=adso{tag}&game=tiny").json()
        assert found["total"] == 1 and found["games"][0]["table"] == table_id
        players = {row["name"]: row for row in client.get("/api/ratings/tiny").json()["players"] if row["name"]}
        assert players[f"Adso{tag}"]["games"] == players[f"William{tag}"]["games"] == 1
        before = {name: row["rating"] for name, row in players.items()}
        assert adso.get("/api/me").json()["finished"]["total"] == 1
        # a turn-based table forfeits on the server's clock
        turned = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0,
                           turn={"seconds": 1, "on_timeout": "forfeit"}).json()["table"]["id"]
        william.post(f"/api/tables/{turned}/join", name="x")
        with seated(client, turned, william) as (ws, _):
            over = until(ws, lambda m: m["type"] == "update" and m["outcome"] is not None)
        assert over["outcome"]["details"]["forfeit"] == 0
        # a rematch from the history, by account
        again = adso.post(f"/api/tables/{table_id}/rematch", answer="accept").json()["rematch"]
        assert william.get("/api/me").json()["invitations"][0]["table"] == again
    assert main(["ratings", "rebuild", "--db", postgres_url]) == 0
    with TestClient(create_app(postgres_url)) as client:
        rows = {row["name"]: row for row in client.get("/api/ratings/tiny").json()["players"] if row["name"]}
        for name in (f"Adso{tag}", f"William{tag}"):
            # the table game; the forfeit of a seat that never connected rates nobody (fairness.py)
            assert rows[name]["games"] == 1
            assert rows[name]["rating"] == pytest.approx(before[name], abs=1e-6)
