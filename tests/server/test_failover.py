"""No table stalls when a server process or Redis dies mid-game (two processes, PostgreSQL, Redis).

A killed process's tables are taken over by the survivor once their leases expire (``--lease 2`` here,
so within a few seconds); with Redis down every process still stores and answers its own moves, the
bots keep playing where their lease is, the other process's viewers catch up from the database, and
once Redis is back both processes agree again, move by move; a Redis that stalls instead of dying
loses no move either."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import RedisServer, ServerProcess, Watcher, shut_down, stored_match

from ludus.server.store import Store

pytestmark = [pytest.mark.timeout(240),
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")]

LEASE = ("--lease", "2")


def status(store: Store, table_id: str) -> str:
    record = store.table(table_id)
    assert record is not None
    return record.status


def bot_table(server: ServerProcess, target: int, delay: float = 0.02) -> str:
    created = httpx.post(server.url + "/api/tables", json={
        "game": "tiny", "players": 2, "bots": ["random", "random"], "options": {"target": target},
        "bot_delay": delay}, timeout=30)
    assert created.status_code == 201, created.text
    return created.json()["table"]["id"]


def wait_for(condition: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.2)


def test_a_killed_processes_bot_tables_are_taken_over_by_the_survivor(postgres_url: str) -> None:
    redis = RedisServer()
    doomed = ServerProcess(postgres_url, redis.url, extra=LEASE)
    survivor = ServerProcess(postgres_url, redis.url, extra=LEASE)
    watchers: list[Watcher] = []
    store = Store(postgres_url)
    try:
        tables = [bot_table(doomed, target=60, delay=0.05) for _ in range(3)]  # the creating process holds them
        watchers = [Watcher(survivor, table_id) for table_id in tables[:2]]  # two are shown by the survivor too
        watchers[0].until(lambda m: m["type"] == "update" and m["seq"] >= 5)
        doomed.kill()
        killed_at = time.monotonic()
        assert all(status(store, table_id) == "running" for table_id in tables)  # mid-game, each of them
        wait_for(lambda: all(status(store, table_id) == "over" for table_id in tables))
        print(f"every table of the killed process finished {time.monotonic() - killed_at:.1f} s after the kill")
        for watcher, table_id in zip(watchers, tables, strict=False):
            match = stored_match(store, table_id)
            final = watcher.reach(len(match.log))
            assert final["view"] == match.view(None) and final["outcome"] == match.outcome().to_json()
            assert watcher.seqs() == list(range(watcher.welcome["seq"] + 1, len(match.log) + 1)), "a missed seq"
    finally:
        shut_down(watchers, doomed, survivor, redis)
        store.close()


def test_with_redis_down_moves_are_stored_and_answered_and_both_processes_converge_after(
        postgres_url: str, tmp_path: Path) -> None:
    redis = RedisServer()
    logs = [tmp_path / "first.log", tmp_path / "second.log"]
    first = ServerProcess(postgres_url, redis.url, log=logs[0], extra=LEASE)
    second = ServerProcess(postgres_url, redis.url, log=logs[1], extra=LEASE)
    watchers: list[Watcher] = []
    store = Store(postgres_url)
    try:
        bots_here, bots_there = bot_table(first, target=40), bot_table(second, target=40)
        created = httpx.post(first.url + "/api/tables", json={
            "game": "tiny", "players": 2, "name": "Adso", "options": {"target": 40}}, timeout=30).json()
        table_id = created["table"]["id"]
        william = httpx.post(f"{second.url}/api/tables/{table_id}/join", json={"name": "William"}, timeout=30).json()
        adso, william_there = Watcher(first, table_id, created["token"]), Watcher(second, table_id, william["token"])
        seats = [adso, william_there]
        watchers = [*seats, Watcher(first, table_id), Watcher(second, table_id),
                    Watcher(first, bots_there), Watcher(second, bots_here)]

        def turn() -> None:
            """The seat whose turn it is moves on its own process; both hear of it."""
            mover = next(watcher for watcher in seats if watcher.latest["decisions"])
            seq = mover.latest["seq"]
            mover.ws.send(json.dumps({"type": "choice", "seq": seq, "choice": "+1"}))
            for watcher in seats:
                watcher.until(lambda m, s=seq: m["type"] == "update" and m["seq"] > s)

        if not adso.latest["decisions"]:  # its process has not heard of William's join yet
            adso.until(lambda m: m["type"] == "update" and m["decisions"])
        for _ in range(3):
            turn()
        redis.kill()
        for _ in range(4):  # each move answered on its own process; the other reads it from the database
            turn()
        wait_for(lambda: status(store, bots_here) == status(store, bots_there) == "over")
        redis.start()
        wait_for(lambda: all("redis is back" in log.read_text() for log in logs))
        for _ in range(3):
            turn()

        for watcher in watchers:
            watched = watcher.latest["table"]
            match = stored_match(store, watched)
            final = watcher.reach(len(match.log))
            assert (final["seq"], final["view"]) == (len(match.log), match.view(watcher.seat))
            assert watcher.seqs() == list(range(watcher.welcome["seq"] + 1, len(match.log) + 1)), "a missed seq"
            assert not watcher.errors()
        for log in logs:
            said = log.read_text()
            assert said.count("redis is unreachable") == 1, said[-3000:]  # logged once, not per message
            assert said.count("redis is back") == 1
            assert "Traceback" not in said, said[-3000:]
    finally:
        shut_down(watchers, first, second, redis)
        store.close()


def test_a_move_published_into_a_stalled_redis_still_reaches_the_other_process(postgres_url: str) -> None:
    redis = RedisServer()
    first = ServerProcess(postgres_url, redis.url, extra=LEASE)
    second = ServerProcess(postgres_url, redis.url, extra=LEASE)
    watchers: list[Watcher] = []
    store = Store(postgres_url)
    try:
        created = httpx.post(first.url + "/api/tables", json={
            "game": "tiny", "players": 2, "name": "Adso", "options": {"target": 40}}, timeout=30).json()
        table_id = created["table"]["id"]
        william = httpx.post(f"{second.url}/api/tables/{table_id}/join", json={"name": "William"}, timeout=30).json()
        adso, william_there = Watcher(first, table_id, created["token"]), Watcher(second, table_id, william["token"])
        watchers = [adso, william_there, Watcher(second, table_id)]
        if not adso.latest["decisions"]:
            adso.until(lambda m: m["type"] == "update" and m["decisions"])
        redis.pause()
        adso.ws.send(json.dumps({"type": "choice", "seq": adso.latest["seq"], "choice": "+2"}))
        assert adso.reach(1)["view"]["counter"] == 2  # answered by its own process at once
        time.sleep(3)  # the publish gives up meanwhile; nothing tells the other process anything
        redis.resume()
        assert william_there.reach(1)["decisions"]  # caught up once Redis answers again: William's turn
        william_there.ws.send(json.dumps({"type": "choice", "seq": 1, "choice": "+1"}))
        assert adso.reach(2)["decisions"]
        adso.ws.send(json.dumps({"type": "choice", "seq": 2, "choice": "+1"}))  # fan-out works both ways again
        assert william_there.reach(3)["decisions"]
        match = stored_match(store, table_id)
        for watcher in watchers:
            assert watcher.reach(3)["view"] == match.view(watcher.seat)
            assert watcher.seqs() == [1, 2, 3] and not watcher.errors()
    finally:
        shut_down(watchers, first, second, redis)
        store.close()
