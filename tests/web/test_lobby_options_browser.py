"""Words, not keys, in the lobby: every rule option of every game shows a label, its choices and a one-line
help in the page's language, never an option's key; the Shadows seat list says which team and role each seat
has, and the table's creator can change them (the game then seats everyone that way)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import switch_language, wait_ready

from ludus.engine.registry import game_ids, load_game

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


FORM = """() => ({
  fields: [...document.querySelectorAll('.lobby-options [data-option]')].map((field) => ({
    name: field.dataset.option, label: field.querySelector('label').innerText.trim(),
    help: field.querySelector('.option-help').innerText.trim() })),
  texts: [document.querySelector('.create').innerText,
          ...[...document.querySelectorAll('.create select option')].map((option) => option.textContent)],
})"""


def raw_words() -> set[str]:
    """What a key looks like on screen: an option's name or choice, with or without its underscores."""
    words: set[str] = set()
    for game_id in game_ids():
        for option in load_game(game_id).options:
            for raw in (option.name, *[c for c in option.choices or () if isinstance(c, str)]):
                if "_" in raw or "-" in raw:
                    words |= {raw, raw.replace("_", " ")}
    return words


def test_every_option_is_shown_in_words_in_every_language(server: str, browser: Any, artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    raw = raw_words()
    for lang in ("en", "hu", "zh"):
        switch_language(page, lang)
        for game in ("rose", "floors", "shadows"):
            page.select_option("#create-game", game)
            page.locator(".lobby-options summary").click()
            shown = page.evaluate(FORM)
            assert len(shown["fields"]) >= 8
            for field in shown["fields"]:
                assert field["label"] and field["help"] and field["label"] != field["help"], f"{lang} {game}: {field}"
            for words in shown["texts"]:
                assert "web.option" not in words
                found = [word for word in raw if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", words)]
                assert not found, f"{lang} {game}: raw option keys on screen: {found}"
        page.screenshot(path=str(artifacts / f"lobby-options-{game}-{lang}-phone.png"), full_page=True)
    context.close()


def test_the_shadows_seat_list_shows_and_sets_each_seats_team_and_role(server: str, browser: Any,
                                                                       artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    switch_language(page, "en")
    page.select_option("#create-game", "shadows")
    page.select_option("#create-players", "4")
    roles = lambda: [page.locator(f"select[data-role-seat='{seat}'] option:checked").inner_text()  # noqa: E731
                     for seat in range(4)]
    assert roles() == ["Black team · Officer", "Orange team · Officer", "Black team · Detective",
                       "Orange team · Detective"]
    # the creator becomes an orange detective: black then has no officer, and the page says so
    page.select_option("select[data-role-seat='0']", "orange-detective")
    assert page.locator(".seating-problem").inner_text() == "Each team needs exactly one officer."
    page.select_option("select[data-role-seat='2']", "black-officer")
    assert "as even as possible" in page.locator(".seating-problem").inner_text()
    page.select_option("select[data-role-seat='3']", "black-detective")
    assert page.locator(".seating-problem").count() == 0
    assert roles() == ["Orange team · Detective", "Orange team · Officer", "Black team · Officer",
                       "Black team · Detective"]
    # a new officer takes over: the team's old officer becomes a detective
    page.select_option("select[data-role-seat='3']", "black-officer")
    assert roles()[2:] == ["Black team · Detective", "Black team · Officer"]
    page.screenshot(path=str(artifacts / "lobby-shadows-seating-desktop.png"), full_page=True)
    for seat in (1, 2, 3):
        page.select_option(f"select[data-seat='{seat}']", "easy")
    page.uncheck(".check input")
    page.fill("#create-name", "Olga")
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    wait_ready(page)
    page.wait_for_function("() => window.ludus && ludus.state.view && ludus.state.view.you")
    assert page.evaluate("() => ludus.state.view.you") == {"team": "orange", "role": "detective"}
    assert page.evaluate("() => ludus.state.view.teams.black.officer") == 3
    context.close()


def test_co_op_seats_are_one_team_with_one_officer(server: str) -> None:
    created = httpx.post(server + "/api/tables", json={"game": "shadows", "players": 3, "name": "Ann",
                                                       "bots": [None, "easy", "easy"], "bot_delay": 5,
                                                       "options": {"seating": {"black": [2, 0, 1]}}})
    assert created.status_code == 201
    refused = httpx.post(server + "/api/tables", json={"game": "shadows", "players": 4, "name": "Ann",
                                                       "options": {"seating": {"black": [0, 2, 3], "orange": [1]}}})
    assert refused.status_code == 400 and refused.json()["error"] == "bad-options"
