"""Fearsome Floors in a real chromium: two people in two browser contexts plus a bot, from the lobby to the
winner screen. The first move is made by clicking a figure and squares; the monster phase is replayed on the
board; a reload resumes the seat."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

# Rush to the exit: leave if possible, else enter, else step west or north (then south, east), else stop where
# allowed; a dead end is taken back and that step not tried again from there during this move.
AUTO = """() => {
  const s = window.ludus && window.ludus.state;
  if (!s || !s.view || s.pending || !s.decisions.length || document.querySelector('[data-animating]')) return 'idle';
  const d = s.decisions[0], o = d.options;
  let pick = o[0];
  if (d.kind === 'figure') window.__tried = new Set();
  if (d.kind === 'step') {
    const tried = window.__tried || (window.__tried = new Set());
    const here = `${d.prompt.figure}@${JSON.stringify(d.prompt.at)}@${d.prompt.points}`;
    const step = ['exit', 'enter', 'W', 'N', 'S', 'E'].find((x) => o.includes(x) && !tried.has(`${here}:${x}`));
    pick = step ?? (o.includes('done') ? 'done' : 'undo');
    if (step) tried.add(`${here}:${step}`);
  }
  return ludus.send(pick) ? 'played' : 'idle';
}"""


def shoot(page: Any, path: Path) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)


def wait_for_seat(page: Any, seat: int) -> None:
    wait_ready(page)
    page.wait_for_function(f"() => window.ludus && ludus.state.view && ludus.state.seat === {seat}")


def decision(page: Any) -> dict[str, Any] | None:
    return page.evaluate("() => ludus.state.pending ? null : (ludus.state.decisions[0] || null)")


def move_first_figure_by_clicking(page: Any) -> None:
    """Click a waiting figure, the enter spot, one square on the board, undo it, another square, then done."""
    page.wait_for_function("() => ludus.state.decisions[0]?.kind === 'figure'")
    page.locator(".floors-board .figure.waiting.choosable").last.click()
    page.wait_for_selector(".floors-board [data-step='enter']")
    page.click(".floors-board [data-step='enter']")
    page.wait_for_selector(".floors-board rect.target[data-step]")
    points = decision(page)["prompt"]["points"]
    page.locator(".floors-board rect.target[data-step]").first.click()
    page.wait_for_function(f"() => !ludus.state.pending && ludus.state.decisions[0]?.prompt.points === {points - 1}")
    page.click(".prompt-bar button[data-choice='\"undo\"']")
    page.wait_for_function(f"() => !ludus.state.pending && ludus.state.decisions[0]?.prompt.points === {points}")
    target = page.locator(".floors-board rect.target[data-step='W']")
    (target if target.count() else page.locator(".floors-board rect.target[data-step]").first).click()
    page.wait_for_function(f"() => !ludus.state.pending && ludus.state.decisions[0]?.prompt.points === {points - 1}")
    at = decision(page)["prompt"]["at"]
    page.click(".prompt-bar button[data-choice='\"done\"']")
    page.wait_for_function("() => !ludus.state.pending")
    figures = page.evaluate("() => ludus.state.view.figures")
    assert any(f["seat"] == 0 and f["sq"] == at and f["moved"] for f in figures)


# a whole game on a busy 2-core machine takes what it takes: no clock of its own, only the
# suite's safety net, so a game that stalls still fails (with the stack of where it waited)
@pytest.mark.timeout(900)
def test_a_whole_game_from_the_lobby_with_two_people_and_a_bot(server: str, browser: Any, artifacts: Path) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    ann, bob = desk.new_page(), phone.new_page()
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))

    ann.goto(server + "/")
    wait_ready(ann, "lobby")
    ann.wait_for_selector("#create-table")
    ann.select_option("#create-game", "floors")
    ann.select_option("#create-players", "3")
    ann.select_option('select[data-seat="1"]', "human")
    ann.select_option('select[data-seat="2"]', "easy")
    ann.uncheck(".check input")
    ann.fill("#create-name", "Ann")
    ann.click("#create-table")
    wait_ready(ann)
    ann.wait_for_url("**/t/*")
    wait_for_seat(ann, 0)
    bob.goto(ann.input_value("input.invite"))
    wait_ready(bob)
    bob.wait_for_selector("#join-table")
    bob.fill("#join-name", "Bob")
    bob.click("#join-table")
    wait_for_seat(bob, 1)
    ann.wait_for_function("() => ludus.state.status === 'running'")
    ann.wait_for_selector(".floors-board .edge-letter")
    letters = ann.locator(".floors-board .edge-letter").all_text_contents()
    assert sorted(set(letters)) == [chr(65 + i) for i in range(20)] and len(letters) == 40
    shoot(ann, artifacts / "floors-start-desktop.png")

    move_first_figure_by_clicking(ann)
    shoot(ann, artifacts / "floors-moved-desktop.png")

    saw_monster = reloaded = False
    turns = 0
    while True:
        if ann.evaluate("() => ludus.state.outcome") and bob.evaluate("() => ludus.state.outcome"):
            break
        if not saw_monster and ann.locator("[data-animating]").count():
            saw_monster = True
            shoot(ann, artifacts / "floors-monster-desktop.png")
            shoot(bob, artifacts / "floors-monster-phone.png")
            ann.wait_for_selector("[data-animating]", state="detached", timeout=30_000)
            for page in (ann, bob):  # the rest of the game replays the monster quickly
                page.evaluate("() => localStorage.setItem('ludus.animation_speed', '20')")
        results = [ann.evaluate(AUTO), bob.evaluate(AUTO)]
        turns += 1
        if turns == 40 and not reloaded:
            seq = ann.evaluate("() => ludus.state.seq")
            ann.reload()
            wait_for_seat(ann, 0)
            assert ann.evaluate("() => ludus.state.seq") >= seq
            reloaded = True
            # no secrets in Fearsome Floors but the order of the monster deck, which no view carries
            for page in (ann, bob):
                deck = page.evaluate("() => ludus.state.view.deck")
                assert sorted(deck["all"]) == sorted(["5", "7", "7", "8", "8", "10", "hit1", "hit2"])
                assert set(deck) <= {"left", "played", "all", "draws"}
        if "played" not in results:
            time.sleep(0.05)

    assert saw_monster and reloaded
    for page in (ann, bob):
        page.wait_for_selector("#end-screen .floors-results")
    winners = json.loads(ann.get_attribute("#end-screen .floors-results", "data-winners"))
    assert winners and winners == ann.evaluate("() => ludus.state.outcome.winners")
    shoot(ann, artifacts / "floors-end-desktop.png")
    shoot(bob, artifacts / "floors-end-phone.png")
    assert errors == []
    desk.close()
    phone.close()


def test_advanced_setup_tiles_are_placed_by_clicking(server: str, browser: Any, artifacts: Path) -> None:
    """Tile from the bar, square on the board (a 1×4 pool then asks which way it lies), teleporter arrow
    around its square; the bot places its share; the move phase begins with every tile on the floor."""
    created = httpx.post(server + "/api/tables", json={"game": "floors", "players": 2, "name": "Ann",
                                                       "bots": [None, "easy"], "bot_delay": 0,
                                                       "options": {"variant": "advanced"}}).json()
    table_id = created["table"]["id"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/")
    wait_ready(page, "lobby")
    seat = {"token": created["token"], "seat": 0}
    page.evaluate("([key, seat]) => localStorage.setItem(key, JSON.stringify(seat))", [f"ludus.seat.{table_id}", seat])
    page.goto(f"{server}/t/{table_id}")
    wait_ready(page)
    wait_for_seat(page, 0)
    done: set[str] = set()
    wanted = ("pool1x4", "teleporter0", "teleporter1", "pool2x2")
    for _ in range(60):
        page.wait_for_function("() => !ludus.state.pending && (ludus.state.decisions.length > 0"
                               " || ludus.state.view.phase !== 'setup')")
        current = decision(page)
        if current is None or not current["kind"].startswith("setup_"):
            break
        if current["kind"] == "setup_tile":
            tile = next((t for t in wanted if t in current["options"] and t not in done), current["options"][0])
            done.add(tile)
            page.click(f".prompt-bar button[data-choice='\"{tile}\"']")
        elif current["kind"] == "setup_square":
            page.locator(".floors-board rect.target.setup").nth(5).click()
            if page.locator(".prompt-bar button.primary[data-choice]").count():
                done.add("orientation")
                page.locator(".prompt-bar button.primary[data-choice]").first.click()
        else:
            done.add("arrow")
            shoot(page, artifacts / "floors-setup-arrow-desktop.png")
            page.locator(".floors-board .arrow-spot").first.click()
    page.wait_for_function("() => ludus.state.view.phase === 'move'")
    view = page.evaluate("() => ludus.state.view")
    assert len(view["teleporters"]) == 4 and len(view["pools"]) == 8
    assert {"pool1x4", "teleporter0", "orientation", "arrow"} <= done
    assert page.locator(".floors-board .teleporter").count() == 4
    shoot(page, artifacts / "floors-setup-done-desktop.png")
    assert errors == []
    context.close()
