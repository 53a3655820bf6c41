"""Two server processes on one PostgreSQL and one Redis: every viewer on either process sees every stored
move, in order, one update per move, however the two processes race to store them; and a deserted real-time
table is closed once, by one of them, while a person connected to either keeps a table open.

The module shares one pair of processes, which close a table nobody has been connected to for ABANDON_AFTER s."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_helpers import ServerProcess, TwoServers, Watcher, two_processes

from ludus.engine import Match

pytestmark = pytest.mark.timeout(180)

ROUNDS = 20
ABANDON_AFTER = 10.0  # the votes table below has its players connected from a moment after it is made


@pytest.fixture(scope="module")
def two_servers(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TwoServers]:
    with two_processes(postgres_url, tmp_path_factory.mktemp("pair"),
                       ("--abandon-after", str(ABANDON_AFTER))) as pair:
        yield pair


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


def create(server: ServerProcess, name: str, bots: list[str | None] | None = None) -> dict[str, Any]:
    created = httpx.post(server.url + "/api/tables", json={
        "game": "tiny", "players": 2, "name": name, "bots": bots or [None, None], "options": {"target": 40}},
        timeout=30)
    assert created.status_code == 201, created.text
    return created.json()


def listed(server: ServerProcess) -> set[str]:
    return {table["id"] for table in httpx.get(server.url + "/api/tables", timeout=30).json()["tables"]}


def test_a_deserted_table_is_closed_once_by_one_process_and_a_person_on_the_other_keeps_a_table(
        two_servers: TwoServers) -> None:
    first, second = two_servers.first, two_servers.second
    # William plays a bot at a table of the second process (it holds the table's lease), from the first process:
    # the holder never sees him itself, only what the first process stores of who is connected
    kept = create(second, "William", [None, "random"])
    kept_id = kept["table"]["id"]
    william = Watcher(first, kept_id, kept["token"])
    try:
        # nobody at these two: an open one (no lease: whichever process gets there first closes it) and a
        # running one the first process holds
        deserted = [create(first, "Adso")["table"]["id"], create(first, "Jorge", [None, "random"])["table"]["id"]]
        deadline = time.monotonic() + 120  # generous: a busy machine; a closed table ends the wait at once
        while not all(two_servers.store.table(table_id).status == "over" for table_id in deserted):
            assert time.monotonic() < deadline, "a deserted table was not closed"
            time.sleep(0.2)
        record = two_servers.store.table(kept_id)
        assert record is not None and record.status == "running", "the table William is connected to was closed"
        for table_id in deserted:
            moves = two_servers.store.moves(table_id)
            assert [entry["abandon"] for entry in moves if "abandon" in entry] == ["deserted"], \
                "a table closed other than once"
        for server in (first, second):
            shown = listed(server)
            assert kept_id in shown and not set(deserted) & shown
            archived = {game["table"]: game for game in httpx.get(server.url + "/api/archive", timeout=30)
                        .json()["games"]}
            for table_id in deserted:
                game, record = archived[table_id], two_servers.store.table(table_id)
                assert game["abandoned"] == "deserted" and not game["rated"]
                assert record is not None and game["finished"] >= record.created + ABANDON_AFTER  # not before
    finally:
        william.close()
