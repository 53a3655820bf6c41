"""The games as OpenSpiel Python games: OpenSpiel's own random-simulation test and its ISMCTS bot."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ludus.envs import openspiel  # noqa: E402

NAMES = dict(zip(("rose", "floors", "shadows"), openspiel.register(), strict=True))


@pytest.mark.parametrize(("game_id", "players"), [("rose", 4), ("floors", 2), ("shadows", 3)])
def test_openspiel_random_simulation_test_passes(game_id, players):
    game = pyspiel.load_game(NAMES[game_id], {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_chance_node_draws_the_seed_and_the_same_seed_gives_the_same_game():
    game = pyspiel.load_game(NAMES["rose"], {"players": 3, "chance_seeds": 8})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 8
    a, b = state.child(5), state.child(5)
    assert str(a) == str(b)
    assert a.information_state_string(0) != a.information_state_string(1)


@pytest.mark.parametrize(("game_id", "players"), [("rose", 3), ("floors", 2)])
def test_openspiel_ismcts_bot_plays_legal_moves_from_resampled_worlds(game_id, players):
    game = pyspiel.load_game(NAMES[game_id], {"players": players})
    rng = np.random.RandomState(1)
    state = game.new_initial_state().child(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng,
                           allow_inconsistent_action_sets=True)
    bot.set_resampler(openspiel.resampler)
    for _ in range(2):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_information_state_strings_hide_other_players_secrets():
    game = pyspiel.load_game(NAMES["rose"], {"players": 4})
    state = game.new_initial_state().child(11)
    rose = state.ludus_state()
    identities = [view["you"]["identity"] for view in (state.view(s) for s in range(4))]
    for seat in range(4):
        text = state.information_state_string(seat)
        assert f'"identity": "{identities[seat]}"' in text
        for other in range(4):
            if other != seat:
                assert f'"identity": "{identities[other]}"' not in text
    assert rose is not None
