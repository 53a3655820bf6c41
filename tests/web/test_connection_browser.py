"""The connection is always visible and no click is lost: the server stops for five seconds mid-game (a real
`ludus serve` process, killed and started again on the same port and database); the banner says so inside the
viewport, every choice is locked, the click sent just before the loss is played exactly once after the
restart, and the stored move log has no gap and no double. A missed update is fetched with a sync."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready
from served import serve
from websockets.sync.client import connect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

OUTAGE = 5.0  # seconds the server is away

# what a player could click now: not disabled, not inside an inert (locked) part of the page, on screen
CLICKABLE = """() => [...document.querySelectorAll('#board [data-choice]')]
  .filter((node) => !node.disabled && !node.closest('[inert]') && node.getBoundingClientRect().width > 0)
  .map((node) => node.getAttribute('data-choice'))"""


def stored_log(db_url: str, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        rows = db.execute("SELECT n, entry FROM ludus_moves WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()
    return [(n, json.loads(entry)) for n, entry in rows]


def spectator_history(server: str, table_id: str) -> tuple[list[dict[str, Any]], int]:
    with connect(server.replace("http", "ws") + f"/ws/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "welcome":
            pass
    return message["events"], message["seq"]


def my_turn(page: Any) -> None:
    page.wait_for_function("() => ludus.state.decisions.length > 0 && !ludus.state.pending", timeout=60_000)


def inside_viewport(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    viewport = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]


def test_a_server_outage_mid_game_is_shown_locks_the_choices_and_loses_no_click(
        browser: Any, artifacts: Path, tmp_path: Path) -> None:
    served = serve(tmp_path)
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        created = httpx.post(served.url + "/api/tables", json={
            "game": "rose", "players": 3, "name": "Ann", "bots": [None, "random", "random"], "bot_delay": 0}).json()
        table_id = created["table"]["id"]
        ann, watcher = desk.new_page(), phone.new_page()
        errors: list[str] = []
        for page in (ann, watcher):
            page.on("pageerror", lambda error: errors.append(str(error)))
        ann.goto(f"{served.url}/t/{table_id}#seat={created['token']}")
        watcher.goto(f"{served.url}/t/{table_id}")
        for page in (ann, watcher):
            wait_ready(page)
        for _ in range(3):  # a few moves first: mid-game
            my_turn(ann)
            ann.evaluate("() => ludus.playFirst()")
        my_turn(ann)
        ann.evaluate("() => window.scrollTo(0, 400)")  # the banner must not depend on the scroll position
        before = stored_log(served.db_url, table_id)

        # the server stops answering; the click goes out just before the connection is lost
        os.kill(served.process.pid, signal.SIGSTOP)
        choice = ann.evaluate(CLICKABLE)[0]
        ann.locator(f"#board [data-choice='{choice}']").first.click()
        flight = ann.evaluate("() => ludus.state.inflight")
        assert flight is not None and json.dumps(flight["choice"]) == choice
        served.kill()
        lost_at = time.monotonic()

        for page in (ann, watcher):
            page.wait_for_selector("#connection-banner[data-state='lost']")
            assert inside_viewport(page, "#connection-banner")
            assert page.evaluate("() => document.getElementById('board').inert")
        assert ann.evaluate("""() => [...document.querySelectorAll('#board button')].every((b) => b.disabled)""")
        assert ann.evaluate(CLICKABLE) == []
        # a click during the outage chooses nothing: the board is locked, the first click is still the one in flight
        target = ann.locator("#board [data-choice]").first.bounding_box()
        if target:
            ann.mouse.click(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
        assert not ann.evaluate("() => ludus.playFirst()")
        assert ann.evaluate("() => ludus.state.inflight.cid") == flight["cid"]
        ann.screenshot(path=str(artifacts / "connection-lost-desktop.png"))
        watcher.screenshot(path=str(artifacts / "connection-lost-phone.png"))

        time.sleep(max(0.0, OUTAGE - (time.monotonic() - lost_at)))
        served.start()

        # back: the view is re-synchronized, the click is played once, and the game goes on
        ann.wait_for_function("() => ludus.state.synced && ludus.state.inflight === null", timeout=60_000)
        for page in (ann, watcher):
            page.wait_for_selector("#connection-banner", state="hidden", timeout=30_000)
        my_turn(ann)
        assert ann.evaluate(CLICKABLE)
        seq = ann.evaluate("() => ludus.state.seq")
        assert seq > len(before)
        ann.evaluate("() => ludus.playFirst()")
        ann.wait_for_function(f"() => ludus.state.seq > {seq} && ludus.state.inflight === null", timeout=60_000)
        log = stored_log(served.db_url, table_id)
        assert [n for n, _ in log] == list(range(1, len(log) + 1))  # no gap
        assert log[:len(before)] == before
        assert log[len(before)][1] == {"seat": 0, "choice": flight["choice"], "cid": flight["cid"]}
        cids = [entry["cid"] for _, entry in log if "cid" in entry]
        assert len(cids) == len(set(cids))  # no double
        assert errors == []
    finally:
        desk.close()
        phone.close()
        served.kill()


def test_a_missed_update_is_fetched_again_with_sync_since(server: str, browser: Any) -> None:
    created = httpx.post(server + "/api/tables", json={
        "game": "rose", "players": 3, "bots": ["random", "random", "random"], "bot_delay": 0.3}).json()
    table_id = created["table"]["id"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    to_server: list[dict[str, Any]] = []
    dropped: list[int] = []

    def relay(ws: Any) -> None:
        # a network that loses one message: the third update on its way to the page never arrives
        upstream = ws.connect_to_server()
        updates = [0]

        def from_page(message: str | bytes) -> None:
            to_server.append(json.loads(message))
            upstream.send(message)

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "update":
                updates[0] += 1
                if updates[0] == 3 and not dropped:
                    dropped.append(data["seq"])
                    return
            ws.send(message)

        ws.on_message(from_page)
        upstream.on_message(from_server)

    page.route_web_socket(f"**/ws/{table_id}", relay)
    try:
        page.goto(f"{server}/t/{table_id}")
        wait_ready(page)
        page.wait_for_function("() => ludus.state.synced && ludus.state.seq > 0", timeout=60_000)
        deadline = time.monotonic() + 60
        while not [m for m in to_server if m.get("type") == "sync"]:
            assert time.monotonic() < deadline, "the page never noticed the missing update"
            page.wait_for_timeout(100)
        sync = next(m for m in to_server if m.get("type") == "sync")
        assert sync["since"] == dropped[0] - 1
        page.wait_for_function(f"() => ludus.state.synced && ludus.state.seq > {dropped[0]}", timeout=60_000)
        # the page's history is whole again: what a fresh spectator is told, in the same order
        history, seq = spectator_history(server, table_id)
        page.wait_for_function(f"() => ludus.state.seq >= {seq}", timeout=60_000)
        shown = page.evaluate("() => ludus.state.log.map((entry) => entry.event)")
        assert shown[:len(history)] == history
    finally:
        context.close()
