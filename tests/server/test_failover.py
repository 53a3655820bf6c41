"""No table stalls when a server process or Redis dies mid-game (two processes, PostgreSQL, Redis).

A killed process's tables are taken over by the survivor once their leases expire (``--lease 2`` here,
so within a few seconds); with Redis down every process still stores and answers its own moves, the
bots keep playing where their lease is, the other process's viewers catch up from the database, and
once Redis is back both processes agree again, move by move; a Redis that stalls instead of dying
loses no move either."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from server_helpers import ServerProcess, TwoServers, Watcher, stored_match

pytestmark = pytest.mark.timeout(240)


def bot_table(server: ServerProcess, target: int, delay: float = 0.02) -> str:
    created = httpx.post(server.url + "/api/tables", json={
        "game": "tiny", "players": 2, "bots": ["random", "random"], "options": {"target": target},
        "bot_delay": delay}, timeout=30)
    assert created.status_code == 201, created.text
    return created.json()["table"]["id"]


def two_humans(servers: TwoServers) -> tuple[str, Watcher, Watcher]:
    """Adso's seat on the first process, William's on the second; both sockets once Adso may move."""
    created = httpx.post(servers.first.url + "/api/tables", json={
        "game": "tiny", "players": 2, "name": "Adso", "options": {"target": 40}}, timeout=30).json()
    table_id = created["table"]["id"]
    william = httpx.post(f"{servers.second.url}/api/tables/{table_id}/join", json={"name": "William"},
                         timeout=30).json()
    adso = servers.watch(servers.first, table_id, created["token"])
    william_there = servers.watch(servers.second, table_id, william["token"])
    if not adso.latest["decisions"]:  # its process has not heard of William's join yet
        adso.until(lambda m: m["type"] == "update" and m["decisions"])
    return table_id, adso, william_there


def status(servers: TwoServers, table_id: str) -> str:
    record = servers.store.table(table_id)
    assert record is not None
    return record.status


def wait_for(condition: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.2)


def assert_caught_up(servers: TwoServers, watcher: Watcher) -> None:
    """The socket shows what the stored log gives, and got every move after its welcome, once each."""
    match = stored_match(servers.store, watcher.latest["table"])
    final = watcher.reach(len(match.log))
    assert (final["seq"], final["view"]) == (len(match.log), match.view(watcher.seat))
    assert watcher.seqs() == list(range(watcher.welcome["seq"] + 1, len(match.log) + 1)), "a missed seq"
    assert not watcher.errors()


def test_a_killed_processes_bot_tables_are_taken_over_by_the_survivor(two_servers: TwoServers) -> None:
    doomed, survivor = two_servers.first, two_servers.second
    tables = [bot_table(doomed, target=60, delay=0.05) for _ in range(3)]  # the creating process holds them
    watchers = [two_servers.watch(survivor, table_id) for table_id in tables[:2]]  # two are shown there too
    watchers[0].until(lambda m: m["type"] == "update" and m["seq"] >= 5)
    doomed.kill()
    killed_at = time.monotonic()
    assert all(status(two_servers, table_id) == "running" for table_id in tables)  # mid-game, each of them
    wait_for(lambda: all(status(two_servers, table_id) == "over" for table_id in tables))
    print(f"every table of the killed process finished {time.monotonic() - killed_at:.1f} s after the kill")
    for watcher in watchers:
        assert_caught_up(two_servers, watcher)
        assert watcher.latest["outcome"] is not None


def test_with_redis_down_moves_are_stored_and_answered_and_both_processes_converge_after(
        two_servers: TwoServers) -> None:
    first, second = two_servers.first, two_servers.second
    bots_here, bots_there = bot_table(first, target=40), bot_table(second, target=40)
    table_id, adso, william_there = two_humans(two_servers)
    seats = [adso, william_there]
    for server, table in ((first, table_id), (second, table_id), (first, bots_there), (second, bots_here)):
        two_servers.watch(server, table)

    def turn() -> None:
        """The seat whose turn it is moves on its own process; both hear of it."""
        mover = next(watcher for watcher in seats if watcher.latest["decisions"])
        seq = mover.latest["seq"]
        mover.ws.send(json.dumps({"type": "choice", "seq": seq, "choice": "+1"}))
        for watcher in seats:
            watcher.until(lambda m, s=seq: m["type"] == "update" and m["seq"] > s)

    for _ in range(3):
        turn()
    two_servers.redis.kill()
    for _ in range(4):  # each move answered on its own process; the other reads it from the database
        turn()
    wait_for(lambda: status(two_servers, bots_here) == status(two_servers, bots_there) == "over")
    two_servers.redis.start()
    wait_for(lambda: all("redis is back" in log.read_text() for log in two_servers.logs))
    for _ in range(3):
        turn()
    for watcher in two_servers.watchers:
        assert_caught_up(two_servers, watcher)
    for log in two_servers.logs:
        said = log.read_text()
        assert said.count("redis is unreachable") == 1, said[-3000:]  # logged once, not per message
        assert said.count("redis is back") == 1
        assert "Traceback" not in said, said[-3000:]


def test_a_move_published_into_a_stalled_redis_still_reaches_the_other_process(two_servers: TwoServers) -> None:
    table_id, adso, william_there = two_humans(two_servers)
    two_servers.watch(two_servers.second, table_id)
    two_servers.redis.pause()
    adso.ws.send(json.dumps({"type": "choice", "seq": adso.latest["seq"], "choice": "+2"}))
    assert adso.reach(1)["view"]["counter"] == 2  # answered by its own process at once
    time.sleep(3)  # the publish gives up meanwhile; nothing tells the other process anything
    two_servers.redis.resume()
    assert william_there.reach(1)["decisions"]  # caught up once Redis answers again: William's turn
    william_there.ws.send(json.dumps({"type": "choice", "seq": 1, "choice": "+1"}))
    assert adso.reach(2)["decisions"]
    adso.ws.send(json.dumps({"type": "choice", "seq": 2, "choice": "+1"}))  # fan-out works both ways again
    assert william_there.reach(3)["decisions"]
    for watcher in two_servers.watchers:
        assert_caught_up(two_servers, watcher)
