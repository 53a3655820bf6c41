"""Fearsome Floors by thumb (issue 22, point 4): on a 390×844 phone, whenever a seat is asked to act, every square,
figure and button it may tap is at least 44×44 CSS px (the board zooms in by itself where the question's targets
fit a thumb's zoom, and a tap zooms in where they are spread too far); the view follows the figure being moved, the
player's own zoom is kept from step to step, and the "enter" spot and the waiting figures are in the board's frame
without panning it. At 1280×800 the whole floor stays in sight. In English, Hungarian and Chinese.

Every kind of decision is met at a staged moment of a real game (staging.py, the same moments as
test_layout_browser.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from staging import moment_when, stage, wait_asked, wait_settled
from test_layout_browser import VIEWPORTS, game_moments, open_question

from ludus.games.floors.board import ENTRANCE

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

THUMB = 44  # CSS px: the smallest thing a thumb is asked to tap
LANGUAGES = ("en", "hu", "zh")

# every element the seat may tap now, with its box and whether it lies on a board (and is seen in its frame)
TAPPABLE = """() => {
  const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height});
  const frame = document.querySelector('#board .board-frame');
  const f = frame.getBoundingClientRect();
  const seen = (r) => r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.top >= f.top - 0.5
    && r.bottom <= f.bottom + 0.5;
  const nodes = [...document.querySelectorAll('#board [data-choice], #board [data-zoom]')]
    .filter((node) => !node.disabled && node.getBoundingClientRect().width > 0);
  // a finger on its middle reaches it (it is in the window, under no question, button or other target)
  const reach = (node, r) => document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)
    ?.closest('[data-choice], [data-zoom]') === node;
  return {
    frame: box(f), scale: Number(frame.dataset.scale), window: {width: innerWidth, height: innerHeight},
    tappable: nodes.map((node) => {
      const r = node.getBoundingClientRect();
      return {what: node.dataset.choice || node.dataset.zoom || '?', board: frame.contains(node), seen: seen(r),
              reach: reach(node, r), ...box(r)};
    }),
    moving: [...document.querySelectorAll('#board .floors-board [data-refers]')]
      .map((n) => seen(n.getBoundingClientRect())),
    enter: [...document.querySelectorAll('#board [data-step="enter"]')].map((n) => seen(n.getBoundingClientRect())),
    waiting: [...document.querySelectorAll('#board .figure.waiting.choosable')]
      .map((n) => seen(n.getBoundingClientRect())),
  };
}"""


def in_window(item: dict[str, Any], window: dict[str, float]) -> bool:
    return item["top"] >= -0.5 and item["bottom"] <= window["height"] + 0.5 and item["left"] >= -0.5 \
        and item["right"] <= window["width"] + 0.5


def check_thumb_sized(seen: dict[str, Any], what: str) -> None:
    """Every target seen (off the board, or inside the board's frame) is a thumb wide and high."""
    shown = [item for item in seen["tappable"] if not item["board"] or item["seen"]]
    assert any(item["board"] for item in shown), f"{what}: no target of the board in its frame: {seen}"
    for item in shown:
        assert item["width"] >= THUMB - 0.5 and item["height"] >= THUMB - 0.5, \
            f"{what}: {item['what']} is {item['width']:.0f}×{item['height']:.0f} px, less than a thumb " \
            f"(zoom {seen['scale']})"
        assert in_window(item, seen["window"]), f"{what}: {item['what']} at {item} is outside the window"


@pytest.fixture(scope="module")
def floors_moments() -> dict[str, Any]:
    return game_moments("floors")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_floors_target_is_a_thumb_wide_on_a_phone(server: str, browser: Any, web_database: str,
                                                        artifacts: Path, floors_moments: dict[str, Any],
                                                        lang: str) -> None:
    contexts = {name: browser.new_context(viewport=size, is_mobile=name == "phone", has_touch=name == "phone")
                for name, size in VIEWPORTS.items()}
    pages = {}
    for name, context in contexts.items():
        context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
        pages[name] = context.new_page()
    errors: list[str] = []
    for page in pages.values():
        page.on("pageerror", lambda error: errors.append(str(error)))
    for kind, moment in sorted(floors_moments.items()):
        if kind == "setup_tile":  # chosen with the question's own buttons: nothing on the board to tap
            continue
        staged = stage(web_database, moment)
        # a laptop: the whole floor in sight, nothing zoomed by itself
        desk = pages["desktop"]
        open_question(desk, server, staged, moment)
        wait_settled(desk)
        assert desk.evaluate(TAPPABLE)["scale"] == 1, f"{kind}: the floor zoomed by itself on a laptop"
        # a phone
        page = pages["phone"]
        open_question(page, server, staged, moment)
        wait_settled(page)  # the board has followed the question: measured and tapped where it stays
        what = f"floors {kind} ({lang}, phone)"
        seen = page.evaluate(TAPPABLE)
        targets = [item for item in seen["tappable"] if item["board"] and item["what"] not in ("in", "out", "fit")]
        if kind in ("step", "setup_arrow"):
            # the targets around the figure (or the square) are in the frame at a thumb's zoom, with the figure
            assert all(item["seen"] for item in targets), f"{what}: a target is outside the board's frame: {seen}"
            assert all(seen["moving"]), f"{what}: the figure being moved is outside the board's frame"
            assert all(seen["enter"]), f"{what}: the enter spot is outside the board's frame"
        if kind == "figure":
            assert seen["waiting"] and all(seen["waiting"]), f"{what}: the waiting figures are not all in the frame"
        if any(item["width"] < THUMB or item["height"] < THUMB for item in targets):
            # the targets were spread too far for a thumb's zoom: a tap on one zooms in there, choosing nothing
            before = page.evaluate("() => ludus.state.decisions[0]")
            reached = [item for item in targets if item["seen"] and item["reach"]]  # not under the zoom buttons
            assert reached, f"{what}: no target of the board can be tapped: {seen}"
            target = reached[0]
            # tapped where it is at the moment of the tap: Playwright waits until the target is still and is what a
            # finger on its middle would touch (a late change of the page above the board, such as the header
            # filling in on a busy machine, can move it after it was measured)
            page.locator(f"#board [data-choice='{target['what']}']").first.click()
            page.wait_for_function("(was) => Number(document.querySelector('#board .board-frame').dataset.scale) > was",
                                   arg=seen["scale"])
            wait_settled(page)
            assert page.evaluate("() => ludus.state.decisions[0]") == before, f"{what}: the zooming tap chose"
            seen = page.evaluate(TAPPABLE)
        check_thumb_sized(seen, what)
        if kind in ("figure", "step", "setup_square"):
            page.screenshot(path=str(artifacts / f"thumb-floors-{kind}-{lang}-phone.png"))
    assert errors == []
    for context in contexts.values():
        context.close()


def test_the_view_follows_the_moving_figure_and_keeps_the_players_zoom(server: str, browser: Any,
                                                                       web_database: str, artifacts: Path,
                                                                       floors_moments: dict[str, Any]) -> None:
    """After each step the board keeps its zoom (a thumb's) and shows the figure and the squares it may step to
    next (it used to snap back to the whole floor after every step)."""
    moment = moment_when("floors", 3, {}, lambda match, decision: decision.kind == "step"
                         and decision.prompt.get("at") is not None and decision.prompt.get("points", 0) >= 3
                         and len([o for o in decision.options if o in ("N", "E", "S", "W")]) >= 2)
    staged = stage(web_database, moment)
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    open_question(page, server, staged, moment)
    wait_settled(page)
    chosen = page.evaluate("() => Number(document.querySelector('#board .board-frame').dataset.scale)")
    steps = 0
    for _ in range(3):
        decision = page.evaluate("() => ludus.state.decisions[0]")
        if not decision or decision["kind"] != "step":
            break
        seen = page.evaluate(TAPPABLE)
        onward = [item for item in seen["tappable"] if item["board"] and item["seen"] and item["what"] not in
                  ("in", "out", "fit", '"done"', '"undo"')]
        onward = [item for item in onward if item["reach"]]  # a target a finger reaches: not under the zoom buttons
        if not onward:
            break
        target = onward[0]
        seq = page.evaluate("() => ludus.state.seq")
        page.mouse.click((target["left"] + target["right"]) / 2, (target["top"] + target["bottom"]) / 2)
        page.wait_for_function("(seq) => !ludus.state.pending && ludus.state.seq > seq", arg=seq)
        wait_asked(page)
        page.wait_for_function("() => !document.querySelector('[data-gliding]')")
        after = page.evaluate("() => ludus.state.decisions[0]")
        if not after or after["kind"] != "step":
            break
        # the page has taken the new question in (lib/boardview.js keys a question by its kind and prompt)
        page.wait_for_function("() => document.querySelector('#board').dataset.question === JSON.stringify("
                               "[ludus.state.decisions[0]?.kind, ludus.state.decisions[0]?.prompt])")
        wait_settled(page)  # cleared when that question arrived: set again once the view has followed the figure
        seen = page.evaluate(TAPPABLE)
        assert seen["scale"] == pytest.approx(chosen, abs=0.01), f"the player's zoom {chosen} became {seen['scale']}"
        assert seen["moving"] and all(seen["moving"]), "the figure being moved is outside the board's frame"
        steps += 1
    assert steps >= 1, "no step was made"
    page.screenshot(path=str(artifacts / "thumb-floors-followed-phone.png"))
    context.close()



# the entrance, the corner square p11, and the squares next to it with the step that leads onto it
CORNER = (15, 10)
ONTO_CORNER = {(15, 9): "S", (14, 10): "E"}


def test_at_the_players_deeper_zoom_the_view_follows_the_figure_onto_the_corner_square(
        server: str, browser: Any, web_database: str, artifacts: Path) -> None:
    """The player zooms in further than a thumb's zoom with the board's own "+" and steps a figure onto the corner
    square p11 (15,10), beside a figure already there: the board pans so the whole figure is in its frame, at the
    player's zoom. The next question could arrive while the page still waited for the server to take the step,
    drawn without its targets: the view was never brought to the figure, and left it half outside the frame."""
    def onto_corner(match: Any, decision: Any) -> bool:
        at = decision.prompt.get("at")
        # another figure stands there: the two are drawn side by side, the one stepping in sticks out past the
        # squares it may step to next (what the view followed before)
        return decision.kind == "step" and at is not None and decision.prompt.get("points", 0) >= 2 \
            and ONTO_CORNER.get(tuple(at)) in decision.options and match.state.figat[ENTRANCE] >= 0
    moment = moment_when("floors", 3, {}, onto_corner)
    staged = stage(web_database, moment)
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    decision = open_question(page, server, staged, moment)
    wait_settled(page)
    scale = "() => Number(document.querySelector('#board .board-frame').dataset.scale)"
    thumb = page.evaluate(scale)
    page.click("#board [data-zoom='in']")
    page.wait_for_function(f"(was) => ({scale})() > was", arg=thumb)
    wait_settled(page)
    chosen = page.evaluate(scale)
    seq = page.evaluate("() => ludus.state.seq")
    onto = ONTO_CORNER[tuple(decision["prompt"]["at"])]
    page.locator(f"#board [data-step='{onto}']").click()
    page.wait_for_function("(seq) => !ludus.state.pending && ludus.state.seq > seq", arg=seq)
    # the page has taken the next question in: the same figure, now on the corner square
    page.wait_for_function("(corner) => { const d = ludus.state.decisions[0]; return d && d.kind === 'step'"
                           " && JSON.stringify(d.prompt.at) === JSON.stringify(corner)"
                           " && document.querySelector('#board').dataset.question"
                           " === JSON.stringify([d.kind, d.prompt]); }", arg=list(CORNER))
    wait_settled(page)
    seen = page.evaluate(TAPPABLE)
    page.screenshot(path=str(artifacts / "thumb-floors-corner-deeper-phone.png"))
    assert chosen > thumb
    assert seen["scale"] == pytest.approx(chosen, abs=0.01), f"the player's zoom {chosen} became {seen['scale']}"
    assert seen["moving"] and all(seen["moving"]), \
        f"at the player's zoom {chosen} the figure on the corner square is outside the board's frame: {seen}"
    context.close()
