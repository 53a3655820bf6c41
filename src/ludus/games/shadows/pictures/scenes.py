"""The scene grammar: every picture is *a subject, in a relation with a second element, in a setting,
in a mood*.

    scene    := subject relation object @ setting ~ mood
    subject  := a person (bust or whole figure), a face at a window, an animal, or a thing
    relation := with | holding | watching | under | above | on | chasing | eating | before | window
    setting  := canal | street | market | park | kitchen | … (SETTINGS)
    mood     := day | dusk | night | rain | fog (the palette and light)

The grammar decides what may stand where: people and animals stand on the ground (a person seen
from the waist up stands behind a counter, a hedge or a rail), boats and swimmers float, birds,
aircraft and the sky are above, a held thing is in a hand or lies on the ground, wall things hang on
an interior wall, a lamp hangs from above. ``Scene.check`` enforces it; ``compose_library`` composes
a library of scenes, each with its own subject.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .icons import Icon, icon, icon_pool


@dataclass(frozen=True)
class Setting:
    """Where a scene takes place. ``words`` are what a player would call it (shown in the UI through the
    ``pictures.setting.<name>`` message); ``water`` settings have a quay on the left and water on the right."""

    name: str
    words: tuple[str, ...]
    indoor: bool = False
    water: bool = False
    moods: tuple[str, ...] = ("day", "dusk", "night", "rain", "fog")


SETTINGS: dict[str, Setting] = {s.name: s for s in (
    Setting("canal", ("canal", "water", "houses", "quay", "city"), water=True),
    Setting("bridge", ("bridge", "canal", "water", "arch", "city"), water=True),
    Setting("harbour", ("harbour", "sea", "port", "pier", "water"), water=True),
    Setting("beach", ("beach", "sand", "sea", "water", "summer"), water=True, moods=("day", "dusk", "night", "fog")),
    Setting("street", ("street", "houses", "town", "lamp", "city")),
    Setting("market", ("market", "stall", "awning", "shopping")),
    Setting("rooftops", ("rooftops", "roofs", "chimneys", "city", "sky")),
    Setting("station", ("station", "platform", "railway", "travel")),
    Setting("park", ("park", "grass", "trees", "path")),
    Setting("garden", ("garden", "fence", "flowers", "grass")),
    Setting("forest", ("forest", "trees", "woods", "nature")),
    Setting("polder", ("polder", "windmill", "field", "countryside", "farm")),
    Setting("winter", ("winter", "snow", "cold", "ice"), moods=("day", "dusk", "night", "fog")),
    Setting("kitchen", ("kitchen", "tiles", "cooking", "home", "indoors"), indoor=True, moods=("day", "dusk", "night")),
    Setting("livingroom", ("living room", "home", "window", "indoors"), indoor=True, moods=("day", "dusk", "night")),
    Setting("bedroom", ("bedroom", "home", "sleep", "indoors"), indoor=True, moods=("day", "dusk", "night")),
    Setting("cafe", ("café", "coffee", "table", "indoors"), indoor=True, moods=("day", "dusk", "night")),
    Setting("library", ("library", "books", "shelves", "reading", "indoors"), indoor=True,
            moods=("day", "dusk", "night")),
    Setting("museum", ("museum", "gallery", "paintings", "art", "indoors"), indoor=True,
            moods=("day", "dusk", "night")),
    Setting("stage", ("stage", "theatre", "curtain", "show", "spotlight"), indoor=True, moods=("day", "dusk", "night")),
)}


@dataclass(frozen=True)
class Mood:
    """The light of a scene: what a player would say about its palette."""

    name: str
    words: tuple[str, ...]


MOODS: dict[str, Mood] = {m.name: m for m in (
    Mood("day", ("day", "bright", "sunny", "light")),
    Mood("dusk", ("evening", "sunset", "golden", "warm")),
    Mood("night", ("night", "dark", "moonlight")),
    Mood("rain", ("rain", "wet", "grey", "gloomy")),
    Mood("fog", ("fog", "mist", "pale", "quiet")),
)}

ANIMATE = ("bust", "figure", "face", "animal", "small", "bird", "swim")
GROUND = ("bust", "figure", "animal", "small", "vehicle", "thing")
FLOATING = ("boat", "swim")
ABOVE = ("bird", "aircraft", "sky")


@dataclass(frozen=True)
class Relation:
    """How the subject and the second element stand to each other; ``words`` are what a player would
    say about it (shown in the UI through ``pictures.relation.<name>``)."""

    name: str
    words: tuple[str, ...]
    weight: float
    """how often the composer reaches for it"""


RELATIONS: dict[str, Relation] = {r.name: r for r in (
    Relation("with", ("with", "together"), 1.0),
    Relation("holding", ("holding", "hand"), 1.6),
    Relation("watching", ("watching", "looking", "up"), 1.1),
    Relation("under", ("under", "below"), 1.0),
    Relation("above", ("above", "over", "flying"), 0.8),
    Relation("on", ("on", "sitting", "top"), 1.2),
    Relation("chasing", ("chasing", "running", "hunt"), 1.2),
    Relation("eating", ("eating", "hungry", "food"), 1.3),
    Relation("before", ("in front of", "indoors"), 1.0),
    Relation("window", ("window", "looking", "out"), 1.0),
)}

EDIBLE = frozenset({"food", "fruit", "vegetable", "sweet", "meal"})
NIGHT_SKY = ("moon", "star", "comet", "planet", "fireworks")
DAY_SKY = ("sun", "rainbow")


def moods_for(setting: Setting, icons: Sequence[Icon]) -> tuple[str, ...]:
    """The moods a scene may have: its setting's, but the moon and stars only show at dusk and night, the
    sun and a rainbow only by day or dusk (rain clouds also bring rain)."""
    allowed = list(setting.moods)
    for shown in icons:
        words = shown.name.lower()
        if any(word in words for word in NIGHT_SKY):
            allowed = [m for m in allowed if m in ("dusk", "night")]
        elif any(word in words for word in DAY_SKY):
            allowed = [m for m in allowed if m in ("day", "dusk") or (m == "rain" and "rain" in words)]
    return tuple(allowed)
SHELTERS = frozenset({"umbrella"})
"""Held things one can stand under."""


def _surface_left(setting: Setting, placement: str) -> bool:
    """Whether an icon of ``placement`` may stand in the left (front) place of ``setting``."""
    if setting.water:
        return (placement in GROUND and placement != "vehicle") or placement in FLOATING
    return placement in GROUND


def _surface_right(setting: Setting, placement: str) -> bool:
    if setting.water:
        return placement in FLOATING
    return placement in GROUND or placement == "held"


def _surface_centre(setting: Setting, placement: str) -> bool:
    if setting.water:
        return placement in FLOATING
    return placement in GROUND


def fits(subject: Icon, relation: str, obj: Icon, setting: Setting) -> bool:
    """The grammar: may ``subject`` be ``relation`` ``obj`` in ``setting``?"""
    s, o = subject.placement, obj.placement
    if subject.code == obj.code:
        return False
    if s == "hang" or s == "wall" or s == "sky" or s == "held":
        return False
    if (o == "wall" or o == "hang") and not setting.indoor:
        return False
    if o in ("sky", "aircraft") and setting.indoor:
        return False
    if relation == "with":
        if s == "face" or o in ("held", "sky", "hang", "wall", "aircraft", "bird", "face", "bust", "figure"):
            return False
        return (s in ANIMATE or o in ANIMATE) and _surface_left(setting, s) and _surface_right(setting, o)
    if relation == "holding":
        return s == "bust" and o == "held" and _surface_left(setting, s)
    if relation == "watching":
        return s in ("bust", "figure", "animal", "small") and o in ABOVE and _surface_left(setting, s)
    if relation == "under":
        shelter = o in ("sky", "hang") or (o == "held" and bool(SHELTERS & set(obj.name.split())))
        return shelter and s in ("figure", "animal", "small", "thing", "vehicle", "boat", "swim") \
            and _surface_centre(setting, s) and (o != "hang" or setting.indoor)
    if relation == "above":
        return s in ("bird", "aircraft") and o in ("thing", "vehicle", "boat", "animal", "swim") \
            and _surface_centre(setting, o) and o != "bust"
    if relation == "on":
        return s in ("small", "bird") and o in ("thing", "vehicle") and _surface_centre(setting, o) \
            and "person" not in obj.categories
    if relation == "chasing":
        both_move = s in ("animal", "small", "swim") and o in ("animal", "small", "swim")
        ball = s in ("animal", "small") and o == "held" and "ball" in obj.categories
        if not (both_move or ball) or subject.facing is None or (both_move and obj.facing is None):
            return False
        # a chase needs room to run: on land only (on the water the hex is too narrow for two swimmers)
        return not setting.water and s in GROUND and (o in GROUND or o == "held")
    if relation == "eating":
        return s in ("animal", "small", "bird") and o == "held" and bool(EDIBLE & set(obj.categories)) \
            and subject.facing is not None and not setting.water
    if relation == "before":
        return setting.indoor and o == "wall" and s in ("bust", "figure", "animal", "small")
    if relation == "window":
        if s != "face":
            return False
        if setting.water:
            return o in FLOATING or o in ABOVE
        return (o in GROUND and o not in ("bust", "figure")) or o in ABOVE or o == "held"
    return False


@dataclass(frozen=True)
class Scene:
    """One composed scene (a picture's recipe)."""

    setting: str
    mood: str
    subject: str
    relation: str
    object: str

    @property
    def icons(self) -> tuple[Icon, Icon]:
        return icon(self.subject), icon(self.object)

    def check(self) -> None:
        if self.setting not in SETTINGS:
            raise ValueError(f"unknown setting {self.setting!r}")
        setting = SETTINGS[self.setting]
        if self.relation not in RELATIONS:
            raise ValueError(f"unknown relation {self.relation!r}")
        subject, obj = self.icons
        if self.mood not in moods_for(setting, (subject, obj)):
            raise ValueError(f"{subject.name} and {obj.name} in the {self.setting} cannot have the {self.mood!r} light")
        if not fits(subject, self.relation, obj, setting):
            raise ValueError(f"{subject.name} cannot be {self.relation} {obj.name} in the {self.setting}")

    def to_json(self) -> dict:
        return {"setting": self.setting, "mood": self.mood, "subject": self.subject, "relation": self.relation,
                "object": self.object}

    @classmethod
    def from_json(cls, data: dict) -> Scene:
        scene = cls(data["setting"], data["mood"], data["subject"], data["relation"], data["object"])
        scene.check()
        return scene


def can_be_subject(shown: Icon) -> bool:
    return shown.placement not in ("held", "sky", "hang", "wall")


def _choices(subject: Icon, setting: Setting, objects: Sequence[Icon]) -> list[tuple[str, Icon]]:
    return [(relation, obj) for obj in objects for relation in RELATIONS if fits(subject, relation, obj, setting)]


def _families(pool: Sequence[Icon]) -> Counter[str]:
    """How many icons of the pool share each word of their names ("moon": crescent moon, full moon…)."""
    counts: Counter[str] = Counter()
    for shown in pool:
        counts.update(set(shown.name.lower().replace("’", " ").split()))
    return counts


def compose_library(seed: int, size: int = 224, reuse: int = 4) -> list[Scene]:
    """``size`` scenes, each with its own subject, spread evenly over the settings and moods. Second
    elements belong to the scene's setting; they recur across scenes (up to ``reuse`` times) and come
    from families that share a name ("full moon", "crescent moon") more often than loners, which is
    what lets a clue card call a space to mind by something both show."""
    rng = random.Random(f"shadows-library-{seed}")
    pool = list(icon_pool().values())
    families = _families(pool)

    def family(shown: Icon) -> int:
        return max(families[word] for word in shown.name.lower().replace("’", " ").split()) - 1
    subjects = [shown for shown in pool if can_be_subject(shown)]
    rng.shuffle(subjects)
    # people and faces first, so the grammar's richest layer is never crowded out
    subjects.sort(key=lambda shown: 0 if shown.placement in ("bust", "figure", "face") else 1)
    setting_use: Counter[str] = Counter()
    object_use: Counter[str] = Counter()
    mood_use: dict[str, Counter[str]] = {name: Counter() for name in SETTINGS}
    relation_use: Counter[str] = Counter()
    pairs: set[tuple[str, str]] = set()
    scenes: list[Scene] = []
    for subject in subjects:
        if len(scenes) >= size:
            break
        for setting_name in sorted(subject.settings, key=lambda name: (setting_use[name], rng.random())):
            setting = SETTINGS[setting_name]
            objects = [o for o in pool if setting_name in o.settings and object_use[o.code] < reuse
                       and (setting_name, o.code) not in pairs]
            options = [(r, o) for r, o in _choices(subject, setting, objects) if moods_for(setting, (subject, o))]
            if not options:
                continue
            weights = [RELATIONS[r].weight / (1 + relation_use[r] / 12) * (1 + object_use[o.code])
                       * (1 + min(family(o), 4)) for r, o in options]
            relation, obj = rng.choices(options, weights=weights)[0]
            moods = moods_for(setting, (subject, obj))
            mood = min(moods, key=lambda name: (mood_use[setting_name][name], rng.random()))
            scene = Scene(setting_name, mood, subject.code, relation, obj.code)
            scene.check()
            scenes.append(scene)
            setting_use[setting_name] += 1
            object_use[obj.code] += 1
            mood_use[setting_name][mood] += 1
            relation_use[relation] += 1
            pairs.add((setting_name, obj.code))
            break
    return scenes

