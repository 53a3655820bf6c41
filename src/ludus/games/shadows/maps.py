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

import functools
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ludus.engine.chance import sample
from ludus.engine.heavy import heavy

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
_BOTH_CARDS: dict[str, dict[str, str]] = {c: {card: on[card] for card in CARDS} for c, on in CATEGORIES.items()}
"""Per category, what the black and the orange card show (``MapPair.to_json``: each space gets its own copy)."""
_PLAYABLE_NAMES: tuple[tuple[int, str], ...] = tuple((s, str(s)) for s in board.PLAYABLE)


@functools.cache
def _turned(turns: int) -> tuple[int, ...]:
    """Per space, where ``turns`` 120° turns of the board take it."""
    return tuple(board.rotate(space, turns) for space in range(len(board.HEXES)))


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
        for space, category in zip(_turned(turns % 3), self.categories, strict=True):
            categories[space] = category
        return MapPair(tuple(categories), (self.orientation + turns) % 3, self.rating)

    def to_json(self) -> dict:
        """``{space: {"black": kind, "orange": kind}}`` for the playable spaces (the digest's format)."""
        categories = self.categories
        return {name: dict(_BOTH_CARDS[categories[s]]) for s, name in _PLAYABLE_NAMES}


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


def _card(categories: tuple[str, ...], card: str) -> tuple[int, list[int], list[int]]:
    """The card's police (a bit set of spaces), evidence and client spaces (in space order)."""
    police = 0
    evidence: list[int] = []
    clients: list[int] = []
    for space, category in enumerate(categories):
        kind = CATEGORIES[category][card]
        if kind == "police":
            police |= 1 << space
        elif kind == "evidence":
            evidence.append(space)
        elif kind == "client":
            clients.append(space)
    return police, evidence, clients


def _bits(spaces: Iterable[int]) -> int:
    found = 0
    for space in spaces:
        found |= 1 << space
    return found


def _distances(levels: list[int], targets: int) -> dict[int, int]:
    """Space → moves, for the spaces of the bit set ``targets`` that ``levels`` (``board.safe_levels``) reach."""
    found = {}
    for distance, level in enumerate(levels):
        hit = level & targets
        while hit:
            low = hit & -hit
            found[low.bit_length() - 1] = distance
            hit ^= low
    return found


_STEPS: tuple[int, ...] = tuple(_bits(board.steps(space)) for space in range(len(board.HEXES)))
"""Per space, the bit set of the spaces next to it."""


def _card_score(police: int, evidence: list[int], clients: list[int], from_centre: dict[int, int]) -> float:
    """The card's safe tour length — fewest safe moves from the centre over 3 distinct evidence spaces
    to a client (``from_centre``: the safe distances from the centre to its targets) — plus a quarter
    point per police space next to one of its targets (the chance that a near miss costs a police
    token); 99 when no tour exists."""
    n = len(evidence)
    index = {s: j for j, s in enumerate(evidence)}
    evidence_bits = _bits(evidence)
    client_bits = _bits(clients)
    # far[i][j]: safe moves from evidence i to evidence j; end[i]: to the nearest client (None: unreachable).
    # A search's levels are disjoint and in order of distance, so the first level holding a client is the
    # nearest one.
    far: list[list[int | None]] = []
    end: list[int | None] = []
    for s in evidence:
        row: list[int | None] = [None] * n
        nearest = None
        for distance, level in enumerate(board.safe_levels(s, police)):
            if nearest is None and level & client_bits:
                nearest = distance
            hit = level & evidence_bits
            while hit:
                low = hit & -hit
                row[index[low.bit_length() - 1]] = distance
                hit ^= low
        far.append(row)
        end.append(nearest)
    tour: int | None = None  # fewest moves over every order of 3 distinct evidence spaces, then to a client
    for i in range(n):
        a = from_centre.get(evidence[i])
        if a is None:
            continue
        row_i = far[i]
        for j in range(n):
            b = row_i[j]
            if j == i or b is None:
                continue
            ab = a + b
            row_j = far[j]
            for k in range(n):
                c, d = row_j[k], end[k]
                if k in (i, j) or c is None or d is None:
                    continue
                if tour is None or ab + c + d < tour:
                    tour = ab + c + d
    if tour is None:
        return 99.0
    exposure = sum((_STEPS[s] & police).bit_count() for s in (*evidence, *clients))
    return tour + exposure / 4


