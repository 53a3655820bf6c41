"""The hard Rose bot with an endgame search: on the last day it plays each card out to the end of the game.

``HardBot`` values a card by a linear score: its own monk's clue against the opponents' monks, each
opponent weighted by a soft share of the chance to finish lowest. Early on that is the right question;
on the last day of play it is only an approximation of the one that counts — *will this seat end
lowest?* — and the thinking budget is large next to how little is left to play. ``EndgameBot`` keeps
today's exact values for every other decision and, for its card decisions of the last day:

- takes its best few cards by exact value (``candidates``);
- draws worlds from its view with the opponents' identities from the belief (``BelievedWorlds``: likely
  identities more often, never uniform), the same worlds for every card (common random numbers);
- in each world plays the card, then the rest of the game's last day by the fast greedy policy
  (``world_policy``; its own seat with its leader weights) until the final guesses;
- judges the reached state by the chance of finishing lowest (``final_chance``): every seat's clue
  then, + 2 per event tile, + the expected clue of being named — for itself the readers' model
  (``HardBot.guessed``), for an opponent a fixed rate of being named right;
- chooses the card with the highest mean chance; the exact value breaks near-ties.

With ``plans=N`` the candidates are ways to play the turn instead of cards (card, pawn, building, whether
it ends the day; the best N by exact value and every card's best): a hand holds only 3 cards, so a card
search chooses among three moves. The turn's move decisions then follow the chosen plan.

Its budget is a count (cards or plans × worlds), never the clock, so a ladder replays the same games per
seed. A candidate, not a level: neither form was measured stronger than ``HardBot`` (docs/bots.md).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ludus.engine import Choice, Decision

from .bots import edition_of
from .components import COLOURS
from .hard import HardBot, days_left
from .state import RoseState
from .strong import BelievedWorlds, world_policy

CANDIDATES = 4
"""Cards played out (the best by exact value); the others are never chosen on the last day."""
WORLDS = 32
"""Believed worlds per card."""
HORIZON = 1.0
"""Search when at most this many days of play are left (1.0: the last day)."""
NAMED = 0.6
"""The chance an opponent's monk is named right by each other player at the end."""
TEMPERATURE = 2.0
"""Clue points of the soft minimum that turns final estimates into a chance of ending lowest."""
EXACT_SHARE = 0.01
"""Weight of the exact one-turn value (clue units) next to the chance (0–1): it breaks near-ties."""
STEP_LIMIT = 600
"""Decisions played at most in one playout (a safety net; the last day ends well before)."""

Plan = tuple[Choice, str, str, bool]
"""A way to play the turn: (card, pawn, building, ends the day)."""


