"""Two server processes on one PostgreSQL and one Redis: every viewer on either process sees every stored
move, in order, one update per move, however the two processes race to store them."""

from __future__ import annotations

import json
import shutil
from typing import Any

import httpx
import pytest
from server_helpers import RedisServer, ServerProcess
from websockets.sync.client import connect

from ludus.engine import Match
from ludus.server.store import Store

pytestmark = [pytest.mark.timeout(180),
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")]

ROUNDS = 30


class Watcher:
    """A WebSocket on one process, keeping every message it is sent."""

    def __init__(self, server: ServerProcess, table_id: str, token: str | None) -> None:
        self.ws = connect(f"{server.ws_url}/ws/{table_id}", open_timeout=20).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.messages: list[dict[str, Any]] = []
        self.welcome = self.until(lambda m: m["type"] == "welcome")
        self.seat = self.welcome["seat"]

    def until(self, accept: Any) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=30))
            self.messages.append(message)
            if accept(message):
                return message

    def reach(self, seq: int) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "update" and m["seq"] >= seq)

    def updates(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "update" and m["seq"] > 0]


def test_simultaneous_choices_on_two_processes_reach_every_viewer_of_both_in_order(postgres_url: str) -> None:
    redis = RedisServer()
    first = ServerProcess(postgres_url, redis.url)
    second = ServerProcess(postgres_url, redis.url)
    watchers: list[Watcher] = []
    try:
        created = httpx.post(first.url + "/api/tables", json={
            "game": "votes", "players": 2, "name": "Adso", "options": {"rounds": ROUNDS}}, timeout=30).json()
        table_id = created["table"]["id"]
        william = httpx.post(f"{second.url}/api/tables/{table_id}/join", json={"name": "William"}, timeout=30).json()
        adso = Watcher(first, table_id, created["token"])
        william_there = Watcher(second, table_id, william["token"])
        watchers = [adso, william_there, Watcher(first, table_id, None), Watcher(second, table_id, None),
                    Watcher(second, table_id, created["token"])]  # Adso's second device, on the other process
        for number in range(1, ROUNDS + 1):
            asked = 2 * (number - 1)
            # both votes of a round leave at the same moment, one to each process
            adso.ws.send(json.dumps({"type": "choice", "seq": asked, "choice": "ab"[number % 2]}))
            william_there.ws.send(json.dumps({"type": "choice", "seq": asked, "choice": "a"}))
            for watcher in watchers:
                watcher.reach(asked + 2)

        store = Store(postgres_url)
        record, log = store.table(table_id), store.moves(table_id)
        store.close()
        assert record is not None and record.status == "over" and len(log) == 2 * ROUNDS
        truth = Match(record.game, record.players, record.seed, record.options)
        expected: list[dict[int | None, tuple[Any, Any]]] = []
        for entry in log:
            events = truth.replay_entry(entry)
            expected.append({seat: (truth.view(seat), [e.to_json() for e in events if e.visible_to(seat)])
                             for seat in (None, 0, 1)})
        for watcher in watchers:
            assert not [m for m in watcher.messages if m["type"] == "error"]
            updates = watcher.updates()
            assert [update["seq"] for update in updates] == list(range(1, 2 * ROUNDS + 1)), "a missed or repeated seq"
            for update in updates:
                assert (update["view"], update["events"]) == expected[update["seq"] - 1][watcher.seat]
            assert updates[-1]["outcome"] == truth.outcome().to_json()
    finally:
        for watcher in watchers:
            watcher.ws.close()
        first.kill()
        second.kill()
        redis.kill()
