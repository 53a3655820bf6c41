"""The replay viewer's API (server/replay.py): a finished table step by step, as each seat, a spectator or
everyone saw it; a running table refused; bad requests answered with a code. And `ludus replay FILE --web`,
a saved match served read-only in the viewer, tested without a display."""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import HERE, ROOT, create
from starlette.testclient import TestClient

from ludus.engine import Match
from ludus.server.api.lobby import LobbyError
from ludus.server.api.replay import ReplayCache, Saved
from ludus.server.store import Store, hash_token


def tiny_game(players: int = 3, seed: int = 7, target: int = 9) -> Match:
    """A whole game of the tiny test game: everyone adds 1 in turn, then votes "a"."""
    match = Match("tiny", players, seed, {"target": target})
    while not match.finished:
        decision = match.decisions()[0]
        match.play(decision.seat, decision.options[0])
    return match


def store(client: TestClient, match: Match, names: list[str | None], status: str = "over") -> str:
    """The match as a table of the server's database, its moves stored with client ids as the server does."""
    db: Store = client.app.state.store
    table_id = secrets.token_urlsafe(6)
    bots = [None if name else "random" for name in names]
    db.create_table(table_id, match.game.id, match.players, match.seed, match.options, bots, 0.0)
    for seat, name in enumerate(names):
        if name:
            assert db.claim_seat(table_id, seat, name, hash_token(secrets.token_urlsafe(24)))
    db.append_moves([(table_id, n, {**entry, "cid": f"cid-{n}"}) for n, entry in enumerate(match.log, start=1)])
    db.set_status(table_id, status)
    return table_id


