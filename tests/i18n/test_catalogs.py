"""Every message exists in every language, with the same placeholders, and says something."""

from __future__ import annotations

import json
import string
from importlib import resources

import pytest

from ludus.i18n import LANGUAGES, catalog, t

FOLDER = resources.files("ludus.i18n")


def _namespaces() -> list[str]:
    """Namespaces found in any language (a file missing from one language is itself a failure)."""
    found: set[str] = set()
    for lang in LANGUAGES:
        found |= {p.name.removesuffix(".json") for p in (FOLDER / lang).iterdir() if p.name.endswith(".json")}
    return sorted(found)


def _placeholders(message: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(message) if field is not None}


NAMESPACES = _namespaces()


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_namespace_has_a_file_in_every_language(namespace):
    for lang in LANGUAGES:
        path = FOLDER / lang / f"{namespace}.json"
        assert path.is_file(), f"{lang}/{namespace}.json is missing"
        assert isinstance(json.loads(path.read_text(encoding="utf-8")), dict)


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_key_exists_in_all_three_languages(namespace):
    keys = {lang: set(catalog(lang, namespace)) for lang in LANGUAGES}
    every = set().union(*keys.values())
    for lang in LANGUAGES:
        assert not every - keys[lang], f"{lang}/{namespace}.json lacks {sorted(every - keys[lang])}"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_placeholders_are_the_same_in_every_language(namespace):
    english = catalog("en", namespace)
    for lang in LANGUAGES:
        for key, message in catalog(lang, namespace).items():
            if key in english:
                assert _placeholders(message) == _placeholders(english[key]), f"{lang}/{namespace}.json {key}"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_no_message_is_empty(namespace):
    for lang in LANGUAGES:
        for key, message in catalog(lang, namespace).items():
            assert isinstance(message, str) and message.strip(), f"{lang}/{namespace}.json {key} is empty"


def test_rose_names_follow_the_rulebooks():
    assert t("rose.building.Bibliotheca", "hu") == "Könyvtár"
    assert t("rose.building.Ecclesia", "hu") == "Templom"
    assert t("rose.track.clue", "hu") == "Bűnjel"
    assert t("rose.thing.time_tile", "zh") == "时间块"
    assert t("rose.track.suspicion", "zh") == "怀疑"
    assert t("rose.pawn.adson", "zh") == "阿德生"
    assert t("rose.event.tricky.name", "en") == "Tricky"


def test_rose_catalog_names_every_building_colour_and_event_of_the_protocol():
    from ludus.games.rose.components import BUILDINGS, COLOURS, EVENTS

    rose = catalog("en", "rose")
    for building in BUILDINGS:
        assert f"building.{building}" in rose and f"latin.{building}" in rose
    for colour in COLOURS:
        assert f"colour.{colour}" in rose and f"monk.{colour}" in rose
    for event in EVENTS:
        for part in ("name", "short", "text"):
            assert f"event.{event}.{part}" in rose


DECISION_KINDS = ("card", "william_or_adson", "time_tile", "pawn", "destination", "task_tile", "sign",
                  "clue_bonus_split", "clue_bonus", "studious", "awkward", "incredulous", "draw", "revelation",
                  "guess")


def test_rose_catalog_phrases_every_decision_kind_of_the_protocol():
    rose = catalog("en", "rose")
    for kind in DECISION_KINDS:
        assert f"prompt.{kind}" in rose
    for option in ("done", "none", "william", "adson", "plus", "minus", "one", "two", "again", "skip", "draw"):
        assert f"option.{option}" in rose
