"""Shadows: Amsterdam (co-op) as a PettingZoo environment."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, performance_benchmark, seed_test

from ludus.envs import shadows_v0

from .playing import play_randomly


@pytest.mark.parametrize("players", [2, 3])
def test_shadows_passes_the_pettingzoo_api_test(players):
    api_test(shadows_v0.env(players=players), num_cycles=300)


def test_shadows_is_deterministic_for_a_seed():
    seed_test(lambda: shadows_v0.env(players=3, preset="super-agent"), num_cycles=200)


def test_shadows_performance_benchmark_runs(capsys):
    performance_benchmark(shadows_v0.env(players=3))
    assert "turns per second" in capsys.readouterr().out


def test_random_coop_games_end_and_only_the_officer_sees_the_map():
    def check(agent, observation, info):
        view = info["view"]
        assert (view["map"] is not None) == (view["you"]["role"] == "officer" and view["phase"] == "play")
        assert agent == f"player_{view['seat']}"

    play_randomly(shadows_v0.env(players=3), 2, check)


def test_the_co_op_variant_is_for_two_or_three_agents():
    with pytest.raises(ValueError, match="2 or 3 agents"):
        shadows_v0.env(players=4)
