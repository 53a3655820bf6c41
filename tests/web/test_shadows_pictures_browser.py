"""Shadows pictures on a phone (390×844) in a real chromium: the board's hexes are about 50 CSS px wide and
every element of every picture on it is drawn at least emoji size; a tap enlarges a picture; what a picture
shows is its accessible name in the page's language. The board and an enlarged card are saved to
test-artifacts/ for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

from ludus.games.shadows.pictures import deck_for
from ludus.games.shadows.pictures.render import WIDTH, layout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

SMALLEST_CSS_PX = 16
"""An emoji in running text: the least an element of a picture may measure on the phone."""


def _phone_detective(server: str, browser: Any, lang: str) -> tuple[Any, Any]:
    created = httpx.post(server + "/api/tables", json={"game": "shadows", "players": 2, "name": "Olga",
                                                       "options": {"coop": "apprentice"}}).json()
    table_id = created["table"]["id"]
    joined = httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": "Dirk"}).json()
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.evaluate("([key, seat, lang]) => { localStorage.setItem(key, JSON.stringify(seat));"
                  " localStorage.setItem('ludus.lang', lang); }",
                  [f"ludus.seat.{table_id}", {"token": joined["token"], "seat": joined["seat"]}, lang])
    page.goto(f"{server}/t/{table_id}")
    wait_ready(page)
    page.wait_for_function("() => window.ludus && ludus.state.view && ludus.state.seat === 1")
    return context, page


def test_every_element_on_the_phone_board_is_emoji_size_and_a_tap_enlarges(server: str, browser: Any,
                                                                          artifacts: Path) -> None:
    context, page = _phone_detective(server, browser, "en")
    page.wait_for_selector(".shadows-board .hex-space[data-space='18'] image")
    hex_width = page.evaluate("() => document.querySelector(\".shadows-board .hex-space[data-space='18'] image\")"
                              ".getBoundingClientRect().width")
    assert 45 <= hex_width <= 70, hex_width  # about 50 CSS px a hex on a 390 px phone
    deck = deck_for(page.evaluate("() => ludus.state.view.options.picture_seed"))
    for picture_id in page.evaluate("() => ludus.state.view.pictures.filter((p) => p)"):
        for placed in layout(deck[picture_id].scene):
            size = max(placed.width, placed.height) * hex_width / WIDTH
            assert size >= SMALLEST_CSS_PX, (picture_id, placed.icon.name, size)
    page.locator(".shadows-board").screenshot(path=str(artifacts / "shadows-board-phone.png"))

    # a tap on a space's picture opens it large, with what it shows; a tap closes it again
    picture = page.evaluate("() => ludus.state.view.pictures[5]")
    page.locator(".shadows-board .hex-space[data-space='5']").tap()
    page.wait_for_selector(f".enlarged-picture[data-picture='{picture}']")
    big = page.evaluate("() => document.querySelector('.enlarged-picture img').getBoundingClientRect().width")
    assert big >= 300
    labels = httpx.get(server + "/pictures/labels.json?lang=en").json()["labels"]
    assert page.inner_text(".enlarged-picture figcaption") == labels[picture]
    page.screenshot(path=str(artifacts / "shadows-enlarged-phone.png"))
    page.locator(".enlarged-close").tap()
    page.wait_for_selector(".enlarged-picture", state="detached")

    # the detective cannot pick face-up cards, but each has a magnifier that enlarges it
    card = page.evaluate("() => ludus.state.view.face_up[0]")
    page.locator(f".picture-zoom[data-zoom='{card}']").tap()
    page.wait_for_selector(f".enlarged-picture[data-picture='{card}']")
    page.keyboard.press("Escape")
    page.wait_for_selector(".enlarged-picture", state="detached")
    context.close()


@pytest.mark.parametrize("lang", ["hu", "zh"])
def test_what_a_picture_shows_is_said_in_the_pages_language(server: str, browser: Any, lang: str) -> None:
    context, page = _phone_detective(server, browser, lang)
    labels = httpx.get(f"{server}/pictures/labels.json?lang={lang}").json()["labels"]
    card = page.evaluate("() => ludus.state.view.face_up[0]")
    page.wait_for_function(f"() => document.querySelector(\".face-up img[data-card='{card}']\")?.alt !== {card!r}")
    assert page.get_attribute(f".face-up img[data-card='{card}']", "alt") == labels[card]
    space = page.evaluate("() => ludus.state.view.pictures[5]")
    assert page.get_attribute(".shadows-board .hex-space[data-space='5']", "aria-label") == labels[space]
    assert page.text_content(".shadows-board .hex-space[data-space='5'] title") == labels[space]
    context.close()
