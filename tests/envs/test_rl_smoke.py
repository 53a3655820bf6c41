"""The RL extra (sb3-contrib, CPU PyTorch): MaskablePPO trains a few hundred steps and predicts legal moves."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the rl extra (scripts/test.sh installs it)")

from sb3_contrib import MaskablePPO

from ludus.envs import against_bots


def test_maskable_ppo_trains_on_against_bots_and_predicts_only_legal_moves_with_masks():
    env = against_bots("floors", seat=0, opponents="random", dense_rewards=True, players=2)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        for _ in range(5):
            action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
            assert info["action_mask"][int(action)] == 1
            observation, _, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                break
    assert np.all(np.isfinite(model.policy.parameters().__next__().detach().numpy()))
