"""The "medium" Rose bot (belief + one-turn lookahead), and the belief-driven parts "hard" (``hard.py``) reuses.

The medium bot keeps a ``Belief`` about who the opponents are (fed by ``observe(events)``), samples the
hidden state with ``world_from_view`` and then gives the opponents identities drawn from that belief,
and judges positions with ``standing``: the estimated final clue of every seat's monk (clue now, plus
the clue today's suspicion will turn into, the event tiles, the expected clue from being guessed)
turned into a chance of being lowest. It never reads the true state.

Inside a sampled world every seat plays ``world_policy``: a fast greedy move chooser on the state
itself (its own monk down, the other players' monks up), used for the rest of a turn and as a rollout
policy in the lookahead over ``BelievedWorlds``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ludus.engine import Choice, Decision, Event, Game

from . import events as ev
from .belief import LOG_LR, Belief, feature
from .bots import GreedyBot
from .components import (
    ADSON,
    BIBLIOTHECA,
    BUILDING_CARD,
    BUILDINGS,
    COLOUR_INDEX,
    COLOURS,
    MONK_CARD,
    PAWN_INDEX,
    PAWNS,
    WILLIAM,
    Edition,
)
from .game import GAME, RoseGame
from .rules import card_pawn
from .state import RoseState
from .tracks import conversion_awards

TIME_TILE_VALUE = 0.5
EVENT_TILE_COST = 2.0
MARGIN_WEIGHT = 0.3
MARGIN_SCALE = 60.0
OPPONENT_GUESSED = 0.5
"""The chance an opponent's colour is named by each other player, for the standing estimate."""
EXPOSURE_WEIGHT = 0.35
"""How far the bot trusts its own exposure estimate over that average (its model of the readers is
crude; trusting it fully made the bot hide so hard that its monk collected more clue than it saved)."""


# --- judging a position ---------------------------------------------------------------------------
Marginals = dict[int, list[float]]
"""Per opponent seat, the believed probability of each colour (index order of COLOURS)."""


def estimates(s: RoseState, exposure: float | None = None, seat: int = -1,
              marginals: Marginals | None = None, drawn: float = 0.0) -> list[float]:
    """Every seat's estimated final clue: clue now + today's conversion + event tiles + guesses, less
    half a point per time tile held (it may keep its owner from ending a day).

    With ``marginals`` an opponent's monk is not the world's sampled one but the belief's average over
    colours: the sampled identity would add noise to every judgement without adding knowledge.
    ``drawn``: clue ``seat``'s monk is expected to draw from reading opponents over the days left
    (``hiding.drawn``), added to its own estimate.
    """
    ed = s.ed
    ids = s.identity
    n = s.n
    if s.phase == "over":
        return [float(s.clue[ids[j]]) for j in range(n)]
    conv = (conversion_awards(s.suspicion, ed.conversion, 2 if s.today == ev.CAUGHT else 1)
            if s.phase == "turn" else [0] * len(COLOURS))
    per_guess = (n - 1) * ed.guess_clue.get(n, 0)
    clue = s.clue
    found = []
    for j in range(n):
        guessed = (OPPONENT_GUESSED + EXPOSURE_WEIGHT * (exposure - OPPONENT_GUESSED)
                   if j == seat and exposure is not None else OPPONENT_GUESSED)
        believed = marginals.get(j) if marginals is not None and j != seat else None
        if believed is None:
            c = ids[j]
            monk = clue[c] + conv[c]
        else:
            monk = sum(p * (clue[c] + conv[c]) for c, p in enumerate(believed) if p)
        found.append(monk + ed.event_tile_clue * len(s.event_tiles[j]) + per_guess * guessed
                     - TIME_TILE_VALUE * len(s.time[j]) + (drawn if j == seat else 0.0))
    return found


def believed_marginals(belief: Belief, view: Mapping[str, Any]) -> Marginals:
    table = belief.marginals(view)
    return {seat: [row[c] for c in COLOURS] for seat, row in table.items()}


def days_to_play(ed: Edition, day: int, sundial: int, in_turn: bool) -> float:
    """Days of play still to come, counted in hours so the clock runs smoothly over a day's end."""
    today = min(1.0, sundial / ed.sundial_day) if in_turn else 1.0
    return max(0.0, ed.days - day - today)


