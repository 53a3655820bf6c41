"""Positions a player can find: the log and the questions name squares and spaces the way the board labels
them (Floors: column letter and row number printed around the floor; Shadows: the number on each hex; Rose: the
building's name), and hovering or tapping a log line lights up on the board what the line speaks of."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from page_helpers import wait_ready
from staging import moment_when, stage, wait_asked, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

SQUARE = re.compile(r"\b([a-p])(1[01]|[1-9])\b")
COORDINATES = re.compile(r"\d+\s*,\s*\d+")
LIT = "() => [...document.querySelectorAll('#board .mentioned')].map((n) => n.outerHTML.slice(0, 120))"


def open_seat(browser: Any, server: str, web_database: str, moment: Any, **context: Any) -> tuple[Any, Any]:
    staged = stage(web_database, moment)
    opened = browser.new_context(**context)
    page = opened.new_page()
    page.goto(staged.seat_link(server, moment.seat))
    wait_ready(page)
    wait_asked(page)
    # hovered and tapped only once nothing scrolls any more: a line brought into view under a still pointer is
    # not the line hovered (on a busy machine the question's scroll into view can come after the hover)
    wait_settled(page)
    page.wait_for_selector("#board [data-mentions]")
    return opened, page


def test_floors_squares_are_named_as_the_board_labels_them_and_light_up(server: str, browser: Any,
                                                                       web_database: str, artifacts: Path) -> None:
    moment = moment_when("floors", 3, {}, lambda match, decision: decision.kind == "step"
                         and any(event.kind == "monster_end" for event in match.events))
    context, page = open_seat(browser, server, web_database, moment, viewport={"width": 1280, "height": 800})
    columns = set(page.locator(".floors-board .coord[data-col]").all_text_contents())
    rows = set(page.locator(".floors-board .coord[data-row]").all_text_contents())
    assert columns == set("abcdefghijklmnop") and rows == {str(n) for n in range(1, 12)}
    words = [*page.locator(".log-panel li").all_text_contents(), page.inner_text("[data-prompt]")]
    assert not [line for line in words if COORDINATES.search(line)], "positions as bare coordinates"
    named = [match for line in words for match in SQUARE.finditer(line)]
    assert named, "the log names squares"
    for match in named:
        assert match.group(1) in columns and match.group(2) in rows

    line = page.locator(".log-panel li[data-mentions*='data-sq']").first
    text = line.inner_text()
    line.hover()
    square = page.locator(".floors-board rect.square.mentioned")
    assert square.count() == 1
    c, r = map(int, square.get_attribute("data-sq").split(","))
    assert f"{'abcdefghijklmnop'[c]}{r + 1}" in text, f"{text!r} lights up square {c},{r}"
    page.screenshot(path=str(artifacts / "positions-floors-hover-desktop.png"))
    line.click()  # pinned: the light stays when the pointer leaves
    page.mouse.move(5, 5)
    assert page.locator(".floors-board rect.square.mentioned").count() == 1
    line.click()
    page.mouse.move(5, 5)
    assert page.evaluate(LIT) == []
    context.close()


def test_a_tapped_log_line_brings_what_it_names_into_view_on_a_phone(server: str, browser: Any,
                                                                   web_database: str, artifacts: Path) -> None:
    moment = moment_when("floors", 3, {}, lambda match, decision: decision.kind == "figure"
                         and any(event.kind == "monster_end" for event in match.events))
    context, page = open_seat(browser, server, web_database, moment, viewport={"width": 390, "height": 844},
                              is_mobile=True, has_touch=True)
    line = page.locator(".log-panel li[data-mentions*='data-sq']").first
    line.scroll_into_view_if_needed()
    line.tap()
    square = page.locator(".floors-board rect.square.mentioned")
    assert square.count() == 1
    box = square.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, "the lit square is on screen"
    page.screenshot(path=str(artifacts / "positions-floors-tap-phone.png"))
    context.close()


def test_shadows_landings_name_the_number_shown_on_the_space(server: str, browser: Any, web_database: str,
                                                             artifacts: Path) -> None:
    moment = moment_when("shadows", 4, {}, lambda match, decision: decision.kind == "give"
                         and len(match.view(None)["landings"]) >= 2)
    context, page = open_seat(browser, server, web_database, moment, viewport={"width": 1280, "height": 800})
    numbers = page.locator(".shadows-board .space-number text").all_text_contents()
    assert sorted(map(int, numbers)) == list(range(1, 35)), "the 34 spaces are numbered on the board"
    line = page.locator(".history li[data-mentions]").first
    text = line.inner_text()
    line.hover()
    lit = page.locator(".shadows-board .hex-space.mentioned")
    assert lit.count() == 1
    number = lit.locator(".space-number text").text_content()
    assert re.search(rf"\b{number}\b", text), f"{text!r} lights up the space numbered {number}"
    page.screenshot(path=str(artifacts / "positions-shadows-hover-desktop.png"))
    context.close()


def test_rose_log_lines_light_up_the_buildings_and_pawn_they_name(server: str, browser: Any, web_database: str,
                                                                  artifacts: Path) -> None:
    moment = moment_when("rose", 4, {}, lambda match, decision: decision.kind == "card"
                         and any(event.kind == "move" for event in match.events))
    context, page = open_seat(browser, server, web_database, moment, viewport={"width": 1280, "height": 800})
    line = page.locator(".log-panel li[data-mentions*='data-building']").first
    text = line.inner_text()
    line.hover()
    names = page.locator(".abbey .building.mentioned .building-name").all_text_contents()
    assert names and all(name in text for name in names), f"{text!r} lights up {names}"
    page.screenshot(path=str(artifacts / "positions-rose-hover-desktop.png"))
    context.close()
