"""The replay's move list speaks the table log's words (issue 22 point 5): a finished game of each game replayed in
a real chromium on English, Hungarian and Chinese pages, at 1280×800 and 390×844. Every entry names things as
the board does — Rose buildings in the page's language and cards by name, Floors squares a1–p11 and figures
A–D, Shadows spaces by the number drawn on the hex and clue cards by what they show — and never shows an
internal id (c42, t17, k23, d4a0, a Latin building id, a raw choice such as "+", "two", "enter", "N") nor an
English word on a Hungarian or Chinese page (a scan against the catalogs). Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from finished import finished_table
from page_helpers import wait_ready
from served import Served

from ludus.games.rose.components import BUILDINGS
from ludus.games.shadows.board import layout
from ludus.games.shadows.pictures.icons import icon_pool

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LANGS = ("en", "hu", "zh")
SEATS = {"rose": ["Adso", "Ubertino", "bot:easy", "Jorge"],
         "floors": ["Adso", "Ubertino", "bot:easy"],
         "shadows": ["Adso", "Ubertino", "bot:random", "Jorge", "Malachi", "bot:random"]}
NAMES = {"Adso", "Ubertino", "Jorge", "Malachi"}
# ids of the protocol that a player never reads: cards, tiles, pictures, and the bare choices of the old list
IDS = {"rose": r"\b[ct]\d{1,2}\b|(?:^|\s)[+\-](?:\s|$)",
       "floors": r"(?<![\w(])[NESW](?![\w)])",
       "shadows": r"\bk\d+\b|\bd\d+a\d+\b"}
WORD = re.compile(r"[A-Za-zÀ-ɏ]{3,}")  # a Latin-script word, accents included (Hungarian "fogó" is not "fog")


@cache
def catalog(url: str, lang: str) -> dict[str, str]:
    return httpx.get(f"{url}/i18n/{lang}").json()


@cache
def english_only(url: str, lang: str) -> frozenset[str]:
    """Words of the English catalogs that the page's own catalog never uses (names such as William, Adson or a
    Latin building name stay allowed where that language uses them too)."""
    def words(lang: str) -> set[str]:
        # the catalog's messages, and the names of the Shadows pictures in that language (Hungarian "hold" is the moon)
        messages = [*catalog(url, lang).values(), *(dict(icon.names).get(lang, "") for icon in icon_pool().values())]
        return {word.lower() for message in messages for word in WORD.findall(message)}
    return frozenset(words("en") - words(lang) - {name.lower() for name in NAMES})


def shadows_numbers() -> dict[int, int]:
    """The numbers the board draws on its hexes: playable spaces 1–34 in reading order (docs/shadows.md)."""
    playable = sorted((s for s in layout() if s["role"] != "obstacle"), key=lambda s: (s["r"], s["q"]))
    return {space["id"]: number for number, space in enumerate(playable, start=1)}


def entries(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("""() => [...document.querySelectorAll('#replay-moves li')].map((li) => ({
        n: Number(li.dataset.move), text: li.innerText,
        choice: li.querySelector('.move-choice')?.innerText ?? null }))""")


def open_words(browser: Any, url: str, path: str, viewport: dict, lang: str) -> Any:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url + path)
    wait_ready(page, "replay")
    page.wait_for_selector("#replay-moves[data-words='ready']", state="attached")
    return page


@pytest.mark.parametrize("game", ["rose", "floors", "shadows"])
def test_every_move_list_entry_names_things_as_the_board_does_in_the_pages_language(
        served: Served, browser: Any, artifacts: Path, game: str) -> None:
    table_id, _ = finished_table(served.db_url, game, SEATS[game], level="easy" if game == "floors" else "random")
    replay = httpx.get(f"{served.url}/api/tables/{table_id}/replay?seat=all").json()
    steps = {step["n"]: step for step in replay["steps"]}
    for lang in LANGS:
        words = catalog(served.url, lang)
        for viewport in (DESK, PHONE):
            page = open_words(browser, served.url, f"/games/{table_id}/replay?move=0&seat=all", viewport, lang)
            listed = entries(page)
            assert len(listed) == replay["moves"] + 1
            for entry in listed[1:]:
                step = steps[entry["n"]]
                if step.get("clock"):
                    continue
                # everything is followed: every choice is shown, in words
                assert entry["choice"], f"move {entry['n']} says nothing: {entry['text']!r}"
                # the bare choice ("two", "enter", "done", "+", 5) is a code, not words, in any language
                assert entry["choice"].strip() != str(step["choice"]), entry["text"]
                found = re.findall(IDS[game], entry["choice"])
                assert not found, f"{lang}: move {entry['n']} shows ids {found}: {entry['text']!r}"
                if game == "rose":
                    latin = [b for b in BUILDINGS if b in entry["text"] and words[f"rose.building.{b}"] != b]
                    assert not latin, f"{lang}: move {entry['n']} names buildings by id: {entry['text']!r}"
                if lang != "en":
                    english = [w for w in WORD.findall(entry["text"]) if w.lower() in english_only(served.url, lang)]
                    assert not english, f"{lang}: move {entry['n']} speaks English {english}: {entry['text']!r}"
                check_game(game, words, step, entry)
            box = page.locator("#replay-moves").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1  # nothing cut at the edge
            page.locator("#replay-moves").scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"replay-words-{game}-{lang}-{viewport['width']}.png"))
            if game == "shadows" and viewport is DESK:
                moves_agree_with_the_board(page, steps, listed)
            assert page.errors == []
            page.context.close()


def check_game(game: str, words: dict[str, str], step: dict[str, Any], entry: dict[str, Any]) -> None:
    """What each game's entries must say, in the catalog's own words."""
    if game == "rose" and step["kind"] == "destination":
        assert words[f"rose.building.{step['choice']}"] in entry["text"]
    if game == "floors" and step["kind"] == "step":
        choice = step["choice"]
        said = words[f"floors.dir.{choice}"] if choice in "NESW" else words[f"floors.step.{choice}"]
        assert entry["choice"].startswith(said), entry["text"]
    if game == "floors" and step["kind"] == "figure":  # the figure's letter as the board prints it, not its id
        assert re.search(r"(?<![A-Za-z])[A-D](?![A-Za-z])", entry["choice"]), entry["text"]
    if game == "shadows" and step["kind"] == "move":
        number = shadows_numbers()[step["choice"]]
        assert re.search(rf"(?<!\d){number}(?!\d)", entry["choice"]), entry["text"]


def moves_agree_with_the_board(page: Any, steps: dict[int, dict[str, Any]], listed: list[dict[str, Any]]) -> None:
    """A Shadows move's space in the list is the number the board draws on that hex (it was the id: off by one)."""
    move = next(entry for entry in listed if steps.get(entry["n"], {}).get("kind") == "move")
    space = steps[move["n"]]["choice"]
    page.click(f"#replay-moves li[data-move='{move['n']}'] button")
    page.wait_for_function(f"() => ludus.replay.shown === {move['n']}")
    drawn = page.locator(f".hex-space[data-space='{space}'] .space-number text").first.text_content()
    assert re.search(rf"(?<!\d){drawn}(?!\d)", move["choice"]), (drawn, move["text"])


