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


def baselines_module():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "baselines.py"
    spec = importlib.util.spec_from_file_location("baselines", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_baselines_learner_chooses_only_real_choices_without_undo_and_keeps_every_reward():
    from ludus.envs import floors_v0
    from ludus.envs.rewards import outcome_rewards

    env = baselines_module().make_env("floors", "random")
    undo = floors_v0.ACTIONS.index("undo")
    observation, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total, done, choices = 0.0, False, 0
    while not done:
        mask = env.action_masks()
        assert mask.sum() > 1 and not mask[undo]  # forced moves are played for it; never step–undo loops
        assert np.all(observation["action_mask"][mask] == 1)  # only legal actions
        observation, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        choices += 1
        done = terminated or truncated
    table = env.unwrapped.table
    assert terminated and choices < table.steps / 2  # the bots' and the forced moves were not the learner's
    assert total == pytest.approx(outcome_rewards(table.outcome, 2)[0] + floors_v0.progress(table.match.view(None))[0])
