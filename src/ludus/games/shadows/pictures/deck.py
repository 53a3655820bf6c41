"""The picture library and the decks: a game's 84 clue cards and 70 district faces are scenes of the library.

The standard library (``data/standard_library.json``, written once by ``scripts/build_deck.py``) holds
more than 200 scenes composed by the scene grammar (``scenes.py``), each with its own subject, and each
with the colours measured on its drawing. The standard deck is its first 154 scenes; ``fresh_deck(seed)``
deals 154 of the library's scenes at random (the same seed always gives the same deck), so a game with a
picture seed sees another selection in another order — every scene a player can meet is one of the
library's, all of which are on the contact sheet (``ludus render-deck``).

Picture ids follow the board (``board.py``): clue cards ``"k0"``..``"k83"``, district faces
``"d{tile}{side}{i}"`` (tile 0..6, side "a"/"b", place 0..4).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

from .colours import Palette, merge
from .icons import Icon
from .scenes import MOODS, RELATIONS, SETTINGS, Scene

CLUE_CARDS = 84
DISTRICT_TILES = 7
DISTRICT_SIDES = ("a", "b")
FACES_PER_SIDE = 5

CLUE_IDS: tuple[str, ...] = tuple(f"k{n}" for n in range(CLUE_CARDS))
DISTRICT_IDS: tuple[str, ...] = tuple(
    f"d{tile}{side}{i}" for tile in range(DISTRICT_TILES) for side in DISTRICT_SIDES for i in range(FACES_PER_SIDE))
PICTURE_IDS: tuple[str, ...] = CLUE_IDS + DISTRICT_IDS


@dataclass(frozen=True)
class Picture:
    """One picture: its id on the table, its scene, and the colours its drawing shows."""

    id: str
    scene: Scene
    measured: tuple[tuple[str, float], ...] | None = field(default=None, compare=False)
    """the drawing's dominant colours with their shares (from the library); None = estimated"""

    @property
    def kind(self) -> str:
        return "clue" if self.id.startswith("k") else "district"

    @property
    def subject(self) -> str:
        return self.scene.subject

    @property
    def icons(self) -> tuple[Icon, ...]:
        """The subject, then the second element."""
        return self.scene.icons

    @property
    def keywords(self) -> tuple[str, ...]:
        """Every name and keyword of both elements, once, subject first."""
        seen: dict[str, None] = {}
        for shown in self.icons:
            for word in (shown.name, *shown.keywords):
                seen.setdefault(word, None)
        return tuple(seen)

    @property
    def colours(self) -> Palette:
        """Dominant colours with their shares, largest first."""
        if self.measured is not None:
            return [(c, s) for c, s in self.measured]
        return _estimated_colours(self.scene)

    def to_recipe(self) -> dict:
        return {"id": self.id, **self.scene.to_json()}

    def describe(self) -> dict:
        """The picture's recipe and what it shows as JSON (for clients, contact sheets and bots)."""
        return {**self.to_recipe(), "kind": self.kind,
                "icons": [{"code": i.code, "char": i.char, "name": i.name} for i in self.icons],
                "keywords": list(self.keywords), "colours": [list(c) for c in self.colours]}


_MOOD_TINT = {"day": ("#bde0fe", "#f1f7d2"), "dusk": ("#f4a261", "#6d597a"), "night": ("#1d2440", "#3a3f63"),
              "rain": ("#8d99ae", "#5c677d"), "fog": ("#dfe3e6", "#c9cfd4")}


@cache
def _estimated_colours(scene: Scene) -> Palette:
    """A stand-in for the measured colours of a scene drawn outside the library (tests, new compositions)."""
    subject, obj = scene.icons
    tint = _MOOD_TINT[scene.mood]
    parts: list[tuple[Palette, float]] = [([(tint[0], 0.5), (tint[1], 0.5)], 0.5), (subject.palette, 0.3),
                                          (obj.palette, 0.2)]
    return merge(parts, limit=4)


class Deck(Mapping[str, Picture]):
    """All 154 pictures of a game by id (clue cards ``k*`` then district faces ``d*``)."""

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


@dataclass(frozen=True)
class LibraryScene:
    scene: Scene
    colours: tuple[tuple[str, float], ...]


@cache
def standard_library() -> tuple[LibraryScene, ...]:
    """Every scene of the standard library, in its order, with its measured colours."""
    raw = json.loads((resources.files("ludus.games.shadows") / "data" / "standard_library.json").read_text("utf-8"))
    return tuple(LibraryScene(Scene.from_json(entry), tuple((c, float(s)) for c, s in entry["colours"]))
                 for entry in raw["scenes"])


def library_pictures() -> list[Picture]:
    """The whole library as pictures named ``s0``, ``s1``, … (for the contact sheet)."""
    return [Picture(f"s{n}", entry.scene, entry.colours) for n, entry in enumerate(standard_library())]


def _deal(entries: Sequence[LibraryScene], name: str) -> Deck:
    return Deck((Picture(pid, entry.scene, entry.colours) for pid, entry in zip(PICTURE_IDS, entries, strict=False)),
                name)


@cache
def standard_deck() -> Deck:
    """The fixed standard deck: the library's first 154 scenes."""
    return _deal(standard_library(), "standard")


@lru_cache(maxsize=64)
def fresh_deck(seed: int) -> Deck:
    """A deck for the "fresh pictures each game" option: 154 of the library's scenes dealt by ``seed``;
    the same seed gives the same deck."""
    entries = list(standard_library())
    random.Random(f"shadows-deck-{seed}").shuffle(entries)
    return _deal(entries, f"fresh-{seed}")


def deck_for(seed: int | None) -> Deck:
    """The standard deck (``seed=None``) or a fresh seeded one."""
    return standard_deck() if seed is None else fresh_deck(seed)


_ID = re.compile(r"^(k(\d|[1-7]\d|8[0-3])|d[0-6][ab][0-4])$")


def is_picture_id(text: str) -> bool:
    return bool(_ID.match(text))


__all__ = ["CLUE_IDS", "DISTRICT_IDS", "MOODS", "PICTURE_IDS", "RELATIONS", "SETTINGS", "Deck", "Picture",
           "deck_for", "fresh_deck", "is_picture_id", "library_pictures", "standard_deck", "standard_library"]
