"""Fearsome Floors' dense-reward option: + for a figure out, − for a figure eaten for good, off by default."""

from __future__ import annotations

import numpy as np
import pytest

from ludus.envs import against_bots, floors_v0, rose_v0
from ludus.envs.adapter import LudusEnv
from ludus.envs.rewards import outcome_rewards


def play_random(env, seed: int) -> tuple[dict[str, float], list[dict[str, float]]]:
    """A random game: each agent's summed rewards and the rewards of every step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps.append(dict(env.rewards))
    return totals, steps


def test_dense_rewards_are_off_by_default_every_step_before_the_end_rewards_nothing():
    env = floors_v0.env(players=2)
    assert not env.dense_rewards
    _, steps = play_random(env, 0)
    assert all(reward == 0.0 for step in steps[:-1] for reward in step.values())


@pytest.mark.parametrize("seed", range(3))
def test_a_games_dense_sum_is_the_outcome_plus_each_seats_final_progress(seed):
    env = floors_v0.env(players=2, dense_rewards=True)
    totals, steps = play_random(env, seed)
    assert any(reward != 0.0 for step in steps[:-1] for reward in step.values())  # a signal before the end
    outcome = env.outcome
    assert outcome is not None
    final = outcome_rewards(outcome, 2)
    progress = floors_v0.progress(env.match.view(None))
    expected = [f + p for f, p in zip(final, progress, strict=True)]
    assert [totals[a] for a in env.possible_agents] == pytest.approx(expected)


def test_progress_counts_figures_out_and_eaten_for_good_within_a_half():
    figures = [{"seat": 0, "where": "out"}, {"seat": 0, "where": "board"}, {"seat": 1, "where": "eaten"},
               {"seat": 1, "where": "eaten"}]
    assert floors_v0.progress({"players": 2, "figures": figures}) == [0.25, -0.5]


@pytest.mark.parametrize("players", [2, 3, 7])
def test_the_dense_sum_never_ranks_a_seat_above_one_the_outcome_ranks_higher(players):
    # the extremes of progress (±½) against the outcome's smallest gap: winner +1, a loser −1/(n−1)
    worst_winner = 1.0 + floors_v0.progress({"players": 2, "figures": [
        {"seat": 0, "where": "out"}, *({"seat": 0, "where": "eaten"} for _ in range(3))]})[0]
    best_loser = -1.0 / (players - 1) + 0.5
    assert worst_winner > best_loser


def test_dense_rewards_are_only_for_floors():
    with pytest.raises(ValueError, match="Fearsome Floors"):
        LudusEnv(rose_v0.SPEC, 3, dense_rewards=True)
    with pytest.raises(ValueError, match="dense_rewards is for 'floors'"):
        against_bots("rose", opponents="random", dense_rewards=True)


def mean_return(opponents: str, games: int) -> float:
    env = against_bots("floors", seat=0, opponents=opponents, players=2, dense_rewards=True)
    totals = []
    for game in range(games):
        _, info = env.reset(seed=game)
        rng = np.random.default_rng(game)
        total, done = 0.0, False
        while not done:
            _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += reward
            done = terminated or truncated
        totals.append(total)
    return float(np.mean(totals))


def test_with_dense_rewards_a_random_learners_mean_return_depends_on_the_opponents_skill():
    assert mean_return("easy", 4) < mean_return("random", 4)


def test_the_openspiel_floors_game_takes_dense_rewards_that_sum_to_its_returns():
    pyspiel = pytest.importorskip("pyspiel")
    from ludus.envs import openspiel

    game = pyspiel.load_game(openspiel.NAMES["floors"], {"players": 2, "dense_rewards": True})
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    assert pyspiel.load_game(openspiel.NAMES["floors"]).get_type().reward_model == \
        pyspiel.GameType.RewardModel.TERMINAL  # off by default
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    totals, signals = np.zeros(2), 0
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
        totals += state.rewards()
        signals += any(state.rewards()) and not state.is_terminal()
    assert signals > 0  # rewards before the end
    assert totals == pytest.approx(state.returns())
    final = outcome_rewards(game.config.ludus.outcome(state.ludus_state()), 2)
    assert state.returns() == pytest.approx(
        [f + p for f, p in zip(final, floors_v0.progress(state.view(None)), strict=True)])
    with pytest.raises(ValueError, match="dense_rewards is for python_ludus_floors"):
        pyspiel.load_game(openspiel.NAMES["rose"], {"players": 3, "dense_rewards": True})


def test_against_bots_gives_the_learner_every_dense_reward_of_its_game_bots_moves_included():
    env = against_bots("floors", seat=1, opponents="random", players=2, dense_rewards=True)
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total, done, rewards = 0.0, False, []
    while not done:
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
        rewards.append(reward)
        done = terminated or truncated
    assert terminated and any(rewards[:-1])
    final = outcome_rewards(env.table.outcome, 2)[1]
    assert total == pytest.approx(final + floors_v0.progress(env.table.match.view(None))[1])


def test_progress_counts_a_figure_on_the_floor_by_how_near_the_exit_it_stands():
    def seat_0(square: list[int]) -> float:
        return floors_v0.progress({"players": 2, "figures": [{"seat": 0, "where": "board", "sq": square},
                                                             {"seat": 1, "where": "waiting", "sq": None}]})[0]

    entrance, middle, exit_square = seat_0([15, 10]), seat_0([7, 5]), seat_0([0, 0])
    assert entrance == 0.0  # as a waiting figure: entering earns nothing
    assert entrance < middle < exit_square == floors_v0.CLOSENESS / 2
    out = floors_v0.progress({"players": 2, "figures": [{"seat": 0, "where": "out"}, {"seat": 1, "where": "out"}]})
    assert exit_square < out[0] == 0.5  # stepping out earns the rest


def test_a_step_taken_back_earns_nothing_so_walking_to_and_fro_never_pays():
    env = floors_v0.env(players=2, dense_rewards=True)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    undo = floors_v0.ACTIONS.index("undo")
    walked = []
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            pytest.fail("no figure stepped and came back in the whole game")
        legal = np.flatnonzero(observation["action_mask"])
        directions = [a for a in legal if floors_v0.ACTIONS[a] in floors_v0.DIRECTIONS]
        if directions:
            env.step(int(rng.choice(directions)))
            there = env.rewards[agent]
            if env.agent_selection == agent and env.observe(agent)["action_mask"][undo]:
                env.step(undo)
                walked.append((there, env.rewards[agent]))
                if there != 0.0:
                    break
            continue
        env.step(int(rng.choice(legal)))
    there, back = walked[-1]
    assert there != 0.0 and there + back == pytest.approx(0.0)
