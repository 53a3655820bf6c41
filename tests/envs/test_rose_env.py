"""The Name of the Rose as a PettingZoo environment."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, performance_benchmark, seed_test

from ludus.envs import rose_v0

from .playing import play_randomly


@pytest.mark.parametrize("players", [2, 4])
def test_rose_passes_the_pettingzoo_api_test(players):
    api_test(rose_v0.env(players=players), num_cycles=300)


def test_rose_is_deterministic_for_a_seed():
    seed_test(lambda: rose_v0.env(players=3), num_cycles=200)


def test_rose_performance_benchmark_runs(capsys):
    performance_benchmark(rose_v0.env(players=4))
    assert "turns per second" in capsys.readouterr().out


def test_every_offered_option_has_an_action_and_games_end_with_rewards():
    env = rose_v0.env(players=4, render_mode="ansi")

    def check(agent, observation, info):
        assert observation["action_mask"].sum() == len(info["decision"]["options"])
        assert observation["observation"].shape == (rose_v0.SIZE,)

    play_randomly(env, 3, check)
    assert isinstance(env.render(), str)


def test_observations_come_only_from_the_agents_view():
    env = rose_v0.env(players=4)
    env.reset(seed=5)
    view = env.infos["player_1"]["view"]
    assert view["seat"] == 1
    assert "identity" in view["you"]
    assert all("hand" not in s and "identity" not in s for s in view["seats"])


def test_ansi_render_draws_the_table_as_text_not_json():
    env = rose_v0.env(players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "Sundial" in text and "The abbey" in text and "player_2" in text
    assert not text.lstrip().startswith(("{", "["))
