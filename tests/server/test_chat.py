"""Shadows team chat: the team's detectives write, their officer reads, nobody else ever receives a line."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from server_helpers import create, join, until
from starlette.testclient import TestClient


@contextlib.contextmanager
def seated(client: TestClient, table_id: str, tokens: list[str | None]) -> Iterator[list[Any]]:
    with contextlib.ExitStack() as stack:
        sockets = []
        for token in tokens:
            ws = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
            ws.send_json({"type": "hello", "token": token})
            until(ws, lambda m: m["type"] == "welcome")
            sockets.append(ws)
        yield sockets


def two_teams(client: TestClient) -> tuple[str, list[str]]:
    """Seats 0 and 1 are the black and orange officers, 2 and 3 their detectives."""
    created = create(client, game="shadows", players=4, name="Seat0", bot_delay=0)
    table_id = created["table"]["id"]
    tokens = [created["token"]] + [join(client, table_id, f"Seat{n}")["token"] for n in (1, 2, 3)]
    return table_id, tokens


def received_before_pong(ws: Any) -> list[dict[str, Any]]:
    """Everything a connection got until the answer to a ping: what it would have seen by now."""
    ws.send_json({"type": "ping"})
    seen = []
    while (message := ws.receive_json())["type"] != "pong":
        seen.append(message)
    return seen


def test_a_detectives_line_reaches_only_the_own_team(client: TestClient) -> None:
    table_id, tokens = two_teams(client)
    with seated(client, table_id, [*tokens, None]) as (black_officer, orange_officer, black_detective,
                                                        orange_detective, spectator):
        black_detective.send_json({"type": "chat", "text": "  the  bicycle,  surely "})
        for ws in (black_detective, black_officer):
            line = until(ws, lambda m: m["type"] == "chat")
            assert line["team"] == "black"
            assert [(x["seat"], x["name"], x["text"]) for x in line["lines"]] == [(2, "Seat2", "the bicycle, surely")]
        for ws in (orange_officer, orange_detective, spectator):
            assert not [m for m in received_before_pong(ws) if m["type"] == "chat"]


def test_the_officer_reads_but_may_not_write(client: TestClient) -> None:
    table_id, tokens = two_teams(client)
    with seated(client, table_id, tokens[:1]) as (officer,):
        officer.send_json({"type": "chat", "text": "go north"})
        error = until(officer, lambda m: m["type"] == "error")
        assert error["code"] == "officer-silent"


def test_spectators_neither_write_nor_read(client: TestClient) -> None:
    table_id, _ = two_teams(client)
    with seated(client, table_id, [None]) as (spectator,):
        spectator.send_json({"type": "chat", "text": "hello"})
        assert until(spectator, lambda m: m["type"] == "error")["code"] == "no-chat"
        spectator.send_json({"type": "chat-sync"})
        assert until(spectator, lambda m: m["type"] == "error")["code"] == "no-chat"


def test_a_sync_gives_each_team_only_its_own_history(client: TestClient) -> None:
    table_id, tokens = two_teams(client)
    with seated(client, table_id, tokens) as (_, _, black_detective, orange_detective):
        black_detective.send_json({"type": "chat", "text": "black secret"})
        orange_detective.send_json({"type": "chat", "text": "orange secret"})
        until(black_detective, lambda m: m["type"] == "chat")
        until(orange_detective, lambda m: m["type"] == "chat")
    with seated(client, table_id, tokens[:2]) as (black_officer, orange_officer):
        black_officer.send_json({"type": "chat-sync"})
        orange_officer.send_json({"type": "chat-sync"})
        black = until(black_officer, lambda m: m["type"] == "chat")
        orange = until(orange_officer, lambda m: m["type"] == "chat")
    assert [line["text"] for line in black["lines"]] == ["black secret"]
    assert [line["text"] for line in orange["lines"]] == ["orange secret"]


def test_empty_text_is_refused(client: TestClient) -> None:
    table_id, tokens = two_teams(client)
    with seated(client, table_id, tokens[2:3]) as (detective,):
        detective.send_json({"type": "chat", "text": "   "})
        assert until(detective, lambda m: m["type"] == "error")["code"] == "malformed"


def test_other_games_have_no_chat(client: TestClient) -> None:
    created = create(client, game="floors", players=2, name="A")
    join(client, created["table"]["id"], "B")
    with seated(client, created["table"]["id"], [created["token"]]) as (ws,):
        ws.send_json({"type": "chat", "text": "hi"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "no-chat"
