"""Layout defects of issue 22 (point 8), in English, Hungarian and Chinese at 1280×800 and 390×844:

- the lobby's rule-option controls stay inside their card (Hungarian choices stuck out by about 10 px);
- the phone's menu is one line of its own (in Hungarian it wrapped to three), with the account link and the
  language switch in the window;
- a signed-in player's name is whole in the header of a laptop (it was cut to "Ann Tes…" at 1280 px)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("en", "hu", "zh")
PASSWORD = "correct horse battery staple"

# every rule-option control against the inner edge of the card it sits in
OPTIONS = """() => [...document.querySelectorAll('[data-option]')].flatMap((option) => {
  const card = option.closest('.card, .panel');
  const c = card.getBoundingClientRect();
  const style = getComputedStyle(card);
  const inner = c.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
  return [...option.querySelectorAll('select, input, label, .fixed-choice')].map((node) => {
    const r = node.getBoundingClientRect();
    return {option: option.dataset.option, tag: node.tagName, right: r.right, left: r.left, inner,
            cardLeft: c.left, width: r.width};
  }).filter((item) => item.width > 0);
})"""

HEADER = """() => {
  const box = (node) => { const r = node.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
    right: r.right, height: r.height}; };
  const links = [...document.querySelectorAll('.topnav a')];
  const nav = document.querySelector('.topnav');
  const style = getComputedStyle(links[0]);
  const line = parseFloat(style.lineHeight) || 1.3 * parseFloat(style.fontSize);
  return {
    links: links.map(box), line, navHidden: nav.scrollWidth - nav.clientWidth,
    others: ['#account-link', '.langpick select', '.brand'].map((s) => box(document.querySelector(s))),
    window: innerWidth,
  };
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_options_stay_inside_their_card_and_the_menu_is_one_line(server: str, browser: Any, artifacts: Path,
                                                                      lang: str) -> None:
    errors: list[str] = []
    for where, size in VIEWPORTS.items():
        context = browser.new_context(viewport=size, is_mobile=where == "phone", has_touch=where == "phone")
        context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server + "/")
        wait_ready(page, "lobby")
        for game in ("rose", "floors", "shadows"):
            page.select_option("#create-game", game)
            page.wait_for_selector("[data-option]", state="attached")
            page.evaluate("() => document.querySelectorAll('#app details').forEach((d) => { d.open = true; })")
            controls = page.evaluate(OPTIONS)
            assert controls, f"{game} ({lang}, {where}): no rule options"
            for item in controls:
                assert item["right"] <= item["inner"] + 0.5, \
                    f"{game} ({lang}, {where}): the {item['tag']} of {item['option']} sticks out of its card by " \
                    f"{item['right'] - item['inner']:.1f} px"
                assert item["left"] >= item["cardLeft"] - 0.5
            if game == "rose":
                page.locator("[data-option]").first.scroll_into_view_if_needed()
                page.screenshot(path=str(artifacts / f"lobby-options-{lang}-{where}.png"))
        header = page.evaluate(HEADER)
        tops = {round(link["top"]) for link in header["links"]}
        assert len(tops) == 1, f"the menu ({lang}, {where}) wraps onto {len(tops)} lines: {header['links']}"
        for link in header["links"]:
            assert link["height"] <= header["line"] * 1.5, f"a menu entry ({lang}, {where}) wraps inside: {link}"
            assert link["right"] <= header["window"] + 0.5, f"a menu entry ({lang}, {where}) is out of the window"
        assert header["navHidden"] <= 0, f"the menu ({lang}, {where}) hides {header['navHidden']} px of itself"
        for other in header["others"]:
            assert other["right"] <= header["window"] + 0.5 and other["left"] >= -0.5
        if where == "phone":
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(artifacts / f"header-{lang}-phone.png"), clip={"x": 0, "y": 0, "width": 390,
                                                                                   "height": 120})
        context.close()
    assert errors == []


def test_a_signed_in_name_is_whole_in_a_laptops_header(server: str, browser: Any, artifacts: Path) -> None:
    name = f"Ann Tester-Kovács {secrets.token_hex(2)}"
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    page.goto(server + "/account")
    wait_ready(page, "account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    wait_ready(page, "me")
    for lang in LANGUAGES:
        page.evaluate(f"() => localStorage.setItem('ludus.lang', '{lang}')")
        page.goto(server + "/")
        wait_ready(page, "lobby")
        page.wait_for_function("(name) => document.getElementById('account-link').textContent === name", arg=name)
        cut = page.evaluate("() => { const link = document.getElementById('account-link');"
                            " return link.scrollWidth - link.clientWidth; }")
        assert cut <= 0, f"the name in the header ({lang}) is cut by {cut} px"
        page.screenshot(path=str(artifacts / f"header-signed-in-{lang}-desktop.png"),
                        clip={"x": 0, "y": 0, "width": 1280, "height": 60})
    context.close()
