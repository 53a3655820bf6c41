"""Time to the first question on screen, for each game's table at a laptop's 1280×800 and a phone's 390×844.

benchmarks/page_load.py times the page's readiness (the first welcome drawn). This times what a player waits
for at a table: from navigation until the seat's first question has been asked and brought into view together
with what it refers to (`#board[data-asked]`, set by the client's lib/boardview.js once the stylesheets are in
and the page is scrolled). Each table is opened --runs times in a fresh browser context (a first visit).

    .venv/bin/python benchmarks/question_ready.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from served import serve  # the browser tests' real server process

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"]
WINDOWS = {"1280×800": {"width": 1280, "height": 800}, "390×844": {"width": 390, "height": 844}}
# the first seat of each table holds a question at once (Floors and Shadows: seat 0 moves or gives first)
GAMES = {"floors": 3, "shadows": 4}


def opened(browser: Any, url: str, window: dict[str, int], phone: bool) -> float:
    context = browser.new_context(viewport=window, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#board[data-asked]", state="attached", timeout=60_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        served = serve(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                print(f"{'table':<10}{'window':>10}{'median ms':>12}{'worst ms':>11}")
                for game, players in GAMES.items():
                    created = httpx.post(served.url + "/api/tables", json={
                        "game": game, "players": players, "name": "Ann", "bots": [None] + ["easy"] * (players - 1),
                        "bot_delay": 10}).json()
                    url = f"{served.url}/t/{created['table']['id']}#seat={created['token']}"
                    for size, window in WINDOWS.items():
                        times = [opened(browser, url, window, size.startswith("390")) for _ in range(args.runs)]
                        print(f"{game:<10}{size:>10}{statistics.median(times):>12.0f}{max(times):>11.0f}")
                browser.close()
        finally:
            served.kill()


if __name__ == "__main__":
    main()
