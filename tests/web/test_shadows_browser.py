"""Shadows: Amsterdam in a real chromium: the black team's officer and detective are two people in two browser
contexts, the orange team two bots, a third context watches. Cards are given and the figure moved by clicking;
the detective's chat reaches the officer; the officer's map card never reaches the detective's or the
spectator's page; a reload resumes; the game ends with every round's maps revealed. A second, short test
checks the co-op countdown on the page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

# Answer what a person would: give the first card(s), move to the first space, keep one's role.
AUTO = """() => {
  const s = window.ludus && window.ludus.state;
  if (!s || !s.view || s.pending) return 'idle';
  const d = s.decisions.find((x) => ['give', 'move', 'next-officer'].includes(x.kind));
  if (!d) return 'idle';
  const pick = d.kind === 'next-officer' && d.options.includes(s.seat) ? s.seat : d.options[0];
  return ludus.send(pick) ? 'played' : 'idle';
}"""
CHAT = "the bicycle, surely"


def shoot(page: Any, path: Path) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)


def wait_for_seat(page: Any, seat: int | None) -> None:
    wanted = "null" if seat is None else seat
    wait_ready(page)
    page.wait_for_function(f"() => window.ludus && ludus.state.view && ludus.state.seat === {wanted}")


def role(page: Any) -> str | None:
    return page.evaluate("() => ludus.state.view.you?.role ?? null")


def assert_no_map_unless_officer(page: Any) -> None:
    html = page.content()
    view_map = page.evaluate("() => ludus.state.view.map")
    if role(page) == "officer":
        return
    assert view_map is None
    assert 'data-secret="map"' not in html and "map-overlay" not in html


def give_by_clicking(page: Any) -> list[str]:
    """Pick two face-up cards and give them; another officer may take one first, then pick again."""
    for _ in range(10):
        page.wait_for_function("() => !ludus.state.pending && ludus.state.decisions.some((d) => d.kind === 'give')")
        for _ in range(2):
            page.locator(".face-up .clue-card.choosable:not([disabled]):not(.selected)").first.click()
        picked = page.evaluate("() => [...document.querySelectorAll('.face-up .clue-card.selected')]"
                               ".map((card) => card.dataset.card)")
        if len(picked) != 2:  # the row changed under the pointer (the other officer took a card)
            continue
        try:
            page.click("#give-cards:not([disabled])", timeout=2000)
        except PlaywrightTimeout:
            continue
        page.wait_for_function("() => !ludus.state.pending")
        hand = page.evaluate("() => ludus.state.view.teams.black.hand")
        if sorted(hand) == sorted(picked):
            return picked
        if hand and set(hand) <= set(picked):  # one picked card was taken just before the give: one was given
            return hand
        if page.locator("#shadows-refusal").count():  # the orange officer was quicker: the page says so
            assert "Too late" in page.inner_text("#shadows-refusal")
    raise AssertionError("no cards could be given")


# a whole game on a busy 2-core machine takes what it takes: no clock of its own, only the
# suite's safety net, so a game that stalls still fails (with the stack of where it waited)
@pytest.mark.timeout(900)
def test_a_whole_team_game_with_two_people_two_bots_and_a_spectator(server: str, browser: Any, artifacts: Path) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    watcher = browser.new_context(viewport={"width": 1000, "height": 800})
    olga, dirk, spectator = desk.new_page(), phone.new_page(), watcher.new_page()
    errors: list[str] = []
    for page in (olga, dirk, spectator):
        page.on("pageerror", lambda error: errors.append(str(error)))

    # Olga starts a table: seat 0 black officer (her), 1 orange officer bot, 2 black detective (Dirk), 3 bot
    olga.goto(server + "/")
    wait_ready(olga, "lobby")
    olga.wait_for_selector("#create-table")
    olga.select_option("#create-game", "shadows")
    olga.select_option("#create-players", "4")
    olga.select_option('select[data-seat="1"]', "easy")
    olga.select_option('select[data-seat="2"]', "human")
    olga.select_option('select[data-seat="3"]', "easy")
    olga.fill("#create-name", "Olga")
    olga.click("#create-table")
    wait_ready(olga)
    olga.wait_for_url("**/t/*")
    wait_for_seat(olga, 0)
    invite = olga.input_value("input.invite")
    dirk.goto(invite)
    wait_ready(dirk)
    dirk.wait_for_selector("#join-table")
    dirk.fill("#join-name", "Dirk")
    dirk.click("#join-table")
    wait_for_seat(dirk, 2)
    spectator.goto(invite)
    wait_ready(spectator)
    wait_for_seat(spectator, None)
    olga.wait_for_selector(".shadows-board .map-overlay[data-card='black']")
    assert role(olga) == "officer" and role(dirk) == "detective"
    for page in (dirk, spectator):
        assert_no_map_unless_officer(page)

    # the officer gives two cards by clicking them; the detective moves by clicking a space
    given = give_by_clicking(olga)
    dirk.wait_for_selector(".shadows-board .hex-space.choosable")
    for card in given:
        assert dirk.locator(f".hands .team-hand.black img[data-card='{card}']").count() == 1
    shoot(olga, artifacts / "shadows-give-desktop.png")
    shoot(dirk, artifacts / "shadows-move-phone.png")
    target = int(dirk.locator(".shadows-board .hex-space.choosable").first.get_attribute("data-space"))
    dirk.locator(".shadows-board .hex-space.choosable").first.click()
    dirk.wait_for_function(f"() => ludus.state.view.landings.some((l) => l.team === 'black' && l.space === {target})")

    # the detective writes, the officer reads and has no input; the spectator gets nothing
    dirk.fill("#chat-input", CHAT)
    for _ in range(12):
        # the page sends only while its socket is open (a busy machine may have it reconnecting): the line stays in
        # the input until then, as it would for a person, who would press send again
        dirk.click("#chat-send")
        try:
            dirk.wait_for_function("() => document.querySelector('#chat-input')?.value === ''", timeout=10_000)
            break
        except PlaywrightTimeout:
            continue
    olga.wait_for_function(f"() => document.querySelector('#chat-lines')?.textContent.includes({CHAT!r})",
                           timeout=120_000)
    assert olga.locator("#chat-input").count() == 0
    assert spectator.locator("#table-chat").count() == 0 and CHAT not in spectator.content()

    # a reload resumes the seat, the map and the chat
    olga.reload()
    wait_for_seat(olga, 0)
    olga.wait_for_function(f"() => document.querySelector('#chat-lines')?.textContent.includes({CHAT!r})")
    if role(olga) == "officer" and olga.evaluate("() => ludus.state.view.phase") == "play":
        olga.wait_for_selector(".shadows-board .map-overlay")

    checks = 0
    while True:
        if all(page.evaluate("() => ludus.state.view.phase") == "over" for page in (olga, dirk, spectator)):
            break
        results = [olga.evaluate(AUTO), dirk.evaluate(AUTO)]
        checks += 1
        if checks % 10 == 0:
            for page in (olga, dirk, spectator):
                assert_no_map_unless_officer(page)
        if checks == 30:
            shoot(olga, artifacts / "shadows-midgame-desktop.png")
            shoot(dirk, artifacts / "shadows-midgame-phone.png")
        if "played" not in results:
            time.sleep(0.1)

    assert errors == []
    for page in (olga, dirk, spectator):
        page.wait_for_selector("#end-screen .shadows-scores")
        assert page.locator(".round-result").count() >= 2
        assert page.locator(".round-result .mini-map[data-card='black'] .mini.police").count() >= 1
        assert "map-overlay" not in page.content()  # no map card once the game is over
    shoot(olga, artifacts / "shadows-end-desktop.png")
    shoot(dirk, artifacts / "shadows-end-phone.png")
    assert errors == []
    for context in (desk, phone, watcher):
        context.close()


def test_the_coop_countdown_runs_on_the_page(server: str, browser: Any, artifacts: Path) -> None:
    created = httpx.post(server + "/api/tables", json={"game": "shadows", "players": 2, "name": "Olga",
                                                       "options": {"coop": "super-agent"}}).json()
    table_id = created["table"]["id"]
    httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": "Dirk"})
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    seat = {"token": created["token"], "seat": 0}
    page.evaluate("([key, seat]) => localStorage.setItem(key, JSON.stringify(seat))", [f"ludus.seat.{table_id}", seat])
    page.goto(f"{server}/t/{table_id}")
    wait_ready(page)
    page.wait_for_function("() => ludus.state.view && ludus.state.view.clock && ludus.state.view.clock.deadline")
    page.wait_for_selector("#shadows-clock")
    first = page.inner_text("#shadows-clock")
    minutes, seconds = (int(part) for part in first.split(":"))
    assert 0 < minutes * 60 + seconds <= 180
    page.wait_for_function(f"() => document.querySelector('#shadows-clock').textContent !== {first!r}")
    shoot(page, artifacts / "shadows-coop-desktop.png")
    context.close()