RATING_STEPS = (7.5, 8.25, 8.75, 9.25)
"""Score thresholds between ratings 1|2|3|4|5 (chosen so the default generator spreads evenly)."""


def difficulty_score(pair: MapPair, cards: Iterable[str] = CARDS) -> float:
    """Safe tour length in moves plus a quarter point per police space next to a target (max over cards)."""
    scores = []
    for card in cards:
        police, evidence, clients = _card(pair.categories, card)
        from_centre = _distances(board.safe_levels(board.CENTRE, police), _bits(evidence) | _bits(clients))
        scores.append(_card_score(police, evidence, clients, from_centre))
    return max(scores)


def _rating(score: float) -> int:
    return 1 + sum(score > step for step in RATING_STEPS)


def difficulty(pair: MapPair, cards: Iterable[str] = CARDS) -> int:
    """1 (easiest, for first games) .. 5."""
    return _rating(difficulty_score(pair, cards))


def _legal_rating(pair: MapPair) -> int | None:
    """The difficulty of a pair made by ``_attempt``, or None if it breaks a constraint — only safe
    reachability can be broken (``violations`` agrees): one search from the centre per card serves
    both the check and the rating."""
    scores = []
    for card in CARDS:
        police, evidence, clients = _card(pair.categories, card)
        levels = board.safe_levels(board.CENTRE, police)
        targets = _bits(evidence) | _bits(clients)
        reached = 0
        for level in levels:
            reached |= level
        if targets & ~reached:
            return None
        if scores and scores[0] > RATING_STEPS[-1]:
            continue  # already the hardest rating: the other card's score cannot change it, its reach can
        scores.append(_card_score(police, evidence, clients, _distances(levels, targets)))
    return _rating(max(scores))


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


_FREE: tuple[int, ...] = tuple(s for s in board.PLAYABLE if s != board.CENTRE)
"""The spaces a map may put something on."""
_FROM_CENTRE: tuple[int, ...] = tuple(board.distance(s, board.CENTRE) for s in range(len(board.HEXES)))


def _attempt(rng: random.Random, params: MapParams, allowed: Allowed) -> tuple[str, ...] | None:
    """Categories placed at random, rarest first: the counts, the empty centre and obstacles and the
    evidence's distance from the centre hold by construction; only safe reachability is left to check."""
    if not allowed:
        return _free_attempt(rng, params)
    cats = ["empty"] * len(board.HEXES)
    free = list(_FREE)
    for category, count in params.counts():
        if count == 0:
            continue
        candidates = [s for s in free if category in allowed.get(s, ALL_CATEGORIES)]
        if category.endswith("evidence"):
            candidates = [s for s in candidates
                          if board.distance(s, board.CENTRE) >= params.min_evidence_distance]
        if len(candidates) < count:
            return None
        # Spaces that cannot stay empty go first, the most constrained of them first.
        keyed = sorted(candidates, key=lambda s: (
            "empty" in allowed.get(s, ALL_CATEGORIES), len(allowed.get(s, ALL_CATEGORIES)), rng.random()))
        must = [s for s in keyed if "empty" not in allowed.get(s, ALL_CATEGORIES)]
        chosen = must[:count]
        if len(chosen) < count:
            rest = keyed[len(must):]
            chosen += sample(rng, rest, count - len(chosen))
        for s in chosen:
            cats[s] = category
        taken = set(chosen)
        free = [s for s in free if s not in taken]
    if any("empty" not in allowed.get(s, ALL_CATEGORIES) for s in free):
        return None
    if any("empty" not in allowed.get(s, ALL_CATEGORIES) for s in (board.CENTRE, *board.OBSTACLES)):
        return None
    return tuple(cats)


def _free_attempt(rng: random.Random, params: MapParams) -> tuple[str, ...] | None:
    """``_attempt`` when nothing is known: every free space may take every category (the same draws)."""
    cats = ["empty"] * len(board.HEXES)
    free = list(_FREE)
    for category, count in params.counts():
        if count == 0:
            continue
        candidates = free
        if category.endswith("evidence"):
            candidates = [s for s in free if _FROM_CENTRE[s] >= params.min_evidence_distance]
        if len(candidates) < count:
            return None
        for s in sample(rng, candidates, count):
            cats[s] = category
        free = [s for s in free if cats[s] == "empty"]
    return tuple(cats)


