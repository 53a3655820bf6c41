"""Two server processes on one PostgreSQL and one Redis: every viewer on either process sees every stored
move, in order, one update per move, however the two processes race to store them."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from server_helpers import TwoServers

from ludus.engine import Match

pytestmark = pytest.mark.timeout(180)

ROUNDS = 20


def test_simultaneous_choices_on_two_processes_reach_every_viewer_of_both_in_order(two_servers: TwoServers) -> None:
    first, second = two_servers.first, two_servers.second
    created = httpx.post(first.url + "/api/tables", json={
        "game": "votes", "players": 2, "name": "Adso", "options": {"rounds": ROUNDS}}, timeout=30).json()
    table_id = created["table"]["id"]
    william = httpx.post(f"{second.url}/api/tables/{table_id}/join", json={"name": "William"}, timeout=30).json()
    adso = two_servers.watch(first, table_id, created["token"])
    william_there = two_servers.watch(second, table_id, william["token"])
    two_servers.watch(first, table_id)
    two_servers.watch(second, table_id)
    two_servers.watch(second, table_id, created["token"])  # Adso's second device, on the other process
    for number in range(1, ROUNDS + 1):
        asked = 2 * (number - 1)
        # both votes of a round leave at the same moment, one to each process
        adso.ws.send(json.dumps({"type": "choice", "seq": asked, "choice": "ab"[number % 2]}))
        william_there.ws.send(json.dumps({"type": "choice", "seq": asked, "choice": "a"}))
        for watcher in two_servers.watchers:
            watcher.reach(asked + 2)

    record, log = two_servers.store.table(table_id), two_servers.store.moves(table_id)
    assert record is not None and record.status == "over" and len(log) == 2 * ROUNDS
    truth = Match(record.game, record.players, record.seed, record.options)
    expected: list[dict[int | None, tuple[Any, Any]]] = []
    for entry in log:
        events = truth.replay_entry(entry)
        expected.append({seat: (truth.view(seat), [e.to_json() for e in events if e.visible_to(seat)])
                         for seat in (None, 0, 1)})
    for watcher in two_servers.watchers:
        assert not watcher.errors()
        assert watcher.seqs() == list(range(1, 2 * ROUNDS + 1)), "a missed or repeated seq"
        updates = watcher.updates()
        for update in updates:
            assert (update["view"], update["events"]) == expected[update["seq"] - 1][watcher.seat]
        assert updates[-1]["outcome"] == truth.outcome().to_json()