def days_left(s: RoseState) -> float:
    return days_to_play(s.ed, s.day, s.sundial, s.phase == "turn")


def standing(s: RoseState, seat: int, exposure: float | None = None, marginals: Marginals | None = None,
             drawn: float = 0.0) -> float:
    """The chance ``seat`` ends lowest on the clue track, from ``estimates`` (a soft minimum whose
    temperature grows with the play still to come, smoothly: a jump at the end of a day would make
    ending days look good to whoever leads); a finished game gives its real result."""
    if s.phase == "over":
        winners = s.result["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    est = estimates(s, exposure, seat, marginals, drawn)
    temperature = 3.0 + 2.0 * days_left(s)
    low = min(est)
    weights = [math.exp((low - e) / temperature) for e in est]
    chance = weights[seat] / sum(weights)
    # the chance saturates when one seat is far ahead or behind; a small linear term in the margin
    # to the best opponent keeps every clue point worth something there
    best_other = min(e for j, e in enumerate(est) if j != seat)
    margin = min(1.0, max(0.0, 0.5 + (best_other - est[seat]) / MARGIN_SCALE))
    return (1 - MARGIN_WEIGHT) * chance + MARGIN_WEIGHT * margin


# --- a fast greedy policy on the state (inside sampled worlds) ----------------------------------------
def seat_weights(s: RoseState, seat: int) -> list[float]:
    """−1 for the seat's own monk, +1 for every other monk.

    Deliberately not the world's true identities: a sampled world knows who everyone is, but the
    players in it do not, and opponents that aim straight at the searching bot's monk would make
    every line look worse than it is (and reward ending days early to escape them).
    """
    w = [1.0] * len(COLOURS)
    w[s.identity[seat]] = -1.0
    return w


@lru_cache(maxsize=1 << 16)
def _awards(susp: tuple[int, ...], table: tuple[int, ...], factor: int) -> tuple[int, ...]:
    """Per colour, the clue its suspicion turns into (``tracks.conversion_awards``, memoised: a playout
    asks for the same few suspicion tracks thousands of times)."""
    last = len(table) - 1
    award = {v: table[i if i < last else last] * factor for i, v in enumerate(sorted(set(susp), reverse=True))}
    return tuple(award[v] for v in susp)


def _value(s: RoseState, w: list[float], susp: list[int], clue: list[int],
           award: tuple[int, ...] | None = None) -> float:
    """Weighted clue, counting today's suspicion as the clue it turns into (the rollouts' hot spot);
    ``award``: the conversion of ``susp`` when the caller knows it."""
    if award is None:
        award = _awards(tuple(susp), s.ed.conversion, 2 if s.today == ev.CAUGHT else 1)
    total = 0.0
    for c in range(6):
        weight = w[c]
        if weight:
            v = susp[c]
            total += weight * (clue[c] + award[c] + 0.02 * v)
    return total


def move_gain(s: RoseState, w: list[float], pawn: int, dst: int, base: float) -> float:
    """What moving ``pawn`` into ``dst`` gains for weights ``w`` (signs chosen by the weights).

    Copies a track only when the move changes it, and reuses today's conversion when the suspicion
    track stays as it is (William's moves): the same arithmetic as valuing fresh copies, faster."""
    ed = s.ed
    susp = s.suspicion
    clue = s.clue
    pawns = s.pawns
    today = s.today
    bonus = 0.0
    award = None
    if pawn < 6:
        here = s.tiles[dst]
        matching = [ed.tile_value[t] for t in here if ed.tile_colour[t] == pawn]
        susp = susp[:]
        if matching:
            susp[pawn] = max(0, susp[pawn] - max(matching))
            bonus += TIME_TILE_VALUE
        else:
            susp[pawn] = min(ed.suspicion_max, susp[pawn] + sum(ed.tile_value[t] for t in here))
        if today == ev.DUBIOUS:
            clue = clue[:]
            clue[pawn] += 1
        elif today == ev.FORBIDDEN and dst == BIBLIOTHECA:
            clue = clue[:]
            clue[pawn] += 2
        elif today == ev.WITHOUT_OSTENTATION and not any(pawns[p] == dst for p in range(8) if p != pawn):
            clue = clue[:]
            clue[pawn] = max(0, clue[pawn] - 1)
        elif today == ev.INQUIRING:
            clue = clue[:]
            for m in range(6):
                if pawns[m] == dst and m != pawn:
                    clue[m] += 1
        elif today == ev.MYSTERIOUS and pawns[WILLIAM] == dst:
            bonus += 2 * max(w)
    elif pawn == WILLIAM:
        there = [p for p in range(6) if pawns[p] == dst]
        if there:
            amount = ed.william_clue * (2 if today == ev.TRICKY else 1)
            clue = clue[:]
            for m in there:
                clue[m] = max(0, clue[m] + (amount if w[m] > 0 else -amount))
        if today == ev.CULPRITS_HEELS:
            bonus += 2 * max(w)
        award = _awards(tuple(susp), ed.conversion, 2 if today == ev.CAUGHT else 1)
    else:
        there = [p for p in range(6) if pawns[p] == dst]
        if there:
            amount = ed.adson_suspicion * (2 if today == ev.TRICKY else 1)
            susp = susp[:]
            for m in there:
                susp[m] = min(ed.suspicion_max, max(0, susp[m] + (amount if w[m] >= 0 else -amount)))
    return _value(s, w, susp, clue, award) + bonus - base


def best_move(s: RoseState, w: list[float], pawns: Iterable[int], buildings: Iterable[int],
              base: float) -> tuple[float, int, int]:
    best = (-1e9, -1, -1)
    where = s.pawns
    for pawn in pawns:
        for b in buildings:
            if where[pawn] == b:
                continue
            gain = move_gain(s, w, pawn, b, base)
            if gain > best[0]:
                best = (gain, pawn, b)
    return best


def time_cost(s: RoseState, seat: int, hours: int) -> float:
    left = s.ed.sundial_day - s.sundial
    if hours < left:
        return 0.0
    need = hours - left + 1
    spendable = 0 if s.today == ev.IN_A_HURRY else len(s.time[seat]) - (s.fresh if seat == s.active else 0)
    if need <= min(hours, spendable):
        return need * TIME_TILE_VALUE
    return EVENT_TILE_COST


ALL_BUILDINGS = range(len(BUILDINGS))


def card_gain(s: RoseState, seat: int, w: list[float], card: int, base: float) -> float:
    ed = s.ed
    kind = ed.card_kind[card]
    if kind == MONK_CARD:
        gain = best_move(s, w, (ed.card_target[card],), ALL_BUILDINGS, base)[0]
        return gain - time_cost(s, seat, ed.card_hours[card])
    if kind == BUILDING_CARD:
        gain = best_move(s, w, range(8), (ed.card_target[card],), base)[0]
        return (gain if gain > -1e9 else 0.0) - time_cost(s, seat, ed.card_hours[card])
    return max(best_move(s, w, (WILLIAM,), ALL_BUILDINGS, base)[0] - time_cost(s, seat, ed.william_hours),
               best_move(s, w, (ADSON,), ALL_BUILDINGS, base)[0] - time_cost(s, seat, ed.adson_hours))


def world_policy(game: Game, s: RoseState, decision: Decision, rng: random.Random,
                 weights: list[float] | None = None) -> Choice:
    """A quick greedy choice for whoever decides in a sampled world (a rollout policy for ISMCTS);
    ``weights`` replaces the decider's own ±1 weights (e.g. the searching bot's leader weights)."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    kind = decision.kind
    seat = decision.seat
    w = seat_weights(s, seat) if weights is None else weights
    if kind == "sign":
        m = COLOUR_INDEX[decision.prompt["monk"]]
        if decision.prompt["track"] == "clue":
            return "+" if w[m] > 0 else "-"
        return "+" if w[m] >= 0 else "-"
    if kind == "card":
        base = _value(s, w, s.suspicion, s.clue)
        ed = s.ed
        return max(options, key=lambda c: card_gain(s, seat, w, ed.card_index[c], base) + rng.random() * 0.05)
    if kind in ("destination", "pawn"):
        base = _value(s, w, s.suspicion, s.clue)
        if kind == "destination":
            _, _, b = best_move(s, w, (card_pawn(s),), ALL_BUILDINGS, base)
            return BUILDINGS[b] if b >= 0 else options[0]
        target = s.ed.card_target[s.card]
        _, p, _ = best_move(s, w, [PAWN_INDEX[o] for o in options], (target,), base)
        return PAWNS[p] if p >= 0 else options[0]
    if kind == "william_or_adson":
        base = _value(s, w, s.suspicion, s.clue)
        ed = s.ed
        william = best_move(s, w, (WILLIAM,), ALL_BUILDINGS, base)[0] - time_cost(s, seat, ed.william_hours)
        adson = best_move(s, w, (ADSON,), ALL_BUILDINGS, base)[0] - time_cost(s, seat, ed.adson_hours)
        return "william" if william > adson else "adson"
    if kind == "time_tile":
        left = s.ed.sundial_day - s.sundial
        hours = s.hours - s.cancelled
        tiles = len(options) - 1
        return options[0] if hours >= left and hours - tiles < left else "done"
    if kind == "task_tile":
        ed = s.ed
        return max(options, key=lambda t: ed.tile_value[ed.tile_index[t]])
    if kind == "studious":
        base = _value(s, w, s.suspicion, s.clue)
        ed = s.ed
        if ed.card_kind[s.card] == BUILDING_CARD:
            gain = best_move(s, w, range(8), (ed.card_target[s.card],), base)[0]
        else:
            gain = best_move(s, w, (card_pawn(s),), ALL_BUILDINGS, base)[0]
        return "again" if gain > 0 else "skip"
    if kind in ("clue_bonus", "awkward", "revelation"):
        pushed = [o for o in options if w[COLOUR_INDEX[o]] > 0]
        return rng.choice(pushed or [o for o in options if w[COLOUR_INDEX[o]] == 0] or list(options))
    if kind == "clue_bonus_split":
        return "one"
    return rng.choice(options)


# --- worlds from the belief -----------------------------------------------------------------------
class BelievedWorlds:
    """Worlds sampled from a view with the opponents' identities drawn from a belief, for lookaheads.

    It also follows the searching seat's own *leak* along one simulated line: the evidence its own
    simulated acts give the others about its identity (reset by ``world_from_view``, added by ``apply``).
    """

    def __init__(self, belief: Belief, seat: int, game: RoseGame = GAME) -> None:
        self.game = game
        self.belief = belief
        self.seat = seat
        self.leak = [0.0] * len(COLOURS)

    def world_from_view(self, view: dict[str, Any], seat: int, rng: random.Random) -> RoseState:
        world = self.game.world_from_view(view, seat, rng)
        self.leak = [0.0] * len(COLOURS)
        return self.belief.reassign(world, view, rng)

    def apply(self, state: RoseState, seat: int, choice: Any) -> list[Event]:
        events = self.game.apply(state, seat, choice)
        if seat == self.seat:
            for event in events:
                found = feature(event)
                if found is not None and not (event.kind == "task_tile_taken" and event.data.get("seat") != seat):
                    self.leak[COLOUR_INDEX[found[1]]] += self.belief.temper * LOG_LR[found[0]]
        return events

    def decisions(self, state: RoseState) -> Any:
        return self.game.decisions(state)


# --- shared by medium and hard: belief, guesses, revelations ----------------------------------------
class BelievingMixin:
    """Belief upkeep and the decisions where the belief is the whole answer."""

    seat: int
    rng: random.Random
    belief: Belief | None
    temper = 1.0
    """The scale of the belief's evidence (``Belief.temper``)."""

    def ensure_belief(self, view: Mapping[str, Any]) -> Belief:
        if self.belief is None:
            self.belief = Belief(self.seat, view["players"], temper=self.temper)
        return self.belief

    def observe(self, events: Iterable[Event]) -> None:
        events = list(events)
        if self.belief is None:
            for event in events:
                if event.kind == "game_over":
                    return
            # the number of players is known from the first view; until then keep the events
            self.pending = [*getattr(self, "pending", []), *events]
            return
        self.belief.observe(events)

    def catch_up(self, view: Mapping[str, Any]) -> Belief:
        belief = self.ensure_belief(view)
        pending = getattr(self, "pending", None)
        if pending:
            belief.observe(pending)
            self.pending = []
        return belief

    def guess(self, view: Mapping[str, Any], decision: Decision) -> Choice:
        """The MAP joint assignment's colour for the target (distinct for all targets by construction)."""
        belief = self.catch_up(view)
        target = int(decision.prompt["target"])
        wanted = belief.most_likely(view).get(target)
        if wanted in decision.options:
            return wanted
        marginal = belief.marginals(view).get(target, {})
        return max(decision.options, key=lambda c: marginal.get(c, 0.0))

    def played(self, view: Mapping[str, Any]) -> dict[str, float]:
        return self.catch_up(view).played(view)


MEDIUM_WORLDS = 16
"""Worlds per option for the medium bot's one-turn lookahead."""
LOOKAHEAD = frozenset({"card"})
"""The decisions the medium bot plays out; the others follow the greedy rule with its belief's weights
(measured: looking ahead on the moves as well cost clue — the greedy rule takes the belief's exact
expectation where a few sampled worlds are noisy)."""


class MediumBot(BelievingMixin, GreedyBot):
    """The greedy player, but it aims at the monks it believes the opponents are, guesses from its
    belief (MAP), and weighs each option of its turn by playing the turn out in believed worlds."""

    def __init__(self, seat: int, seed: int | None = None, worlds: int = MEDIUM_WORLDS,
                 looks: frozenset[str] = LOOKAHEAD) -> None:
        super().__init__(seat, seed)
        self.looks = looks
        self.belief = None
        self.pending: list[Event] = []
        self.worlds = worlds
        self.game = GAME

    def weights(self, view: Mapping[str, Any]) -> dict[str, float]:
        me = view["you"]["identity"]
        played = self.played(view)
        # decoys: the two colours least likely to be anyone's, so protecting them costs nearly nothing
        others = sorted((c for c in COLOURS if c != me), key=lambda c: played[c])
        decoys = set(others[:self.decoy_count])
        return {c: -1.0 if c == me else played[c] + (self.decoy_weight if c in decoys else 0.0) for c in COLOURS}

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        options = decision.options
        if len(options) == 1:
            return options[0]
        if view.get("you") is None:
            return self.rng.choice(options)
        self.catch_up(view)
        if decision.kind == "guess":
            return self.guess(view, decision)
        if decision.kind in self.looks:
            return self.lookahead(view, decision)
        return super().choose(view, decision)

    def lookahead(self, view: dict[str, Any], decision: Decision) -> Choice:
        """Each option played on (the rest of this turn by the world policy) in the same believed worlds."""
        belief = self.catch_up(view)
        game = BelievedWorlds(belief, self.seat)
        exposure_now = belief.exposure(view)
        marginals = believed_marginals(belief, view)
        worlds = [game.world_from_view(view, self.seat, self.rng) for _ in range(self.worlds)]
        scores = dict.fromkeys(decision.options, 0.0)
        for world in worlds:
            for option in decision.options:
                state = world.clone()
                game.leak = [0.0] * len(COLOURS)
                game.apply(state, self.seat, option)
                finish_turn(game, state, self.seat, self.rng)
                exposure = belief.exposure(view, game.leak) if any(game.leak) else exposure_now
                scores[option] += self.judge(state, exposure, marginals)
        return max(decision.options, key=lambda o: scores[o] + self.rng.random() * 1e-6)

    def judge(self, state: RoseState, exposure: float, marginals: Marginals) -> float:
        """What a position at the end of a looked-ahead turn is worth (``exposure``: the readers' chance
        of naming this seat's colour after the turn's acts)."""
        return standing(state, self.seat, exposure, marginals)


def finish_turn(game: BelievedWorlds, state: RoseState, seat: int, rng: random.Random, limit: int = 40) -> None:
    """Play on with the world policy while it is still ``seat``'s turn (incredulous answers included).

    It stops at the end of the day too: the seat that ends a day also starts the next one, and that
    free extra turn must not make ending the day look attractive."""
    day = state.day
    for _ in range(limit):
        if state.phase != "turn" or state.active != seat or state.day != day or not state.queue:
            return
        found = game.decisions(state)
        if not found:
            return
        decision = min(found, key=lambda d: d.seat)
        game.apply(state, decision.seat, world_policy(game.game, state, decision, rng))


def medium_bot(game: Game, seat: int, seed: int | None) -> MediumBot:
    """The "medium" level."""
    return MediumBot(seat, seed)


__all__ = ["BelievedWorlds", "MediumBot", "estimates", "finish_turn", "medium_bot", "standing", "world_policy"]