class EndgameBot(HardBot):
    """``HardBot`` whose last-day card choice is the card with the best chance of ending lowest."""

    def __init__(
        self,
        seat: int,
        seed: int | None = None,
        candidates: int = CANDIDATES,
        worlds: int = WORLDS,
        horizon: float = HORIZON,
        plans: int = 0,
    ) -> None:
        super().__init__(seat, seed)
        self.candidates = candidates
        self.world_count = worlds
        self.horizon = horizon
        self.plans = plans
        self.plan: Plan | None = None
        """The plan being carried out (its pawn and building answer the turn's move decisions)."""
        self.last_search: dict[Any, float] = {}

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        plan = self.plan
        if plan is not None and decision.kind in ("william_or_adson", "destination", "pawn"):
            _, pawn, building, _ = plan
            wanted = {"william_or_adson": pawn, "destination": building, "pawn": pawn}[decision.kind]
            if decision.kind != "william_or_adson":
                self.plan = None  # the move is made: the rest of the turn follows the exact values
            if wanted in decision.options:
                return wanted
        if decision.kind == "card":
            self.plan = None
        return super().choose(view, decision)

    def _choose_card(self, view: dict[str, Any], decision: Decision) -> Choice:
        if self.plans > 0 and self.world_count > 0 and days_left(view) <= self.horizon:
            return self._choose_plan(view, decision)
        scores = self.card_scores(view, decision)
        if not scores:
            return decision.options[0]
        ranked = sorted(scores, key=lambda c: -scores[c][0])[: self.candidates]
        best = ranked[0]
        if len(ranked) > 1 and self.world_count > 0 and days_left(view) <= self.horizon:
            chance = self.play_out_cards(view, ranked)
            self.last_search = chance
            best = max(ranked, key=lambda c: chance[c] + EXACT_SHARE * scores[c][0])
        self.ends_day = scores[best][1]
        return best

    def plan_scores(self, view: dict[str, Any], decision: Decision) -> dict[Plan, float]:
        """Every way to play the turn (card, pawn, building, whether it ends the day) and its exact
        one-turn score, as ``card_scores`` values each card's best way."""
        weights = self.weights(view)
        cards = {card["id"]: card for card in view["you"]["hand"]}
        now = (dict(view["suspicion"]), dict(view["clue"]))
        self.lock = self.day_lock(view, 0)
        base = self.value(view, now, weights)
        left = edition_of(view).sundial_day - view["sundial"]
        tiles = self.spendable_tiles(view)
        where = self.where(view)
        scores: dict[Plan, float] = {}
        for card_id in decision.options:
            card = cards.get(card_id)
            if card is None:
                continue
            for pawns, places, played_hours, cost, ends in self.card_ways(view, card, left, tiles):
                self.lock = self.day_lock(view, played_hours)
                locked = self.value(view, now, weights) - base - cost
                move_base = self.value(view, now, weights)
                for pawn in pawns:
                    for building in places:
                        if where.get(pawn) == building:
                            continue
                        gain = self.move_value(view, pawn, building, weights, move_base)
                        plan = (card_id, pawn, building, ends)
                        score = gain + locked
                        if plan not in scores or score > scores[plan]:
                            scores[plan] = score
        return scores

    def _choose_plan(self, view: dict[str, Any], decision: Decision) -> Choice:
        """The plan with the best chance of ending lowest among the best ``plans`` by exact score
        (and every card's best), played out in the same believed worlds."""
        scores = self.plan_scores(view, decision)
        if not scores:
            return decision.options[0]
        ranked = sorted(scores, key=lambda p: -scores[p])
        chosen = ranked[: self.plans]
        for card in decision.options:
            top = next((p for p in ranked if p[0] == card), None)
            if top is not None and top not in chosen:
                chosen.append(top)
        best = chosen[0]
        if len(chosen) > 1:
            chance = self.play_out_plans(view, chosen)
            self.last_search = chance
            best = max(chosen, key=lambda p: chance[p] + EXACT_SHARE * scores[p])
        self.plan = best
        self.ends_day = best[3]
        return best[0]

    def play_out_plans(self, view: dict[str, Any], plans: list[Plan]) -> dict[Plan, float]:
        """Per plan: the mean chance of ending lowest after its turn and the rest of the game."""
        belief = self.catch_up(view)
        game = BelievedWorlds(belief, self.seat)
        named = self.weights(view)
        w = [named[c] for c in COLOURS]
        total = dict.fromkeys(plans, 0.0)
        for _ in range(self.world_count):
            world = game.world_from_view(view, self.seat, self.rng)
            others = self.opponent_weights(world)
            seed = self.rng.getrandbits(32)
            for plan in plans:
                state = world.clone()
                rng = random.Random(seed)
                game.game.apply(state, self.seat, plan[0])
                self.follow_plan(game, state, plan, w, rng)
                self.play_to_guesses(game, state, w, rng, others)
                total[plan] += self.final_chance(view, state)
        return {plan: value / self.world_count for plan, value in total.items()}

    def follow_plan(
        self, game: BelievedWorlds, state: RoseState, plan: Plan, w: list[float], rng: random.Random
    ) -> None:
        """Play the plan's move in a world (its time tiles as planned), up to the move itself."""
        _, pawn, building, ends = plan
        for _ in range(8):
            found = game.game.decisions(state)
            if not found:
                return
            decision = min(found, key=lambda d: d.seat)
            if decision.seat != self.seat:
                return
            kind = decision.kind
            if kind == "william_or_adson":
                choice: Choice = pawn if pawn in decision.options else decision.options[0]
            elif kind == "time_tile":
                choice = "done" if ends else world_policy(game.game, state, decision, rng, w)
            elif kind in ("destination", "pawn"):
                wanted = building if kind == "destination" else pawn
                game.game.apply(state, self.seat, wanted if wanted in decision.options else decision.options[0])
                return
            else:
                return
            game.game.apply(state, self.seat, choice)

    def play_out_cards(self, view: dict[str, Any], cards: list[Choice]) -> dict[Choice, float]:
        """Per card: the mean chance of ending lowest after playing it and the rest of the game out."""
        belief = self.catch_up(view)
        game = BelievedWorlds(belief, self.seat)
        named = self.weights(view)
        w = [named[c] for c in COLOURS]
        total = dict.fromkeys(cards, 0.0)
        for _ in range(self.world_count):
            world = game.world_from_view(view, self.seat, self.rng)
            others = self.opponent_weights(world)
            seed = self.rng.getrandbits(32)
            for card in cards:
                state = world.clone()
                rng = random.Random(seed)
                game.game.apply(state, self.seat, card)
                self.play_to_guesses(game, state, w, rng, others)
                total[card] += self.final_chance(view, state)
        return {card: value / self.world_count for card, value in total.items()}

    def play_to_guesses(
        self,
        game: BelievedWorlds,
        state: RoseState,
        w: list[float],
        rng: random.Random,
        others: dict[int, list[float]] | None = None,
    ) -> None:
        others = others or {}
        for _ in range(STEP_LIMIT):
            if state.phase in ("guess", "over"):
                return
            found = game.game.decisions(state)
            if not found:
                return
            decision = min(found, key=lambda d: d.seat)
            mine = w if decision.seat == self.seat else others.get(decision.seat)
            game.game.apply(state, decision.seat, world_policy(game.game, state, decision, rng, mine))

    def final_chance(self, view: dict[str, Any], state: RoseState) -> float:
        """The chance this seat ends lowest from a state at (or near) the final guesses."""
        if state.phase == "over":
            winners = state.result["winners"]
            return 1.0 / len(winners) if self.seat in winners else 0.0
        ed = state.ed
        n = state.n
        per_guess = ed.guess_clue.get(n, 0)
        clue = {c: state.clue[i] for i, c in enumerate(COLOURS)}
        self.lock = 1.0
        mine = self.guessed(view, clue, dict.fromkeys(COLOURS, 0))
        estimate = []
        for seat in range(n):
            own = state.clue[state.identity[seat]] + ed.event_tile_clue * len(state.event_tiles[seat])
            estimate.append(own + (mine if seat == self.seat else per_guess * (n - 1) * NAMED))
        low = min(estimate)
        chance = [math.exp((low - e) / TEMPERATURE) for e in estimate]
        return chance[self.seat] / sum(chance)


def endgame_bot(game: Any, seat: int, seed: int | None) -> EndgameBot:
    """The endgame-search variant of the "hard" level."""
    return EndgameBot(seat, seed)


__all__ = ["EndgameBot", "endgame_bot"]
