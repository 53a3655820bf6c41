"""Picture recipes and the deck: 84 clue cards and 70 district faces, each a composed hex scene.

A recipe is tiny: a backdrop, one main subject and 2–3 props (OpenMoji icon codes) and a layout
number. The standard deck is a fixed list of recipes shipped as ``data/standard_deck.json``
(written once by ``scripts/build_deck.py``); ``fresh_deck(seed)`` composes a new deck from the
whole icon pool with the same composer, so the same seed always gives the same deck.

Picture ids follow the board (``board.py``): clue cards ``"k0"``..``"k83"``, district faces
``"d{tile}{side}{i}"`` (tile 0..6, side "a"/"b", place 0..4).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .colours import Palette, merge
from .icons import Icon, icon, icon_pool

CLUE_CARDS = 84
DISTRICT_TILES = 7
DISTRICT_SIDES = ("a", "b")
FACES_PER_SIDE = 5

CLUE_IDS: tuple[str, ...] = tuple(f"k{n}" for n in range(CLUE_CARDS))
DISTRICT_IDS: tuple[str, ...] = tuple(
    f"d{tile}{side}{i}" for tile in range(DISTRICT_TILES) for side in DISTRICT_SIDES for i in range(FACES_PER_SIDE))
PICTURE_IDS: tuple[str, ...] = CLUE_IDS + DISTRICT_IDS


@dataclass(frozen=True)
class Backdrop:
    """A scene's sky (a gradient from ``top`` to ``bottom``) and the ``ground`` its figures stand on."""

    name: str
    top: str
    bottom: str
    ground: str
    theme: str | None = None
    """A theme the backdrop suits (the composer prefers it for subjects of that theme)."""

    @property
    def palette(self) -> Palette:
        return [(self.top, 0.35), (self.bottom, 0.35), (self.ground, 0.30)]


BACKDROPS: dict[str, Backdrop] = {b.name: b for b in (
    Backdrop("dawn", "#ffd6a5", "#ffadad", "#e07a5f"),
    Backdrop("noon", "#bde0fe", "#e0f2ff", "#9bc53d", "plant"),
    Backdrop("meadow", "#cdeac0", "#f1f7d2", "#52b788", "animal"),
    Backdrop("forest", "#a7c957", "#dde5b6", "#386641", "insect"),
    Backdrop("sea", "#90e0ef", "#caf0f8", "#0077b6", "sea"),
    Backdrop("lagoon", "#b8f2e6", "#e0fbfc", "#2ec4b6", "sea"),
    Backdrop("night", "#22223b", "#4a4e69", "#1b1b2f", "fantasy"),
    Backdrop("dusk", "#6d597a", "#e56b6f", "#355070", "sky"),
    Backdrop("desert", "#ffe8a3", "#fff3cf", "#e9c46a", "place"),
    Backdrop("canal", "#a2d2ff", "#e7ecef", "#5c7d9a", "vehicle"),
    Backdrop("brick", "#f6bd60", "#f7ede2", "#b5563c", "home"),
    Backdrop("kitchen", "#fff1e6", "#fde2e4", "#cb997e", "food"),
    Backdrop("orchard", "#fefae0", "#faedcd", "#a3b18a", "fruit"),
    Backdrop("cafe", "#ede0d4", "#e6ccb2", "#7f5539", "drink"),
    Backdrop("lavender", "#e2c2ff", "#f3e8ff", "#9d4edd", "wear"),
    Backdrop("rose", "#ffc8dd", "#ffe5ec", "#f28482", "play"),
    Backdrop("stage", "#3c096c", "#7b2cbf", "#240046", "music"),
    Backdrop("pitch", "#caffbf", "#e9ffdb", "#2d6a4f", "sport"),
    Backdrop("office", "#dee2e6", "#f8f9fa", "#6c757d", "office"),
    Backdrop("workshop", "#ffd166", "#fff1c1", "#8d6e63", "tool"),
    Backdrop("sky", "#8ecae6", "#d8f3ff", "#ffffff", "bird"),
    Backdrop("snow", "#e0fbfc", "#ffffff", "#c2dfe3"),
    Backdrop("ember", "#ff9f1c", "#ffbf69", "#9d0208"),
    Backdrop("mint", "#d8f3dc", "#f0fff4", "#74c69d"),
)}

LAYOUTS: dict[int, tuple[tuple[float, float, float], ...]] = {
    # prop places (centre x, centre y, size) in the picture's 200×230 hex; the subject sits in the middle
    2: ((48, 70, 58), (154, 164, 54)),
    3: ((152, 70, 58), (46, 164, 54)),
    4: ((100, 36, 52), (100, 202, 44)),
    5: ((40, 146, 56), (160, 146, 56)),
    6: ((46, 74, 56), (154, 74, 56), (100, 204, 42)),
    7: ((100, 36, 50), (42, 160, 54), (158, 160, 54)),
    8: ((46, 74, 56), (158, 162, 52), (42, 162, 52)),
    9: ((154, 74, 56), (42, 162, 52), (100, 204, 42)),
}
"""Layouts 2–5 place two props, 6–9 three."""


