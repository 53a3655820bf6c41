"""Small configurations whose deal is an explicit chance node (game parameter ``deals``)."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr

from ludus.envs import openspiel  # noqa: F401  (registers the games)

SMALL = {
    "python_ludus_rose": {"players": 2, "deals": 3, "max_cycles": 20},
    "python_ludus_floors": {"players": 2, "deals": 3, "max_cycles": 20},
    "python_ludus_shadows": {"players": 2, "deals": 2, "max_cycles": 10},
}


def test_the_deal_is_a_chance_node_listing_every_deal():
    game = pyspiel.load_game("python_ludus_rose", {"players": 2, "deals": 4})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 4
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [action for action, _ in outcomes] == [0, 1, 2, 3]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    dealt = []
    for action, _ in outcomes:
        child = state.child(action)
        assert not child.is_chance_node() and child.current_player() in (0, 1)
        dealt.append(str(child))
    assert len(set(dealt)) == 4, "every listed deal is a different game"
    assert str(game.new_initial_state().child(2)) == dealt[2], "a deal is the same every time it is chosen"
    with pytest.raises(pyspiel.SpielError, match="non-chance node"):
        state.child(0).chance_outcomes()


def test_without_deals_chance_stays_sampled_inside_the_game():
    game = pyspiel.load_game("python_ludus_rose", {"players": 2})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert not game.new_initial_state().is_chance_node()


@pytest.mark.parametrize("name", list(SMALL))
def test_random_sim_test_with_serialization_passes_with_explicit_chance(name):
    game = pyspiel.load_game(name, SMALL[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(1)
    state.apply_action(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)
    assert pickle.loads(pickle.dumps(game.new_initial_state())).is_chance_node()


def test_cfr_plus_lowers_nash_conv_on_a_short_two_player_rose():
    game = pyspiel.load_game("python_ludus_rose", {"players": 2, "max_cycles": 1, "deals": 3,
                                                   "score_truncated": True})
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(4):
        solver.evaluate_and_update_policy()
    later = exploitability.nash_conv(game, solver.average_policy())
    assert first > 0
    assert later < first


ONE_FIGURE_FLOORS = {"players": 2, "figures": 1, "max_cycles": 3, "deals": 3, "score_truncated": True}
TINY_SHADOWS = {"players": 2, "max_cycles": 1, "deals": 2, "police_limit": 1, "rounds_to_win": 1}


def _nash_conv_falls(name: str, params: dict, iterations: int) -> tuple[float, float]:
    game = pyspiel.load_game(name, params)
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return first, exploitability.nash_conv(game, solver.average_policy())


def test_cfr_plus_lowers_nash_conv_on_floors_with_one_figure_each():
    first, later = _nash_conv_falls("python_ludus_floors", ONE_FIGURE_FLOORS, 2)
    assert first > 0
    assert later < first


def test_cfr_plus_lowers_nash_conv_on_a_one_clue_shadows_where_one_police_space_loses():
    # one deal keeps the test's tree at about 550 states (benchmarks/equilibrium.py runs two)
    first, later = _nash_conv_falls("python_ludus_shadows", {**TINY_SHADOWS, "deals": 1}, 1)
    assert first > 0
    assert later < first


def test_game_options_of_a_small_configuration_reach_the_rules_and_are_validated():
    game = pyspiel.load_game("python_ludus_floors", {"players": 2, "figures": 1, "deals": 1})
    state = game.new_initial_state().child(0)
    assert len(state.ludus_state().fig_sq) == 2 and state.ludus_state().needed == 1
    assert pyspiel.load_game("python_ludus_floors", {"players": 2}).new_initial_state().ludus_state().needed == 3
    with pytest.raises(Exception, match="figures"):
        pyspiel.load_game("python_ludus_floors", {"players": 2, "figures": 5})
    shadows = pyspiel.load_game("python_ludus_shadows", TINY_SHADOWS).new_initial_state().child(0)
    assert shadows.ludus_state().options["police_limit"] == 1


def test_a_truncated_floors_ranks_figures_out_then_the_nearest_figure_to_the_exit():
    game = pyspiel.load_game("python_ludus_floors", ONE_FIGURE_FLOORS)
    returns = _terminal_returns(game.new_initial_state().child(0))
    assert any(r != [0.0, 0.0] for r in returns)
    assert all(sorted(r) in ([0.0, 0.0], [-1.0, 1.0]) for r in returns)


def test_outcome_sampling_mccfr_runs_and_nash_conv_is_computed_on_floors():
    game = pyspiel.load_game("python_ludus_floors", {"players": 2, "max_cycles": 1, "deals": 3})
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(50):
        solver.iteration()
    assert exploitability.nash_conv(game, solver.average_policy()) >= 0.0


def _terminal_returns(state: pyspiel.State) -> list[list[float]]:
    if state.is_terminal():
        return [state.returns()]
    return [r for action in state.legal_actions() for r in _terminal_returns(state.child(action))]


def test_a_truncated_rose_is_scored_as_the_rules_rank_its_end_only_when_asked():
    params = {"players": 2, "max_cycles": 1, "deals": 2}
    plain = _terminal_returns(pyspiel.load_game("python_ludus_rose", params).new_initial_state().child(0))
    scored = _terminal_returns(pyspiel.load_game("python_ludus_rose", {**params, "score_truncated": True})
                               .new_initial_state().child(0))
    assert len(plain) == len(scored) > 1
    assert all(r == [0.0, 0.0] for r in plain)
    assert any(r != [0.0, 0.0] for r in scored)
    assert all(sum(r) == pytest.approx(0.0) for r in scored)
