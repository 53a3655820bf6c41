"""Message catalogs in English, Hungarian and Chinese (the languages of our rulebooks).

A catalog is ``i18n/<lang>/<namespace>.json``: a flat object of keys to messages with
``{name}`` placeholders. A full key is ``"<namespace>.<key>"``, e.g. ``"rose.building.Ecclesia"``.

A message about a number of things is a plural family: ``<key>_<category>`` for each CLDR cardinal category
its language has (English and Hungarian ``one`` and ``other``, Chinese ``other``), with the number as
``{count}``; ``t("<key>", lang, count=n)`` picks the form (the client does the same with
``Intl.PluralRules``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "hu", "zh")
DEFAULT_LANGUAGE = "en"

# CLDR's cardinal plural categories of our languages (plurals.xml: en one = "i = 1 and v = 0",
# hu one = "n = 1", zh only other); Intl.PluralRules in the browser gives the same.
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "hu": ("one", "other"), "zh": ("other",)}
CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def plural_category(lang: str, count: Any) -> str:
    """The CLDR cardinal category of ``count`` in ``lang``."""
    # en: the integer 1 only ("1.0 cards"); hu: n = 1 (a float 1.0 too)
    one = "one" in PLURAL_CATEGORIES.get(lang, ()) and not isinstance(count, bool) and count == 1
    return "one" if one and (lang != "en" or isinstance(count, int)) else "other"


def plural_base(key: str, messages: Mapping[str, str]) -> str | None:
    """``"ui.give"`` for ``"ui.give_one"`` of a catalog that has ``"ui.give_other"``; None for a key that is
    not one form of a plural family (``"end.all_but_one"`` alone is a plain key)."""
    base, _, category = key.rpartition("_")
    return base if base and category in CLDR_CATEGORIES and f"{base}_other" in messages else None


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


def namespaces() -> list[str]:
    folder = resources.files(__package__) / DEFAULT_LANGUAGE
    return sorted(p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def catalog(lang: str, namespace: str) -> dict[str, str]:
    """The messages of one namespace in one language ({} if that file does not exist)."""
    path = resources.files(__package__) / check_language(lang) / f"{namespace}.json"
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """Translate ``key`` (``"namespace.rest"``); falls back to English, then to the key itself."""
    namespace, _, rest = key.partition(".")
    message = _message(lang, namespace, rest, params)
    if message is None:
        message = _message(DEFAULT_LANGUAGE, namespace, rest, params) or key
    return message.format(**params) if params else message


def _message(lang: str, namespace: str, rest: str, params: dict[str, Any]) -> str | None:
    messages = catalog(lang, namespace)
    if rest in messages or "count" not in params:
        return messages.get(rest)
    return messages.get(f"{rest}_{plural_category(lang, params['count'])}", messages.get(f"{rest}_other"))


def bundle(lang: str, namespace: str) -> dict[str, str]:
    """A namespace's messages in ``lang``, English filling any gap (for the browser client)."""
    merged = dict(catalog(DEFAULT_LANGUAGE, namespace))
    merged.update(catalog(lang, namespace))
    return merged