@dataclass(frozen=True)
class Picture:
    """One picture: its recipe plus what it shows (icons, keywords, dominant colours)."""

    id: str
    backdrop: str
    subject: str
    props: tuple[str, ...]
    layout: int

    @property
    def kind(self) -> str:
        return "clue" if self.id.startswith("k") else "district"

    @property
    def icons(self) -> tuple[Icon, ...]:
        """The subject first, then the props."""
        return tuple(icon(code) for code in (self.subject, *self.props))

    @property
    def keywords(self) -> tuple[str, ...]:
        """Every keyword of every icon, once, subject first."""
        seen: dict[str, None] = {}
        for shown in self.icons:
            for word in (shown.name, *shown.keywords):
                seen.setdefault(word, None)
        return tuple(seen)

    @property
    def colours(self) -> Palette:
        """Dominant colours with their shares: the backdrop counts most, then the subject, then props."""
        return _colours(self)

    def to_recipe(self) -> dict:
        return {"id": self.id, "backdrop": self.backdrop, "subject": self.subject, "props": list(self.props),
                "layout": self.layout}

    def describe(self) -> dict:
        """The picture's recipe and metadata as JSON (for clients, contact sheets and bots)."""
        return {**self.to_recipe(), "kind": self.kind,
                "icons": [{"code": i.code, "char": i.char, "name": i.name} for i in self.icons],
                "keywords": list(self.keywords), "colours": [list(c) for c in self.colours]}

    @classmethod
    def from_recipe(cls, recipe: Mapping) -> Picture:
        picture = cls(recipe["id"], recipe["backdrop"], recipe["subject"], tuple(recipe["props"]),
                      int(recipe["layout"]))
        picture.check()
        return picture

    def check(self) -> None:
        if self.backdrop not in BACKDROPS:
            raise ValueError(f"picture {self.id}: unknown backdrop {self.backdrop!r}")
        if self.layout not in LAYOUTS or len(LAYOUTS[self.layout]) != len(self.props):
            raise ValueError(f"picture {self.id}: layout {self.layout} does not hold {len(self.props)} props")
        for code in (self.subject, *self.props):
            icon(code)


@cache
def _colours_cached(backdrop: str, subject: str, props: tuple[str, ...]) -> tuple[tuple[str, float], ...]:
    parts: list[tuple[Palette, float]] = [(BACKDROPS[backdrop].palette, 0.5), (icon(subject).palette, 0.3)]
    parts += [(icon(code).palette, 0.2 / len(props)) for code in props]
    return tuple(merge(parts, limit=4))


def _colours(picture: Picture) -> Palette:
    return list(_colours_cached(picture.backdrop, picture.subject, picture.props))


class Deck(Mapping[str, Picture]):
    """All 154 pictures by id (clue cards ``k*`` then district faces ``d*``)."""

    def __init__(self, pictures: Iterable[Picture], name: str = "standard") -> None:
        self.name = name
        self._pictures = {p.id: p for p in pictures}
        missing = set(PICTURE_IDS) - set(self._pictures)
        if missing:
            raise ValueError(f"deck {name!r} lacks pictures {sorted(missing)[:5]}…")

    def __getitem__(self, picture_id: str) -> Picture:
        return self._pictures[picture_id]

    def __iter__(self):
        return iter(self._pictures)

    def __len__(self) -> int:
        return len(self._pictures)

    @property
    def clue_cards(self) -> list[Picture]:
        return [self._pictures[i] for i in CLUE_IDS]

    @property
    def district_faces(self) -> list[Picture]:
        return [self._pictures[i] for i in DISTRICT_IDS]

    def to_json(self) -> dict:
        return {"name": self.name, "pictures": [p.to_recipe() for p in self._pictures.values()]}


# --- composing ---------------------------------------------------------------------------------

def compose(picture_id: str, subject: Icon, rng: random.Random, pool: Sequence[Icon],
            by_theme: Mapping[str, Sequence[Icon]]) -> Picture:
    """One scene around ``subject``: props are half the time from the subject's own theme (so a
    scene hangs together and shares ideas with other pictures), the backdrop often suits the theme."""
    count = rng.choice((2, 2, 3))
    props: list[str] = []
    while len(props) < count:
        source = by_theme[subject.theme] if rng.random() < 0.5 else pool
        candidate = rng.choice(source).code
        if candidate != subject.code and candidate not in props:
            props.append(candidate)
    suited = [b.name for b in BACKDROPS.values() if b.theme == subject.theme]
    if suited and rng.random() < 0.5:
        backdrop = rng.choice(suited)
    else:
        backdrop = rng.choice(sorted(BACKDROPS))
    layout = rng.choice([n for n, places in LAYOUTS.items() if len(places) == count])
    return Picture(picture_id, backdrop, subject.code, tuple(props), layout)


def compose_deck(seed: int, name: str | None = None) -> Deck:
    """A whole deck composed from the icon pool: every picture has its own main subject."""
    rng = random.Random(f"shadows-deck-{seed}")
    pool = list(icon_pool().values())
    by_theme: dict[str, list[Icon]] = {}
    for shown in pool:
        by_theme.setdefault(shown.theme, []).append(shown)
    subjects = rng.sample(pool, len(PICTURE_IDS))
    pictures = [compose(pid, subject, rng, pool, by_theme) for pid, subject in zip(PICTURE_IDS, subjects, strict=True)]
    return Deck(pictures, name or f"fresh-{seed}")


def fresh_deck(seed: int) -> Deck:
    """A new deck for the "fresh pictures each game" option; the same seed gives the same deck."""
    return compose_deck(seed)


@cache
def standard_deck() -> Deck:
    """The fixed standard deck shipped with ludus."""
    raw = json.loads((resources.files("ludus.games.shadows") / "data" / "standard_deck.json").read_text("utf-8"))
    return Deck((Picture.from_recipe(r) for r in raw["pictures"]), raw.get("name", "standard"))


def deck_for(seed: int | None) -> Deck:
    """The standard deck (``seed=None``) or a fresh seeded one."""
    return standard_deck() if seed is None else fresh_deck(seed)


_ID = re.compile(r"^(k(\d|[1-7]\d|8[0-3])|d[0-6][ab][0-4])$")


def is_picture_id(text: str) -> bool:
    return bool(_ID.match(text))
