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

Its budget is a count (cards × worlds), never the clock, so a ladder replays the same games per seed.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ludus.engine import Choice, Decision

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


class EndgameBot(HardBot):
    """``HardBot`` whose last-day card choice is the card with the best chance of ending lowest."""

    def __init__(self, seat: int, seed: int | None = None, candidates: int = CANDIDATES,
                 worlds: int = WORLDS, horizon: float = HORIZON) -> None:
        super().__init__(seat, seed)
        self.candidates = candidates
        self.world_count = worlds
        self.horizon = horizon
        self.last_search: dict[Choice, float] = {}

    def _choose_card(self, view: dict[str, Any], decision: Decision) -> Choice:
        scores = self.card_scores(view, decision)
        if not scores:
            return decision.options[0]
        ranked = sorted(scores, key=lambda c: -scores[c][0])[:self.candidates]
        best = ranked[0]
        if len(ranked) > 1 and self.world_count > 0 and days_left(view) <= self.horizon:
            chance = self.play_out_cards(view, ranked)
            self.last_search = chance
            best = max(ranked, key=lambda c: chance[c] + EXACT_SHARE * scores[c][0])
        self.ends_day = scores[best][1]
        return best

    def play_out_cards(self, view: dict[str, Any], cards: list[Choice]) -> dict[Choice, float]:
        """Per card: the mean chance of ending lowest after playing it and the rest of the game out."""
        belief = self.catch_up(view)
        game = BelievedWorlds(belief, self.seat)
        named = self.weights(view)
        w = [named[c] for c in COLOURS]
        total = dict.fromkeys(cards, 0.0)
        for _ in range(self.world_count):
            world = game.world_from_view(view, self.seat, self.rng)
            seed = self.rng.getrandbits(32)
            for card in cards:
                state = world.clone()
                rng = random.Random(seed)
                game.game.apply(state, self.seat, card)
                self.play_to_guesses(game, state, w, rng)
                total[card] += self.final_chance(view, state)
        return {card: value / self.world_count for card, value in total.items()}

    def play_to_guesses(self, game: BelievedWorlds, state: RoseState, w: list[float],
                        rng: random.Random) -> None:
        for _ in range(STEP_LIMIT):
            if state.phase in ("guess", "over"):
                return
            found = game.game.decisions(state)
            if not found:
                return
            decision = min(found, key=lambda d: d.seat)
            mine = w if decision.seat == self.seat else None
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
