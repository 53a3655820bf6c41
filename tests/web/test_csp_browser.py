"""The Content-Security-Policy holds in a real browser: the lobby, the rules and a table of each game draw
everything they need (scripts, styles, pictures, the live socket) and the browser reports no violation."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

# Recorded from the first script on: a violation during loading counts too.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""

TABLES = [("rose", 3), ("floors", 2), ("shadows", 4)]


def test_no_page_breaks_the_content_security_policy(server: str, browser: Any) -> None:
    assert "script-src 'self'" in httpx.get(server + "/").headers["content-security-policy"]
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    seen: dict[str, list[str]] = {}

    page.goto(server + "/")
    wait_ready(page, "lobby")
    page.wait_for_selector("select, button")
    seen["lobby"] = page.evaluate("() => window.__violations")
    for game, _ in TABLES:
        page.goto(f"{server}/rules/{game}")
        wait_ready(page, "rules")
        seen[f"rules/{game}"] = page.evaluate("() => window.__violations")
    for game, players in TABLES:
        # every other seat taken by a person who never moves: no bot keeps the server busy for later tests
        created = httpx.post(server + "/api/tables", json={"game": game, "players": players, "name": "Adso"}).json()
        table_id = created["table"]["id"]
        for seat in range(1, players):
            httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": f"Guest {seat}"})
        page.evaluate("([id, token]) => localStorage.setItem(`ludus.seat.${id}`, JSON.stringify({token, seat: 0}))",
                      [table_id, created["token"]])
        page.goto(f"{server}/t/{table_id}")
        wait_ready(page)
        page.wait_for_function("() => ludus.state.status === 'running'", timeout=60_000)
        if page.evaluate("() => ludus.state.decisions.length > 0"):
            page.evaluate("() => ludus.playFirst()")  # the next picture is drawn too
        page.wait_for_timeout(500)
        page.wait_for_load_state("networkidle")
        seen[f"table/{game}"] = page.evaluate("() => window.__violations")
    context.close()
    assert seen == {name: [] for name in seen}
    assert not [text for text in console if "Content Security Policy" in text]
