"""The state one decides on beside the board (issue 22, point 6).

At a laptop's 1280×800, whatever The Name of the Rose asks, the suspicion and clue tracks, the players and the
latest log lines are inside the window beside the abbey (not under it, not under the question, no scrolling);
when the Shadows officer gives or replaces clue cards, the whole map is inside the window. On a 390×844 phone the
same regions follow the board, as wide as the window. Every kind of decision is met at a staged moment of a real
game (staging.py), in English, Hungarian and Chinese."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from staging import moment_when, stage
from test_layout_browser import VIEWPORTS, game_moments, inside, open_question, overlaps

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

LANGUAGES = ("en", "hu", "zh")
ROSE_STATE = {"suspicion track": ".track-suspicion", "clue track": ".track-clue", "players": ".rose-state .players",
              "log": ".rose-state .log-panel"}
ROSE_AID = {**ROSE_STATE, "aid": ".rose-state .rose-aid"}
SHOTS = {"card", "destination", "give"}

MEASURE = """([regions, board]) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; };
  const one = (selector) => { const node = document.querySelector('#board ' + selector); return node && box(node); };
  const prompt = document.querySelector('#board [data-prompt]');
  const sticky = prompt && getComputedStyle(prompt).position === 'sticky';
  return {
    window: {width: innerWidth, height: innerHeight},
    top: Math.max(document.querySelector('.topbar').getBoundingClientRect().bottom,
                  sticky ? prompt.getBoundingClientRect().bottom : 0),
    board: one(board),
    regions: Object.fromEntries(Object.entries(regions).map(([name, selector]) => [name, one(selector)])),
    lines: [...document.querySelectorAll('#board .rose-state .log li')].slice(0, 2).map(box),
  };
}"""


@pytest.fixture(scope="module")
def staged(web_database: str) -> dict[str, list[tuple[str, Any, Any]]]:
    rose = game_moments("rose")
    shadows = {kind: moment for kind, moment in game_moments("shadows").items() if kind in ("give", "refresh")}
    # a casual table with the aid on (issue 23 point 3): its panel of revealed and possible monks sits beside the
    # board too, late in a game, when it and the log are full, and must not push the rest below the fold
    aided = moment_when("rose", 4, {"aid": True}, lambda match, decision: decision.kind == "card"
                        and len(match.log) >= 60)
    return {"rose": [(kind, moment, stage(web_database, moment)) for kind, moment in sorted(rose.items())]
            + [("card with the aid", aided, stage(web_database, aided))],
            "shadows": [(kind, moment, stage(web_database, moment)) for kind, moment in sorted(shadows.items())]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_state_one_decides_on_is_beside_the_board(server: str, browser: Any, artifacts: Path,
                                                      staged: dict[str, list[tuple[str, Any, Any]]],
                                                      lang: str) -> None:
    assert {kind for kind, _, _ in staged["shadows"]} == {"give", "refresh"}
    errors: list[str] = []
    for where, size in VIEWPORTS.items():
        context = browser.new_context(viewport=size, is_mobile=where == "phone", has_touch=where == "phone")
        context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        for kind, moment, table in staged["rose"]:
            open_question(page, server, table, moment)
            seen = page.evaluate(MEASURE, [ROSE_AID if moment.options.get("aid") else ROSE_STATE, ".abbey-panel"])
            what = f"rose {kind} ({lang}, {where})"
            board, window = seen["board"], seen["window"]
            for name, rect in seen["regions"].items():
                assert rect, f"{what}: no {name} on the page"
                assert not overlaps(rect, board), f"{what}: the {name} {rect} lies on the abbey {board}"
                assert rect["right"] <= window["width"] + 0.5, f"{what}: the {name} sticks out of the window"
                if where == "desktop":
                    assert inside(rect, seen["top"], window), \
                        f"{what}: the {name} {rect} is not in the window below the question (from {seen['top']})"
                else:
                    assert rect["top"] >= board["bottom"] - 0.5, f"{what}: the {name} is not below the abbey"
            if where == "desktop":
                log = seen["regions"]["log"]
                # the latest line of the log whole, and the one before it begun (the log scrolls for more)
                for line, end in zip(seen["lines"], ("bottom", "top"), strict=False):
                    assert inside({**line, "bottom": line[end]}, seen["top"], window) \
                        and line[end] <= log["bottom"] - (0 if end == "bottom" else 12) + 0.5, \
                        f"{what}: a latest log line {line} is out of sight (the log is {log})"
            if kind in SHOTS or moment.options.get("aid"):
                page.screenshot(path=str(artifacts / f"beside-rose-{kind.replace(' ', '-')}-{lang}-{where}.png"))
        for kind, moment, table in staged["shadows"]:
            open_question(page, server, table, moment)
            seen = page.evaluate(MEASURE, [{}, ".board-frame svg"])
            what = f"shadows {kind} ({lang}, {where})"
            if where == "desktop":  # the officer sees the whole map while giving
                assert inside(seen["board"], seen["top"], seen["window"]), \
                    f"{what}: the map {seen['board']} is not whole in the window below the question"
            else:
                assert seen["board"]["right"] <= seen["window"]["width"] + 0.5, f"{what}: the map sticks out"
            if kind in SHOTS:
                page.screenshot(path=str(artifacts / f"beside-shadows-{kind}-{lang}-{where}.png"))
        context.close()
    assert errors == []
