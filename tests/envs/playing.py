"""Random masked play through an AEC environment, with a check at every live step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np


def play_randomly(env: Any, seed: int, check: Callable[[str, dict, dict], None] | None = None,
                  limit: int = 50_000) -> None:
    """Play one game with uniformly random legal actions; ``check(agent, observation, info)`` at every step."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter(limit):
        observation, _, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0, f"{agent} is asked to act with no legal action"
        if check is not None:
            check(agent, observation, info)
        env.step(int(rng.choice(legal)))
    assert not env.agents, "the game did not end"


def final_rewards(env: Any, seed: int, limit: int = 50_000) -> dict[str, float]:
    """Play one game with random legal actions; every agent's reward as ``last()`` hands it over at the end."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter(limit):
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert not env.agents, "the game did not end"
    return final
