"""What the tutorial browser tests share: opening a tutorial from the lobby's "Learn to play", the step the page
shows, clicking a step's highlighted move while timing the page's reaction, finishing and seeing the tick in the
lobby, and the printed reaction figures (never asserted: CI is a busy machine)."""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from page_helpers import wait_ready


class Reaction(NamedTuple):
    step: int
    kind: str  # the question the step asked (the page's data-prompt)
    page_ms: int  # the page's own time from the click sent to the next step drawn
    wall: float  # the click's seconds of the test's wall clock


def open_from_lobby(page: Any, server: str, game: str) -> None:
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.click(f"#learn [data-tutorial='{game}'] a")
    wait_ready(page, "tutorial")


def step_of(page: Any) -> int:
    return int(page.get_attribute("html", "data-tutorial-step"))


def at_step(page: Any, step: int) -> None:
    page.wait_for_selector(f"html[data-page='tutorial'][data-ready='true'][data-tutorial-step='{step}']",
                           state="attached", timeout=60_000)


def click_step(page: Any, target: Any) -> Reaction:
    """Click the step's highlighted move and wait for the next step; how long the page took to react."""
    step = step_of(page)
    kind = page.get_attribute("[data-prompt]", "data-prompt") or "?"
    started = time.perf_counter()
    target.click()
    at_step(page, step + 1)
    return Reaction(step, kind, int(page.get_attribute("html", "data-reacted")), time.perf_counter() - started)


def finish_and_see_it_ticked(page: Any, server: str, game: str) -> None:
    page.click("#tutorial-finish")
    page.wait_for_selector("#tutorial-finished")
    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.wait_for_selector(f"#learn [data-tutorial='{game}'][data-done='true']")


def reactions_said(game: str, lang: str, viewport: tuple[int, int], reactions: list[Reaction]) -> str:
    page_ms = [reaction.page_ms for reaction in reactions]
    each = ", ".join(f"{r.step}:{r.kind}={r.page_ms}" for r in reactions)
    median = sorted(page_ms)[len(page_ms) // 2]
    return (f"\n{game} tutorial {lang} {viewport[0]}x{viewport[1]}: {len(reactions)} moves clicked; the page's "
            f"reaction per step (ms, click sent to next step drawn): {each}; median {median} ms, max {max(page_ms)} "
            f"ms; clicking the whole tutorial took {sum(r.wall for r in reactions):.1f} s of the test's wall clock")
