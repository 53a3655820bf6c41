"""The aids that teach during a real game (issue 23 point 3), as drawn on the table page: each is computed
from the seat's view alone — the test takes the view the page was sent over its WebSocket, strips the aid
from it, works the aid out again in Python and finds exactly that drawn. Each game's aid is read at 1280×800
and again at 390×844 after a change of language, so every aid is looked at in English, Hungarian and Chinese
and on both screens. The tables are staged at a moment of a real game (staging.py) where the seat is asked
something, so nothing moves while the test looks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import switch_language, wait_ready
from staging import Moment, moment_when, stage

from ludus.games.floors.aid import preview
from ludus.games.rose.aid import reminder
from ludus.games.shadows.aid import round_history

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def without_aid(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "aid"}


def open_seat(browser: Any, server: str, web_database: str, moment: Moment, lang: str) -> tuple[Any, Any, list]:
    """The seat's page, with every message its WebSocket receives kept (parsed) in the returned list."""
    context = browser.new_context(viewport=LAPTOP)
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    received: list[dict[str, Any]] = []

    def listen(socket: Any) -> None:
        socket.on("framereceived", lambda payload: received.append(json.loads(payload)) if isinstance(payload, str)
                  and payload.startswith("{") else None)

    page.on("websocket", listen)
    page.goto(stage(web_database, moment).seat_link(server, moment.seat))
    wait_ready(page)
    page.wait_for_selector("[data-aid]", timeout=60_000)
    return context, page, received


