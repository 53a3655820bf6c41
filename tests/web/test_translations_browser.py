"""The tables read as if written in Hungarian and Chinese: the Floors doors are labelled in the page's
language (not EX/EN), the detectives' chat button says Send (Küldés, 发送) rather than "hand over", the Rose
events carry Hungarian names, and the Floors log keeps its numbers whole from 10 up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from page_helpers import switch_language, wait_ready
from staging import moment_when, stage

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

GERMAN = ("Mitteilsam", "Dicht dran", "Eilig", "Unauffällig", "Rätselhaft", "Fleißig", "Unglaublich", "Heikel",
          "Verfänglich", "Dubios", "Verboten", "Erwischt", "Forschend", "Verdächtig")
# the width the widest number of a list needs, measured in the list's own font
MARKER_ROOM = """(selector) => {
  const list = document.querySelector(selector);
  const probe = document.createElement('span');
  probe.style.font = getComputedStyle(list.querySelector('li')).font;
  probe.style.position = 'absolute';
  probe.textContent = `${list.children.length}. `;
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width;
  probe.remove();
  return {needed, room: parseFloat(getComputedStyle(list).paddingLeft), lines: list.children.length};
}"""


def open_in(browser: Any, server: str, web_database: str, moment: Any, lang: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    page.goto(stage(web_database, moment).seat_link(server, moment.seat))
    wait_ready(page)
    page.wait_for_selector(f"html[data-shown-lang='{lang}']", state="attached")
    return context, page


def test_floors_doors_and_log_speak_the_language(server: str, browser: Any, web_database: str,
                                                artifacts: Path) -> None:
    moment = moment_when("floors", 4, {}, lambda match, decision: decision.kind == "figure"
                         and sum(event.kind == "figure_done" for event in match.events) >= 12)
    context, page = open_in(browser, server, web_database, moment, "hu")
    for lang, doors in (("hu", ["Ki", "Be"]), ("zh", ["出口", "入口"])):
        switch_language(page, lang)
        page.wait_for_function("(doors) => [...document.querySelectorAll('.floors-board .door-label')]"
                               ".map((node) => node.textContent).join() === doors.join()", arg=doors)
        board_words = page.inner_text(".floors-board-panel").split()
        assert "EX" not in board_words and "EN" not in board_words
        marker = page.evaluate(MARKER_ROOM, ".floors .log")
        assert marker["lines"] >= 10 and marker["room"] >= marker["needed"], f"the log's numbers are clipped: {marker}"
        page.screenshot(path=str(artifacts / f"translations-floors-{lang}-phone.png"), full_page=True)
    context.close()


def test_the_detectives_chat_button_says_send(server: str, browser: Any, web_database: str) -> None:
    moment = moment_when("shadows", 4, {}, lambda match, decision: decision.kind == "move")
    context, page = open_in(browser, server, web_database, moment, "hu")
    for lang, send in (("hu", "Küldés"), ("zh", "发送")):
        switch_language(page, lang)
        page.wait_for_selector("#chat-send", state="attached")
        assert page.text_content("#chat-send").strip() == send
    context.close()


def test_rose_events_have_hungarian_names(server: str, browser: Any, web_database: str, artifacts: Path) -> None:
    moment = moment_when("rose", 4, {}, lambda match, decision: decision.kind == "card"
                         and match.view(None)["day"] >= 3)
    context, page = open_in(browser, server, web_database, moment, "hu")
    names = page.locator(".event-row .event-name").all_text_contents()
    shown = [name for name in names if name != "?"]
    assert len(shown) >= 3
    assert not [name for name in shown if any(german in name for german in GERMAN)], shown
    page.screenshot(path=str(artifacts / "translations-rose-hu-phone.png"), full_page=True)
    context.close()
