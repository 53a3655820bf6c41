"""The lobby shows where to play, in a real chromium against a real `ludus serve`: tables that need players
(newest first), the player's own tables, the tables running now with a filter by game, the finished ones
through the archive, how many people are online, and every table's spectators (a signed-in one by name,
guests as a count) — at 1280×800 and 390×844, in English, Hungarian and Chinese, with screenshots in
test-artifacts/."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready
from served import Served
from websockets.sync.client import connect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SIZES = {"desk": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
PASSWORD = "correct horse battery"


def make(server: str, **body: Any) -> dict[str, Any]:
    response = httpx.post(server + "/api/tables", json=body, timeout=60)
    assert response.status_code == 201, response.text
    return response.json()


def test_the_lobby_shows_where_to_play_who_is_online_and_who_watches(served: Served, browser: Any,
                                                                       artifacts: Path) -> None:
    server = served.url
    older = make(server, game="rose", players=3, name="Rita")["table"]["id"]
    newer = make(server, game="floors", players=2, name="Nora")["table"]["id"]  # both need players
    mine = make(server, game="rose", players=3, name="Dora")
    watched = make(server, game="rose", players=3, name="Bruno", bots=[None, "easy", "easy"],
                   bot_delay=10)["table"]["id"]
    floors = make(server, game="floors", players=2, bots=["easy", "easy"], bot_delay=10)["table"]["id"]

    guest = connect(f"{served.url.replace('http', 'ws')}/ws/{watched}", open_timeout=30)
    guest.send(json.dumps({"type": "hello", "token": None, "watch": True}))
    spectator = f"Wil{secrets.token_hex(2)}"
    member = browser.new_context(viewport=SIZES["desk"])
    page = member.new_page()
    page.goto(f"{server}/account")
    wait_ready(page, "account")
    page.fill("#signup-name", spectator)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    wait_ready(page, "me")
    page.goto(f"{server}/t/{watched}")  # a signed-in spectator: shown by name
    wait_ready(page)
    try:
        for lang in ("en", "hu", "zh"):
            words = httpx.get(f"{server}/i18n/{lang}", timeout=30).json()
            for size, viewport in SIZES.items():
                context = browser.new_context(viewport=viewport)
                context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}');"
                                        f"localStorage.setItem('ludus.seat.{mine['table']['id']}', "
                                        f"'{json.dumps({'token': mine['token'], 'seat': mine['seat']})}')")
                lobby = context.new_page()
                errors: list[str] = []
                lobby.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
                lobby.goto(server + "/")
                wait_ready(lobby, "lobby")

                needs = [lobby.locator("#lobby-needs .table-row").nth(i).get_attribute("data-table")
                         for i in range(lobby.locator("#lobby-needs .table-row").count())]
                assert newer in needs and older in needs and needs.index(newer) < needs.index(older)  # newest first
                assert mine["table"]["id"] not in needs
                assert lobby.locator(f"#lobby-yours [data-table='{mine['table']['id']}']").count() == 1
                row = lobby.locator(f"#lobby-running [data-table='{watched}']")
                assert row.count() == 1
                seen = row.locator(".spectators")
                assert seen.get_attribute("data-guests") == "1"
                assert spectator in seen.inner_text()
                assert words["web.lobby.guests_other"].replace("{count}", "1").strip() in seen.inner_text() \
                    or words.get("web.lobby.guests_one", "").replace("{count}", "1") in seen.inner_text()
                online = int(lobby.get_attribute("#online-count", "data-online"))
                assert online >= 3  # the guest spectator, the signed-in one and this visitor at least
                shown = lobby.inner_text("#online-count")
                assert str(online) in shown and shown in (words.get("web.lobby.online_one", "").replace(
                    "{count}", str(online)), words["web.lobby.online_other"].replace("{count}", str(online)))
                assert lobby.get_attribute("#archive-link", "href") == "/games"
                assert lobby.inner_text("#lobby-finished h2") == words["web.lobby.finished"]
                # (the sections and the count fit the width; the rule options' own width is another matter)
                wide = lobby.evaluate("""(w) => [...document.querySelectorAll(
                    '.lobby-tables, .lobby-tables *, #online-count')].filter((e) =>
                    e.getBoundingClientRect().right > w + 0.5).slice(0, 5).map((e) => e.tagName + '.' + e.className
                    + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))""", viewport["width"])
                assert not wide, wide
                lobby.screenshot(path=str(artifacts / f"lobby-sections-{size}-{lang}.png"), full_page=True)

                lobby.select_option("#running-filter", "floors")  # the running tables of one game
                lobby.wait_for_selector(f"#lobby-running [data-table='{floors}']")
                assert lobby.locator(f"#lobby-running [data-table='{watched}']").count() == 0
                lobby.select_option("#running-filter", "")
                lobby.wait_for_selector(f"#lobby-running [data-table='{watched}']")
                assert not errors
                context.close()
    finally:
        guest.close()
        member.close()
