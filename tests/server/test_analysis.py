"""The coach's API (server/api/analysis.py): a player's own seat of a finished game analysed on the workers, once;
a running game refused; only the seat's player may ask; one analysis per client at a time; a deadline."""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import new_database
from starlette.testclient import TestClient

from ludus.ai import bot_for
from ludus.engine import Match
from ludus.engine.replay import Replay
from ludus.server.app import create_app
from ludus.server.guards.limits import Limits, _pool, setup_game
from ludus.server.store import Store, hash_token

QUICK = Limits(setup_workers=1, analysis_worlds=1, analysis_depth=4, analysis_seconds=120)


def rose_match(seed: int = 1) -> Match:
    match = Match("rose", 3, seed, {})
    bots = [bot_for(match.game, seat, "random", seed) for seat in range(3)]
    while not match.finished:
        decision = match.decisions()[0]
        match.play(decision.seat, bots[decision.seat].choose(match.view(decision.seat), decision))
    return match


def stored(db: Store, match: Match, status: str = "over") -> tuple[str, list[str]]:
    """The match as a table whose seats are held by people; their tokens."""
    table_id = secrets.token_urlsafe(6)
    db.create_table(table_id, match.game.id, match.players, match.seed, match.options, [None] * match.players, 0.0)
    tokens = [secrets.token_urlsafe(24) for _ in range(match.players)]
    for seat, token in enumerate(tokens):
        assert db.claim_seat(table_id, seat, f"P{seat}", hash_token(token))
    db.append_moves([(table_id, n, entry) for n, entry in enumerate(match.log, start=1)])
    db.set_status(table_id, status)
    return table_id, tokens


@pytest.fixture
def quick(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, limits=QUICK)) as test_client:
        yield test_client


def ask(client: TestClient, table_id: str, token: str | None, address: str | None = None) -> Any:
    body = {} if token is None else {"token": token}
    return client.post(f"/api/tables/{table_id}/analysis", json=body)


def finish(client: TestClient, table_id: str, token: str, timeout: float = 240) -> dict[str, Any]:
    """Ask until the analysis is there (the page polls the same way); every answer before says its progress."""
    deadline = time.monotonic() + timeout  # generous: a busy 2-core machine
    while True:
        response = ask(client, table_id, token)
        answer = response.json()
        assert response.status_code in (200, 202), answer
        if answer["status"] == "done":
            return answer
        assert answer["status"] == "running" and answer["done"] <= (answer["total"] or 0) + 1
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.2)


def test_a_player_s_own_seat_is_analysed_and_the_answer_is_stored_once(quick: TestClient, db_url: str) -> None:
    match = rose_match()
    table_id, tokens = stored(quick.app.state.store, match)
    first = ask(quick, table_id, tokens[1])
    assert first.status_code == 202 and first.json() == {"status": "running", "seat": 1, "done": 0, "total": None}
    answer = finish(quick, table_id, tokens[1])
    report = answer["analysis"]
    assert answer["seat"] == report["seat"] == 1
    assert report["judged"] == report["decisions"] == len(report["moves"]) > 10
    assert report["mistakes"] == sum(move["mistake"] for move in report["moves"])
    # from the store: the same answer at once, without a job, also from a new server on the same database
    again = ask(quick, table_id, tokens[1])
    assert again.status_code == 200 and again.json() == answer and quick.app.state.analyses.jobs == {}
    with TestClient(create_app(db_url, limits=QUICK)) as other:
        fresh = ask(other, table_id, tokens[1])
        assert fresh.status_code == 200 and fresh.json() == answer and other.app.state.analyses.jobs == {}
    rows = Store(db_url)
    try:
        assert rows.analysis(table_id, 1) == report
    finally:
        rows.close()


def test_a_running_game_is_not_analysed(quick: TestClient) -> None:
    table_id, tokens = stored(quick.app.state.store, rose_match(2), status="running")
    response = ask(quick, table_id, tokens[0])
    assert response.status_code == 403 and response.json()["error"] == "not-over"
    assert quick.app.state.analyses.jobs == {}


def test_only_the_seat_s_player_may_ask(quick: TestClient) -> None:
    table_id, _ = stored(quick.app.state.store, rose_match(3))
    for token in (None, "not-a-seat-token"):
        response = ask(quick, table_id, token)
        assert response.status_code == 401 and response.json()["error"] == "bad-token"
    assert ask(quick, "no-such-table", "x").json()["error"] == "unknown-table"
    assert quick.app.state.analyses.jobs == {}