def test_the_floors_prompt_is_silent_about_the_monster_once_the_game_is_over(
        served: Served, browser: Any, artifacts: Path) -> None:
    """A game that ends with no figure left, a few moves after the monster's last walk: stepped through move by
    move (as the table receives them), the walk is narrated, and once the game is over the prompt no longer
    narrates the monster under "Game over" (it did, until the walk's animation ran out)."""
    table_id, _ = finished_table(served.db_url, "floors", SEATS["floors"], level="easy",
                                 want=lambda outcome: outcome.details.get("ended") == "no_figure_left")
    replay = httpx.get(f"{served.url}/api/tables/{table_id}/replay?seat=all").json()
    moves = replay["moves"]
    walk = [step["n"] for step in replay["steps"] if any(e["kind"] == "monster_step" for e in step["events"])][-1]
    for lang, viewport in (("en", DESK), ("hu", PHONE), ("zh", DESK)):
        page = open_words(browser, served.url, f"/games/{table_id}/replay?move={walk - 1}&seat=all", viewport, lang)
        for n in range(walk, moves + 1):
            page.click("#replay-forward")
            page.wait_for_function(f"() => ludus.replay.shown === {n}")
            if n == walk:
                assert page.locator(".prompt-bar.floors-monster").count() == 1  # the walk is narrated
        assert page.is_visible("#replay-result")
        assert page.locator(".prompt-bar.floors-monster, [data-animating]").count() == 0
        page.screenshot(path=str(artifacts / f"floors-over-silent-{lang}-{viewport['width']}.png"))
        assert page.errors == []
        page.context.close()
