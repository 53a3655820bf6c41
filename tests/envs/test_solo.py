"""against_bots: one learner against the project's bots, as a single-agent Gymnasium environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludus.engine import Outcome
from ludus.envs import against_bots
from ludus.envs.adapter import IllegalAction
from ludus.envs.rewards import outcome_rewards


@pytest.mark.parametrize(("game", "opponents"), [("rose", "hard"), ("floors", "hard"), ("shadows", "hard")])
def test_against_bots_passes_gymnasium_check_env(game, opponents):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_env samples illegal actions on purpose: they forfeit
        check_env(against_bots(game, seat=0, opponents=opponents))


def test_a_game_against_the_bots_ends_with_the_learners_share_of_the_outcome():
    env = against_bots("rose", seat=2, opponents="hard")
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = truncated = False
    while not (terminated or truncated):
        assert observation["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
    assert terminated
    winners = tuple(info["outcome"]["winners"])
    assert reward == pytest.approx(outcome_rewards(Outcome(winners, {}), 4)[2])
    assert not observation["action_mask"].any()


def test_the_bots_are_asked_with_their_own_seat_view_only():
    env = against_bots("rose", seat=0, opponents="easy")
    _, info = env.reset(seed=1)
    asked: list[tuple[int, int | None]] = []
    for seat, bot in env.bots.items():
        choose = bot.choose

        def spy(view, decision, seat=seat, choose=choose):
            asked.append((seat, view["seat"]))
            assert view == env.table.view_of(seat)
            return choose(view, decision)

        bot.choose = spy
    rng = np.random.default_rng(1)
    for _ in range(20):
        _, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            break
    assert asked and all(seat == seen for seat, seen in asked)


def test_an_illegal_action_forfeits_by_default_and_raises_on_request():
    env = against_bots("floors", seat=0, opponents="random")
    _observation, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="forfeits"):
        _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "action_mask" in info["illegal_action"]
    strict = against_bots("floors", seat=0, opponents="random", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match="action_mask"):
        strict.step(illegal)


def test_step_before_reset_says_to_reset():
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        against_bots("rose", opponents="random").step(0)


def test_one_level_per_other_seat():
    env = against_bots("rose", seat=1, opponents=["random", "easy", "hard"])
    assert env.levels == {0: "random", 2: "easy", 3: "hard"}
    with pytest.raises(ValueError, match="3 opponent levels"):
        against_bots("rose", opponents=["easy"])
