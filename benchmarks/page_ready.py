"""Time to interactive of the lobby and of each game's table, at a laptop's 1280×800 and a phone's 390×844.

Starts `ludus serve` (127.0.0.1, a fresh SQLite file) and Debian's chromium. For the lobby: from navigation to
the page's readiness signal (<html data-page="lobby" data-ready="true">). For a table: from navigation to the
first question on screen (`#board[data-asked]`: the view is drawn, the stylesheets are in and the question and
what it refers to have been brought into view). Each page is loaded --runs times in a fresh browser context
(an empty cache, as a first visit) and the median and the worst are printed.

    .venv/bin/python benchmarks/page_ready.py --runs 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, start_server

VIEWPORTS = {"1280×800": {"width": 1280, "height": 800}, "390×844": {"width": 390, "height": 844}}
GAMES = {"rose": 4, "floors": 3, "shadows": 4}


def timed(browser: object, url: str, selector: str, viewport: dict[str, int], phone: bool) -> float:
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)  # type: ignore[attr-defined]
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(selector, state="attached", timeout=60_000)
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        process = start_server(port, Path(folder) / "ludus.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                print(f"{'page':<16}{'window':>10}{'median ms':>12}{'worst ms':>11}")
                for size, viewport in VIEWPORTS.items():
                    phone = size.startswith("390")
                    pages = {"lobby": (server + "/", "html[data-page='lobby'][data-ready='true']")}
                    for game, players in GAMES.items():
                        # the first seat holds a question at once (Rose: wait for its turn; the bots are slow)
                        created = httpx.post(server + "/api/tables", json={
                            "game": game, "players": players, "name": "Ann", "bots": [None] + ["easy"] * (players - 1),
                            "bot_delay": 10}).json()
                        pages[game] = (f"{server}/t/{created['table']['id']}#seat={created['token']}",
                                       "#board[data-asked], #board .prompt-bar.idle")
                    for name, (url, selector) in pages.items():
                        times = [timed(browser, url, selector, viewport, phone) * 1000 for _ in range(args.runs)]
                        print(f"{name:<16}{size:>10}{statistics.median(times):>12.0f}{max(times):>11.0f}")
                browser.close()
        finally:
            process.kill()
            process.wait(10)


if __name__ == "__main__":
    main()
