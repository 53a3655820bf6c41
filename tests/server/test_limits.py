"""What one client may cost: rates per address and per seat, setups off the event loop under a deadline,
memory that does not grow with finished tables or unknown ids, and resync that sends only what was missed."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, join, seated, until
from starlette.testclient import TestClient

from ludus.server.app import create_app
from ludus.server.guards.limits import Limits


@contextlib.contextmanager
def app_with(db_url: str, **limits: Any) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, limits=Limits(**limits))) as client:
        yield client


def test_one_address_may_create_only_so_many_tables(db_url: str) -> None:
    with app_with(db_url, tables="3 per hour") as client:
        for _ in range(3):
            create(client, players=2)
        refused = client.post("/api/tables", json={"game": "tiny", "players": 2})
        assert refused.status_code == 429
        assert refused.json()["error"] == "too-many"
        assert 0 < int(refused.headers["retry-after"]) <= 3600 and refused.json()["retry_after"] > 0
        assert len(client.get("/api/tables").json()["tables"]) == 3


def test_one_address_may_take_only_so_many_seats(db_url: str) -> None:
    with app_with(db_url, joins="2 per hour") as client:
        table_id = create(client, players=4)["table"]["id"]
        join(client, table_id, "Adso")
        join(client, table_id, "William")
        refused = client.post(f"/api/tables/{table_id}/join", json={"name": "Jorge"})
        assert refused.status_code == 429 and refused.json()["error"] == "too-many"
        assert int(refused.headers["retry-after"]) > 0
        seats = client.get(f"/api/tables/{table_id}").json()["table"]["seats"]
        assert [seat["taken"] for seat in seats] == [True, True, False, False]


def answers(sockets: list[Any], message: dict[str, Any], times: int) -> list[str]:
    """Each socket sends ``message`` ``times`` times; what came back, as types (an error as its code)."""
    for ws in sockets:
        for _ in range(times):
            ws.send_json(message)
    replies = [ws.receive_json() for ws in sockets for _ in range(times)]
    return [reply["code"] if reply["type"] == "error" else reply["type"] for reply in replies]


def one_seat_on_sockets(db_url: str, count: int, message: dict[str, Any], times: int, **limits: Any) -> list[str]:
    """``count`` sockets of one seat each send ``message`` ``times`` times: what came back."""
    with app_with(db_url, **limits) as client:
        created = create(client, players=2, name="Adso")
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(seated(client, created["table"]["id"], created["token"]))
                       for _ in range(count)]
            return answers(sockets, message, times)


def test_one_seat_on_ten_sockets_is_limited_as_one(db_url: str) -> None:
    kinds = one_seat_on_sockets(db_url, 10, {"type": "ping"}, 5, messages="20 per hour")
    assert kinds.count("pong") == 20 and kinds.count("too-fast") == 30


def test_spectators_are_limited_per_address_across_tables(db_url: str) -> None:
    with app_with(db_url, messages="6 per hour") as client:
        first = create(client, players=2)["table"]["id"]
        second = create(client, players=2)["table"]["id"]
        with seated(client, first, None) as a, seated(client, second, None) as b:
            kinds = answers([a, b], {"type": "ping"}, 4)
    assert kinds.count("pong") == 6 and kinds.count("too-fast") == 2


def test_sync_is_limited_per_seat_across_connections(db_url: str) -> None:
    kinds = one_seat_on_sockets(db_url, 3, {"type": "sync", "since": 0}, 2, syncs="3 per hour")
    assert kinds.count("welcome") == 3 and kinds.count("too-fast") == 3


def test_sync_since_a_seq_sends_only_the_events_after_it(client: TestClient) -> None:
    created = create(client, players=2, name="Adso", options={"target": 50})
    table_id = created["table"]["id"]
    william = join(client, table_id, "William")
    with seated(client, table_id, created["token"]) as a, seated(client, table_id, william["token"]) as b:
        for seq, ws in enumerate([a, b, a]):
            ws.send_json({"type": "choice", "seq": seq, "choice": "+1"})
            until(a, lambda m, n=seq + 1: m["type"] == "update" and m["seq"] == n)
        a.send_json({"type": "sync", "since": 1})
        partial = until(a, lambda m: m["type"] == "welcome")
        a.send_json({"type": "sync"})
        whole = until(a, lambda m: m["type"] == "welcome")
        a.send_json({"type": "sync", "since": 99})
        ahead = until(a, lambda m: m["type"] == "welcome")
        a.send_json({"type": "sync", "since": "1"})
        refused = until(a, lambda m: m["type"] == "error")
    assert partial["since"] == 1 and partial["seq"] == 3
    # moves 2 and 3: William's addition, then Adso's with Adso's own peek
    missed = [(e["kind"], e["data"].get("seat")) for e in partial["events"]]
    assert missed == [("added", 1), ("added", 0), ("peek", None)]
    assert "since" not in whole and whole["events"][-len(partial["events"]):] == partial["events"]
    assert len(whole["events"]) == 5 and partial["view"] == whole["view"]
    assert "since" not in ahead and ahead["events"] == whole["events"]
    assert refused["code"] == "malformed"


def _start_spinning_create(client: TestClient, folder: Path) -> tuple[threading.Thread, dict[str, Any]]:
    answer: dict[str, Any] = {}

    def post() -> None:
        response = client.post("/api/tables", json={"game": "tiny", "players": 2, "options": {"spin": str(folder)}})
        answer.update(status=response.status_code, body=response.json())

    thread = threading.Thread(target=post, daemon=True)
    thread.start()
    for _ in range(600):  # the setup has started in its worker
        if (folder / "spinning").exists():
            break
        time.sleep(0.1)
    assert (folder / "spinning").exists()
    return thread, answer


def test_health_answers_while_a_hard_setup_computes(db_url: str, tmp_path: Path) -> None:
    with app_with(db_url, setup_seconds=300) as client:
        creating, created = _start_spinning_create(client, tmp_path)
        health: dict[str, Any] = {}
        checking = threading.Thread(target=lambda: health.update(client.get("/health").json()), daemon=True)
        checking.start()
        checking.join(120)
        answered_while_spinning = bool(health) and not created
        (tmp_path / "release").touch()
        creating.join(120)
    assert answered_while_spinning and health["ok"] is True
    assert created["status"] == 201


def test_a_setup_past_its_deadline_is_stopped_and_refused(db_url: str, tmp_path: Path) -> None:
    with app_with(db_url, setup_seconds=1) as client:
        creating, answer = _start_spinning_create(client, tmp_path)  # never released
        creating.join(120)
        assert answer["status"] == 503 and answer["body"]["error"] == "setup-timeout"
        assert client.get("/api/tables").json()["tables"] == []
        assert create(client, players=2)["table"]["status"] == "open"  # the worker was replaced


@pytest.mark.parametrize(("options", "wording"), [
    ({"min_evidence_distance": 4}, "from 0 to 3"),  # no space of the board is that far out: once a 500
    ({"picture_seed": 10**39}, "from"),  # a 40-digit seed no picture could be drawn with
    ({"police": 24, "shared_police": 0}, "do not fit"),  # in range, but more spaces than the board has
])
def test_shadows_options_no_game_could_use_are_bad_options(client: TestClient, options: dict, wording: str) -> None:
    response = client.post("/api/tables", json={"game": "shadows", "players": 4, "options": options})
    assert response.status_code == 400 and response.json()["error"] == "bad-options"
    assert wording in response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_pictures_of_fresh_decks_are_limited_per_address(db_url: str) -> None:
    with app_with(db_url, pictures="2 per hour") as client:
        assert [client.get(f"/pictures/k{n}.svg?seed=7").status_code for n in range(3)] == [200, 200, 429]
        refused = client.get("/pictures/labels.json?seed=8")
        assert refused.json()["error"] == "too-many" and int(refused.headers["retry-after"]) > 0
        assert client.get("/pictures/k5.svg").status_code == 200  # the standard deck is drawn once and kept


def test_unknown_table_hellos_leave_nothing_behind(client: TestClient) -> None:
    tables = client.app.state.tables
    before = (len(tables.live), len(tables.hub.handlers))
    for n in range(30):
        with client.websocket_connect(f"/ws/no-table-{n}") as ws:
            ws.send_json({"type": "hello", "token": None})
            assert ws.receive_json()["code"] == "unknown-table"
    assert (len(tables.live), len(tables.hub.handlers)) == before
    assert tables._loading == {}


def test_finished_and_abandoned_tables_nobody_watches_leave_memory(db_url: str) -> None:
    with app_with(db_url, sweep_seconds=0.2) as client:
        tables = client.app.state.tables
        finished = create(client, players=2, bots=["random", "random"], options={"target": 4})["table"]["id"]
        abandoned = create(client, players=3, name="Adso")["table"]["id"]
        join(client, abandoned, "William")  # loads the table, still waiting for a player; nobody connects
        for _ in range(600):
            if finished not in tables.live and abandoned not in tables.live:
                break
            time.sleep(0.1)
        assert client.get(f"/api/tables/{finished}").json()["table"]["status"] == "over"
        assert not {finished, abandoned} & (set(tables.live) | set(tables.hub.handlers))
        with client.websocket_connect(f"/ws/{finished}") as ws:  # opened again, it comes back from the log
            ws.send_json({"type": "hello", "token": None})
            assert until(ws, lambda m: m["type"] == "welcome")["outcome"] is not None


def test_a_table_stays_in_memory_while_someone_watches(client: TestClient) -> None:
    tables = client.app.state.tables

    def sweep_twice() -> None:
        idle = client.portal.call(tables.sweep, set())
        client.portal.call(tables.sweep, idle)

    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    with seated(client, table_id, created["token"]):
        sweep_twice()
        assert table_id in tables.live
    sweep_twice()
    assert table_id not in tables.live


def test_a_running_table_stays_with_the_process_that_runs_it(client: TestClient) -> None:
    tables = client.app.state.tables
    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    join(client, table_id, "William")  # running now, its lease held here, nobody connected
    idle = client.portal.call(tables.sweep, set())
    client.portal.call(tables.sweep, idle)
    assert table_id in tables.live and tables.leases.holds(table_id)


@pytest.mark.parametrize("rate", ["ten per minute", "5 per fortnight"])
def test_a_rate_that_does_not_parse_is_refused_at_start(rate: str) -> None:
    with pytest.raises(ValueError):
        Limits(tables=rate)
