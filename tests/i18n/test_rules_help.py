"""Every game's rules-help page (web/rules.js) has a title and a real rules summary in every language."""

from __future__ import annotations

import pytest

from ludus.i18n import LANGUAGES, catalog

GAMES = ("rose", "floors", "shadows")


def _paragraphs(lang: str, game: str) -> dict[str, str]:
    return {key: text for key, text in catalog(lang, game).items() if key.startswith("help.") and key != "help.title"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_a_rules_title_and_at_least_eight_paragraphs(lang: str, game: str) -> None:
    assert catalog(lang, game).get("help.title", "").strip(), f"{lang}/{game}.json lacks help.title"
    paragraphs = _paragraphs(lang, game)
    assert len(paragraphs) >= 8, f"{lang}/{game}.json has only {len(paragraphs)} help paragraphs"
    assert all(text.strip() for text in paragraphs.values())


@pytest.mark.parametrize("game", GAMES)
def test_rules_paragraphs_are_the_same_in_every_language(game: str) -> None:
    english = set(_paragraphs("en", game))
    for lang in LANGUAGES:
        assert set(_paragraphs(lang, game)) == english, f"{lang}/{game}.json"


@pytest.mark.parametrize("game", GAMES)
def test_rules_paragraphs_hold_no_placeholders(game: str) -> None:
    # The page shows the texts as they are; a brace would read like a broken placeholder.
    for lang in LANGUAGES:
        for key, text in _paragraphs(lang, game).items():
            assert "{" not in text and "}" not in text, f"{lang}/{game}.json {key}"


def test_hungarian_rules_use_the_rulebooks_words() -> None:
    floors = " ".join(_paragraphs("hu", "floors").values())
    for word in ("szörny", "kőkocka", "vértócsa", "teleportál", "kristály", "szörnymozgató kártya"):
        assert word in floors
    shadows = " ".join(_paragraphs("hu", "shadows").values())
    for word in ("hírszerző", "nyomozó", "bizonyíték", "megbízó", "rendőr", "nyomkártya"):
        assert word in shadows
