"""Two server processes on one database, fanned out through a real Redis: a move made on one reaches
the viewers of the other."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_helpers import ServerProcess, TwoServers, free_port
from websockets.sync.client import connect

pytestmark = [pytest.mark.timeout(300),  # the SQLite case starts two servers: up to START_WAIT (120 s) each on CI
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")]


@pytest.fixture
def redis_url() -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60  # generous: CI is a busy 2-core machine
        while subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True).stdout.strip() != b"PONG":
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.kill()
        process.wait(10)


def receive(ws: Any, accept: Any) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if accept(message):
            return message


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_moves_fan_out_between_server_processes_through_redis(tmp_path, database: str,
                                                               request: pytest.FixtureRequest) -> None:
    own: list[ServerProcess] = []  # the servers this test starts, and stops
    if database == "sqlite":
        db_url, redis_url = f"sqlite:///{tmp_path / 'ludus.sqlite3'}", request.getfixturevalue("redis_url")
        own.append(ServerProcess(db_url, redis_url))
        first = own[0]
    else:  # the two processes on PostgreSQL and Redis the other multi-process tests share (conftest.py)
        pair: TwoServers = request.getfixturevalue("two_servers")
        first, second = pair.first, pair.second
    try:
        if database == "sqlite":
            own.append(ServerProcess(db_url, redis_url))  # (if it does not start, the first is still stopped)
            second = own[1]
        created = httpx.post(first.url + "/api/tables", json={
            "game": "tiny", "players": 3, "bots": [None, None, "random"], "name": "Adso",
            "options": {"target": 30}, "bot_delay": 0}).json()
        table_id = created["table"]["id"]
        with connect(f"{first.ws_url}/ws/{table_id}") as adso, connect(f"{second.ws_url}/ws/{table_id}") as william:
            adso.send(json.dumps({"type": "hello", "token": created["token"]}))
            receive(adso, lambda m: m["type"] == "welcome")
            # William joins through the second process; the first learns of it through Redis
            joined = httpx.post(f"{second.url}/api/tables/{table_id}/join", json={"name": "William"}).json()
            william.send(json.dumps({"type": "hello", "token": joined["token"]}))
            receive(william, lambda m: m["type"] == "welcome")
            started = receive(adso, lambda m: m["type"] == "update" and m["status"] == "running")
            assert started["decisions"]
            adso.send(json.dumps({"type": "choice", "seq": started["seq"], "choice": "+2"}))
            seen = receive(william, lambda m: m["type"] == "update" and m["seq"] == 1)
            assert seen["view"]["counter"] == 2 and seen["decisions"]
            william.send(json.dumps({"type": "choice", "seq": 1, "choice": "+1"}))
            # the bot plays in the second process (it stored the last move); the first hears both
            after_bot = receive(adso, lambda m: m["type"] == "update" and m["seq"] == 3)
            assert after_bot["view"]["counter"] >= 4 and after_bot["decisions"]
            assert "peek" not in json.dumps([e for e in after_bot["events"]])
    finally:
        for server in own:
            server.kill()


def test_a_burst_of_notes_reaches_the_other_process_in_order_and_redis_is_not_taken_for_gone(redis_url: str) -> None:
    """Many tables publishing at once (more than the Redis client's pool of 100 connections): every note arrives,
    each table's in the order published, and the publisher does not think Redis went away (which made every table
    catch up from the database at once under load: docs/server.md, issue 20 point 6)."""
    import asyncio
    import contextlib

    from ludus.server.live.hub import RedisHub

    tables, notes_per_table = 150, 4

    async def scenario() -> tuple[dict[str, list[int]], bool, bool]:
        speaker, listener = RedisHub(redis_url), RedisHub(redis_url)
        heard: dict[str, list[int]] = {f"t{number}": [] for number in range(tables)}
        every_note = asyncio.Event()

        def handler_for(table_id: str):  # type: ignore[no-untyped-def]
            async def handler(note: dict[str, Any]) -> None:
                heard[table_id].append(note["n"])
                if sum(map(len, heard.values())) == tables * notes_per_table:
                    every_note.set()
            return handler

        for table_id in heard:
            listener.subscribe(table_id, handler_for(table_id))
        ready = asyncio.Event()

        async def on_ready(_: dict[str, Any]) -> None:
            ready.set()

        listener.subscribe("ready", on_ready)
        await speaker.start()
        await listener.start()
        try:
            while not ready.is_set():  # the listener's subscription is in place once it hears a note
                await speaker.publish("ready", {"kind": "ready"})
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ready.wait(), 0.2)
            async def table(table_id: str) -> None:
                for n in range(1, notes_per_table + 1):  # one table's moves come one after the other
                    await speaker.publish(table_id, {"kind": "move", "n": n})

            await asyncio.gather(*(table(table_id) for table_id in heard))  # every table at once
            await asyncio.wait_for(every_note.wait(), 60)
            return heard, speaker.up, listener.up
        finally:
            await speaker.close()
            await listener.close()

    heard, speaker_up, listener_up = asyncio.run(scenario())
    assert speaker_up and listener_up
    assert all(numbers == list(range(1, notes_per_table + 1)) for numbers in heard.values())
