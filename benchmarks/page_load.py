"""Time to interactive of the lobby and of a table page, in Debian's chromium against a real `ludus serve`.

"Interactive" is the page's own readiness signal (``<html data-ready="true">``): the lobby has drawn the
games and the open tables, a table has drawn the server's first welcome, so the page can be used. A script
added before any page script records ``performance.now()`` (milliseconds since the navigation started) at
that moment, beside the browser's DOMContentLoaded and load events.

Each page is opened ``--runs`` times in a fresh browser context (nothing cached: what a first visit costs)
and as many times again by reloading in one context (the modules revalidated, as on a return visit). The
server runs on this machine with a fresh SQLite file; the table is a Rose table with one seat (ours) and
three bots, so the welcome carries a real view.

    .venv/bin/python benchmarks/page_load.py [--runs 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from served import serve  # the browser tests' real server process

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"]
RECORD = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.ready === "true") {
    window.__interactive = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""
TIMES = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return { interactive: window.__interactive, dom: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
}"""


def measure(page: Any, url: str, kind: str, reload: bool) -> dict[str, float]:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(f"html[data-page='{kind}'][data-ready='true']", state="attached", timeout=60_000)
    page.wait_for_function("() => window.__interactive !== undefined")
    page.wait_for_load_state("load")
    return page.evaluate(TIMES)


def summary(label: str, samples: list[dict[str, float]]) -> None:
    def figures(key: str) -> str:
        values = sorted(sample[key] for sample in samples)
        p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
        return f"median {statistics.median(values):6.0f} ms  p90 {p90:6.0f} ms"
    print(f"{label:28} interactive: {figures('interactive')} | DOMContentLoaded: {figures('dom')} | "
          f"load: {figures('load')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        served = serve(Path(folder))
        try:
            created = httpx.post(served.url + "/api/tables", json={
                "game": "rose", "players": 4, "name": "Ann", "bots": [None, "easy", "easy", "easy"]}).json()
            pages = {"lobby": served.url + "/",
                     "table": f"{served.url}/t/{created['table']['id']}#seat={created['token']}"}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for kind, url in pages.items():
                    first, again = [], []
                    for _ in range(args.runs):
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        context.add_init_script(RECORD)
                        first.append(measure(context.new_page(), url, kind, reload=False))
                        context.close()
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script(RECORD)
                    page = context.new_page()
                    measure(page, url, kind, reload=False)
                    for _ in range(args.runs):
                        again.append(measure(page, url, kind, reload=True))
                    context.close()
                    summary(f"{kind} (first visit)", first)
                    summary(f"{kind} (reload)", again)
                browser.close()
        finally:
            served.kill()


if __name__ == "__main__":
    main()
