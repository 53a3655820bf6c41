"""Every message exists in every language, with the same placeholders, and says something."""

from __future__ import annotations

import json
import string
from importlib import resources

import pytest

from ludus.i18n import LANGUAGES, PLURAL_CATEGORIES, catalog, plural_base, t

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


def _words(lang: str, namespace: str) -> set[str]:
    """A namespace's keys, a plural family (``give_one``, ``give_other``) counted once by its name."""
    messages = catalog(lang, namespace)
    return {plural_base(key, messages) or key for key in messages}


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_key_exists_in_all_three_languages(namespace):
    keys = {lang: _words(lang, namespace) for lang in LANGUAGES}
    every = set().union(*keys.values())
    for lang in LANGUAGES:
        assert not every - keys[lang], f"{lang}/{namespace}.json lacks {sorted(every - keys[lang])}"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_placeholders_are_the_same_in_every_language(namespace):
    english = catalog("en", namespace)
    for lang in LANGUAGES:
        messages = catalog(lang, namespace)
        for key, message in messages.items():
            base = plural_base(key, messages)
            same = key if key in english else f"{base}_other" if base else None
            if same in english:
                assert _placeholders(message) == _placeholders(english[same]), f"{lang}/{namespace}.json {key}"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_no_message_counts_things_with_a_parenthesised_plural(namespace):
    for lang in LANGUAGES:
        for key, message in catalog(lang, namespace).items():
            assert "(s)" not in message, f"{lang}/{namespace}.json {key}: {message!r} (use a plural family)"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_plural_family_has_exactly_the_cldr_categories_of_its_language(namespace):
    for lang in LANGUAGES:
        families: dict[str, set[str]] = {}
        messages = catalog(lang, namespace)
        for key in messages:
            if (base := plural_base(key, messages)) is not None:
                families.setdefault(base, set()).add(key.removeprefix(base + "_"))
        for base, categories in families.items():
            assert categories == set(PLURAL_CATEGORIES[lang]), f"{lang}/{namespace}.json {base}: {sorted(categories)}"
            assert base not in catalog(lang, namespace), f"{lang}/{namespace}.json {base} is also a plain key"
            for category in categories:
                assert "{count}" in catalog(lang, namespace)[f"{base}_{category}"], f"{lang} {base}_{category}"


@pytest.mark.parametrize(("lang", "count", "expected"), [
    ("en", 0, "Give 0 cards"), ("en", 1, "Give 1 card"), ("en", 2, "Give 2 cards"),
    ("hu", 1, "1 nyomkártya átadása"), ("hu", 3, "3 nyomkártya átadása"), ("zh", 1, "交出 1 张卡")])
def test_t_picks_the_plural_form_by_the_languages_rules(lang, count, expected):
    assert t("shadows.ui.give", lang, count=count) == expected


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


# the event tiles' printed (German) names, as the Hungarian rulebook translation quotes them
GERMAN_EVENT_NAMES = ("Mitteilsam", "Dicht dran", "Eilig", "Unauffällig", "Rätselhaft", "Fleißig", "Unglaublich",
                      "Heikel", "Verfänglich", "Dubios", "Verboten", "Erwischt", "Forschend", "Verdächtig")


@pytest.mark.parametrize("lang", ["hu", "zh"])
def test_rose_event_texts_speak_only_the_pages_language(lang):
    """The Hungarian and Chinese event texts name each event by its name in that language, never by the German
    name printed on the tile (the page read "A magyar szabálykönyvben: „Verdächtig”")."""
    from ludus.games.rose.components import EVENTS

    rose = catalog(lang, "rose")
    for event in EVENTS:
        for part in ("name", "short", "text"):
            message = rose[f"event.{event}.{part}"]
            found = [name for name in GERMAN_EVENT_NAMES if name.lower() in message.lower()]
            assert not found, f"{lang} rose.event.{event}.{part} ends in German: {found}"


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
