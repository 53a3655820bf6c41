"""How strongly one picture calls another to mind: the association scorers behind the Shadows AI.

Two scorers, both plain numpy at run time:

- ``KeywordColourScorer`` — meaning plus look. Every pool icon has a keyword vector, built once by
  ``scripts/build_icon_vectors.py`` from its name, aliases and theme with a sentence-embedding
  model (all-MiniLM-L6-v2) and shipped as ``data/icon_vectors.npz``. Two pictures' meaning match is a
  soft matching of their icons (each icon finds its closest partner in the other picture; the
  subject weighs more than the props), and their look match is the likeness of their dominant
  colours. The score mixes the two.
- ``KeywordOverlapScorer`` — words only: the weighted share of keyword words the two pictures have
  in common (a baseline that needs no vectors at all).

Scores are comparable only within one scorer. Both are symmetric and give a picture its highest
score with itself.
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

SUBJECT_WEIGHT = 1.0
PROP_WEIGHT = 0.6


class Scorer(Protocol):
    name: str

    def score(self, a: Picture, b: Picture) -> float: ...


@cache
def icon_vectors() -> tuple[dict[str, int], np.ndarray]:
    """(code → row, unit rows as float32) from the shipped ``icon_vectors.npz``."""
    with (resources.files("ludus.games.shadows") / "data" / "icon_vectors.npz").open("rb") as handle:
        data = np.load(handle)
        codes = [str(code) for code in data["codes"]]
        vectors = data["vectors"].astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return {code: row for row, code in enumerate(codes)}, vectors


def _weights(picture: Picture) -> np.ndarray:
    return np.array([SUBJECT_WEIGHT] + [PROP_WEIGHT] * len(picture.props), dtype=np.float32)


class KeywordColourScorer:
    """Keyword vectors (soft icon matching) plus dominant-colour likeness.

    ``colour_weight`` is the colour's share of the score (0 = meaning only, 1 = colour only).
    """

    name = "keywords+colours"

    def __init__(self, colour_weight: float = 0.25, colour_spread: float = 25.0) -> None:
        self.colour_weight = colour_weight
        self.colour_spread = colour_spread
        self._cache: dict[tuple[Picture, Picture], float] = {}
        self._icons: dict[Picture, tuple[np.ndarray, np.ndarray]] = {}
        self._labs: dict[Picture, tuple[np.ndarray, np.ndarray]] = {}

    def _icon_rows(self, picture: Picture) -> tuple[np.ndarray, np.ndarray]:
        found = self._icons.get(picture)
        if found is None:
            index, vectors = icon_vectors()
            rows = vectors[[index[code] for code in (picture.subject, *picture.props)]]
            found = self._icons[picture] = (rows, _weights(picture))
        return found

    def _lab(self, picture: Picture) -> tuple[np.ndarray, np.ndarray]:
        found = self._labs.get(picture)
        if found is None:
            palette = picture.colours
            labs = np.array([hex_to_lab(colour) for colour, _ in palette], dtype=np.float64)
            shares = np.array([share for _, share in palette], dtype=np.float64)
            found = self._labs[picture] = (labs, shares)
        return found

    def meaning(self, a: Picture, b: Picture) -> float:
        """Soft icon matching, −1..1 (1 = the same icons)."""
        rows_a, weights_a = self._icon_rows(a)
        rows_b, weights_b = self._icon_rows(b)
        similarity = rows_a @ rows_b.T
        forward = float(weights_a @ similarity.max(axis=1)) / float(weights_a.sum())
        backward = float(weights_b @ similarity.max(axis=0)) / float(weights_b.sum())
        return 0.5 * (forward + backward)

    def look(self, a: Picture, b: Picture) -> float:
        """Dominant-colour likeness, 0..1 (1 = the same palette)."""
        labs_a, shares_a = self._lab(a)
        labs_b, shares_b = self._lab(b)

        def cross(la: np.ndarray, sa: np.ndarray, lb: np.ndarray, sb: np.ndarray) -> float:
            distance2 = ((la[:, None, :] - lb[None, :, :]) ** 2).sum(axis=2)
            return float(sa @ np.exp(-distance2 / (2 * self.colour_spread ** 2)) @ sb)

        self_a, self_b = cross(labs_a, shares_a, labs_a, shares_a), cross(labs_b, shares_b, labs_b, shares_b)
        return cross(labs_a, shares_a, labs_b, shares_b) / math.sqrt(self_a * self_b)

    def score(self, a: Picture, b: Picture) -> float:
        key = (a, b) if (a.id, a.subject) <= (b.id, b.subject) else (b, a)
        found = self._cache.get(key)
        if found is None:
            found = (1 - self.colour_weight) * self.meaning(a, b) + self.colour_weight * self.look(a, b)
            self._cache[key] = found
        return found


_STOPWORDS = frozenset({"a", "an", "and", "the", "of", "with", "in", "on", "for", "to", "at", "by", "button", "sign"})
_WORD = re.compile(r"[a-z]+")


def keyword_words(picture: Picture) -> Counter[str]:
    """The picture's keyword words with weights: the subject's count more than the props'."""
    bag: Counter[str] = Counter()
    for n, shown in enumerate(picture.icons):
        weight = SUBJECT_WEIGHT if n == 0 else PROP_WEIGHT
        words = {w for text in (shown.name, *shown.keywords, shown.theme)
                 for w in _WORD.findall(text.lower()) if w not in _STOPWORDS}
        for word in words:
            bag[word] += weight
    return bag


class KeywordOverlapScorer:
    """Keyword overlap only: cosine of the two pictures' weighted keyword-word bags (0..1)."""

    name = "keyword-overlap"

    def __init__(self) -> None:
        self._bags: dict[Picture, tuple[Counter[str], float]] = {}

    def _bag(self, picture: Picture) -> tuple[Counter[str], float]:
        found = self._bags.get(picture)
        if found is None:
            bag = keyword_words(picture)
            found = self._bags[picture] = (bag, math.sqrt(sum(v * v for v in bag.values())))
        return found

    def score(self, a: Picture, b: Picture) -> float:
        bag_a, norm_a = self._bag(a)
        bag_b, norm_b = self._bag(b)
        if not norm_a or not norm_b:
            return 0.0
        return sum(v * bag_b[w] for w, v in bag_a.items() if w in bag_b) / (norm_a * norm_b)


def card_reading(scorer: Scorer, clue: Picture, candidates: Sequence[Picture]) -> np.ndarray:
    """One card's scores over the candidates, standardised (a card that looks a bit like everything
    points at nothing in particular)."""
    raw = np.array([scorer.score(clue, candidate) for candidate in candidates])
    spread = raw.std()
    return (raw - raw.mean()) / spread if spread > 1e-9 else np.zeros(len(candidates))


def clue_scores(scorer: Scorer, clues: Sequence[Picture], candidates: Sequence[Picture]) -> np.ndarray:
    """How well the clue cards together point at each candidate picture: the sum of the cards'
    standardised readings (``card_reading``) — the detectives' reading of a 1- or 2-card clue."""
    total = np.zeros(len(candidates))
    for clue in clues:
        total += card_reading(scorer, clue, candidates)
    return total
