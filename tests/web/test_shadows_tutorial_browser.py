"""Issue 23: a new player learns Shadows: Amsterdam from its tutorial, by clicking, in English, Hungarian and
Chinese, on a laptop and on a phone: from the lobby's "Learn to play", as the officer (the map, picking the
highlighted clue cards and giving them) and then, after naming the next officer, as a detective (proposing a
space, agreeing to the other detective's); a wrong click answered in words from the engine's refusal; leaving and
resuming at the same step; the finished tutorial ticked in the lobby. The page's time to react to each step's
click is printed (never asserted: CI is a busy machine)."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import wait_ready
from tutorial_helpers import (
    Reaction,
    at_step,
    click_step,
    finish_and_see_it_ticked,
    open_from_lobby,
    reactions_said,
    step_of,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

DETECTIVE_STEP = 5  # the first step played as a detective (after naming the next officer): leave and come back here


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("lang", ["en", "hu", "zh"])
def test_a_new_player_finishes_the_shadows_tutorial_by_clicking(server: str, browser: Any, lang: str,
                                                               viewport: tuple[int, int]) -> None:
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    open_from_lobby(page, server, "shadows")
    assert step_of(page) == 0
    said = page.inner_text("#tutorial-text")
    assert "tutorial." not in said and "{" not in said and "null" not in page.inner_text("#tutorial-coach")
    if lang != "en":
        assert "officer" not in said, said
    # the officer sees the map card; its marks are what the first step points at
    assert page.locator(".map-overlay.tutorial-spot").count() == 1

    # a wrong click: the officer taps a space on the board; the engine says only detectives move the figure
    page.locator(".shadows-board .hex-space[data-space='24']").click()
    page.wait_for_selector("#tutorial-refused[data-result='illegal'][data-code='no-decision']")
    refused = page.inner_text("#tutorial-refused")
    assert "no-decision" not in refused and "seat" not in refused, refused
    assert step_of(page) == 0

    reactions: list[Reaction] = []
    resumed = False
    while page.locator("#tutorial-finish").count() == 0:
        step = step_of(page)
        if step == DETECTIVE_STEP and not resumed:  # leave and come back: the same step
            resumed = True
            open_from_lobby(page, server, "shadows")
            at_step(page, DETECTIVE_STEP)
            continue
        if page.locator("#round-result-ok").count():  # the round's result over the board: looked at, closed
            page.click("#round-result-ok")
            page.wait_for_selector("#round-result", state="detached")
            continue
        part = page.locator(".tutorial-target[data-choice-part]")
        if part.count():  # a clue card to pick before giving
            card = part.first.get_attribute("data-card")
            part.first.click()
            page.wait_for_selector(f".clue-card[data-card='{card}'][aria-pressed='true']")
            continue
        # the step points at what it talks about, in words of the page's language
        assert page.locator(".tutorial-spot").count() >= 1, step
        said = page.inner_text("#tutorial-text")
        assert "{" not in said and "tutorial." not in said, (step, said)
        target = page.locator(".tutorial-target").first
        reactions.append(click_step(page, target))
    # the detectives never see the map card; the game's end is pointed at
    assert page.locator("[data-secret='map']").count() == 0
    assert page.locator(".shadows-scores.tutorial-spot").count() == 1
    finish_and_see_it_ticked(page, server, "shadows")
    print(reactions_said("shadows", lang, viewport, reactions))
    context.close()


def test_the_shadows_rules_page_links_into_the_tutorials_chapters_and_each_chapter_back_to_its_rules(
        server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/rules/shadows")
    wait_ready(page, "rules")
    for section, chapter in [("map", "map"), ("give", "clues"), ("check", "evidence"), ("moving", "agree"),
                             ("coop", "countdown")]:
        assert page.locator(f"#rules-{section} [data-chapter='{chapter}']").count() == 1, section
    page.click("#rules-moving [data-chapter='agree']")
    wait_ready(page, "tutorial")
    page.wait_for_selector(".tutorial-chapters [data-chapter='agree'].active")
    assert page.locator("[data-secret='map']").count() == 0  # the chapter is played as a detective
    page.click("#tutorial-rulebook")
    wait_ready(page, "rules")
    assert page.evaluate("location.pathname + location.hash") == "/rules/shadows#rules-moving"
    context.close()
