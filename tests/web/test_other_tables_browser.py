"""Fearsome Floors and Shadows: Amsterdam tables load in the browser, take a move, and show no script errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.mark.parametrize(("game", "players", "bots"), [
    ("floors", 2, [None, "easy"]),
    ("shadows", 4, [None, "random", "random", "random"]),
])
def test_a_table_renders_and_takes_a_move(server: str, browser: Any, artifacts: Path, game: str, players: int,
                                          bots: list) -> None:
    created = httpx.post(server + "/api/tables", json={"game": game, "players": players, "name": "Adso",
                                                       "bots": bots, "bot_delay": 0.3}).json()
    assert "table" in created, created
    table_id = created["table"]["id"]
    for width, label in ((1280, "desktop"), (375, "phone")):
        context = browser.new_context(viewport={"width": width, "height": 860})
        errors: list[str] = []
        page = context.new_page()
        page.on("pageerror", lambda error, sink=errors: sink.append(str(error)))
        page.goto(server + "/")
        wait_ready(page, "lobby")
        page.evaluate("([id, token]) => localStorage.setItem(`ludus.seat.${id}`, JSON.stringify({token, seat: 0}))",
                      [table_id, created["token"]])
        page.goto(f"{server}/t/{table_id}")
        wait_ready(page)
        page.wait_for_function("() => window.ludus && ludus.state.view && ludus.state.seat === 0")
        if label == "desktop":
            played = False
            for _ in range(5):  # a bot may move first and make our answer stale: then answer again
                page.wait_for_function("() => ludus.state.decisions.length > 0 && !ludus.state.pending",
                                       timeout=60_000)
                seq = page.evaluate("() => ludus.state.seq")
                assert page.evaluate("() => ludus.playFirst()")
                page.wait_for_function(f"() => ludus.state.seq > {seq} || !ludus.state.pending", timeout=60_000)
                if page.evaluate(f"() => ludus.state.seq > {seq}"):
                    played = True
                    break
            assert played
        page.wait_for_timeout(300)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts / f"{game}-table-{label}.png"), full_page=True)
        assert errors == []
        context.close()
