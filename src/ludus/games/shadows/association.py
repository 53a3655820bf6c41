"""How strongly one picture calls another to mind: the readers behind the Shadows AI, and the partners
the benchmark pairs it with.

Every reader reads percepts (``pictures.percept``): what a player perceives of a picture — its
elements' names and ordinary words, their categories, the relation, setting and mood words, and the
visible colours. No reader sees an icon code, a picture id or any other label the client never shows.

The AI's own readers:

- ``MeaningReader`` ("meaning+look") — meaning plus look. Every element name, setting and mood has a
  meaning vector, built once by ``scripts/build_icon_vectors.py`` from its perceivable words with a
  sentence-embedding model (all-MiniLM-L6-v2) and shipped as ``data/icon_vectors.npz``. Two pictures'
  meaning match is a soft matching of their elements (each finds its closest partner in the other
  picture; the subject weighs more), plus how alike their settings and moods are; their look match is
  the likeness of their visible colours.
- ``WordsReader`` ("words") — words only: the cosine of the two pictures' weighted word bags (names
  count most, then keywords, setting words, categories, colour and mood words).

Partners built differently (``benchmarks/shadows_ai.py`` measures the AI with them; the AI never
simulates them):

- ``LiteralReader`` ("literal") — the words of the elements' names only, counted where both share them.
- ``ColourReader`` ("colour") — the visible colours only.

Scores are comparable only within one reader. All are symmetric.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Protocol

import numpy as np

from .pictures.colours import hex_to_lab
from .pictures.deck import Picture
from .pictures.icons import icon_pool
from .pictures.percept import Percept, percept
from .pictures.scenes import MOODS, SETTINGS

SUBJECT_WEIGHT = 1.0
OBJECT_WEIGHT = 0.8


class Reader(Protocol):
    name: str

    def score(self, a: Percept, b: Percept) -> float: ...


# --- words ---------------------------------------------------------------------------------------

_STOPWORDS = frozenset({"a", "an", "and", "the", "of", "with", "in", "on", "for", "to", "at", "by", "button", "sign",
                        "face", "person"})
"""Words too common among emoji names to tell pictures apart ("face", "person" name dozens of them)."""
_WORD = re.compile(r"[a-zé]+")


def words_of(text: str) -> list[str]:
    """Plain words of ``text``: lower case, no stop words, a plural's ``s`` dropped."""
    found = []
    for word in _WORD.findall(text.lower()):
        if word in _STOPWORDS:
            continue
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        found.append(word)
    return found


def name_words(seen: Percept) -> set[str]:
    """The words of the picture's element names — all a literal reader goes by."""
    return {w for element in seen.elements for w in words_of(element.name)}


WORD_WEIGHTS = {"name": 1.0, "keyword": 0.3, "category": 0.2, "relation": 0.1, "setting": 0.2, "mood": 0.1,
                "colour": 0.1}


def word_bag(seen: Percept) -> Counter[str]:
    """The picture's words with weights (``WORD_WEIGHTS``; the subject's count more than the second element's)."""
    bag: Counter[str] = Counter()

    def add(texts: Sequence[str], weight: float) -> None:
        for word in {w for text in texts for w in words_of(text)}:
            bag[word] = max(bag[word], weight)

    for n, element in enumerate(seen.elements):
        factor = SUBJECT_WEIGHT if n == 0 else OBJECT_WEIGHT
        add([element.name], WORD_WEIGHTS["name"] * factor)
        add(element.keywords, WORD_WEIGHTS["keyword"] * factor)
        add(element.categories, WORD_WEIGHTS["category"] * factor)
    add(seen.relation, WORD_WEIGHTS["relation"])
    add(seen.setting, WORD_WEIGHTS["setting"])
    add(seen.mood, WORD_WEIGHTS["mood"])
    add(seen.colour_words, WORD_WEIGHTS["colour"])
    return bag


