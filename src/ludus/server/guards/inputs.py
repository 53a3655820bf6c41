"""Reading what a client sends: JSON bodies and frames, display names, table ids.

Everything here refuses with ``BadInput(code, detail)`` before anything is stored or computed, so a
malformed request changes nothing and costs little: JSON nested deeper than a lobby request or a move
ever is, numbers longer than any seed, NaN and Infinity, and strings that are not valid Unicode are
refused while parsing; a display name is normalized (NFC) and may not hide control, format (bidi
overrides, zero-width) or otherwise invisible characters.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

MAX_DEPTH = 32  # a choice or an options object is a few levels deep
MAX_DIGITS = 64  # far beyond any seed (19 digits): a longer number is refused before it is even converted
MAX_NAME = 32

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

# Letters a reader cannot see although they are not marked as controls or format characters.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180e")
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
SURROGATE = re.compile("[\ud800-\udfff]")


class BadInput(Exception):
    """Input refused before it changed anything; ``code`` is the stable error code."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadInput("malformed", f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if len(text) > 40 or not math.isfinite(value):
        raise BadInput("malformed", "a number is too long or too large")
    return value


def _constant(text: str) -> Any:
    raise BadInput("malformed", f"{text} is not a JSON number")


def parse_json(raw: str | bytes) -> Any:
    """Strict JSON: bounded depth and numbers, valid Unicode; anything else is ``malformed``."""
    try:
        value = json.loads(raw, parse_int=_whole, parse_float=_real, parse_constant=_constant)
    except BadInput:
        raise
    except RecursionError as error:
        raise BadInput("malformed", f"JSON nested deeper than {MAX_DEPTH} levels") from error
    except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError is a ValueError
        raise BadInput("malformed", f"not JSON: {getattr(error, 'msg', None) or error}") from error
    if not _plainly_within_bounds(raw):
        _check_shape(value)
    return value


def _plainly_within_bounds(raw: str | bytes) -> bool:
    """Can the text not hold what ``_check_shape`` refuses? A value nested d deep needs d opening brackets in
    the text, and a lone surrogate comes from a \\u escape or from one in the text itself; a choice message
    (every message of a game, after every move) has neither, and its parts need not be walked."""
    return isinstance(raw, str) and raw.count("{") + raw.count("[") <= MAX_DEPTH and "\\u" not in raw \
        and SURROGATE.search(raw) is None


def _check_shape(value: Any) -> None:
    """Depth and Unicode of every part, without recursion (a deep value must not exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                raise BadInput("malformed", "a string is not valid Unicode")
            continue
        if not isinstance(item, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise BadInput("malformed", f"JSON nested deeper than {MAX_DEPTH} levels")
        if isinstance(item, dict):
            stack.extend((key, depth) for key in item)
            stack.extend((child, depth + 1) for child in item.values())
        else:
            stack.extend((child, depth + 1) for child in item)


def json_object(raw: str | bytes) -> dict[str, Any]:
    value = parse_json(raw)
    if not isinstance(value, dict):
        raise BadInput("malformed", "the JSON must be an object")
    return value


def display_name(value: Any) -> str:
    """A player's name as others will see it: NFC, single spaces, 1–32 visible characters."""
    if not isinstance(value, str):
        raise BadInput("bad-name", "a display name is text")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise BadInput("bad-name", "a display name is needed")
    for char in name:
        if char in INVISIBLE or unicodedata.category(char) in REFUSED_CATEGORIES:
            raise BadInput("bad-name", f"a display name may not contain the invisible or control character "
                                       f"U+{ord(char):04X}")
    if len(name) > MAX_NAME:
        raise BadInput("bad-name", f"a display name has at most {MAX_NAME} characters")
    return name


def is_table_id(value: str) -> bool:
    """Could this be a table id at all? (Others are unknown without asking the database, which may refuse
    some characters, NUL on PostgreSQL, with an error of its own.)"""
    return TABLE_ID.fullmatch(value) is not None
