"""Positions for the Rose bot tests: a game played a number of random steps in from its setup."""

from __future__ import annotations

import random

from ludus.games.rose.game import GAME
from ludus.games.rose.state import RoseState


def random_position(players: int, seed: int, steps: int) -> RoseState:
    """The game after ``steps`` random choices (the lowest seat on turn moves first), or at its end."""
    state = GAME.setup(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        decision = min(GAME.decisions(state), key=lambda d: d.seat)
        GAME.apply(state, decision.seat, rng.choice(decision.options))
    return state
