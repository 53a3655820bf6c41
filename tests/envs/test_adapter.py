"""The generic PettingZoo adapter, on the kernel's toy game."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludus.engine import registry
from ludus.envs.adapter import EnvSpec, LudusEnv


@pytest.fixture()
def toy_spec(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "takeaway", "tests.engine.toy:GAME")
    registry.load_game.cache_clear()

    def encode(view, decision):
        return np.array([view["counters"], view["turn"], view["secret"], decision is not None], dtype=np.float32)

    yield EnvSpec("takeaway", [1, 2, 3], 4, encode)
    registry.load_game.cache_clear()


def test_the_toy_environment_passes_the_pettingzoo_api_test(toy_spec):
    api_test(LudusEnv(toy_spec, 3), num_cycles=200)


def test_the_toy_environment_is_deterministic_for_a_seed(toy_spec):
    seed_test(lambda: LudusEnv(toy_spec, 2, {"counters": 30}), num_cycles=100)


def test_only_masked_actions_are_accepted_and_the_winner_is_rewarded(toy_spec):
    env = LudusEnv(toy_spec, 2, {"counters": 2})
    env.reset(seed=1)
    assert env.agent_selection == "player_0"
    assert list(env.observe("player_0")["action_mask"]) == [1, 1, 0]
    with pytest.raises(ValueError, match="not legal"):
        env.step(2)
    env.step(1)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert env.infos["player_1"]["view"]["winner"] == 0
