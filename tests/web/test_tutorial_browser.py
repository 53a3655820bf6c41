"""Issue 23: a new player learns The Name of the Rose and Fearsome Floors from their tutorials, by clicking, in
English, Hungarian and Chinese, on a laptop and on a phone: from the lobby's "Learn to play", every step's
highlighted move, a wrong click answered in words (the engine's refusal, or the move the step asks for),
leaving and resuming at the same step (Rose), the Floors monster's walks played between the steps, and the
finished tutorial ticked in the lobby. The steps and the page's time to react to each click are printed (never
asserted: CI is a busy machine)."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
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

from ludus.engine.tutorial import load_tutorial

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("lang", ["en", "hu", "zh"])
def test_a_new_player_finishes_the_rose_tutorial_by_clicking(server: str, browser: Any, lang: str,
                                                            viewport: tuple[int, int]) -> None:
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    open_from_lobby(page, server, "rose")
    assert step_of(page) == 0
    said = page.inner_text("#tutorial-text")
    assert "tutorial." not in said and "{" not in said and "null" not in page.inner_text("#tutorial-coach")
    if lang != "en":
        assert "Play" not in said, said

    # a wrong click: a building is no card (the engine refuses), another card is legal but not this step's move
    page.locator("[data-building='Porta'] .building-name").click()
    page.wait_for_selector("#tutorial-refused[data-result='illegal'][data-code='not-offered']")
    other = page.locator(".action-card.choosable:not(.tutorial-target)").first
    other.click()
    page.wait_for_selector("#tutorial-refused[data-result='other']")
    assert step_of(page) == 0

    reactions: list[Reaction] = []
    while page.locator("#tutorial-finish").count() == 0:
        step = step_of(page)
        if step == 3:  # leave and come back: the same step
            open_from_lobby(page, server, "rose")
            at_step(page, 3)
        target = page.locator(".tutorial-target").first
        reactions.append(click_step(page, target))
    finish_and_see_it_ticked(page, server, "rose")
    print(reactions_said("rose", lang, viewport, reactions))
    context.close()


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("lang", ["en", "hu", "zh"])
def test_a_new_player_finishes_the_floors_tutorial_by_clicking(server: str, browser: Any, lang: str,
                                                              viewport: tuple[int, int]) -> None:
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    # the monster's walks are played as at a table, only faster
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}'); "
                            "localStorage.setItem('ludus.animation_speed', '8')")
    page = context.new_page()
    open_from_lobby(page, server, "floors")
    assert step_of(page) == 0
    said = page.inner_text("#tutorial-text")
    assert "tutorial." not in said and "{" not in said and "null" not in page.inner_text("#tutorial-coach")
    if lang != "en":
        assert "Choose" not in said, said

    # a wrong click: the bot's figure waiting beside the entrance is not offered (the engine refuses), the
    # learner's other figure is legal but not this step's move
    page.locator("[data-figure='2']").click()
    page.wait_for_selector("#tutorial-refused[data-result='illegal'][data-code='not-offered']")
    assert page.inner_text("#tutorial-refused").strip()
    page.locator(".figure.choosable:not(.tutorial-target)").first.click()
    page.wait_for_selector("#tutorial-refused[data-result='other']")
    assert step_of(page) == 0

    # the monster's walks are counted as they start: its banner replaces the question (floors.js) in the very draw
    # that shows the next step, so an observer sees it whatever the machine's speed
    page.evaluate("""() => { window.walks = 0; let shown = false;
      new MutationObserver(() => { const now = Boolean(document.querySelector('[data-animating]'));
        if (now && !shown) window.walks += 1; shown = now; })
        .observe(document.body, { childList: true, subtree: true }); }""")
    turn_up = next(i for i, s in enumerate(load_tutorial("floors").steps) if s.text == "floors.card_turn")
    walks: dict[int, int] = {}  # step clicked: walks started since
    began = time.perf_counter()
    reactions: list[Reaction] = []
    while page.locator("#tutorial-finish").count() == 0:
        step = step_of(page)
        target = page.locator(".tutorial-target").first
        target.wait_for(timeout=60_000)  # after the monster's walk, the question comes back
        assert page.locator(".tutorial-spot").count() > 0, f"step {step} points at nothing"
        reactions.append(click_step(page, target))
        walks[step] = page.evaluate("() => { const n = window.walks; window.walks = 0; return n; }")
    whole = time.perf_counter() - began
    assert walks[turn_up] == 1, walks  # the learner's own last move of the round sends the monster walking
    assert sum(walks.values()) == 6, walks  # and every monster phase of the script is shown, none is skipped
    assert page.locator(".tutorial-scores .floors-results.tutorial-spot").count() == 1
    finish_and_see_it_ticked(page, server, "floors")
    print(reactions_said("floors", lang, viewport, reactions) + f", {whole:.1f} s from the first click to the last "
          f"with the monster's {sum(walks.values())} walks played at 8x speed")
    context.close()


@pytest.mark.parametrize("game, chapter", [("rose", "events"), ("floors", "pools")])
def test_the_rules_page_links_into_the_tutorials_chapters_and_each_chapter_back_to_its_rules(
        server: str, browser: Any, game: str, chapter: str, artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + f"/rules/{game}")
    wait_ready(page, "rules")
    assert page.locator(f"#rules-{chapter} [data-chapter='{chapter}']").count() == 1
    page.click(f"#rules-{chapter} [data-chapter='{chapter}']")
    wait_ready(page, "tutorial")
    page.wait_for_selector(f".tutorial-chapters [data-chapter='{chapter}'].active")
    page.screenshot(path=str(artifacts / f"tutorial-rules-link-phone-{game}-{chapter}.png"))
    page.click("#tutorial-rulebook")
    wait_ready(page, "rules")
    assert page.evaluate("location.pathname + location.hash") == f"/rules/{game}#rules-{chapter}"
    context.close()


PASSWORD = "correct horse battery"


def _signed_in(browser: Any, server: str, name: str, *, new: bool) -> Any:
    """A fresh browser (nothing in its storage) signed up or in through the account page, as a person does."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server + "/account")
    wait_ready(page, "account")
    form = "signup" if new else "signin"
    page.fill(f"#{form}-name", name)
    page.fill(f"#{form}-password", PASSWORD)
    page.click(f"#{form}-submit")
    wait_ready(page, "me")
    return page


def test_a_signed_in_learner_resumes_the_tutorial_in_another_browser_and_it_is_ticked_there(
        server: str, browser: Any) -> None:
    """Progress of a signed-in learner is kept in the account, not in the browser: signed in on a fresh browser,
    the tutorial resumes at the step where it was left, and once finished the lobby ticks it."""
    name = f"Novice{secrets.token_hex(3)}"
    page = _signed_in(browser, server, name, new=True)
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.click("#learn [data-tutorial='rose'] a")
    wait_ready(page, "tutorial")
    for step in range(3):
        at_step(page, step)
        page.locator(".tutorial-target").first.click()
    at_step(page, 3)
    assert page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('ludus.tutorial.'))") == []
    page.context.close()

    page = _signed_in(browser, server, name, new=False)
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.click("#learn [data-tutorial='rose'] a")
    at_step(page, 3)  # the same step, from the account
    while page.locator("#tutorial-finish").count() == 0:
        step = step_of(page)
        page.locator(".tutorial-target").first.click()
        at_step(page, step + 1)
    page.click("#tutorial-finish")
    page.wait_for_selector("#tutorial-finished")
    page.context.close()

    page = _signed_in(browser, server, name, new=False)
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.wait_for_selector("#learn [data-tutorial='rose'][data-done='true']", state="attached")
    page.context.close()