def _cosine(a: Counter[str], b: Counter[str]) -> float:
    norm = math.sqrt(sum(v * v for v in a.values())) * math.sqrt(sum(v * v for v in b.values()))
    return sum(v * b[w] for w, v in a.items() if w in b) / norm if norm else 0.0


class WordsReader:
    """Words only: cosine of the two pictures' weighted word bags (0..1)."""

    name = "words"

    def __init__(self) -> None:
        self._bags: dict[Percept, Counter[str]] = {}

    def _bag(self, seen: Percept) -> Counter[str]:
        found = self._bags.get(seen)
        if found is None:
            found = self._bags[seen] = word_bag(seen)
        return found

    def score(self, a: Percept, b: Percept) -> float:
        return _cosine(self._bag(a), self._bag(b))


class LiteralReader:
    """A partner who reads literally: how many words of the elements' names two pictures share."""

    name = "literal"

    def score(self, a: Percept, b: Percept) -> float:
        return float(len(name_words(a) & name_words(b)))


# --- colours -------------------------------------------------------------------------------------

class _Look:
    def __init__(self, spread: float = 25.0) -> None:
        self.spread = spread
        self._labs: dict[Percept, tuple[np.ndarray, np.ndarray]] = {}

    def _lab(self, seen: Percept) -> tuple[np.ndarray, np.ndarray]:
        found = self._labs.get(seen)
        if found is None:
            labs = np.array([hex_to_lab(colour) for colour, _ in seen.colours], dtype=np.float64)
            shares = np.array([share for _, share in seen.colours], dtype=np.float64)
            found = self._labs[seen] = (labs, shares)
        return found

    def look(self, a: Percept, b: Percept) -> float:
        """Visible-colour likeness, 0..1 (1 = the same palette)."""
        labs_a, shares_a = self._lab(a)
        labs_b, shares_b = self._lab(b)

        def cross(la: np.ndarray, sa: np.ndarray, lb: np.ndarray, sb: np.ndarray) -> float:
            distance2 = ((la[:, None, :] - lb[None, :, :]) ** 2).sum(axis=2)
            return float(sa @ np.exp(-distance2 / (2 * self.spread ** 2)) @ sb)

        self_a, self_b = cross(labs_a, shares_a, labs_a, shares_a), cross(labs_b, shares_b, labs_b, shares_b)
        return cross(labs_a, shares_a, labs_b, shares_b) / math.sqrt(self_a * self_b)


class ColourReader(_Look):
    """A partner who goes by colour alone: the likeness of the two pictures' visible colours."""

    name = "colour"

    def score(self, a: Percept, b: Percept) -> float:
        return self.look(a, b)


# --- meaning -------------------------------------------------------------------------------------

@cache
def meaning_vectors() -> tuple[dict[str, int], np.ndarray]:
    """(row key → row, unit rows as float32) from the shipped ``icon_vectors.npz``. Row keys are what a
    player perceives: an element's name, ``setting:<its words>`` or ``mood:<its words>``."""
    with (resources.files("ludus.games.shadows") / "data" / "icon_vectors.npz").open("rb") as handle:
        data = np.load(handle)
        codes = [str(code) for code in data["codes"]]
        vectors = data["vectors"].astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    pool = icon_pool()
    keys: dict[str, int] = {}
    for row, code in enumerate(codes):
        kind, _, name = code.partition(":")
        if kind == "setting":
            keys[f"setting:{'|'.join(SETTINGS[name].words)}"] = row
        elif kind == "mood":
            keys[f"mood:{'|'.join(MOODS[name].words)}"] = row
        elif code in pool:
            keys[pool[code].name] = row
    return keys, vectors


def icon_vectors() -> tuple[dict[str, int], np.ndarray]:
    """(element name → row, rows) of the element meaning vectors."""
    keys, vectors = meaning_vectors()
    return {k: v for k, v in keys.items() if not k.startswith(("setting:", "mood:"))}, vectors


