"""Nothing heavy on the event loop: every map search (table creation and every round start) and every
replay runs on the worker processes under a deadline; options that can leave a round without a map are
refused when the table is created; a round whose map still cannot be made ends the table, once."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, join, seated, until
from starlette.testclient import TestClient

from ludus.engine import Match, heavy
from ludus.server.app import create_app
from ludus.server.guards.limits import Limits

# The repro: in range, yet rated-1 maps of these counts are (nearly) never found
IMPOSSIBLE = {"police": 16, "shared_police": 12, "clients": 4, "shared_clients": 0, "evidence": 2,
              "shared_evidence": 1, "min_evidence_distance": 3, "max_map_rating": 1, "police_limit": 1,
              "rounds_to_win": 5}


@contextlib.contextmanager
def app_with(db_url: str, **limits: Any) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, limits=Limits(**limits))) as client:
        yield client


def searches(folder: Path, round_number: int | None = None) -> list[tuple[int, int]]:
    """(process, thread) of every map search the stages game made (of one round, or of all)."""
    prefix = "round-" if round_number is None else f"round-{round_number}-"
    return [tuple(map(int, path.read_text().split())) for path in folder.iterdir() if path.name.startswith(prefix)]


def wait_for(predicate: Any, seconds: float = 120.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_options_that_can_leave_a_round_without_a_map_are_refused_at_creation(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "shadows", "players": 4, "bots": ["random"] * 4,
                                                 "bot_delay": 0, "options": IMPOSSIBLE})
    assert response.status_code == 400 and response.json()["error"] == "bad-options"
    assert "rated 1 or easier are too rare" in response.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_round_start_searches_its_map_on_a_worker_and_the_game_goes_on(db_url: str, tmp_path: Path) -> None:
    with app_with(db_url) as client:
        table_id = create(client, game="stages", players=2, bots=["random", "random"],
                          options={"rounds": 4, "moves": 2, "record": str(tmp_path)})["table"]["id"]
        assert wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["table"]["status"] == "over")
        match = client.get(f"/api/tables/{table_id}/match").json()
    assert len(match["log"]) == 8 and "abandon" not in match["log"][-1]
    found = searches(tmp_path)
    assert {n for n in range(1, 5) if searches(tmp_path, n)} == {1, 2, 3, 4}
    assert all(pid != os.getpid() for pid, _ in found)  # not one search in the server's process


def test_a_round_whose_map_cannot_be_made_ends_the_table_once_with_a_message(db_url: str, tmp_path: Path) -> None:
    with app_with(db_url) as client:
        created = create(client, game="stages", players=2, name="Adso",
                         options={"rounds": 4, "moves": 2, "fail_at": 2, "record": str(tmp_path)})
        table_id = created["table"]["id"]
        william = join(client, table_id, "William")
        with seated(client, table_id, created["token"]) as adso, seated(client, table_id, william["token"]) as w:
            adso.send_json({"type": "choice", "seq": 0, "choice": "go", "cid": "a1"})
            until(adso, lambda m: m["type"] == "ack")
            w.send_json({"type": "choice", "seq": 1, "choice": "go", "cid": "w1"})  # ends round 1: no map for 2
            refused = until(w, lambda m: m["type"] == "error")
            ended = until(adso, lambda m: m["type"] == "update" and m["outcome"] is not None)
        record = client.get(f"/api/tables/{table_id}").json()["table"]
        match = client.get(f"/api/tables/{table_id}/match").json()
        # reopened from the log after it left memory: the failed search is not tried again
        tables = client.app.state.tables
        if table_id in tables.live:
            tables.forget(tables.live[table_id])
        assert table_id not in tables.live
        with seated(client, table_id, None) as watcher:
            watcher.send_json({"type": "sync"})
            again = until(watcher, lambda m: m["type"] == "welcome")
        replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert refused["code"] == "game-over" and refused["cid"] == "w1"
    assert [e["kind"] for e in ended["events"]] == ["abandoned"]
    assert ended["outcome"]["winners"] == [] and ended["outcome"]["details"]["abandoned"] == "stuck"
    assert record["status"] == "over"
    assert match["log"][-1] == {"abandon": "stuck"} and len(match["log"]) == 2  # the failing move was not kept
    assert again["outcome"]["details"]["abandoned"] == "stuck"
    assert replay["outcome"]["details"]["abandoned"] == "stuck"
    assert len(searches(tmp_path, 2)) == 1  # one search for round 2, never a retry
    assert all(pid != os.getpid() for pid, _ in searches(tmp_path))


def test_a_round_search_past_its_deadline_ends_the_table_as_too_slow(db_url: str, tmp_path: Path) -> None:
    """A Shadows-sized search that never ends: the worker is stopped at the deadline, and the table ends."""
    with app_with(db_url, work_seconds=1) as client:
        created = create(client, game="stages", players=2, bots=[None, "random"], name="Adso",
                         options={"moves": 1, "record": str(tmp_path)})
        table_id = created["table"]["id"]
        (tmp_path / "hang").mkdir()
        with seated(client, table_id, created["token"]) as adso:
            adso.send_json({"type": "choice", "seq": 0, "choice": "go"})
            ended = until(adso, lambda m: m["type"] == "update" and m["outcome"] is not None)
    assert ended["outcome"]["details"]["abandoned"] == "too-slow"
    assert len(searches(tmp_path, 2)) == 1


def test_the_shadows_round_start_is_heavy_work(tmp_path: Path) -> None:
    """Shadows' map search is marked heavy: with heavy work refused, naming the officers (which starts the next
    round) raises Offload, and the game says beforehand that its next step may need it."""
    match = Match("shadows", 4, 11, {"swap_roles": True})
    game, state = match.game, match.state
    state.phase = "between"
    state.cached = None
    assert game.heavy_next(state)
    decisions = match.decisions()
    for decision in decisions[:-1]:
        with heavy.refused():
            match.play(decision.seat, decision.options[0])
    last = decisions[-1]
    with pytest.raises(heavy.Offload), heavy.refused():
        match.play(last.seat, last.options[0])


def test_health_answers_while_ten_failing_and_fifty_ordinary_tables_play(db_url: str, tmp_path: Path) -> None:
    """The issue's load: ten tables whose round cannot be made (plus ten refused Shadows repros) and fifty
    ordinary bot tables. What is asserted is what does not depend on the machine's speed: /health answers
    every time (a generous bound), the searches ran in other processes, each failing table ended once with its
    message and no search was retried. The p99 figure is benchmarks/never_block.py's."""
    with app_with(db_url, tables="1000 per minute") as client:
        refused = [client.post("/api/tables", json={"game": "shadows", "players": 4, "bots": ["random"] * 4,
                                                    "bot_delay": 0, "options": IMPOSSIBLE}).status_code
                   for _ in range(10)]
        failing = []
        for n in range(10):
            folder = tmp_path / f"failing-{n}"
            folder.mkdir()
            failing.append((folder, create(client, game="stages", players=2, bots=["random", "random"],
                                           options={"rounds": 5, "moves": 3, "fail_at": 3,
                                                    "record": str(folder)})["table"]["id"]))
        ordinary = [create(client, game="shadows", players=4, bots=["random"] * 4, bot_delay=0.3)["table"]["id"]
                    for _ in range(25)]
        ordinary += [create(client, players=2, bots=["random", "random"], bot_delay=0.1,
                            options={"target": 100})["table"]["id"] for _ in range(25)]
        slowest = 0.0
        answered = 0
        stop = threading.Event()

        def all_failing_over() -> bool:
            return all(client.get(f"/api/tables/{t}").json()["table"]["status"] == "over" for _, t in failing)

        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            started = time.perf_counter()
            response = client.get("/health")
            slowest = max(slowest, time.perf_counter() - started)
            answered += response.status_code == 200 and response.json()["ok"] is True
            if answered >= 20 and all_failing_over():
                break
            time.sleep(0.05)
        stop.set()
        outcomes = [client.get(f"/api/tables/{t}/match").json()["log"][-1] for _, t in failing]
        running = [client.get(f"/api/tables/{t}").json()["table"]["status"] for t in ordinary]
    assert refused == [400] * 10
    assert outcomes == [{"abandon": "stuck"}] * 10
    assert all(len(searches(folder, 3)) == 1 for folder, _ in failing)
    assert all(pid != os.getpid() for folder, _ in failing for pid, _ in searches(folder))
    assert answered >= 20 and slowest < 10.0  # generous: only a loop blocked for good would fail it
    assert set(running) <= {"running", "over"}