def steps(client: TestClient, table_id: str, seat: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/replay" + (f"?seat={seat}" if seat is not None else ""))
    assert response.status_code == 200, response.text
    return response.json()


def views(client: TestClient, table_id: str, seat: str, start: int = 0, count: int = 64) -> list[dict[str, Any]]:
    response = client.get(f"/api/tables/{table_id}/replay/views?seat={seat}&from={start}&count={count}")
    assert response.status_code == 200, response.text
    return response.json()["views"]


def everything_said(client: TestClient, table_id: str, seat: str, moves: int) -> str:
    said = json.dumps(steps(client, table_id, seat))
    for start in range(0, moves + 1, 64):
        said += json.dumps(views(client, table_id, seat, start))
    return said


def test_a_finished_game_is_replayed_move_by_move_with_its_names_and_outcome(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", None])
    replay = steps(client, table_id)
    assert replay["game"] == "tiny" and replay["moves"] == len(match.log) and replay["finished"]
    assert replay["outcome"] == match.outcome().to_json()
    assert [seat["name"] for seat in replay["seats"]] == ["Adso", "William", None]
    assert replay["seats"][2]["bot"] == "random"
    assert replay["seat"] == "all" and replay["perspectives"] == ["all", 0, 1, 2, "spectator"]
    assert replay["download"] == f"/api/tables/{table_id}/match" and replay["table_page"] == f"/t/{table_id}"
    assert [step["n"] for step in replay["steps"]] == list(range(1, len(match.log) + 1))
    assert [(step["seat"], step["choice"]) for step in replay["steps"]] == \
        [(entry["seat"], entry["choice"]) for entry in match.log]
    assert replay["steps"][0]["kind"] == "add" and replay["steps"][-1]["kind"] == "vote"


def test_each_step_shows_the_view_the_seat_had_after_that_move(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    replayed = Match("tiny", 3, match.seed, match.options)
    shown = views(client, table_id, "1")
    assert [view["n"] for view in shown] == list(range(len(match.log) + 1))
    assert shown[0]["view"] == replayed.view(1)  # step 0: the setup
    for n, entry in enumerate(match.log, start=1):
        replayed.replay_entry(entry)
        assert shown[n]["view"] == replayed.view(1)


def test_views_fetched_across_chunks_are_the_same_steps(client: TestClient) -> None:
    match = tiny_game(target=40)
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    whole = views(client, table_id, "0", 0, 64)
    assert views(client, table_id, "0", 13, 7) == whole[13:20]
    assert views(client, table_id, "0", 30, 5) == whole[30:35]
    assert views(client, table_id, "0", len(match.log), 64) == whole[-1:]


def test_a_seat_s_replay_holds_its_own_secret_and_no_other(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    secret_of = match.state["secrets"]
    for seat in range(3):
        said = everything_said(client, table_id, str(seat), len(match.log))
        for other, secret in enumerate(secret_of):
            assert (str(secret) in said) == (other == seat), (seat, other)


def test_the_spectator_s_replay_holds_no_secret(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    said = everything_said(client, table_id, "spectator", len(match.log))
    assert not any(str(secret) in said for secret in match.state["secrets"])
    assert all(step["choice"] is None for step in steps(client, table_id, "spectator")["steps"])


def test_a_seat_sees_its_own_choices_and_who_moved_but_not_what_the_others_chose(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    for step, entry in zip(steps(client, table_id, "2")["steps"], match.log, strict=True):
        assert step["seat"] == entry["seat"]
        assert step["choice"] == (entry["choice"] if entry["seat"] == 2 else None)
        assert step["hidden"] == (entry["seat"] != 2)


def test_everything_shows_every_seat_s_secret_once_the_game_is_over(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    final = views(client, table_id, "all", len(match.log))[0]
    assert [panel["seats"] for panel in final["panels"]] == [[0], [1], [2]]
    assert [panel["view"]["you"]["secret"] for panel in final["panels"]] == match.state["secrets"]
    assert all(step["choice"] is not None for step in steps(client, table_id, "all")["steps"])


def test_a_running_table_is_not_replayed(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"], status="running")
    for path in ("replay", "replay?seat=0", "replay/views?seat=0", "replay/views?seat=spectator"):
        response = client.get(f"/api/tables/{table_id}/{path}")
        assert response.status_code == 403 and response.json()["error"] == "not-over"
        assert str(match.state["secrets"][1]) not in response.text


def test_a_table_that_ended_is_replayed_even_if_it_was_refused_while_running(client: TestClient) -> None:
    table_id = store(client, tiny_game(), ["Adso", "William", "Jorge"], status="running")
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 403
    client.app.state.store.set_status(table_id, "over")
    assert steps(client, table_id)["finished"]


@pytest.mark.parametrize(("query", "code"), [
    ("replay?seat=3", "bad-seat"), ("replay?seat=-1", "bad-seat"), ("replay?seat=everyone", "bad-seat"),
    ("replay/views?seat=9", "bad-seat"), ("replay/views?seat=0&from=999", "bad-move"),
    ("replay/views?seat=0&from=-2", "bad-move"), ("replay/views?seat=0&count=0", "bad-move"),
    ("replay/views?seat=0&count=65", "bad-move"), ("replay/views?seat=0&from=x", "bad-move"),
])
def test_a_bad_perspective_or_move_is_refused_with_its_code(client: TestClient, query: str, code: str) -> None:
    table_id = store(client, tiny_game(), ["Adso", "William", "Jorge"])
    response = client.get(f"/api/tables/{table_id}/{query}")
    assert response.status_code == 400 and response.json()["error"] == code


def test_an_unknown_table_is_not_found(client: TestClient) -> None:
    response = client.get("/api/tables/nothing-here/replay")
    assert response.status_code == 404 and response.json()["error"] == "unknown-table"


def test_the_client_ids_in_the_log_stay_on_the_server(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", "Jorge"])
    assert "cid-" not in everything_said(client, table_id, "all", len(match.log))


def test_the_saved_match_carries_the_seats_names_and_replays(client: TestClient) -> None:
    match = tiny_game()
    table_id = store(client, match, ["Adso", "William", None])
    saved = client.get(f"/api/tables/{table_id}/match").json()
    assert saved["seats"] == [{"seat": 0, "name": "Adso", "bot": None}, {"seat": 1, "name": "William", "bot": None},
                              {"seat": 2, "name": None, "bot": "random"}]
    assert Match.from_json(saved).outcome() == match.outcome()


def test_the_viewer_page_is_served_at_games_id_replay(client: TestClient) -> None:
    table_id = store(client, tiny_game(), ["Adso", "William", "Jorge"])
    response = client.get(f"/games/{table_id}/replay?move=3&seat=1")
    assert response.status_code == 200 and "/web/app.js" in response.text


def test_a_game_finished_at_a_table_is_replayed(client: TestClient) -> None:
    table_id = create(client, players=2, bots=["random", "random"], options={"target": 4})["table"]["id"]
    for _ in range(500):
        if client.get(f"/api/tables/{table_id}").json()["table"]["status"] == "over":
            break
        time.sleep(0.02)
    replay = steps(client, table_id)
    assert replay["finished"] and replay["moves"] == len(client.get(f"/api/tables/{table_id}/match").json()["log"])


def test_a_table_asked_for_by_many_at_once_is_replayed_once() -> None:
    loads: list[str] = []

    async def load(table_id: str) -> Saved:
        loads.append(table_id)
        await asyncio.sleep(0.01)
        return Saved(tiny_game().to_json(), [])

    async def many() -> list[Any]:
        cache = ReplayCache(load)
        return await asyncio.gather(*(cache.get("t") for _ in range(5)))

    replays = asyncio.run(many())
    assert loads == ["t"] and all(loaded is replays[0] for loaded in replays)


def test_a_refusal_reaches_everyone_who_asked_and_is_not_kept() -> None:
    loads: list[str] = []

    async def load(table_id: str) -> Saved:
        loads.append(table_id)
        await asyncio.sleep(0.01)
        raise LobbyError("not-over", "still running", 403)

    async def twice() -> list[Any]:
        cache = ReplayCache(load)
        first = await asyncio.gather(cache.get("t"), cache.get("t"), return_exceptions=True)
        return [*first, *(await asyncio.gather(cache.get("t"), return_exceptions=True))]

    answers = asyncio.run(twice())
    assert all(isinstance(answer, LobbyError) and answer.code == "not-over" for answer in answers)
    assert loads == ["t", "t"]  # asked again later: looked up again (the game may have ended)


# --- ludus replay FILE --web -------------------------------------------------------------------------------

def replay_file(path: Path, *extra: str) -> subprocess.Popen[str]:
    """`ludus replay FILE --web` as someone on a machine without a display runs it."""
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), str(ROOT / "src")])
    script = ("import sys; import ludus.engine.registry as r; r.GAMES['tiny'] = 'tiny_game:GAME'; "
              "from ludus.cli import main; raise SystemExit(main(sys.argv[1:]))")
    return subprocess.Popen([sys.executable, "-c", script, "replay", str(path), "--web", *extra], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_saved_match_opens_in_the_viewer_read_only(tmp_path: Path) -> None:
    match = tiny_game()
    path = tmp_path / "our game.json"
    path.write_text(match.dumps(), encoding="utf-8")
    process = replay_file(path)
    try:
        line = process.stdout.readline()  # printed once the address is bound: no waiting on a clock
        url = re.search(r"http://\S+", line).group(0)
        assert url.endswith("/games/our-game/replay") and f"tiny, {len(match.log)} moves, finished" in line
        base = url.removesuffix("/games/our-game/replay")
        with httpx.Client(base_url=base, timeout=30, follow_redirects=False) as http:
            replay = _retrying(lambda: http.get("/api/tables/our-game/replay?seat=0"))
            assert replay.status_code == 200 and replay.json()["moves"] == len(match.log)
            assert replay.json()["table_page"] is None
            assert http.get("/api/tables/our-game/match").json() == match.to_json()
            assert http.get(url).status_code == 200 and http.get("/").headers["location"] == "/games/our-game/replay"
            assert http.get("/api/tables/other/replay").json()["error"] == "unknown-table"
            # read-only: there is no lobby, no joining, no playing
            assert http.post("/api/tables", json={"game": "tiny"}).status_code in (404, 405)
            assert http.post("/api/tables/our-game/join", json={"name": "Eve"}).status_code in (404, 405)
            assert http.get("/web/replay.js").status_code == 200
            assert http.get("/i18n/zh").json()["replay.play"] == "播放"
    finally:
        process.terminate()
        process.wait(30)


def _retrying(request: Any) -> httpx.Response:
    for _ in range(300):
        try:
            return request()
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError("the viewer did not answer")


def test_a_file_that_is_not_a_match_is_refused_before_serving(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    data = tiny_game().to_json()
    broken.write_text(json.dumps({**data, "log": [{"seat": 0, "choice": "+7"}]}), encoding="utf-8")
    process = replay_file(broken)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and "ludus:" in err and "http" not in out
    missing = replay_file(tmp_path / "nowhere.json")
    out, err = missing.communicate(timeout=60)
    assert missing.returncode == 2 and "nowhere.json" in err


def test_kept_answers_stay_within_their_budget_the_least_recently_seen_going_first() -> None:
    async def load(table_id: str) -> Saved:
        raise AssertionError("not needed")

    async def fill() -> ReplayCache:
        cache = ReplayCache(load, budget=100)
        await cache.kept(("t", "0", 0), lambda: ["a" * 40])
        await cache.kept(("t", "0", 1), lambda: ["b" * 40])
        await cache.kept(("t", "0", 0), lambda: ["never made: it is kept"])  # seen again: the newest now
        await cache.kept(("t", "0", 2), lambda: ["c" * 40])
        return cache

    cache = asyncio.run(fill())
    assert list(cache.texts) == [("t", "0", 0), ("t", "0", 2)] and cache.size == 80


def test_an_unfinished_saved_match_offers_each_seat_and_the_spectator_but_not_everything(tmp_path: Path) -> None:
    from ludus.server.replay_file import create_file_app

    match = tiny_game()
    path = tmp_path / "half.json"
    path.write_text(json.dumps({**match.to_json(), "log": match.log[:5]}), encoding="utf-8")
    app, viewer, replay = create_file_app(path)
    assert viewer == "/games/half/replay" and not replay.finished
    with TestClient(app) as client:
        half = client.get("/api/tables/half/replay").json()
        assert half["seat"] == "spectator" and half["perspectives"] == [0, 1, 2, "spectator"] and not half["finished"]
        assert client.get("/api/tables/half/replay/views?seat=1&from=5&count=1").json()["views"][0]["view"]["you"]
        refused = client.get("/api/tables/half/replay?seat=all")
        assert refused.status_code == 403 and refused.json()["error"] == "not-over"
