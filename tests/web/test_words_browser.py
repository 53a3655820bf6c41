"""Words the issue found wrong (issue 22, "Words"): each fixed one with its test."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import switch_language, wait_ready

from ludus.i18n import t

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_the_language_pickers_screen_reader_label_is_in_the_pages_language(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    for lang in ("hu", "zh", "en"):
        switch_language(page, lang)
        assert page.get_attribute("#lang", "aria-label") == t("web.language", lang)
    assert t("web.language", "hu") != t("web.language", "en") != t("web.language", "zh")
    context.close()
