"""The coach in the replay viewer, in a real chromium: a player asks for the analysis of their own seat of a
finished Rose game and a finished Floors game, sees its progress, then the mistakes with both choices in words,
in English, Hungarian and Chinese; the answer holds nothing the seat did not see. The test server keeps the
analyses short (``--analysis-worlds 1 --analysis-depth 6``, served.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from finished import finished_table
from page_helpers import wait_ready
from served import ROOT, Served

from ludus.engine.replay import Replay

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
ARTIFACTS = ROOT / "test-artifacts"
DONE = "#replay-analysis[data-state='done']"
WORDS = {  # what a mistake says in each language (replay.analysis.played / best)
    "en": ("You:", "Better:", "winning chance"),
    "hu": ("Te:", "Jobb:", "nyerési esély"),
    "zh": ("你：", "更好：", "获胜机会"),
}


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def shown_to(url: str, table_id: str, seat: int) -> tuple[set[str], Replay]:
    """Every word the seat was shown during the game: its views and the decisions it was offered."""
    replay = Replay.from_json(httpx.get(f"{url}/api/tables/{table_id}/match").json())
    seen: set[str] = set()
    for _, state in replay.positions(0, replay.moves + 1):
        seen.update(strings(replay.game.view(state, seat)))
        seen.update(strings([d.to_json() for d in replay.game.decisions(state) if d.seat == seat]))
    return seen, replay


def open_replay(browser: Any, url: str, table_id: str, token: str, lang: str, viewport: dict | None = None) -> Any:
    """The replay of seat 0 in a browser that holds that seat's token (as the one it was played in)."""
    context = browser.new_context(viewport=viewport or DESK)
    kept = json.dumps(json.dumps({"token": token, "seat": 0}))
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}');"
                            f"localStorage.setItem('ludus.seat.{table_id}', {kept})")
    page = context.new_page()
    page.errors = []
    page.answers = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("response", lambda response: page.answers.append(response)
            if response.url.endswith(f"/api/tables/{table_id}/analysis") else None)
    page.goto(f"{url}/games/{table_id}/replay?seat=0")
    wait_ready(page, "replay")
    return page


def analysed(page: Any, first: bool) -> list[dict[str, Any]]:
    """Ask, (the first time) see the progress while the server works, wait for the panel's readiness."""
    page.click("#analysis-ask")
    if first:
        page.wait_for_selector("#analysis-progress", state="attached")
        assert page.get_attribute("#replay-analysis", "data-state") in ("running", "done")
    # as long as the server's own deadline (Limits.analysis_seconds, 600 s): the coach's workers run at nice 10,
    # and the two-player Floors game (16 s idle) took 126 s with `stress-ng --cpu 2` beside it
    page.wait_for_selector(DONE, state="attached", timeout=600_000)
    return [answer.json() for answer in page.answers]


def check_game(served: Served, browser: Any, game: str, players: int, secret: re.Pattern[str] | None) -> None:
    table_id, tokens = finished_table(served.db_url, game, [f"P{seat}" for seat in range(players)])
    seen, replay = shown_to(served.url, table_id, 0)
    answers: list[dict[str, Any]] = []
    texts: list[str] = []
    for index, lang in enumerate(("en", "hu", "zh")):
        page = open_replay(browser, served.url, table_id, tokens[0], lang, PHONE if lang == "zh" else DESK)
        answers += analysed(page, first=index == 0)
        if index:  # computed once: later pages are answered from the store at the first request
            assert page.answers[0].status == 200 and answers[-1]["status"] == "done"
        report = answers[-1]["analysis"]
        mistakes = page.locator(".analysis-mistake")
        assert mistakes.count() == report["mistakes"] > 0
        played, better, chance = WORDS[lang]
        for n in range(mistakes.count()):
            text = mistakes.nth(n).inner_text()
            texts.append(text)
            assert played in text and better in text and chance in text
        move = report["moves"][[m["mistake"] for m in report["moves"]].index(True)]
        if secret is not None:  # named in words, not by the rules' ids (a card "c38", a tile "t4")
            assert not secret.search(" ".join(texts))
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#replay-analysis").screenshot(path=ARTIFACTS / f"analysis-{game}-{lang}.png")
        if lang == "zh":
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        page.locator(".analysis-jump").first.click()  # to the position before the mistake
        page.wait_for_function(f"() => ludus.replay.shown === {move['n'] - 1}")
        assert page.errors == []
        page.context.close()
    said = set(strings(answers))
    assert said <= seen | {game, "easy", "hard", "running", "done"}, said - seen
    for seat in range(1, players):  # what the other seats held unseen by seat 0 is named nowhere
        held = {str(value) for _, state in replay.positions(0, replay.moves + 1)
                for value in strings(replay.game.view(state, seat).get("you", {}))}
        hidden = held - seen
        assert not hidden & said and not any(word in text for word in hidden for text in texts if len(word) > 2)


def test_a_finished_rose_game_is_analysed_with_its_mistakes_in_three_languages(served: Served, browser: Any) -> None:
    check_game(served, browser, "rose", 3, re.compile(r"\b[ct]\d{1,2}\b"))


def test_a_finished_floors_game_is_analysed_with_its_mistakes_in_three_languages(served: Served, browser: Any) -> None:
    check_game(served, browser, "floors", 2, None)