def test_one_analysis_per_client_at_a_time(quick: TestClient, tmp_path: Path) -> None:
    """While this client's analysis waits for the (one, busy) worker, another of its analyses is refused; the
    same one is answered with its progress; once it is done the next may start."""
    db = quick.app.state.store
    first, first_tokens = stored(db, rose_match(4))
    second, second_tokens = stored(db, rose_match(5))
    spin = tmp_path / "spin"
    spin.mkdir()
    busy = _pool(QUICK.setup_workers).schedule(setup_game, args=("tiny_game:GAME", 2, 1, {"spin": str(spin)}))
    try:
        deadline = time.monotonic() + 120
        while not (spin / "spinning").exists():  # the worker is taken
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert ask(quick, first, first_tokens[0]).status_code == 202
        refused = ask(quick, second, second_tokens[2])
        assert refused.status_code == 429 and refused.json()["error"] == "analysis-busy"
        assert int(refused.headers["Retry-After"]) >= 1
        assert ask(quick, first, first_tokens[0]).json()["status"] == "running"
    finally:
        (spin / "release").touch()
        busy.result(60)
    finish(quick, first, first_tokens[0])
    assert finish(quick, second, second_tokens[2])["seat"] == 2


def test_an_analysis_past_its_deadline_is_stopped_said_once_and_may_be_asked_again(db_url: str) -> None:
    limits = Limits(setup_workers=1, analysis_seconds=0.05)  # the whole budget: no part finishes in time
    with TestClient(create_app(db_url, limits=limits)) as client:
        table_id, tokens = stored(client.app.state.store, rose_match(6))
        assert ask(client, table_id, tokens[0]).status_code == 202
        deadline = time.monotonic() + 120
        while (answer := ask(client, table_id, tokens[0]).json())["status"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert answer["status"] == "failed" and answer["error"] == "analysis-timeout"
        assert ask(client, table_id, tokens[0]).json()["status"] == "running"  # asked again: started again


def strings(value: Any) -> Iterator[str]:
    """Every string value (not key) inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def test_nothing_in_the_answer_is_hidden_from_the_seat(quick: TestClient) -> None:
    """Every word of the analysis is in what the seat was shown: its own views and the decisions it was offered
    (a decision's kind is public in any replay); every choice it names was offered to the seat; no card
    another seat held unseen is named."""
    match = rose_match(7)
    table_id, tokens = stored(quick.app.state.store, match)
    report = finish(quick, table_id, tokens[0])["analysis"]
    replay = Replay.from_json(json.loads(match.dumps()))
    views = {seat: [replay.game.view(state, seat) for _, state in replay.positions(0, replay.moves + 1)]
             for seat in range(3)}
    offered = [d.to_json() for _, state in replay.positions(0, replay.moves) for d in replay.game.decisions(state)
               if d.seat == 0]
    seen = set(strings(views[0])) | set(strings(offered)) | {"rose", "easy", "hard"}
    assert set(strings(report)) <= seen
    for move in report["moves"]:
        decision = next(d for d in replay.game.decisions(replay.state_at(move["n"] - 1)) if d.seat == 0)
        assert decision.allows(move["best"]) and decision.allows(move["played"])
    held = {card["id"] for seat in (1, 2) for view in views[seat] for card in view["you"]["hand"]}
    unseen = held - set(strings(views[0]))
    assert unseen and not unseen & set(strings(report))


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_an_analysis_is_kept_once_whoever_finishes_second(kind: str, request: pytest.FixtureRequest,
                                                          tmp_path: Path) -> None:
    """Two processes that finish the same analysis: the first one kept stays (the primary key decides)."""
    url = f"sqlite:///{tmp_path / 'kept.sqlite3'}" if kind == "sqlite" else \
        new_database(request.getfixturevalue("postgres_url"))
    db = Store(url)
    try:
        assert db.analysis("t1", 0) is None
        db.save_analysis("t1", 0, {"moves": [], "mistakes": 0, "words": "一步"}, 1.0)
        db.save_analysis("t1", 0, {"moves": [], "mistakes": 9}, 2.0)
        assert db.analysis("t1", 0) == {"moves": [], "mistakes": 0, "words": "一步"} and db.analysis("t1", 1) is None
    finally:
        db.close()
