"""How long the archive and the leaderboards take with many finished games in the database.

Fills a database with ``--games`` finished games (archive_fill.py: real, replayable matches) unless the
database has them already, starts `ludus serve` on it, and times
- the server's answer (``GET /api/archive`` unfiltered, deep in the pages, by game, by player, by date, all
  together; ``GET /api/ratings/{game}``), ``--runs`` requests each, median and p90;
- the pages in Debian's chromium: navigation start → the page's readiness signal (``data-ready``), a fresh
  context each time (a first visit), the same way as page_load.py.

    .venv/bin/python benchmarks/archive_pages.py [--db sqlite:///bench-archive.sqlite3] [--games 10000] [--runs 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import httpx
from sqlalchemy import func, select

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from served import Served, free_port

from archive_fill import fill
from ludus.server.store import Store, results
from page_load import ARGS, CHROMIUM, RECORD, measure, summary


def stored_games(db_url: str) -> int:
    store = Store(db_url)
    try:
        with store.engine.connect() as db:
            return db.execute(select(func.count()).select_from(results)).scalar_one()
    finally:
        store.close()


def timed(url: str, runs: int) -> tuple[float, float, int]:
    samples = []
    size = 0
    with httpx.Client(timeout=60) as client:
        client.get(url)
        for _ in range(runs):
            started = time.perf_counter()
            response = client.get(url)
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.text
            size = len(response.content)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, round(0.9 * (len(samples) - 1)))], size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite:///bench-archive.sqlite3")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--page-runs", type=int, default=10)
    args = parser.parse_args()
    have = stored_games(args.db)
    if have < args.games:
        print(f"filling {args.db} with {args.games - have} finished games …", flush=True)
        print(fill(args.db, args.games - have, 60, 2026 + have, 400), flush=True)
    total = stored_games(args.db)
    print(f"{total} finished games in {args.db}")
    port = free_port()
    served = Served(f"http://127.0.0.1:{port}", args.db, port).start(timeout=120)
    try:
        base = served.url
        some_player = httpx.get(base + "/api/archive").json()["games"][0]["seats"][0]["name"] or "Adso"
        queries = {
            "archive, newest": "/api/archive",
            "archive, page 200": "/api/archive?page=200",
            "archive, by game": "/api/archive?game=floors",
            "archive, by player": f"/api/archive?player={some_player[:3]}",
            "archive, by date": "/api/archive?since=2026-01-01&until=2026-03-31",
            "archive, all filters": f"/api/archive?game=rose&player={some_player[:3]}&since=2026-01-01",
            "leaderboard rose": "/api/ratings/rose",
            "leaderboard rose p3": "/api/ratings/rose?page=3",
        }
        print(f"server answers ({args.runs} requests each):")
        for label, path in queries.items():
            median, p90, size = timed(base + path, args.runs)
            print(f"  {label:22} median {median:6.1f} ms  p90 {p90:6.1f} ms  ({size / 1024:.0f} KiB)")
        from playwright.sync_api import sync_playwright

        pages = {"archive": base + "/games", "archive (player)": f"{base}/games?player={some_player[:3]}",
                 "leaderboard": base + "/ratings/rose"}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for label, url in pages.items():
                kind = "leaderboard" if "leaderboard" in label else "archive"
                samples = []
                for _ in range(args.page_runs):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script(RECORD)
                    samples.append(measure(context.new_page(), url, kind, reload=False))
                    context.close()
                summary(f"{label} page (first visit)", samples)
            browser.close()
    finally:
        served.kill()


if __name__ == "__main__":
    main()
