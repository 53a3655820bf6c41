"""Live play over WebSocket: the server is the only authority, each viewer sees only its share."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import create, join, until
from starlette.testclient import TestClient


@contextlib.contextmanager
def hello(client: TestClient, table_id: str, token: str | None) -> Iterator[Any]:
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws


def two_humans(client: TestClient, **body: Any) -> tuple[str, dict, dict]:
    created = create(client, players=2, name="Adso", **body)
    table_id = created["table"]["id"]
    return table_id, created, join(client, table_id, "William")


def welcome(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "welcome")


def error(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "error")


def test_a_seat_sees_its_view_decisions_and_secret_in_the_welcome(client: TestClient) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        message = welcome(ws)
    assert message["seat"] == 0 and message["seq"] == 0 and message["status"] == "running"
    assert message["decisions"] == [{"seat": 0, "kind": "add", "options": ["+1", "+2"], "prompt": {"counter": 0}}]
    assert isinstance(message["view"]["you"]["secret"], int)


def test_a_move_reaches_every_viewer_with_the_next_seq(client: TestClient) -> None:
    table_id, adso, william = two_humans(client)
    with hello(client, table_id, adso["token"]) as a, hello(client, table_id, william["token"]) as b, \
            hello(client, table_id, None) as spectator:
        for ws in (a, b, spectator):
            welcome(ws)
        a.send_json({"type": "choice", "seq": 0, "choice": "+2"})
        for ws in (a, b, spectator):
            update = until(ws, lambda m: m["type"] == "update")
            assert update["seq"] == 1 and update["view"]["counter"] == 2
            assert update["events"][0]["kind"] == "added"
    stored = client.app.state.store.moves(table_id)
    assert stored == [{"seat": 0, "choice": "+2"}]


def test_the_move_is_stored_before_anyone_is_told(client: TestClient) -> None:
    table_id, adso, william = two_humans(client)
    store = client.app.state.store
    order: list[str] = []
    original = store.append_moves

    def spying_append(batch: list) -> None:
        original(batch)
        order.append(f"stored {len(store.moves(table_id))}")

    store.append_moves = spying_append
    with hello(client, table_id, william["token"]) as b, hello(client, table_id, adso["token"]) as a:
        welcome(a)
        welcome(b)
        table = client.app.state.tables.live[table_id]
        original_broadcast = table.broadcast
        table.broadcast = lambda events: (order.append("told"), original_broadcast(events))
        a.send_json({"type": "choice", "seq": 0, "choice": "+1"})
        update = until(b, lambda m: m["type"] == "update")
    assert update["seq"] == 1 and order == ["stored 1", "told"]


def refused(ws: Any, message: Any) -> dict[str, Any]:
    ws.send_text(message if isinstance(message, str) else json.dumps(message))
    return error(ws)


@pytest.mark.parametrize(("message", "code"), [
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ({"type": "dance"}, "unknown-type"),
    ({"type": "choice", "choice": "+1"}, "malformed"),
    ({"type": "choice", "seq": "0", "choice": "+1"}, "malformed"),
    ({"type": "choice", "seq": 0}, "malformed"),
    ({"type": "choice", "seq": 0, "choice": "+1", "seat": 1}, "wrong-seat"),
    ({"type": "choice", "seq": 0, "choice": "+3"}, "illegal"),
    ({"type": "choice", "seq": 0, "choice": {"deep": [1]}}, "illegal"),
    ({"type": "choice", "seq": 5, "choice": "+1"}, "stale"),
])
def test_a_refused_message_has_a_clear_code_and_changes_nothing(client: TestClient, message: Any, code: str) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        before = welcome(ws)
        assert refused(ws, message)["code"] == code
        ws.send_json({"type": "sync"})
        after = welcome(ws)
    assert after["seq"] == before["seq"] == 0 and after["view"] == before["view"]
    assert client.app.state.store.moves(table_id) == []


def test_an_old_seq_is_stale_once_the_table_moved_on(client: TestClient) -> None:
    table_id, adso, william = two_humans(client)
    with hello(client, table_id, adso["token"]) as a, hello(client, table_id, william["token"]) as b:
        welcome(a)
        welcome(b)
        a.send_json({"type": "choice", "seq": 0, "choice": "+1"})
        until(b, lambda m: m["type"] == "update")
        b.send_json({"type": "choice", "seq": 1, "choice": "+1"})
        until(a, lambda m: m["type"] == "update" and m["seq"] == 2)
        # seat 0 answers from the picture at seq 1: its decision appeared at seq 2
        stale = refused(a, {"type": "choice", "seq": 1, "choice": "+1"})
        assert stale["code"] == "stale" and stale["seq"] == 2


def test_moving_out_of_turn_is_refused(client: TestClient) -> None:
    table_id, _, william = two_humans(client)
    with hello(client, table_id, william["token"]) as ws:
        welcome(ws)
        assert refused(ws, {"type": "choice", "seq": 0, "choice": "+1"})["code"] == "not-your-turn"


def test_a_spectator_cannot_play(client: TestClient) -> None:
    table_id, _, _ = two_humans(client)
    with hello(client, table_id, None) as ws:
        assert welcome(ws)["seat"] is None
        assert refused(ws, {"type": "choice", "seq": 0, "choice": "+1"})["code"] == "spectator"


def test_a_wrong_token_or_table_is_refused_at_hello(client: TestClient) -> None:
    table_id, _, _ = two_humans(client)
    with hello(client, table_id, "not-a-token") as ws:
        assert ws.receive_json()["code"] == "bad-token"
    with hello(client, "no-such-table", None) as ws:
        assert ws.receive_json()["code"] == "unknown-table"
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_json({"type": "choice", "seq": 0, "choice": "+1"})
        assert ws.receive_json()["code"] == "malformed"


def test_a_table_waiting_for_players_refuses_moves(client: TestClient) -> None:
    created = create(client, players=2, name="Adso")
    with hello(client, created["table"]["id"], created["token"]) as ws:
        message = welcome(ws)
        assert message["status"] == "open" and message["decisions"] == []
        assert refused(ws, {"type": "choice", "seq": 0, "choice": "+1"})["code"] == "not-started"


def play_out(client: TestClient, table_id: str, tokens: list[str]) -> list[list[dict]]:
    """The humans play to the end (first option; bots move in between); returns what each socket got."""
    received: list[list[dict]] = [[] for _ in tokens]
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(hello(client, table_id, token)) for token in tokens]
        latest = [welcome(ws) for ws in sockets]
        for index, message in enumerate(latest):
            received[index].append(message)

        def catch_up(seq: int) -> None:
            for i, ws in enumerate(sockets):
                while latest[i]["seq"] < seq:
                    latest[i] = until(ws, lambda m: m["type"] == "update")
                    received[i].append(latest[i])

        while latest[0]["outcome"] is None:
            movers = [i for i, m in enumerate(latest) if m["decisions"]]
            if not movers:  # a bot is thinking
                catch_up(latest[0]["seq"] + 1)
                continue
            mover = movers[0]
            sockets[mover].send_json({"type": "choice", "seq": latest[mover]["seq"],
                                      "choice": latest[mover]["decisions"][0]["options"][0]})
            catch_up(latest[mover]["seq"] + 1)
    return received


def test_a_whole_game_with_a_simultaneous_vote(client: TestClient) -> None:
    table_id, adso, william = two_humans(client, options={"target": 3})
    received = play_out(client, table_id, [adso["token"], william["token"]])
    final = received[0][-1]
    assert final["status"] == "over" and final["outcome"]["winners"] == [0]
    assert client.get(f"/api/tables/{table_id}/match").json()["log"][-1]["choice"] == "a"
    for _ in range(100):  # nobody watches the finished game any more: it leaves memory
        if table_id not in client.app.state.tables.live:
            break
        time.sleep(0.02)
    assert table_id not in client.app.state.tables.live
    with hello(client, table_id, None) as ws:  # and comes back from the log when opened again
        assert welcome(ws)["outcome"] == final["outcome"]


def test_a_simultaneous_decision_may_answer_an_older_seq(client: TestClient) -> None:
    table_id, adso, william = two_humans(client, options={"target": 2})
    with hello(client, table_id, adso["token"]) as a, hello(client, table_id, william["token"]) as b:
        welcome(a)
        welcome(b)
        a.send_json({"type": "choice", "seq": 0, "choice": "+2"})
        until(a, lambda m: m["type"] == "update")
        until(b, lambda m: m["type"] == "update")
        a.send_json({"type": "choice", "seq": 1, "choice": "a"})
        until(b, lambda m: m["type"] == "update" and m["seq"] == 2)
        b.send_json({"type": "choice", "seq": 1, "choice": "b"})  # seq 1: its vote was offered then
        final = until(b, lambda m: m["type"] == "update" and m["seq"] == 3)
    assert final["outcome"] is not None


def test_no_other_seat_or_spectator_ever_sees_a_seats_secret(client: TestClient) -> None:
    created = create(client, players=3, bots=[None, None, "random"], name="Adso", options={"target": 5})
    table_id = created["table"]["id"]
    william = join(client, table_id, "William")
    store = client.app.state.store
    secrets_by_seat = client.app.state.tables.live[table_id].match.state["secrets"]
    with hello(client, table_id, None) as spectator:
        received = play_out(client, table_id, [created["token"], william["token"]])
        watched = [welcome(spectator)]
    assert store.table(table_id).status == "over"
    for seat, messages in enumerate(received):
        text = json.dumps(messages)
        for other, secret in enumerate(secrets_by_seat):
            assert (str(secret) in text) == (other == seat), (seat, other)
    spectator_text = json.dumps(watched)
    assert not any(str(secret) in spectator_text for secret in secrets_by_seat)


def test_reconnecting_with_the_token_resumes_the_seat(client: TestClient) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        welcome(ws)
        ws.send_json({"type": "choice", "seq": 0, "choice": "+1"})
        until(ws, lambda m: m["type"] == "update")
    with hello(client, table_id, adso["token"]) as ws:
        again = welcome(ws)
    assert again["seat"] == 0 and again["seq"] == 1
    assert [e["kind"] for e in again["events"]] == ["added", "peek"]


def test_leaving_turns_the_connection_into_a_spectator(client: TestClient) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        welcome(ws)
        client.post(f"/api/tables/{table_id}/leave", json={"token": adso["token"]})
        demoted = until(ws, lambda m: m["type"] == "welcome")
        assert demoted["seat"] is None and demoted["view"]["you"] is None


def test_bots_fill_their_seats_and_finish_a_bot_only_table(client: TestClient) -> None:
    table_id = create(client, players=3, bots=["random", "easy", "hard"], options={"target": 8})["table"]["id"]
    with hello(client, table_id, None) as ws:
        message = welcome(ws)
        if message["outcome"] is None:
            message = until(ws, lambda m: m.get("outcome") is not None)
    assert message["status"] == "over"
    assert client.app.state.store.table(table_id).status == "over"


def test_a_thinking_bot_does_not_hold_up_other_tables(client: TestClient) -> None:
    import threading

    from ludus.ai import bot as bots

    released = threading.Event()
    thinking = threading.Event()

    class PonderingBot:
        def choose(self, view: dict, decision: Any) -> Any:
            thinking.set()
            released.wait(20)  # thinks until the other table has been served
            return decision.options[0]

    bots.register_bot("tiny", "hard", lambda game, seat, seed: PonderingBot())
    try:
        create(client, players=2, bots=["hard", "hard"])
        assert thinking.wait(10)
        table_id, adso, _ = two_humans(client)
        with hello(client, table_id, adso["token"]) as ws:
            welcome(ws)
            ws.send_json({"type": "choice", "seq": 0, "choice": "+1"})
            assert until(ws, lambda m: m["type"] == "update")["seq"] == 1
    finally:
        released.set()
        bots._FACTORIES.pop(("tiny", "hard"), None)


def test_a_table_whose_game_is_not_installed_is_refused_at_hello(client: TestClient) -> None:
    from sqlalchemy import update

    from ludus.server.store import tables

    created = create(client, players=2, name="Adso")
    table_id = created["table"]["id"]
    store = client.app.state.store
    with store.engine.begin() as db:
        db.execute(update(tables).where(tables.c.id == table_id).values(game="chess"))
    client.app.state.tables.live.pop(table_id, None)
    with hello(client, table_id, created["token"]) as ws:
        refusal = ws.receive_json()
    assert refusal["type"] == "error" and refusal["code"] == "unknown-game"


def test_a_flood_of_messages_is_told_to_slow_down_and_changes_nothing(client: TestClient) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        welcome(ws)
        for _ in range(300):
            ws.send_json({"type": "ping"})
        replies = [ws.receive_json() for _ in range(300)]
        for _ in range(100):  # the bucket refills: sooner or later a sync is served again
            ws.send_json({"type": "sync"})
            after = ws.receive_json()
            if after.get("code") != "too-fast":
                break
            time.sleep(0.05)
    refused = [r for r in replies if r["type"] == "error"]
    assert refused and all(r["code"] == "too-fast" for r in refused)
    assert after["type"] == "welcome" and after["seq"] == 0


def test_a_choice_resent_with_its_client_id_is_played_once_and_acknowledged_again(client: TestClient) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        welcome(ws)
        ws.send_json({"type": "choice", "seq": 0, "choice": "+2", "cid": "adso-1"})
        assert until(ws, lambda m: m["type"] == "ack") == {"type": "ack", "cid": "adso-1", "seq": 1}
        # the answer was lost on the way (as if the connection dropped): the browser sends it again
        ws.send_json({"type": "choice", "seq": 0, "choice": "+2", "cid": "adso-1"})
        seen = []
        while (message := ws.receive_json())["type"] != "ack":
            seen.append(message)
    assert message == {"type": "ack", "cid": "adso-1", "seq": 1}
    assert not [m for m in seen if m["type"] in ("update", "error")]
    assert client.app.state.store.moves(table_id) == [{"seat": 0, "choice": "+2", "cid": "adso-1"}]


def test_a_resent_choice_is_recognised_after_a_restart(db_url: str) -> None:
    from ludus.server.app import create_app

    with TestClient(create_app(db_url)) as first:
        table_id, adso, _ = two_humans(first)
        with hello(first, table_id, adso["token"]) as ws:
            welcome(ws)
            ws.send_json({"type": "choice", "seq": 0, "choice": "+1", "cid": "before-the-crash"})
            until(ws, lambda m: m["type"] == "ack")
    with TestClient(create_app(db_url)) as second, hello(second, table_id, adso["token"]) as ws:
        assert welcome(ws)["seq"] == 1
        ws.send_json({"type": "choice", "seq": 0, "choice": "+1", "cid": "before-the-crash"})
        answer = until(ws, lambda m: m["type"] in ("ack", "error"))
        assert answer == {"type": "ack", "cid": "before-the-crash", "seq": 1}
        assert [entry["choice"] for entry in second.app.state.store.moves(table_id)] == ["+1"]


def test_a_refused_choice_names_its_client_id(client: TestClient) -> None:
    table_id, _, william = two_humans(client)
    with hello(client, table_id, william["token"]) as ws:
        welcome(ws)
        ws.send_json({"type": "choice", "seq": 0, "choice": "+1", "cid": "too-early"})
        refused = error(ws)
    assert (refused["code"], refused["cid"]) == ("not-your-turn", "too-early")


@pytest.mark.parametrize("cid", [17, "", "x" * 65])
def test_a_client_id_is_a_short_string(client: TestClient, cid: Any) -> None:
    table_id, adso, _ = two_humans(client)
    with hello(client, table_id, adso["token"]) as ws:
        welcome(ws)
        ws.send_json({"type": "choice", "seq": 0, "choice": "+1", "cid": cid})
        assert error(ws)["code"] == "malformed"
    assert client.app.state.store.moves(table_id) == []
