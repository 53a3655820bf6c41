"""No side doors (docs/accounts.md, docs/server.md): a rematch is a new table and counts against the create limit;
replay requests are rate-limited per address and their answers kept per (table, seat, range); account names
follow the guests' display-name rules and may not look like another account's name; one account holds one seat
per table; signing out ends the sockets opened with the session; and chat reaches every process at once, its
allowance counted per seat across processes (two real server processes on PostgreSQL and Redis)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from account_helpers import PASSWORD, Person, play_out, seated
from server_helpers import ServerProcess, TwoServers, create, join
from sqlalchemy.exc import IntegrityError
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludus.server.guards.limits import Limits

pytestmark = pytest.mark.timeout(180)


def app_client(tmp_path: Path, limits: Limits, name: str = "ludus") -> TestClient:
    from ludus.server.app import create_app

    return TestClient(create_app(f"sqlite:///{tmp_path / name}.sqlite3", limits=limits))


def finished_table(client: TestClient) -> tuple[str, str]:
    """A tiny game of one guest against a bot, played out: (table id, the guest's token)."""
    created = create(client, players=2, name="Adso", bots=[None, "random"])
    table_id = created["table"]["id"]
    play_out(client, table_id, [created["token"]])
    return table_id, created["token"]


# --- rematches ----------------------------------------------------------------------------------------
def test_a_rematch_is_a_new_table_and_counts_against_the_create_limit(tmp_path: Path) -> None:
    with app_client(tmp_path, Limits(tables="2 per minute")) as client:
        first, token = finished_table(client)
        finished_table(client)  # the address's two tables a minute are used up
        refused = client.post(f"/api/tables/{first}/rematch", json={"token": token, "answer": "accept"})
        assert (refused.status_code, refused.json()["error"]) == (429, "too-many")
        assert int(refused.headers["retry-after"]) >= 1
        assert client.get(f"/api/tables/{first}").json()["table"]["rematch"] is None  # nothing was opened
    with app_client(tmp_path, Limits(tables="2 per minute"), "again") as client:
        first, token = finished_table(client)
        opened = client.post(f"/api/tables/{first}/rematch", json={"token": token, "answer": "accept"})
        assert opened.status_code == 200  # the second table of the minute: allowed


# --- replays ------------------------------------------------------------------------------------------
def test_replay_requests_are_limited_per_address(tmp_path: Path) -> None:
    with app_client(tmp_path, Limits(replays="5 per minute")) as client:
        table_id, _ = finished_table(client)
        answers = [client.get(f"/api/tables/{table_id}/replay/views?seat=all&from={n}&count=1").status_code
                   for n in range(5)]
        assert answers == [200] * 5
        refused = client.get(f"/api/tables/{table_id}/replay?seat=all")
        assert (refused.status_code, refused.json()["error"]) == (429, "too-many")


def test_replay_views_are_kept_per_table_seat_and_range(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with app_client(tmp_path, Limits()) as client:
        table_id, _ = finished_table(client)
        path = f"/api/tables/{table_id}/replay/views?seat=all&from=0&count=8"
        first = client.get(path)
        assert first.status_code == 200
        replays = client.app.state.replays

        async def no_more_work(*args: Any) -> list[str]:
            raise AssertionError("computed again")

        monkeypatch.setattr(replays.cache, "views", no_more_work)
        assert client.get(path).text == first.text  # the same question: the kept answer
        assert client.get(path.replace("seat=all", "seat=all&x=1")).text == first.text
        with pytest.raises(AssertionError, match="computed again"):
            client.get(f"/api/tables/{table_id}/replay/views?seat=0&from=0&count=8")  # another seat: computed


# --- account names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["\u2800", "Adso\u2800", "\u3164", "Ad\u115fso", "Ad\u202eso", "Ad\u200bso",
                                  "\u1160\u1160"])
def test_an_account_name_follows_the_display_name_rules_of_guests(client: TestClient, name: str) -> None:
    refused = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert refused.json()["error"] == "bad-name"


@pytest.mark.parametrize("name", ["\u0410dso", "ADS0", "Ad\u0455o", "\uff21dso"])
def test_an_account_name_may_not_look_like_an_existing_one(client: TestClient, name: str) -> None:
    Person(client, "Adso")
    refused = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert (refused.status_code, refused.json()["error"]) in ((409, "name-confusable"), (409, "name-taken"))
    assert Person(client, "Adsa").account["name"] == "Adsa"  # a different name is still free


def test_an_account_name_is_stored_in_nfc(client: TestClient) -> None:
    assert Person(client, "Jose\u0301").account["name"] == "Jos\u00e9"


# --- one seat per account and table -------------------------------------------------------------------
def test_one_account_holds_one_seat_per_table(client: TestClient) -> None:
    adso = Person(client, "Adso")
    table_id = adso.post("/api/tables", game="tiny", players=3, name="x").json()["table"]["id"]
    assert adso.post(f"/api/tables/{table_id}/join", name="x").json()["error"] == "already-seated"
    guest = join(client, table_id, "Guest")  # a second seat, taken as a guest …
    claimed = adso.post("/api/account/claim", table=table_id, token=guest["token"])
    assert (claimed.status_code, claimed.json()["error"]) == (409, "already-seated")  # … is not the account's
    seats = client.app.state.store.table(table_id).seats
    assert [seat.account_id for seat in seats] == [adso.account["id"], None, None]


