"""Fearsome Floors as a PettingZoo environment."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, performance_benchmark, seed_test

from ludus.envs import floors_v0

from .playing import play_randomly


@pytest.mark.parametrize(("players", "options"), [(2, None), (4, {"variant": "advanced"}), (7, None)])
def test_floors_passes_the_pettingzoo_api_test(players, options):
    api_test(floors_v0.env(players=players, options=options), num_cycles=300)


def test_floors_is_deterministic_for_a_seed():
    seed_test(lambda: floors_v0.env(players=3, options={"variant": "advanced"}), num_cycles=200)


def test_floors_performance_benchmark_runs(capsys):
    performance_benchmark(floors_v0.env(players=4))
    assert "turns per second" in capsys.readouterr().out


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_every_offered_option_has_an_action_and_games_end(variant):
    def check(agent, observation, info):
        assert observation["action_mask"].sum() == len(info["decision"]["options"])

    play_randomly(floors_v0.env(players=3, options={"variant": variant}), 7, check)
