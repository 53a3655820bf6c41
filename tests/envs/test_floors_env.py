"""Fearsome Floors as a PettingZoo environment."""

from __future__ import annotations

import numpy as np
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


def test_an_enter_undo_loop_is_truncated_by_max_cycles():
    env = floors_v0.env(players=2, max_cycles=10)
    env.reset(seed=1)
    actions = {name: i for i, name in enumerate(floors_v0.ACTIONS) if isinstance(name, str)}
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[-1]))  # a figure showing 5
    loop = [actions["enter"], actions["undo"]]
    steps = 1
    while not any(env.truncations.values()):
        env.step(loop[steps % 2 - 1])
        steps += 1
    assert steps == 20 and not any(env.terminations.values())
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_ansi_render_draws_the_board_as_text():
    env = floors_v0.env(players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    rows = [line for line in text.splitlines() if line[:3].strip().isdigit()]
    assert len(rows) == floors_v0.ROWS and "M" in text and "EN" in text
    assert not text.lstrip().startswith("{")
