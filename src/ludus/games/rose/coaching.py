"""How the coach (``ludus.ai.coach``) judges a Name of the Rose position it reached by rollouts: the medium bot's
``standing`` (every seat's estimated final clue turned into the chance of ending lowest; a finished game by its
result), with the fast greedy ``world_policy`` playing every seat of the sampled world for the rest of about a
turn of every player."""

from __future__ import annotations

from typing import Any

from ludus.ai.coach import Judge

from .state import RoseState
from .strong import standing, world_policy


def chance(game: Any, state: RoseState, seat: int) -> float:
    return standing(state, seat)


JUDGE = Judge(value=chance, rollout=world_policy, depth=30)
