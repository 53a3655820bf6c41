"""Chat at every table. Shadows team chat: the team's detectives write, their officer reads, nobody else ever
receives a line. Rose and Floors: the players talk, spectators read; every line is kept with the table."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from server_helpers import create, join, until
from starlette.testclient import TestClient

from ludus.server.live import chat


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


def rose_table(client: TestClient) -> tuple[str, list[str]]:
    created = create(client, game="rose", players=3, name="Adso", bots=[None, None, "random"])
    table_id = created["table"]["id"]
    return table_id, [created["token"], join(client, table_id, "William")["token"]]


def test_the_players_at_a_rose_table_chat_and_spectators_read_along(client: TestClient) -> None:
    table_id, tokens = rose_table(client)
    with seated(client, table_id, [*tokens, None]) as (adso, william, spectator):
        adso.send_json({"type": "chat", "text": "Who moved the cellarer?"})
        for ws in (adso, william, spectator):
            line = until(ws, lambda m: m["type"] == "chat")
            assert line["channel"] == "table"
            said = [(x["seat"], x["name"], x["text"]) for x in line["lines"]]
            assert said == [(0, "Adso", "Who moved the cellarer?")]


def test_spectators_at_a_floors_table_read_but_do_not_write(client: TestClient) -> None:
    created = create(client, game="floors", players=2, name="A")
    join(client, created["table"]["id"], "B")
    with seated(client, created["table"]["id"], [None]) as (spectator,):
        spectator.send_json({"type": "chat", "text": "hi"})
        assert until(spectator, lambda m: m["type"] == "error")["code"] == "spectator"


def test_the_chat_is_kept_with_the_table_so_a_restarted_server_shows_it(db_url: str) -> None:
    from ludus.server.app import create_app

    with TestClient(create_app(db_url)) as first:
        table_id, tokens = rose_table(first)
        with seated(first, table_id, tokens[:1]) as (adso,):
            for text in ("first", "second"):
                adso.send_json({"type": "chat", "text": text})
                until(adso, lambda m: m["type"] == "chat")
    with TestClient(create_app(db_url)) as second, seated(second, table_id, tokens[1:]) as (william,):
        william.send_json({"type": "chat-sync"})
        history = until(william, lambda m: m["type"] == "chat")
    assert history["sync"] is True
    assert [(line["name"], line["text"]) for line in history["lines"]] == [("Adso", "first"), ("Adso", "second")]
    assert history["lines"][0]["n"] < history["lines"][1]["n"]


def test_a_chat_line_is_plain_text_kept_short(client: TestClient) -> None:
    table_id, tokens = rose_table(client)
    with seated(client, table_id, tokens[:1]) as (adso,):
        adso.send_json({"type": "chat", "text": "<b>bold</b>\u0000\u202e  and\n\tspaced " + "x" * 400})
        text = until(adso, lambda m: m["type"] == "chat")["lines"][0]["text"]
    assert text.startswith("<b>bold</b> and spaced x")  # kept as typed: the page shows it as text
    assert "\u0000" not in text and "\u202e" not in text
    assert len(text) == chat.MAX_TEXT


def test_a_seat_writing_faster_than_people_talk_is_told_and_nothing_is_kept(client: TestClient) -> None:
    table_id, tokens = rose_table(client)
    with seated(client, table_id, tokens[:1]) as (adso,):
        for n in range(int(chat.BURST)):
            adso.send_json({"type": "chat", "text": f"line {n}"})
            until(adso, lambda m: m["type"] == "chat")
        adso.send_json({"type": "chat", "text": "one too many"})
        assert until(adso, lambda m: m["type"] == "error")["code"] == "too-fast"
        adso.send_json({"type": "chat-sync"})
        history = until(adso, lambda m: m["type"] == "chat")
    assert [line["text"] for line in history["lines"]] == [f"line {n}" for n in range(int(chat.BURST))]