class MeaningReader(_Look):
    """Meaning (soft element matching, setting and mood likeness) plus the look of the colours.

    ``colour_weight`` is the colours' share of the score; ``place_weight`` the setting's and mood's.
    """

    name = "meaning+look"

    def __init__(self, colour_weight: float = 0.15, place_weight: float = 0.15, colour_spread: float = 25.0) -> None:
        super().__init__(colour_spread)
        self.colour_weight = colour_weight
        self.place_weight = place_weight
        self._cache: dict[tuple[Percept, Percept], float] = {}
        self._rows: dict[Percept, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def _vectors(self, seen: Percept) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        found = self._rows.get(seen)
        if found is None:
            keys, vectors = meaning_vectors()
            elements = vectors[[keys[element.name] for element in seen.elements]]
            weights = np.array([SUBJECT_WEIGHT] + [OBJECT_WEIGHT] * (len(seen.elements) - 1), dtype=np.float32)
            places = vectors[[keys[f"setting:{'|'.join(seen.setting)}"], keys[f"mood:{'|'.join(seen.mood)}"]]]
            found = self._rows[seen] = (elements, weights, places)
        return found

    def meaning(self, a: Percept, b: Percept) -> float:
        """Soft element matching, −1..1 (1 = the same elements)."""
        rows_a, weights_a, _ = self._vectors(a)
        rows_b, weights_b, _ = self._vectors(b)
        similarity = rows_a @ rows_b.T
        forward = float(weights_a @ similarity.max(axis=1)) / float(weights_a.sum())
        backward = float(weights_b @ similarity.max(axis=0)) / float(weights_b.sum())
        return 0.5 * (forward + backward)

    def place(self, a: Percept, b: Percept) -> float:
        """How alike the settings (mostly) and moods are, −1..1."""
        _, _, places_a = self._vectors(a)
        _, _, places_b = self._vectors(b)
        return 0.75 * float(places_a[0] @ places_b[0]) + 0.25 * float(places_a[1] @ places_b[1])

    def score(self, a: Percept, b: Percept) -> float:
        key = (a, b) if hash(a) <= hash(b) else (b, a)
        found = self._cache.get(key)
        if found is None:
            meaning_weight = 1 - self.colour_weight - self.place_weight
            found = (meaning_weight * self.meaning(a, b) + self.place_weight * self.place(a, b)
                     + self.colour_weight * self.look(a, b))
            self._cache[key] = found
        return found


# --- reading clues -------------------------------------------------------------------------------

_SPREADS: dict[str, float] = {}


def typical_spread(reader: Reader) -> float:
    """How much ``reader``'s scores vary between pictures in general (over a fixed sample of the library's
    pairs): the yardstick a resemblance is measured against."""
    found = _SPREADS.get(reader.name)
    if found is None:
        from .pictures.deck import library_pictures

        seen = [percept(p) for p in library_pictures()]
        rng = np.random.default_rng(7)
        pairs = rng.integers(0, len(seen), size=(600, 2))
        scores = np.array([reader.score(seen[i], seen[j]) for i, j in pairs if i != j])
        found = _SPREADS[reader.name] = float(scores.std()) or 1.0
    return found


def card_reading(reader: Reader, clue: Picture, candidates: Sequence[Picture]) -> np.ndarray:
    """One card's scores over the candidates, centred and measured in the reader's typical spread:
    a card that looks a bit like everything points at nothing in particular, and a faint likeness to
    one candidate is faint evidence, however alike the others are among themselves."""
    seen = percept(clue)
    raw = np.array([reader.score(seen, percept(candidate)) for candidate in candidates])
    spread = max(float(raw.std()), typical_spread(reader))
    return (raw - raw.mean()) / spread if spread > 1e-9 else np.zeros(len(candidates))


def clue_scores(reader: Reader, clues: Sequence[Picture], candidates: Sequence[Picture]) -> np.ndarray:
    """How well the clue cards together point at each candidate picture: the sum of the cards'
    standardised readings (``card_reading``) — the detectives' reading of a 1- or 2-card clue."""
    total = np.zeros(len(candidates))
    for clue in clues:
        total += card_reading(reader, clue, candidates)
    return total

