"""What every browser test shares besides its fixtures."""

from __future__ import annotations

from typing import Any


def wait_ready(page: Any, kind: str = "table", timeout: float = 60_000) -> None:
    """Wait for the page's own readiness signal (``<html data-page=… data-ready="true">``).

    A selector cannot throw before the client's modules have loaded, unlike a predicate that reads
    ``window.ludus``; every test looks at a page only after this."""
    page.wait_for_selector(f"html[data-page='{kind}'][data-ready='true']", state="attached", timeout=timeout)


def switch_language(page: Any, lang: str, timeout: float = 60_000) -> None:
    """Pick ``lang`` in the header's switch and wait until the page on screen is drawn again in it.

    ``<html lang>`` changes before the page is drawn again (the account is fetched in between), so a test
    that read the words after it could still see the old language; ``data-shown-lang`` is set after."""
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang='{lang}'][data-shown-lang='{lang}']", state="attached", timeout=timeout)
