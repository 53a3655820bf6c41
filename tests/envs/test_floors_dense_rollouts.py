"""Floors' dense rewards show the progress of the Floors-aware rollouts (``games.floors.rollout``)."""

from __future__ import annotations

import random

import numpy as np

from ludus.envs import floors_v0
from ludus.games.floors.rollout import ExitRollout


def dense_returns(seed: int) -> tuple[float, float, int]:
    """One 2-player game with dense rewards: seat 0 plays the exit-bound rollout policy, seat 1 at random.
    Returns each seat's summed rewards and seat 0's figures out."""
    env = floors_v0.env(players=2, dense_rewards=True)
    env.reset(seed=seed)
    table = env.unwrapped
    rollout, rng = ExitRollout(), random.Random(seed)
    totals = {"player_0": 0.0, "player_1": 0.0}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        if agent == "player_0":
            decision = table.decisions_of(0)[0]
            action = table.spec_.action_of(rollout(table.game, table.match.state, decision, rng))
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return totals["player_0"], totals["player_1"], table.match.state.out[0]


def test_with_dense_rewards_the_exit_bound_rollouts_earn_more_than_random_play_and_get_figures_out():
    games = [dense_returns(seed) for seed in range(5)]
    aware = [a for a, _, _ in games]
    random_play = [r for _, r, _ in games]
    assert sum(out > 0 for _, _, out in games) >= 3, "the rollout policy gets figures out"
    assert np.mean(aware) > 0 > np.mean(random_play)
    assert all(a >= r for a, r, _ in games)
