"""Message catalogs in English, Hungarian and Chinese (the languages of our rulebooks).

A catalog is ``i18n/<lang>/<namespace>.json``: a flat object of keys to messages with
``{name}`` placeholders. A full key is ``"<namespace>.<key>"``, e.g. ``"rose.building.Ecclesia"``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "hu", "zh")
DEFAULT_LANGUAGE = "en"


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
    message = catalog(lang, namespace).get(rest)
    if message is None:
        message = catalog(DEFAULT_LANGUAGE, namespace).get(rest, key)
    return message.format(**params) if params else message


def bundle(lang: str, namespace: str) -> dict[str, str]:
    """A namespace's messages in ``lang``, English filling any gap (for the browser client)."""
    merged = dict(catalog(DEFAULT_LANGUAGE, namespace))
    merged.update(catalog(lang, namespace))
    return merged
