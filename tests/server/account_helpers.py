"""Helpers for the account tests: people with their own cookies on one test client, and whole games."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from server_helpers import until
from starlette.testclient import TestClient

PASSWORD = "correct horse battery"


def at_address(client: TestClient, address: str) -> TestClient:
    """A test client of the same running app (same event loop) whose requests come from ``address``."""
    other = TestClient(client.app, client=(address, 50000))
    other.portal = client.portal
    return other


class Person:
    """A signed-in browser: its cookies are sent as a header, so several people share one test client. With an
    ``address``, its requests come from there (else from the test client's own)."""

    def __init__(self, client: TestClient, name: str, password: str = PASSWORD, signup: bool = True,
                 address: str | None = None) -> None:
        client = client if address is None else at_address(client, address)
        self.client = client
        self.name = name
        response = client.post(f"/api/account/{'signup' if signup else 'signin'}",
                               json={"name": name, "password": password})
        assert response.status_code in (200, 201), response.text
        self.account = response.json()["account"]
        self.session = response.cookies["ludus_session"]
        self.csrf = response.cookies["ludus_csrf"]
        client.cookies.clear()

    @property
    def headers(self) -> dict[str, str]:
        return {"cookie": f"ludus_session={self.session}; ludus_csrf={self.csrf}", "x-csrf-token": self.csrf}

    def post(self, path: str, **body: Any) -> Any:
        return self.client.post(path, json=body, headers=self.headers)

    def get(self, path: str) -> Any:
        return self.client.get(path, headers=self.headers)

    def socket(self, table_id: str) -> Any:
        return self.client.websocket_connect(f"/ws/{table_id}", headers={"cookie": f"ludus_session={self.session}"})


@contextlib.contextmanager
def seated(client: TestClient, table_id: str, who: str | Person | None) -> Iterator[tuple[Any, dict[str, Any]]]:
    """A WebSocket at the table: by seat token, by account (a Person), or watching (None)."""
    opened = who.socket(table_id) if isinstance(who, Person) else client.websocket_connect(f"/ws/{table_id}")
    with opened as ws:
        ws.send_json({"type": "hello", "token": who if isinstance(who, str) else None})
        yield ws, until(ws, lambda m: m["type"] == "welcome")


def play_out(client: TestClient, table_id: str, players: list[str | Person], last: bool = False) -> dict[str, Any]:
    """Play a (tiny) game to its end: whoever has a decision answers its first option (``last``: its last).
    Returns the final update."""
    with contextlib.ExitStack() as stack:
        opened = [stack.enter_context(seated(client, table_id, who)) for who in players]
        sockets = [ws for ws, _ in opened]
        latest = [welcome for _, welcome in opened]
        while latest[0]["outcome"] is None:
            movers = [i for i, m in enumerate(latest) if m["decisions"]]
            if not movers:  # a bot's turn: every socket gets its move as the next update
                latest = [until(ws, lambda m: m["type"] == "update") for ws in sockets]
                continue
            mover = movers[0]
            options = latest[mover]["decisions"][0]["options"]
            sockets[mover].send_json({"type": "choice", "seq": latest[mover]["seq"],
                                      "choice": options[-1] if last else options[0]})
            target = latest[mover]["seq"] + 1
            latest = [until(ws, lambda m, t=target: m["type"] == "update" and m["seq"] >= t) for ws in sockets]
        return latest[0]
