"""What a seat believes about the others' identities, from what they did in front of everyone.

Every player hides which monk they are, yet every choice they make moves monks' markers: whom they
spare or push with William's and Adson's signs, which monks they send to their own task tiles
(helping that monk) or into suspicion, whom they hand an event's bonus clue or Awkward's suspicion.
A player mostly helps their own monk and hurts the others, so each such act is evidence.

The model is a likelihood: for each act of seat ``a`` about monk ``m`` (a *feature* of a public event,
``feature()``), ``LOG_LR[feature]`` is log P(act | a is m) / P(act | a is not m). The values were
measured in self-play of the greedy bots (``rate_self / rate_other`` per seat and colour over 60
four-player games) and then *tempered* — shrunk towards zero and capped — because real players (and
the stronger bots) bluff: the greedy bots never push their own monk, a cunning player sometimes does.

Hard constraints come from the view: no seat is a colour it revealed, nobody is the believer's own
colour, and all identities are different. The joint belief over the opponents' identities is
enumerated exactly (at most 6·5·4·3 = 360 assignments) with weight exp(Σ log-likelihoods), so sampling
respects distinctness and the final guesses take the most likely joint assignment (MAP).

``Belief.public`` keeps the same evidence about the believer's own seat: what the others can read
about *it*. Bots use it to keep their exposure (the chance of being guessed at the end) down.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from itertools import accumulate, permutations
from typing import Any

from ludus.engine import Event

from .components import COLOUR_INDEX, COLOURS
from .state import RoseState

LOG_LR: dict[str, float] = {
    # measured log-LR in greedy self-play → tempered value used here
    "task": 1.0,        # +1.43  moved a monk onto its own task tile (it loses suspicion)
    "w_spare": 1.5,     # +2.34  William: the monk's clue moved back
    "a_spare": 1.5,     # +2.31  Adson: the monk's suspicion moved back
    "ev_down": 0.6,     # +1.12  Without Ostentation: moved the monk into an empty building (−1 clue)
    "w_push": -2.5,     # −5.34  William: the monk's clue moved forward
    "a_push": -2.5,     # −4.17  Adson: the monk's suspicion moved forward
    "awkward": -2.5,    # −4.62  Awkward: gave the monk the card's hours in suspicion
    "bonus": -2.5,      # −5.19  Mysterious / At the Culprit's Heels: gave the monk bonus clue
    "ev_up": -1.2,      # −2.06  Dubious / Forbidden / Inquiring: a move that cost the monk clue
    "suspected": -2.0,  # −3.70  moved the monk where it has no business (it gains suspicion)
}
"""Evidence per act, log P(act | actor is the monk) − log P(act | actor is another monk)."""

CHOSEN_BONUS = frozenset({"mysterious", "culprits_heels"})


def feature(event: Event) -> tuple[str, str] | None:
    """The act an event shows about one monk, as (feature, colour), or None if it tells nothing."""
    data = event.data
    monk = data.get("monk")
    if monk not in COLOUR_INDEX:
        return None
    kind = event.kind
    amount = data.get("amount")
    if kind == "task_tile_taken":
        return "task", monk
    if not isinstance(amount, int) or amount == 0:
        return None
    if kind == "clue":
        if data.get("pawn") == "william":
            return ("w_spare" if amount < 0 else "w_push"), monk
        if data.get("event") in CHOSEN_BONUS:
            return "bonus", monk
        if "event" in data:
            return ("ev_up" if amount > 0 else "ev_down"), monk
        return None
    if kind == "suspicion":
        if data.get("pawn") == "adson":
            return ("a_spare" if amount < 0 else "a_push"), monk
        if data.get("event") == "awkward":
            return "awkward", monk
        if "building" in data:
            return "suspected", monk
    return None


Assignment = tuple[int, ...]
"""One colour index per opponent, in the order of ``Belief.opponents``."""


class Belief:
    """One seat's probability over which monk every opponent is.

    ``observe(events)`` takes the events the seat was shown, in order; everything else is read from
    the view given to the queries (revealed markers, the seat's own identity).
    """

    def __init__(self, seat: int, players: int, temper: float = 1.0) -> None:
        self.seat = seat
        self.players = players
        self.temper = temper
        self.opponents: tuple[int, ...] = tuple(s for s in range(players) if s != seat)
        self.loglik: list[list[float]] = [[0.0] * len(COLOURS) for _ in range(players)]
        """loglik[seat][colour]: summed evidence that ``seat`` is ``colour`` (the own seat too: public)."""
        self.acts: list[dict[str, int]] = [{} for _ in range(players)]
        """How many acts of each feature every seat made (for reports and tests)."""
        self.actor: int | None = None
        self.shift: dict[int, list[float]] = {}
        """Per opponent, log-likelihood per colour added on top of ``loglik`` in the joint belief (a seat's
        model of that opponent's acts, see ``HardBot.identify``); none by default."""
        self._cache_key: Any = None
        self._cache: tuple[list[Assignment], list[float]] | None = None
        self._cumulative: list[float] = []

    # --- evidence -------------------------------------------------------------------------
    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.kind == "card_played":
                self.actor = event.data.get("seat")
                continue
            if event.kind in ("day_ended", "revealed", "game_over"):
                self.actor = None
                continue
            found = feature(event)
            if found is None:
                continue
            actor = event.data.get("seat") if event.kind == "task_tile_taken" else self.actor
            if not isinstance(actor, int) or not 0 <= actor < self.players:
                continue
            self.add(actor, *found)

    def add(self, actor: int, name: str, colour: str) -> None:
        """Record that ``actor`` did act ``name`` to monk ``colour``."""
        self.loglik[actor][COLOUR_INDEX[colour]] += self.temper * LOG_LR[name]
        self.acts[actor][name] = self.acts[actor].get(name, 0) + 1
        self._cache = None

    def set_shift(self, seat: int, row: Sequence[float]) -> None:
        """Replace the extra log-likelihood per colour of ``seat`` in the joint belief (see ``shift``)."""
        self.shift[seat] = list(row)
        self._cache = None

    # --- the joint belief -----------------------------------------------------------------
    def allowed(self, view: Mapping[str, Any]) -> list[list[int]]:
        """Per opponent, the colours it may be: not revealed by it, not the believer's own."""
        you = view.get("you") or {}
        own = COLOUR_INDEX.get(you.get("identity"), -1)
        seats = view["seats"]
        return [[c for c in range(len(COLOURS)) if c != own and COLOURS[c] not in seats[s]["revealed"]]
                for s in self.opponents]

    def distribution(self, view: Mapping[str, Any]) -> tuple[list[Assignment], list[float]]:
        """Every assignment of distinct colours to the opponents that the view allows, and its probability."""
        allowed = self.allowed(view)
        key = tuple(tuple(a) for a in allowed)
        if self._cache is not None and self._cache_key == key:
            return self._cache
        own = COLOUR_INDEX.get((view.get("you") or {}).get("identity"), -1)
        pool = [c for c in range(len(COLOURS)) if c != own]
        sets = [set(a) for a in allowed]
        rows = [[v + d for v, d in zip(self.loglik[s], self.shift[s], strict=True)] if s in self.shift
                else self.loglik[s] for s in self.opponents]
        assignments: list[Assignment] = []
        logs: list[float] = []
        for perm in permutations(pool, len(self.opponents)):
            if all(c in ok for c, ok in zip(perm, sets, strict=True)):
                assignments.append(perm)
                logs.append(sum(row[c] for row, c in zip(rows, perm, strict=True)))
        if not assignments:
            raise ValueError("no identities are consistent with this view")
        top = max(logs)
        weights = [math.exp(v - top) for v in logs]
        total = sum(weights)
        probs = [w / total for w in weights]
        self._cache_key, self._cache = key, (assignments, probs)
        self._cumulative = list(accumulate(probs))
        return assignments, probs

    def marginals(self, view: Mapping[str, Any]) -> dict[int, dict[str, float]]:
        """P(opponent is colour), for every opponent seat and colour."""
        assignments, probs = self.distribution(view)
        table = {s: dict.fromkeys(COLOURS, 0.0) for s in self.opponents}
        for perm, p in zip(assignments, probs, strict=True):
            for s, c in zip(self.opponents, perm, strict=True):
                table[s][COLOURS[c]] += p
        return table

    def played(self, view: Mapping[str, Any]) -> dict[str, float]:
        """P(some opponent is colour): how much pushing that monk hurts an opponent."""
        marginals = self.marginals(view)
        return {c: min(1.0, sum(marginals[s][c] for s in self.opponents)) for c in COLOURS}

    def most_likely(self, view: Mapping[str, Any]) -> dict[int, str]:
        """The MAP joint assignment: opponent seat → colour."""
        assignments, probs = self.distribution(view)
        best = max(range(len(probs)), key=probs.__getitem__)
        return {s: COLOURS[c] for s, c in zip(self.opponents, assignments[best], strict=True)}

    def sample(self, view: Mapping[str, Any], rng: random.Random) -> dict[int, int]:
        """One joint draw of the opponents' identities: seat → colour index."""
        assignments, probs = self.distribution(view)
        cumulative = self._cumulative
        i = min(bisect_right(cumulative, rng.random() * cumulative[-1]), len(probs) - 1)
        return dict(zip(self.opponents, assignments[i], strict=True))

    # --- the believer's own exposure --------------------------------------------------------
    def exposure(self, view: Mapping[str, Any], extra: Sequence[float] | None = None) -> float:
        """How likely an opponent reading the public evidence names the believer's true colour.

        A simple per-seat posterior over the colours the believer has not revealed (the others'
        joint constraints are ignored); ``extra`` adds evidence, e.g. of a move being considered.
        """
        you = view.get("you") or {}
        own = COLOUR_INDEX.get(you.get("identity"), -1)
        if own < 0:
            return 0.0
        revealed = view["seats"][self.seat]["revealed"]
        row = self.loglik[self.seat]
        logs = {c: row[c] + (extra[c] if extra is not None else 0.0)
                for c in range(len(COLOURS)) if COLOURS[c] not in revealed}
        top = max(logs.values())
        total = sum(math.exp(v - top) for v in logs.values())
        return math.exp(logs[own] - top) / total

    # --- worlds -----------------------------------------------------------------------------
    def reassign(self, world: RoseState, view: Mapping[str, Any], rng: random.Random) -> RoseState:
        """Give the opponents in ``world`` identities drawn from the belief, keeping it consistent.

        Identities are hidden in the view, so only what depends on them must follow: the unused
        identity cards, and the face-down picks of opponents who are ready in a revelation round
        (never their own colour); guesses never depend on identities.
        ``view(world, seat)`` stays the same.
        """
        if view.get("outcome") is not None or view.get("you") is None:
            return world
        drawn = self.sample(view, rng)
        for s, colour in drawn.items():
            world.identity[s] = colour
        unused = [c for c in range(len(COLOURS)) if c not in world.identity]
        rng.shuffle(unused)
        world.unused_identity = unused
        if world.phase == "revelation":
            for s in self.opponents:
                pick = world.reveal_pick[s]
                if pick >= 0 and (pick == world.identity[s] or pick in world.revealed[s]):
                    options = [c for c in range(len(COLOURS))
                               if c != world.identity[s] and c not in world.revealed[s]]
                    world.reveal_pick[s] = rng.choice(options)
        world.cache = None
        return world
