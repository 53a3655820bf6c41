"""Map cards: a seeded generator of (black, orange) map pairs, their constraints and a difficulty rating.

A map pair gives every hex one *category* — what the two cards show there:

========================  ============  ============
category                  black card    orange card
========================  ============  ============
``shared-police``         police        police
``black-police``          police        empty
``orange-police``         empty         police
``shared-client``         client        client
``black-client``          client        empty
``orange-client``         empty         client
``shared-evidence``       evidence      evidence
``black-evidence``        evidence      empty
``orange-evidence``       empty         evidence
``empty``                 empty         empty
========================  ============  ============

so "shared" is derived from the pair, exactly as in the rulebook (what is on both cards at the same
place is shared). The co-op variant plays the black card with every evidence space of both colours
(card ``"coop"``). Obstacles are ``empty`` on every card and never receive anything; neither does
the centre.

Constraints (checked by ``violations``): the counts of ``MapParams``; the centre empty; evidence at
least ``min_evidence_distance`` from the centre; on each card every evidence and client space
reachable from the centre by 1- and 2-card moves without landing on that card's police.

A generated pair is oriented at random (the card's 3 orientations are the board's 120° turns); the
constraints do not depend on the orientation.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from . import board

CARDS = ("black", "orange")
KINDS = ("empty", "police", "client", "evidence")

CATEGORIES: dict[str, dict[str, str]] = {
    "shared-police": {"black": "police", "orange": "police", "coop": "police"},
    "black-police": {"black": "police", "orange": "empty", "coop": "police"},
    "orange-police": {"black": "empty", "orange": "police", "coop": "empty"},
    "shared-client": {"black": "client", "orange": "client", "coop": "client"},
    "black-client": {"black": "client", "orange": "empty", "coop": "client"},
    "orange-client": {"black": "empty", "orange": "client", "coop": "empty"},
    "shared-evidence": {"black": "evidence", "orange": "evidence", "coop": "evidence"},
    "black-evidence": {"black": "evidence", "orange": "empty", "coop": "evidence"},
    "orange-evidence": {"black": "empty", "orange": "evidence", "coop": "evidence"},
    "empty": {"black": "empty", "orange": "empty", "coop": "empty"},
}
ALL_CATEGORIES: frozenset[str] = frozenset(CATEGORIES)


@dataclass(frozen=True)
class MapParams:
    """How many of each thing a card shows (the digest's defaults)."""

    police: int = 12
    shared_police: int = 6
    clients: int = 2
    shared_clients: int = 1
    evidence: int = 2
    """evidence spaces unique to each team"""
    shared_evidence: int = 2
    min_evidence_distance: int = 2

    def counts(self) -> list[tuple[str, int]]:
        """Category counts, rarest and most constrained first (the generator's placing order)."""
        unique_police = self.police - self.shared_police
        unique_clients = self.clients - self.shared_clients
        return [("shared-evidence", self.shared_evidence), ("black-evidence", self.evidence),
                ("orange-evidence", self.evidence), ("shared-client", self.shared_clients),
                ("black-client", unique_clients), ("orange-client", unique_clients),
                ("shared-police", self.shared_police), ("black-police", unique_police),
                ("orange-police", unique_police)]

    def check(self) -> None:
        if min(self.police, self.shared_police, self.clients, self.shared_clients, self.evidence,
               self.shared_evidence) < 0:
            raise ValueError("map counts cannot be negative")
        if self.shared_police > self.police or self.shared_clients > self.clients:
            raise ValueError("shared police/clients cannot exceed the card's total")
        if self.clients < 1 or self.evidence + self.shared_evidence < 3:
            raise ValueError("a card needs at least 1 client and 3 evidence spaces")
        used = sum(count for _, count in self.counts())
        if used > len(board.PLAYABLE) - 1:
            raise ValueError(f"{used} map spaces do not fit on the {len(board.PLAYABLE) - 1} free spaces")


DEFAULT_PARAMS = MapParams()


@dataclass(frozen=True)
class MapPair:
    """One round's pair of map cards, already oriented on the board (``categories[space]``)."""

    categories: tuple[str, ...]
    orientation: int = 0
    rating: int = 0
    extra: dict = field(default_factory=dict, compare=False)

    def kind(self, space: int, card: str) -> str:
        """What ``card`` ("black", "orange" or "coop") shows on ``space``."""
        return CATEGORIES[self.categories[space]][card]

    def card(self, card: str) -> tuple[str, ...]:
        return tuple(CATEGORIES[c][card] for c in self.categories)

    def spaces(self, card: str, kind: str) -> tuple[int, ...]:
        return tuple(s for s, c in enumerate(self.categories) if CATEGORIES[c][card] == kind)

    def shared_evidence(self) -> tuple[int, ...]:
        return tuple(s for s, c in enumerate(self.categories) if c == "shared-evidence")

    def rotated(self, turns: int) -> MapPair:
        """The same pair with the card turned by 120° ``turns`` times."""
        categories = ["empty"] * len(self.categories)
        for space, category in enumerate(self.categories):
            categories[board.rotate(space, turns)] = category
        return MapPair(tuple(categories), (self.orientation + turns) % 3, self.rating)

    def to_json(self) -> dict:
        """``{space: {"black": kind, "orange": kind}}`` for the playable spaces (the digest's format)."""
        return {str(s): {card: self.kind(s, card) for card in CARDS} for s in board.PLAYABLE}


def card_targets(pair: MapPair, card: str) -> tuple[int, ...]:
    return pair.spaces(card, "evidence") + pair.spaces(card, "client")


def violations(pair: MapPair, params: MapParams = DEFAULT_PARAMS) -> list[str]:
    """Every broken constraint (empty list = a legal map pair)."""
    found: list[str] = []
    cats = pair.categories
    if len(cats) != len(board.HEXES):
        return [f"a map covers {len(board.HEXES)} hexes, not {len(cats)}"]
    for category, count in params.counts():
        have = cats.count(category)
        if have != count:
            found.append(f"{have} {category} spaces instead of {count}")
    unknown = set(cats) - ALL_CATEGORIES
    if unknown:
        found.append(f"unknown categories {sorted(unknown)}")
    if cats[board.CENTRE] != "empty":
        found.append("the centre is not empty")
    found.extend(f"obstacle {s} holds {cats[s]}" for s in board.OBSTACLES if cats[s] != "empty")
    for space, category in enumerate(cats):
        if category.endswith("evidence") and board.distance(space, board.CENTRE) < params.min_evidence_distance:
            found.append(f"evidence on {space} is too close to the centre")
    for card in CARDS:
        reached = board.safe_distances(board.CENTRE, pair.spaces(card, "police"))
        found.extend(f"{card} {pair.kind(s, card)} on {s} cannot be reached safely"
                     for s in card_targets(pair, card) if s not in reached)
    return found


def _tour_moves(pair: MapPair, card: str) -> int | None:
    """Fewest safe moves from the centre over 3 distinct evidence spaces to a client."""
    police = pair.spaces(card, "police")
    evidence = pair.spaces(card, "evidence")
    clients = pair.spaces(card, "client")
    far = {s: board.safe_distances(s, police) for s in (board.CENTRE, *evidence)}
    best: int | None = None
    for route in itertools.permutations(evidence, 3):
        legs = [far[board.CENTRE].get(route[0])]
        legs += [far[a].get(b) for a, b in itertools.pairwise(route)]
        ends = [far[route[-1]][c] for c in clients if c in far[route[-1]]]
        if None in legs or not ends:
            continue
        total = sum(legs) + min(ends)
        best = total if best is None else min(best, total)
    return best


def _exposure(pair: MapPair, card: str) -> int:
    """Police next to the card's targets: the chance that a near miss costs a police token."""
    police = set(pair.spaces(card, "police"))
    return sum(1 for s in card_targets(pair, card) for n in board.steps(s) if n in police)


RATING_STEPS = (7.5, 8.25, 8.75, 9.25)
"""Score thresholds between ratings 1|2|3|4|5 (chosen so the default generator spreads evenly)."""


def difficulty_score(pair: MapPair, cards: Iterable[str] = CARDS) -> float:
    """Safe tour length in moves plus a quarter point per police space next to a target (max over cards)."""
    scores = []
    for card in cards:
        tour = _tour_moves(pair, card)
        scores.append(99.0 if tour is None else tour + _exposure(pair, card) / 4)
    return max(scores)


def difficulty(pair: MapPair, cards: Iterable[str] = CARDS) -> int:
    """1 (easiest, for first games) .. 5."""
    score = difficulty_score(pair, cards)
    return 1 + sum(score > step for step in RATING_STEPS)


Allowed = Mapping[int, frozenset[str]]
"""Per space, the categories a sampled map may put there (missing space = anything)."""


def knowledge_to_allowed(facts: Iterable[tuple[int, str, Iterable[str]]]) -> dict[int, frozenset[str]]:
    """Turn facts "on ``space`` card ``card`` shows one of ``kinds``" into allowed categories."""
    allowed: dict[int, frozenset[str]] = {}
    for space, card, kinds in facts:
        kinds = frozenset(kinds)
        fits = frozenset(c for c, on in CATEGORIES.items() if on[card] in kinds)
        allowed[space] = allowed.get(space, ALL_CATEGORIES) & fits
    return allowed


class NoMap(Exception):
    """No map pair satisfies the requested constraints (within the attempt budget)."""


def _attempt(rng: random.Random, params: MapParams, allowed: Allowed) -> tuple[str, ...] | None:
    cats = ["empty"] * len(board.HEXES)
    free = [s for s in board.PLAYABLE if s != board.CENTRE]
    for category, count in params.counts():
        if count == 0:
            continue
        candidates = [s for s in free if category in allowed.get(s, ALL_CATEGORIES)]
        if category.endswith("evidence"):
            candidates = [s for s in candidates
                          if board.distance(s, board.CENTRE) >= params.min_evidence_distance]
        if len(candidates) < count:
            return None
        if not allowed:
            chosen = rng.sample(candidates, count)
            for s in chosen:
                cats[s] = category
            free = [s for s in free if cats[s] == "empty"]
            continue
        # Spaces that cannot stay empty go first, the most constrained of them first.
        keyed = sorted(candidates, key=lambda s: (
            "empty" in allowed.get(s, ALL_CATEGORIES), len(allowed.get(s, ALL_CATEGORIES)), rng.random()))
        must = [s for s in keyed if "empty" not in allowed.get(s, ALL_CATEGORIES)]
        chosen = must[:count]
        if len(chosen) < count:
            rest = keyed[len(must):]
            chosen += rng.sample(rest, count - len(chosen))
        for s in chosen:
            cats[s] = category
        taken = set(chosen)
        free = [s for s in free if s not in taken]
    if any("empty" not in allowed.get(s, ALL_CATEGORIES) for s in free):
        return None
    if any("empty" not in allowed.get(s, ALL_CATEGORIES) for s in (board.CENTRE, *board.OBSTACLES)):
        return None
    return tuple(cats)


def generate(rng: random.Random, params: MapParams = DEFAULT_PARAMS, *, max_rating: int = 5,
             allowed: Allowed | None = None, attempts: int = 20000) -> MapPair:
    """A random legal map pair (seeded by ``rng``), rated at most ``max_rating``.

    ``allowed`` restricts the categories per space (world sampling for bots: a pair consistent with
    what a seat has seen). Raises NoMap when nothing fits within ``attempts`` tries.
    """
    params.check()
    constrained = allowed is not None
    allowed = allowed or {}
    for _ in range(attempts):
        cats = _attempt(rng, params, allowed)
        if cats is None:
            continue
        pair = MapPair(cats)
        if violations(pair, params):
            continue
        rating = difficulty(pair)
        if rating > max_rating:
            continue
        turns = 0 if constrained else rng.randrange(3)
        rotated = pair.rotated(turns) if turns else pair
        return MapPair(rotated.categories, turns, rating)
    raise NoMap(f"no map pair fits after {attempts} attempts")
