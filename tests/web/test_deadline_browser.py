"""A turn-based table's deadline badge counts down: minutes and seconds in the last ten minutes, seconds in
the last one, each second, in words of the page's language (CLDR units through Intl). The page's clock is
Playwright's (``page.clock``): the test stops it at a known distance from the deadline and moves it on by a
second, so nothing depends on how fast this machine is."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

WORDS = {  # (2 min 5 s, 2 min 4 s, 45 s, 44 s, 1 s, 1 min 1 s, 1 min) left, as the badge says them after the name
    "en": (": 2 minutes 5 seconds left", ": 2 minutes 4 seconds left", ": 45 seconds left",
           ": 44 seconds left", ": 1 second left", ": 1 minute 1 second left", ": 1 minute left"),
    "hu": (": még 2 perc 5 másodperc", ": még 2 perc 4 másodperc", ": még 45 másodperc",
           ": még 44 másodperc", ": még 1 másodperc", ": még 1 perc 1 másodperc", ": még 1 perc"),
    "zh": ("：剩余 2分钟5秒钟", "：剩余 2分钟4秒钟", "：剩余 45秒钟", "：剩余 44秒钟", "：剩余 1秒钟",
           "：剩余 1分钟1秒钟", "：剩余 1分钟"),
}


@pytest.mark.parametrize(("lang", "viewport"), [("en", {"width": 1280, "height": 800}),
                                                ("hu", {"width": 390, "height": 844}),
                                                ("zh", {"width": 1280, "height": 800})])
def test_the_deadline_badge_counts_down_each_second_near_the_end(
        server: str, browser: Any, artifacts: Path, lang: str, viewport: dict[str, int]) -> None:
    created = httpx.post(server + "/api/tables", json={
        "game": "floors", "players": 2, "name": "Ann", "bots": [None, "easy"], "bot_delay": 0,
        "turn": {"seconds": 3600, "on_timeout": "bot:easy"}}).json()
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"localStorage.setItem('ludus.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install()  # the page's clock runs as the real one until the test stops it
    page.goto(f"{server}/t/{created['table']['id']}#seat={created['token']}")
    wait_ready(page)
    badge = page.locator("#deadlines .deadline.you")
    badge.wait_for()
    due_ms = math.ceil(float(badge.get_attribute("data-due")) * 1000)

    def read_at(left_ms: int) -> tuple[str, str]:
        """The badge's words once the clock stopped `left_ms` before the deadline, and a second later."""
        at = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=due_ms - left_ms)  # to the millisecond
        page.clock.pause_at(at.isoformat(timespec="milliseconds"))
        page.clock.run_for(998)  # the badge's ticker has run within this second (at most 1 ms early)
        first = badge.inner_text()
        page.clock.run_for(1000)
        texts = first, badge.inner_text()
        assert all(text.startswith("Ann") for text in texts)
        return tuple(text.removeprefix("Ann").split(")", 1)[-1] for text in texts)  # without "(you)"

    words = WORDS[lang]
    assert read_at(125_000) == (words[0], words[1])
    page.screenshot(path=str(artifacts / f"deadline-minutes-{lang}.png"))
    assert read_at(61_000) == (words[5], words[6])  # a whole minute is said without "0 seconds"
    assert read_at(45_000) == (words[2], words[3])
    assert read_at(2_000)[1] == words[4]
    page.screenshot(path=str(artifacts / f"deadline-seconds-{lang}.png"))
    assert errors == []
    context.close()
