"""Seats after the start: an empty seat handed to a bot by the players still there, taken back by its player
with their token, and the rematch (same seats and bot levels, a new seed, each human accepts or declines)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, join, seated, until
from starlette.testclient import TestClient

GRACE = 0.3  # seconds; the tests wait for the server's own "may be handed over now" message, not a clock


@contextlib.contextmanager
def app_with_grace(tmp_path: Path, grace: float) -> Iterator[TestClient]:
    from ludus.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'ludus.sqlite3'}", seat_grace=grace)) as client:
        yield client


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    with app_with_grace(tmp_path, GRACE) as client:
        yield client


def seat_of(message: dict[str, Any], seat: int) -> dict[str, Any]:
    return message["seats"][seat]


def post(client: TestClient, table_id: str, what: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/{what}", json=body)


def race(client: TestClient, players: int = 2, **body: Any) -> tuple[str, list[str]]:
    """A tiny-game table with Adso at seat 0 and a human joined at every other seat that is not a bot."""
    created = create(client, players=players, name="Adso", **body)
    table_id = created["table"]["id"]
    bots = body.get("bots") or [None] * players
    return table_id, [created["token"]] + [join(client, table_id, f"Player{seat}")["token"]
                                           for seat in range(1, players) if bots[seat] is None]


def test_a_seat_whose_player_is_here_cannot_be_handed_to_a_bot(tmp_path: Path) -> None:
    with app_with_grace(tmp_path, 0) as client:
        table_id, (adso, william) = race(client)
        with seated(client, table_id, william), seated(client, table_id, adso):
            refused = post(client, table_id, "hand-over", token=adso, seat=1, level="easy")
    assert refused.status_code == 409 and refused.json()["error"] == "seat-held"


def test_a_seat_left_mid_game_waits_the_grace_period_before_a_bot_may_take_it(tmp_path: Path) -> None:
    with app_with_grace(tmp_path, 600) as client:
        table_id, (adso, william) = race(client)
        assert post(client, table_id, "leave", token=william).status_code == 200
        refused = post(client, table_id, "hand-over", token=adso, seat=1, level="easy")
    assert refused.status_code == 409 and refused.json()["error"] == "seat-held"


def test_after_the_grace_period_the_players_hand_an_empty_seat_to_a_bot_that_plays_it(quick: TestClient) -> None:
    table_id, (adso, william) = race(quick, options={"target": 9})
    with seated(quick, table_id, adso) as ws:
        with seated(quick, table_id, william):
            pass  # William's connection drops
        away = until(ws, lambda m: m["type"] == "seats" and not seat_of(m, 1)["here"])
        assert seat_of(away, 1)["hand_over"] is False
        ready = until(ws, lambda m: m["type"] == "seats" and seat_of(m, 1)["hand_over"])
        assert seat_of(ready, 0)["hand_over"] is False  # Adso is here
        handed = post(quick, table_id, "hand-over", token=adso, seat=1, level="random")
        assert handed.status_code == 200 and handed.json() == {"seat": 1, "bot": "random"}
        seats = until(ws, lambda m: m["type"] == "seats" and seat_of(m, 1)["bot"] == "random")
        assert seat_of(seats, 1)["handed"] is True and seat_of(seats, 1)["name"] == "Player1"
        ws.send_json({"type": "choice", "seq": 0, "choice": "+1"})
        answered = until(ws, lambda m: m["type"] == "update" and m["seq"] == 2)
    assert answered["events"][0]["data"]["seat"] == 1  # the bot played William's turn


def test_the_player_takes_the_seat_back_with_the_token(quick: TestClient) -> None:
    table_id, (adso, william) = race(quick, options={"target": 20})
    with seated(quick, table_id, adso) as ws:
        until(ws, lambda m: m["type"] == "seats" and seat_of(m, 1)["hand_over"])
        assert post(quick, table_id, "hand-over", token=adso, seat=1, level="easy").status_code == 200
        with seated(quick, table_id, william) as back:
            back.send_json({"type": "sync"})
            view = until(back, lambda m: m["type"] == "welcome")
            assert view["seat"] == 1 and view["decisions"] == []  # the bot decides while it holds the seat
            back.send_json({"type": "choice", "seq": view["seq"], "choice": "+1"})
            assert until(back, lambda m: m["type"] == "error")["code"] == "bot-seat"
            taken = post(quick, table_id, "take-back", token=william)
            assert taken.status_code == 200 and taken.json() == {"seat": 1}
            seats = until(back, lambda m: m["type"] == "seats" and seat_of(m, 1)["bot"] is None)
            assert seat_of(seats, 1)["handed"] is False
            ws.send_json({"type": "choice", "seq": until(ws, lambda m: m["type"] == "update")["seq"], "choice": "+1"})
            mine = until(back, lambda m: m["type"] == "update" and m["decisions"])
    assert mine["decisions"][0]["seat"] == 1


def test_only_a_player_at_the_table_hands_over_another_seat_to_a_known_level(quick: TestClient) -> None:
    table_id, (adso, *_) = race(quick, players=3)
    assert post(quick, table_id, "hand-over", token="nobody", seat=1, level="easy").json()["error"] == "bad-token"
    assert post(quick, table_id, "hand-over", token=adso, seat=0, level="easy").json()["error"] == "bad-seat"
    assert post(quick, table_id, "hand-over", token=adso, seat=7, level="easy").json()["error"] == "bad-seat"
    assert post(quick, table_id, "hand-over", token=adso, seat=1, level="genius").json()["error"] == "bad-bots"
    assert post(quick, table_id, "take-back", token=adso).json()["error"] == "not-handed"


def finish(client: TestClient, table_id: str, tokens: list[str]) -> None:
    """Play the tiny game to its end: Adso reaches the target, then everyone votes."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(seated(client, table_id, token)) for token in tokens]
        sockets[0].send_json({"type": "choice", "seq": 0, "choice": "+2"})
        until(sockets[0], lambda m: m["type"] == "update")
        for ws in sockets:
            ws.send_json({"type": "choice", "seq": 1, "choice": "a"})
            until(ws, lambda m: m["type"] == "ack" or m["type"] == "update")
        until(sockets[0], lambda m: m["type"] == "update" and m["status"] == "over")