def seat_view(received: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """The latest view the server sent this seat (nothing moves at a staged table: it is the one drawn)."""
    views = [message["view"] for message in received if isinstance(message.get("view"), dict)
             and message["view"].get("seat") == seat]
    assert views, "the page was sent no view"
    return views[-1]


def on_a_phone_in(page: Any, lang: str) -> None:
    """Narrow the window to a phone's and switch the language; the aid is drawn again in it."""
    page.set_viewport_size(PHONE)
    switch_language(page, lang)
    page.wait_for_selector("[data-aid]")


def assert_usable(page: Any, width: int, shot: Path) -> None:
    """The aid's panel lies within the window's width and shows words, not catalog keys (``shot``: a picture of
    the page to look at)."""
    page.screenshot(path=str(shot), full_page=True)
    box = page.eval_on_selector("[data-aid]", "(n) => { const r = n.getBoundingClientRect();"
                                " return {left: r.left, right: r.right, text: n.innerText}; }")
    assert box["left"] >= -1 and box["right"] <= width + 1, box
    assert "aid." not in box["text"] and box["text"].strip()


FLOORS_DRAWN = """() => ({
  tile: document.querySelector('.aid-path')?.dataset.aidTile ?? null,
  steps: [...document.querySelectorAll('[data-aid-step]')].map((n) => [n.dataset.from, n.dataset.to]),
  eaten: [...document.querySelectorAll('[data-aid-eaten]')].map((n) => Number(n.dataset.aidEaten)),
  end: document.querySelector('[data-aid-end]')?.dataset.aidEnd ?? null,
  eats: JSON.parse(document.querySelector('[data-aid-eats]').dataset.aidEats),
})"""


def floors_drawn(page: Any, tile: str) -> dict[str, Any]:
    page.click(f"[data-aid-choice='{tile}']")
    page.wait_for_selector(f".aid-path[data-aid-tile='{tile}']")
    return page.evaluate(FLOORS_DRAWN)


def floors_expected(entry: dict[str, Any]) -> dict[str, Any]:
    xy = lambda sq: f"{sq[0]},{sq[1]}"  # noqa: E731
    return {"tile": entry["tile"], "steps": [[xy(s["from"]), xy(s["to"])] for s in entry["steps"]],
            "eaten": entry["eaten"], "end": xy(entry["end"]), "eats": entry["eaten"]}


def test_the_floors_monster_preview_drawn_is_the_one_the_seats_view_gives(server: str, browser: Any,
                                                                          web_database: str, artifacts: Path) -> None:
    def eats_someone(match: Any, decision: Any) -> bool:
        if decision.kind != "figure" or match.state.round < 2:
            return False
        return any(entry["eaten"] for entry in match.view(decision.seat)["aid"]["tiles"])

    moment = moment_when("floors", 3, {"aid": True}, eats_someone, seeds=range(1, 20), moves=400)
    context, page, received = open_seat(browser, server, web_database, moment, "en")
    try:
        expected = preview(without_aid(seat_view(received, moment.seat)))
        assert expected is not None and any(entry["eaten"] for entry in expected["tiles"])
        for entry in expected["tiles"]:
            assert floors_drawn(page, entry["tile"]) == floors_expected(entry)
        assert_usable(page, LAPTOP["width"], artifacts / "aid-floors-laptop.png")
        on_a_phone_in(page, "zh")
        last = expected["tiles"][-1]
        assert floors_drawn(page, last["tile"]) == floors_expected(last)
        assert_usable(page, PHONE["width"], artifacts / "aid-floors-phone.png")
        # a tile button is a thumb wide
        assert page.eval_on_selector("[data-aid-choice]", "(n) => n.getBoundingClientRect().height") >= 44
    finally:
        context.close()


ROSE_DRAWN = """() => ({
  seats: [...document.querySelectorAll('[data-aid-seat]')].map((row) => ({
    seat: Number(row.dataset.aidSeat),
    revealed: [...row.querySelectorAll('[data-aid-revealed] [data-colour]')].map((n) => n.dataset.colour),
    possible: [...row.querySelectorAll('[data-aid-possible] [data-colour]')].map((n) => n.dataset.colour),
  })),
  public: JSON.parse(document.querySelector('[data-aid-public]')?.dataset.aidPublic ?? 'null'),
})"""


def test_the_rose_reminder_drawn_is_the_one_the_seats_view_gives(server: str, browser: Any,
                                                                 web_database: str, artifacts: Path) -> None:
    def after_a_revelation(match: Any, decision: Any) -> bool:
        return decision.kind == "card" and sum(map(len, match.state.revealed)) >= 2

    moment = moment_when("rose", 4, {"aid": True}, after_a_revelation, seeds=range(1, 20), moves=2000)
    context, page, received = open_seat(browser, server, web_database, moment, "hu")
    try:
        expected = reminder(without_aid(seat_view(received, moment.seat)))
        mine = next(entry for entry in expected["seats"] if entry["seat"] == moment.seat)
        want = {"seats": [{key: entry[key] for key in ("seat", "revealed", "possible")} for entry in expected["seats"]],
                "public": mine["public"]}
        assert any(entry["revealed"] for entry in want["seats"])
        assert page.evaluate(ROSE_DRAWN) == want
        assert_usable(page, LAPTOP["width"], artifacts / "aid-rose-laptop.png")
        on_a_phone_in(page, "en")
        assert page.evaluate(ROSE_DRAWN) == want
        assert_usable(page, PHONE["width"], artifacts / "aid-rose-phone.png")
    finally:
        context.close()


SHADOWS_DRAWN = """() => ({
  moves: [...document.querySelectorAll('[data-aid-move]')].map((n) => ({
    from: n.dataset.from === '' ? null : Number(n.dataset.from), to: Number(n.dataset.to),
    cards: [...n.querySelectorAll('.aid-cards [data-card]')].map((c) => c.dataset.card),
    picture: n.querySelector('[data-picture]')?.dataset.picture ?? null,
    result: n.dataset.result === '' ? null : n.dataset.result,
  })),
  hand: JSON.parse(document.querySelector('[data-aid-hand]').dataset.aidHand),
})"""


def test_the_shadows_round_at_a_glance_drawn_is_the_one_the_seats_view_gives(
        server: str, browser: Any, web_database: str, artifacts: Path) -> None:
    def detective_after_two_moves(match: Any, decision: Any) -> bool:
        if decision.kind != "move":
            return False
        team = decision.prompt["team"]
        return sum(landing["team"] == team for landing in match.state.landings) >= 2

    moment = moment_when("shadows", 4, {"aid": True}, detective_after_two_moves, seeds=range(1, 20), moves=400)
    context, page, received = open_seat(browser, server, web_database, moment, "zh")
    try:
        expected = round_history(without_aid(seat_view(received, moment.seat)))
        assert expected is not None and len(expected["moves"]) >= 2 and expected["hand"]
        want = {"moves": [{key: move[key] for key in ("from", "to", "cards", "picture", "result")}
                          for move in expected["moves"]], "hand": expected["hand"]}
        assert page.evaluate(SHADOWS_DRAWN) == want
        assert_usable(page, LAPTOP["width"], artifacts / "aid-shadows-laptop.png")
        on_a_phone_in(page, "hu")
        assert page.evaluate(SHADOWS_DRAWN) == want
        assert_usable(page, PHONE["width"], artifacts / "aid-shadows-phone.png")
    finally:
        context.close()


def test_the_lobby_offers_the_aid_for_a_casual_table_only(server: str, browser: Any) -> None:
    """Ticking the aid unticks "Rated game" and the table is made casual with its aid; ticking "Rated game" again
    is refused with the error's words, and no table is made."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("localStorage.setItem('ludus.lang', 'hu')")
    page = context.new_page()
    try:
        page.goto(server + "/")
        wait_ready(page, "lobby")
        page.select_option("#create-game", "floors")
        page.fill("#create-name", "Rita")
        assert page.is_checked("#create-rated") and not page.is_checked("#create-aid")
        page.check("#create-aid")
        assert not page.is_checked("#create-rated")
        page.check("#create-rated")
        page.click("#create-table")
        refusal = page.wait_for_selector(".toast").inner_text()
        assert "kötetlen" in refusal  # the catalog's words (Hungarian), not the server's code
        assert "/t/" not in page.url
        page.uncheck("#create-rated")
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        wait_ready(page)
        page.wait_for_selector("[data-aid='floors']")
        table_id = page.url.rsplit("/t/", 1)[1].split("?")[0].split("#")[0]
    finally:
        context.close()
    table = httpx.get(f"{server}/api/tables/{table_id}").json()["table"]
    assert table["options"]["aid"] is True and table["rated"] is False
