"""The client counts things by its language's CLDR plural rules (Intl.PluralRules): "Give 1 card",
"Give 2 cards", never "card(s)"; Hungarian and Chinese keep their one form after a number."""

from __future__ import annotations

from typing import Any

import pytest
from page_helpers import wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

SAID = """async ([lang, counts]) => {
  const i18n = await import('/web/lib/i18n.js');
  await i18n.loadLanguage(lang);
  return counts.map((count) => [i18n.t('shadows.ui.give', { count }),
    i18n.t('floors.result.line', { name: 'Ann', count }), i18n.pluralCategory(count)]);
}"""

EXPECTED = {
    "en": [("Give 0 cards", "Ann: 0 figures out", "other"), ("Give 1 card", "Ann: 1 figure out", "one"),
           ("Give 2 cards", "Ann: 2 figures out", "other")],
    "hu": [("0 nyomkártya átadása", "Ann: 0 figura jutott ki", "other"),
           ("1 nyomkártya átadása", "Ann: 1 figura jutott ki", "one"),
           ("2 nyomkártya átadása", "Ann: 2 figura jutott ki", "other")],
    "zh": [("交出 0 张卡", "Ann：逃出0个棋子", "other"), ("交出 1 张卡", "Ann：逃出1个棋子", "other"),
           ("交出 2 张卡", "Ann：逃出2个棋子", "other")],
}


def test_the_client_picks_each_languages_plural_form(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    wait_ready(page, "lobby")
    for lang, expected in EXPECTED.items():
        assert [tuple(said) for said in page.evaluate(SAID, [lang, [0, 1, 2]])] == expected, lang
    context.close()
