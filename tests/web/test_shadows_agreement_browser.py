"""Shadows: Amsterdam's detectives agree where to move ("megegyeznek, hová lépnek"), in a real chromium: two
people are the black team's detectives (one at a desk, one on a phone), bots play the black officer and
the whole orange team, whose race goes on while black discusses. A proposal appears at once on the other
detective's page; the figure moves only when both agree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

CENTRE = 18


def _seat_page(browser: Any, server: str, table_id: str, token: str, seat: int, viewport: dict) -> Any:
    context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 500,
                                  has_touch=viewport["width"] < 500)
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.evaluate("([id, seat]) => localStorage.setItem(`ludus.seat.${id}`, JSON.stringify(seat))",
                  [table_id, {"token": token, "seat": seat}])
    page.goto(f"{server}/t/{table_id}")
    wait_ready(page)
    page.wait_for_function(f"() => window.ludus && ludus.state.view && ludus.state.seat === {seat}")
    return page


def _choosable(page: Any) -> list[int]:
    page.wait_for_selector(".shadows-board .hex-space.choosable")
    return [int(space) for space in page.eval_on_selector_all(
        ".shadows-board .hex-space.choosable", "(nodes) => nodes.map((n) => n.dataset.space)")]


def test_two_detectives_agree_where_to_move_while_the_other_team_races_on(server: str, browser: Any,
                                                                          artifacts: Path) -> None:
    # seats: 0 black officer (bot), 2 and 4 black detectives (people), 1, 3, 5 the orange team (bots)
    created = httpx.post(server + "/api/tables", json={
        "game": "shadows", "players": 6, "name": "Olga", "bot_delay": 1.5,
        # random bots step on police often: a high limit keeps the round (and black's cards) going
        "options": {"police_limit": 12},
        "bots": ["random", "random", None, "random", None, "random"]}).json()
    table_id = created["table"]["id"]
    assert created["seat"] == 2
    dirk_seat = httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": "Dirk"}).json()
    assert dirk_seat["seat"] == 4
    olga = _seat_page(browser, server, table_id, created["token"], 2, {"width": 1280, "height": 900})
    dirk = _seat_page(browser, server, table_id, dirk_seat["token"], 4, {"width": 390, "height": 844})
    errors: list[str] = []
    for page in (olga, dirk):
        page.on("pageerror", lambda error: errors.append(str(error)))

    # the bot officer hands over cards; Olga proposes a space: Dirk sees it at once, nothing moves yet
    first = _choosable(olga)[0]
    olga.locator(f".shadows-board .hex-space.choosable[data-space='{first}']").click()
    dirk.wait_for_selector(f"#shadows-agreement[data-proposal='{first}'] #agree-move")
    dirk.wait_for_selector(f".shadows-board .proposal-mark[data-space='{first}']")
    assert "Olga" in dirk.inner_text("#shadows-agreement") and "Dirk" in olga.inner_text("#agreement-who")
    assert olga.locator("#agree-move").count() == 0  # she has agreed: she waits for Dirk
    assert olga.evaluate("() => ludus.state.view.teams.black.figure") == CENTRE
    assert olga.evaluate("() => ludus.state.view.teams.orange.proposal") is None

    # the orange team plays on meanwhile (real time: nobody waits for black's discussion)
    orange_before = olga.evaluate("() => ludus.state.view.landings.filter((l) => l.team === 'orange').length")
    olga.wait_for_function("(before) => ludus.state.view.landings.filter((l) => l.team === 'orange').length > before",
                           arg=orange_before, timeout=90_000)
    assert olga.evaluate("() => ludus.state.view.teams.black.figure") == CENTRE
    dirk.evaluate("() => window.scrollTo(0, 0)")
    dirk.screenshot(path=str(artifacts / "shadows-agreement-phone.png"), full_page=True)

    # Dirk proposes another space instead; Olga agrees to it and the figure goes there
    other = next(space for space in _choosable(dirk) if space != first)
    dirk.locator(f".shadows-board .hex-space.choosable[data-space='{other}']").click()
    olga.wait_for_selector(f"#shadows-agreement[data-proposal='{other}'] #agree-move:not([disabled])")
    olga.screenshot(path=str(artifacts / "shadows-agreement-desktop.png"), full_page=True)
    olga.click("#agree-move")
    for page in (olga, dirk):
        page.wait_for_function("(at) => ludus.state.view.landings.some((l) => l.team === 'black' && l.space === at)",
                               arg=other)
    assert olga.evaluate("() => ludus.state.view.teams.black.figure") == other
    assert errors == []
    for page in (olga, dirk):
        page.context.close()