def test_two_requests_racing_for_a_second_seat_of_one_account_cannot_both_win(client: TestClient) -> None:
    store = client.app.state.store
    adso = Person(client, "Adso")
    table_id = create(client, players=3, name="Somebody")["table"]["id"]
    assert store.claim_seat(table_id, 1, "Adso", "a" * 64, adso.account["id"]) is True
    with pytest.raises(IntegrityError):  # the database itself refuses the second (a unique index)
        store.claim_seat(table_id, 2, "Adso", "b" * 64, adso.account["id"])
    assert store.table(table_id).seats[2].taken is False


# --- signing out --------------------------------------------------------------------------------------
def test_signing_out_ends_the_session_s_sockets_and_a_choice_sent_afterwards_is_not_played(
        client: TestClient) -> None:
    adso = Person(client, "Adso")
    table_id = adso.post("/api/tables", game="tiny", players=2, name="x", bot_delay=0).json()["table"]["id"]
    join(client, table_id, "William")
    with seated(client, table_id, adso) as (ws, welcome):
        assert welcome["seat"] == 0 and welcome["decisions"]
        assert adso.post("/api/account/signout").status_code == 200
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 4401
        with contextlib.suppress(Exception):  # the socket is closed: nothing sent through it is read
            ws.send_json({"type": "choice", "seq": welcome["seq"], "choice": "+1"})
    assert client.app.state.store.moves(table_id) == []
    with seated(client, table_id, adso) as (_, again):  # the old cookie seats nobody now: a spectator
        assert again["seat"] is None


# --- across processes ---------------------------------------------------------------------------------
def _account(server: ServerProcess, name: str) -> tuple[str, str]:
    """A new account, signed in: its session and CSRF tokens."""
    made = httpx.post(server.url + "/api/account/signup", json={"name": name, "password": PASSWORD}, timeout=60)
    assert made.status_code == 201, made.text
    return made.cookies["ludus_session"], made.cookies["ludus_csrf"]


class Socket:
    def __init__(self, server: ServerProcess, table_id: str, token: str | None = None,
                 session: str | None = None) -> None:
        headers = {"cookie": f"ludus_session={session}"} if session else None
        self.ws = connect(f"{server.ws_url}/ws/{table_id}", open_timeout=30, additional_headers=headers).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.welcome = self.until(lambda m: m["type"] == "welcome")

    def until(self, accept: Any, timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if accept(message):
                return message

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))


@pytest.fixture
def pair(two_servers: TwoServers) -> Iterator[tuple[TwoServers, str, str, str]]:
    """A running tiny table: Adso's token, William's token, on the servers of ``two_servers``."""
    created = httpx.post(two_servers.first.url + "/api/tables", json={
        "game": "tiny", "players": 2, "name": "Adso", "bot_delay": 0}, timeout=60).json()
    table_id = created["table"]["id"]
    william = httpx.post(f"{two_servers.second.url}/api/tables/{table_id}/join", json={"name": "William"},
                         timeout=60).json()
    yield two_servers, table_id, created["token"], william["token"]


def test_a_chat_line_written_on_one_process_reaches_the_other_s_sockets_at_once(pair: Any) -> None:
    servers, table_id, adso, william = pair
    here = Socket(servers.first, table_id, adso)
    there = Socket(servers.second, table_id, william)
    here.send(type="chat", text="Brother William, the library!")
    line = there.until(lambda m: m["type"] == "chat")  # no chat-sync asked for
    assert line["lines"][0]["text"] == "Brother William, the library!" and "sync" not in line


def test_the_chat_allowance_of_a_seat_is_counted_across_processes(pair: Any) -> None:
    servers, table_id, adso, _ = pair
    sockets = [Socket(servers.first, table_id, adso), Socket(servers.second, table_id, adso)]
    for n in range(10):  # five lines through each process, as fast as they go
        sockets[n % 2].send(type="chat", text=f"line {n}")
    lines = servers.store.chat(table_id, "table", 100)
    deadline = time.monotonic() + 60
    while len(lines) < 5 and time.monotonic() < deadline:
        time.sleep(0.1)
        lines = servers.store.chat(table_id, "table", 100)
    for socket in sockets:  # every line has had its answer (a chat line back, or too-fast)
        socket.send(type="ping")
        socket.until(lambda m: m["type"] == "pong")
    lines = servers.store.chat(table_id, "table", 100)
    assert len(lines) == 5  # "5 per 10 seconds" for the seat, not for each process


def test_signing_out_on_one_process_ends_the_session_s_sockets_on_the_other(two_servers: TwoServers) -> None:
    session, csrf = _account(two_servers.first, "Adso")
    signed = {"cookies": {"ludus_session": session, "ludus_csrf": csrf}, "headers": {"x-csrf-token": csrf},
              "timeout": 60}
    created = httpx.post(two_servers.first.url + "/api/tables", json={"game": "tiny", "players": 2, "name": "x"},
                         **signed).json()
    table_id = created["table"]["id"]
    httpx.post(f"{two_servers.second.url}/api/tables/{table_id}/join", json={"name": "William"}, timeout=60)
    there = Socket(two_servers.second, table_id, session=session)  # seated by the account, on the other process
    assert there.welcome["seat"] == 0 and there.welcome["decisions"]
    assert httpx.post(two_servers.first.url + "/api/account/signout", json={}, **signed).status_code == 200
    with pytest.raises(ConnectionClosed) as ended:
        there.until(lambda m: False, timeout=60)
    assert ended.value.rcvd is not None and ended.value.rcvd.code == 4401
    with pytest.raises(ConnectionClosed):
        there.send(type="choice", seq=there.welcome["seq"], choice="+1")
    assert two_servers.store.moves(table_id) == []
