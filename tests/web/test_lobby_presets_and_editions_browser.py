"""The lobby offers a game's presets (Shadows' "First game") and lets the creator of a Name of the Rose table
type the component values of their own copy, checked as typed and by the server; the Rules page shows which
values are assumptions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def _lobby(browser: Any, server: str, width: int = 1280, height: int = 900) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.wait_for_selector("#create-table")
    return page


def _table_options(server: str, page: Any) -> dict:
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    return httpx.get(f"{server}/api/tables/{table_id}").json()["table"]["options"]


def test_the_first_game_preset_plays_the_easier_map_cards_only(server: str, browser: Any, artifacts: Path) -> None:
    page = _lobby(browser, server)
    page.select_option("#create-game", "shadows")
    page.select_option("#create-players", "4")
    page.click("button[data-preset='first-game']")
    page.wait_for_selector("button[data-preset='first-game'][aria-pressed='true']")
    page.click("details.options summary")
    assert page.input_value("#opt-max_map_rating") == "1"
    page.screenshot(path=str(artifacts / "lobby-first-game-desktop.png"), full_page=True)
    page.fill("#create-name", "Olga")
    page.click("#create-table")
    options = _table_options(server, page)
    assert options["max_map_rating"] == 1 and options["districts_each_round"] is False
    page.context.close()


def test_the_creator_types_the_component_values_of_their_copy_checked_with_clear_errors(
        server: str, browser: Any, artifacts: Path) -> None:
    page = _lobby(browser, server, 390, 844)
    page.select_option("#create-game", "rose")
    page.select_option("#create-players", "3")
    page.click("#edition summary")
    hours = "#edition-monk_card_hours"
    page.fill(hours, "1, 2, 3")
    assert page.inner_text(f"{hours}-error") == "4 numbers are needed, not 3."
    page.fill(hours, "1, 2, 3, 9")
    assert page.inner_text(f"{hours}-error") == "Each number must be from 0 to 5."
    page.screenshot(path=str(artifacts / "lobby-edition-error-phone.png"), full_page=True)
    page.fill("#create-name", "Adso")
    page.click("#create-table")  # the server refuses the wrong row too: no table, a message
    page.wait_for_selector(".toast")
    assert page.url.rstrip("/") == server
    page.select_option("#lang", "hu")
    page.wait_for_function("() => document.querySelector('#create-table').textContent === 'Asztal nyitása'")
    page.fill(hours, "1, 2, x, 4")
    assert page.inner_text(f"{hours}-error") == "Vesszővel elválasztott egész számokat írj."
    page.fill(hours, "0, 2, 4, 5")
    assert page.locator(f"{hours}-error").is_hidden()
    page.click("#create-table")
    assert _table_options(server, page)["edition"] == {"monk_card_hours": [0, 2, 4, 5]}
    page.evaluate("() => localStorage.setItem('ludus.lang', 'en')")
    page.context.close()


def test_the_rules_page_says_which_rose_values_are_assumed_and_shows_them(server: str, browser: Any,
                                                                         artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/rules/rose")
    wait_ready(page, "rules")
    page.wait_for_selector("#assumed-values table")
    rows = page.inner_text("#assumed-values")
    assert "1, 2, 3, 4" in rows and "2, 2, 3, 3, 4, 5, 6" in rows and "2, 3" in rows
    assert "Component values" in page.inner_text(".rules")  # where a player with a copy changes them
    page.screenshot(path=str(artifacts / "rules-rose-assumed-phone.png"), full_page=True)
    page.goto(server + "/rules/floors")
    wait_ready(page, "rules")
    page.wait_for_selector("#assumed-values", state="detached")
    context.close()