@heavy
def generate(rng: random.Random, params: MapParams = DEFAULT_PARAMS, *, max_rating: int = 5,
             allowed: Allowed | None = None, attempts: int = 20000) -> MapPair:
    """A random legal map pair (seeded by ``rng``), rated at most ``max_rating``.

    ``allowed`` restricts the categories per space (world sampling for bots: a pair consistent with
    what a seat has seen). Raises NoMap when nothing fits within ``attempts`` tries. Heavy work
    (``ludus.engine.heavy``): a search can take seconds, so the server runs it on a worker.
    """
    params.check()
    constrained = allowed is not None
    allowed = allowed or {}
    for _ in range(attempts):
        cats = _attempt(rng, params, allowed)
        if cats is None:
            continue
        pair = MapPair(cats)
        rating = _legal_rating(pair)
        if rating is None or rating > max_rating:
            continue
        turns = 0 if constrained else rng.randrange(3)
        rotated = pair.rotated(turns) if turns else pair
        return MapPair(rotated.categories, turns, rating)
    raise NoMap(f"no map pair fits after {attempts} attempts")


def _too_hard(categories: tuple[str, ...], max_rating: int) -> bool:
    """Is the pair surely rated above ``max_rating``, by a bound that needs no search? A tour visits three
    evidence spaces and a client, so it is at least 4 moves long; the police beside the targets add their
    quarter points (``_card_score``)."""
    if max_rating > len(RATING_STEPS):
        return False
    for card in CARDS:
        police, evidence, clients = _card(categories, card)
        exposure = sum((_STEPS[s] & police).bit_count() for s in (*evidence, *clients))
        if 4 + exposure / 4 > RATING_STEPS[max_rating - 1]:
            return True
    return False


SAMPLE_TRIES = 600
"""How many of the generator's own draws ``unreliable`` looks at, at most."""
SAMPLE_HITS = 8
"""How many of them must give a fitting pair. A set whose draws fit less than once in 1,450 (so that
``generate``'s 20,000 tries fail more than once in a million rounds) passes with a chance of about 2e-8:
the expected hits in 600 draws are then at most 0.41."""


@functools.cache
def unreliable(params: MapParams, max_rating: int) -> str | None:
    """Why maps of these counts, rated at most ``max_rating``, cannot be relied on at every round start, or
    None when they can. Bounded (at most ``SAMPLE_TRIES`` draws, each a fixed amount of work) and pure (a
    fixed seed: the same options always get the same answer).

    First what can never fit, counted exactly: the counts on the free spaces (``MapParams.check``) and the
    evidence on the spaces far enough from the centre. Then what the generator would face: its own draws,
    from a fixed seed, must give a legal pair of the rating often enough (``SAMPLE_HITS``) that a round's
    search cannot fail but by a chance below one in a million — police that cut the centre off from the
    targets, or too many police beside them for the rating, show up as draws that never fit.
    """
    try:
        params.check()
    except ValueError as error:
        return str(error)
    far = sum(1 for s in _FREE if _FROM_CENTRE[s] >= params.min_evidence_distance)
    evidence = params.shared_evidence + 2 * params.evidence
    if evidence > far:
        return (f"{evidence} evidence spaces do not fit on the {far} spaces at least "
                f"{params.min_evidence_distance} from the centre")
    rng = random.Random(0)
    hits = 0
    for tried in range(1, SAMPLE_TRIES + 1):
        cats = _free_attempt(rng, params)
        if cats is not None and not _too_hard(cats, max_rating):
            rating = _legal_rating(MapPair(cats))
            if rating is not None and rating <= max_rating:
                hits += 1
                if hits >= SAMPLE_HITS:
                    return None
        if SAMPLE_HITS - hits > SAMPLE_TRIES - tried:
            break  # the rest cannot make up the difference
    return (f"maps with these counts rated {max_rating} or easier are too rare to be found at every round: "
            f"{hits} of {SAMPLE_TRIES} tries fit, {SAMPLE_HITS} must")
