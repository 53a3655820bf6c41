"""A real Rose game over the WebSocket: no other seat and no spectator is ever sent a seat's hand or identity."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

from server_helpers import create, join, until
from starlette.testclient import TestClient


def test_a_seats_hand_and_identity_never_reach_another_socket(client: TestClient) -> None:
    created = create(client, game="rose", players=3, name="Adso", bots=[None, None, "random"])
    table_id = created["table"]["id"]
    william = join(client, table_id, "William")
    tokens = [created["token"], william["token"], None]
    by_seq: list[dict[int, dict[str, Any]]] = [{}, {}, {}]  # socket → seq → the latest message at that seq
    with contextlib.ExitStack() as stack:
        sockets = []
        for token in tokens:
            ws = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
            ws.send_json({"type": "hello", "token": token})
            sockets.append(ws)
        latest = [until(ws, lambda m: m["type"] == "welcome") for ws in sockets]
        for index, message in enumerate(latest):
            by_seq[index][message["seq"]] = message

        def catch_up(seq: int) -> None:
            for i, ws in enumerate(sockets):
                while latest[i]["seq"] < seq:
                    latest[i] = until(ws, lambda m: m["type"] == "update")
                    by_seq[i][latest[i]["seq"]] = latest[i]

        def record(i: int, message: dict[str, Any]) -> None:
            if message["type"] == "update" and message["seq"] > latest[i]["seq"]:
                by_seq[i][message["seq"]] = latest[i] = message

        moves = 0
        while latest[0]["outcome"] is None:
            movers = [i for i in (0, 1) if latest[i]["decisions"]]
            if not movers:
                catch_up(latest[0]["seq"] + 1)
                continue
            i = movers[0]
            moves += 1
            cid = f"move-{moves}"  # the answer to this very choice: its ack, or an error naming it
            sockets[i].send_json({"type": "choice", "seq": latest[i]["seq"], "cid": cid,
                                  "choice": latest[i]["decisions"][0]["options"][0]})
            while True:
                answer = sockets[i].receive_json()
                record(i, answer)
                if answer["type"] in ("ack", "error") and answer.get("cid") == cid:
                    break
            if answer["type"] == "ack":
                catch_up(answer["seq"])
            elif answer["code"] == "too-fast":  # the seat's message rate ("100 per 2 seconds"): wait, then again
                time.sleep(answer["retry_after"])
            else:  # stale: a bot moved first; every socket has been told of the table's moves up to its seq
                assert answer["code"] == "stale", answer
                catch_up(answer["seq"])

    assert latest[2]["view"]["you"] is None
    for owner in (0, 1):
        identity = by_seq[owner][min(by_seq[owner])]["view"]["you"]["identity"]
        for seq, mine in by_seq[owner].items():
            if mine["outcome"] is not None:
                continue  # after the game every identity is public
            hand = {card["id"] for card in mine["view"]["you"]["hand"]}
            for other in {0, 1, 2} - {owner}:
                theirs = by_seq[other].get(seq)
                if theirs is None:
                    continue
                text = json.dumps(theirs)
                assert not any(f'"{card}"' in text for card in hand), (owner, other, seq)
                you = theirs["view"]["you"]
                assert you is None or you["identity"] != identity
                assert '"identit' not in json.dumps(theirs["events"])
