"""Rematch from the history: from any finished game, "play again with the same people" — the table engineer's
rematch, reached from the archive or a player's page. Accounts are invited by account (their page lists the
invitation on any device), guests by their seat token; a finished game whose rematch was played already
gets a new one."""

from __future__ import annotations

from account_helpers import Person, play_out
from server_helpers import join
from starlette.testclient import TestClient


def test_an_account_asks_to_play_again_and_the_other_account_is_invited_on_its_page(client: TestClient) -> None:
    adso, william = Person(client, "Adso"), Person(client, "William")
    table_id = adso.post("/api/tables", game="tiny", players=3, name="x", bot_delay=0,
                         bots=[None, None, "easy"]).json()["table"]["id"]
    william.post(f"/api/tables/{table_id}/join", name="x")
    play_out(client, table_id, [adso, william])
    asked = adso.post(f"/api/tables/{table_id}/rematch", answer="accept").json()  # no token: the account
    rematch = asked["rematch"]
    assert asked["seat"] == 0 and asked["token"]  # a token of its own for this device
    invited = william.get("/api/me").json()["invitations"]
    assert invited == [{"table": rematch, "origin": table_id, "game": "tiny", "seat": 1, "with": ["Adso"],
                        "invite": f"/t/{rematch}"}]
    record = client.app.state.store.table(rematch)
    assert [(s.name, s.bot, s.account_id) for s in record.seats] == [
        ("Adso", None, adso.account["id"]), ("William", None, None), (None, "easy", None)]
    # William accepts from his page on another device: by account, without the old token
    accepted = william.post(f"/api/tables/{table_id}/rematch", answer="accept").json()
    assert accepted["rematch"] == rematch and accepted["seat"] == 1
    assert client.app.state.store.table(rematch).status == "running"
    assert william.get("/api/me").json()["invitations"] == []
    assert [t["id"] for t in william.get("/api/me").json()["running"]] == [rematch]


def test_a_guest_is_invited_by_the_seat_token_and_a_played_rematch_makes_way_for_a_new_one(client: TestClient) -> None:
    adso = Person(client, "Adso")
    table_id = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0).json()["table"]["id"]
    guest = join(client, table_id, "Ubertino")["token"]
    play_out(client, table_id, [adso, guest])
    first = adso.post(f"/api/tables/{table_id}/rematch", answer="accept").json()["rematch"]
    kept = client.app.state.store.table(first).seats[1]
    assert kept.invited is not None and kept.invited_account is None  # kept for the guest's token
    from ludus.server.store import hash_token

    assert kept.invited == hash_token(guest)
    took = client.post(f"/api/tables/{table_id}/rematch", json={"token": guest, "answer": "accept"}).json()
    assert (took["rematch"], took["token"]) == (first, guest)
    play_out(client, first, [adso, guest])
    # weeks later, from the archive: the same people again, at a new table
    again = adso.post(f"/api/tables/{table_id}/rematch", answer="accept").json()
    assert again["rematch"] != first
    assert client.get(f"/api/tables/{table_id}").json()["table"]["rematch"] == again["rematch"]
    guest_again = client.post(f"/api/tables/{table_id}/rematch", json={"token": guest, "answer": "accept"}).json()
    assert guest_again["rematch"] == again["rematch"]
    assert client.app.state.store.table(again["rematch"]).status == "running"


def test_only_a_player_of_the_finished_game_may_ask_for_it_again(client: TestClient) -> None:
    adso, jorge = Person(client, "Adso"), Person(client, "Jorge")
    table_id = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0).json()["table"]["id"]
    guest = join(client, table_id, "Ubertino")["token"]
    play_out(client, table_id, [adso, guest])
    refused = jorge.post(f"/api/tables/{table_id}/rematch", answer="accept")
    assert (refused.status_code, refused.json()["error"]) == (401, "bad-token")
    assert client.get(f"/api/tables/{table_id}").json()["table"]["rematch"] is None