def test_a_rematch_keeps_the_seats_and_bot_levels_with_a_new_seed(quick: TestClient) -> None:
    table_id, tokens = race(quick, players=3, bots=[None, None, "random"], options={"target": 2})
    finish(quick, table_id, tokens)
    with seated(quick, table_id, tokens[1]) as william:
        asked = post(quick, table_id, "rematch", token=tokens[0], answer="accept")
        assert asked.status_code == 200
        rematch = asked.json()
        assert (rematch["seat"], rematch["token"]) == (0, tokens[0])
        assert rematch["invite"] == f"/t/{rematch['rematch']}"
        told = until(william, lambda m: m["type"] == "seats" and m["rematch"])
        assert told["rematch"] == rematch["rematch"]
    store = quick.app.state.store
    old, new = store.table(table_id), store.table(rematch["rematch"])
    assert (new.game, new.players, new.options, new.bot_delay) == (old.game, old.players, old.options, old.bot_delay)
    assert new.seed != old.seed
    assert [(s["name"], s["bot"], s["taken"], s["invited"]) for s in new.to_json()["seats"]] == [
        ("Adso", None, True, False), ("Player1", None, False, True), (None, "random", True, False)]
    assert new.status == "open"
    # the same token holds the new seat; nobody else may take the seat kept for William
    assert store.seat_for_token(new.id, store_hash(tokens[0])) == 0
    stranger = quick.post(f"/api/tables/{new.id}/join", json={"name": "Stranger"})
    assert stranger.json()["error"] == "table-full"
    again = post(quick, table_id, "rematch", token=tokens[1], answer="accept").json()
    assert again["rematch"] == new.id and again["seat"] == 1
    assert store.table(new.id).status == "running"


def store_hash(token: str) -> str:
    from ludus.server.store import hash_token

    return hash_token(token)


def test_a_declined_rematch_seat_is_free_for_someone_else_or_a_bot(quick: TestClient) -> None:
    table_id, tokens = race(quick, players=2, options={"target": 2})
    finish(quick, table_id, tokens)
    rematch = post(quick, table_id, "rematch", token=tokens[1], answer="decline").json()
    assert "seat" not in rematch
    store = quick.app.state.store
    seat = store.table(rematch["rematch"]).to_json()["seats"][1]
    assert (seat["name"], seat["taken"], seat["invited"]) == (None, False, False)
    # before the start a free seat may go to a bot at once: the accepting player fills it
    accepted = post(quick, table_id, "rematch", token=tokens[0], answer="accept").json()
    handed = post(quick, accepted["rematch"], "hand-over", token=tokens[0], seat=1, level="easy")
    assert handed.status_code == 200
    assert store.table(accepted["rematch"]).status == "running"


def test_a_rematch_is_offered_once_the_game_is_over(quick: TestClient) -> None:
    table_id, tokens = race(quick)
    refused = post(quick, table_id, "rematch", token=tokens[0], answer="accept")
    assert refused.status_code == 409 and refused.json()["error"] == "not-over"
    assert quick.app.state.store.rematch(table_id) is None
