"""Account names: the display-name rules every guest name follows, and no look-alike of another account's name.

A name is read by ``guards/inputs.display_name`` (NFC, single spaces, no control, format, bidi-override or invisible
characters, Braille blank and Hangul fillers included). Two names "look alike" when their confusables skeletons
are equal: the skeleton of Unicode Technical Standard #39 maps every character to a prototype it is confusable
with (Cyrillic "а" and Latin "a", "I" and "l"…). The confusables data comes from the ``confusable-homoglyphs``
package (Unicode's confusables.txt); each character's prototype is the smallest of the characters it is listed
as confusable with, so look-alikes share one. Compatibility forms are folded first (NFKC) and case last, as for the
one-account-per-name key.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables

from ..guards.inputs import display_name


@lru_cache(maxsize=8192)
def prototype(char: str) -> str:
    """The prototype ``char`` is confusable with (itself when it is one). The package's table lists, for a
    character of confusables.txt, the one prototype it maps to, and for a prototype every character mapping to
    it; a pair that lists only each other keeps the smaller."""
    listed = _glyphs(char)
    if len(listed) != 1:
        return char
    target = listed[0]
    if len(_glyphs(target)) > 1 or target < char:
        return target
    return char


def _glyphs(text: str) -> list[str]:
    # the table wraps right-to-left characters in LEFT-TO-RIGHT MARKs for display
    return [entry["c"].replace("\u200e", "") for entry in confusables.confusables_data.get(text, ())]


def skeleton(name: str) -> str:
    """The name as it looks: equal skeletons, confusable names. UTS #39's skeleton of the name as written (so
    "I" is read as "l"), then case-folded, as names are one whatever their case ("ADS0" is "Adso")."""
    written = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    return unicodedata.normalize("NFD", "".join(prototype(char) for char in written)).casefold()


def account_name(value: object) -> str:
    """An account's name as others will see it (``BadInput`` bad-name when refused)."""
    return display_name(value)
