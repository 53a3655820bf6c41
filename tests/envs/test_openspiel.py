"""The games as OpenSpiel Python games: OpenSpiel's own checks, its ISMCTS bot and our resampler."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.integration_tests import api_test  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ludus.envs import openspiel  # noqa: E402

NAMES = openspiel.NAMES
GAMES = [("rose", 4), ("floors", 2), ("shadows", 3)]


def played(game_id: str, players: int, moves: int, seed: int = 0, **params):
    """A state ``moves`` random moves into a game (fewer if it ends first)."""
    game = pyspiel.load_game(NAMES[game_id], {"players": players, **params})
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return state


# --- loading and OpenSpiel's own tests -------------------------------------------------------------


def test_importing_the_module_registers_the_games():
    code = ("import pyspiel\nfrom ludus.envs import openspiel\n"
            "print(pyspiel.load_game('python_ludus_floors', {'players': 3}).num_players())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "3"


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_openspiel_random_simulation_test_passes(game_id, players):
    game = pyspiel.load_game(NAMES[game_id], {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


API_TEST = """
import runpy, sys
from ludus.envs import openspiel  # registers the games before api_test lists the registered ones
sys.argv = ["api_test", "--test_only_games=python_ludus_.*"]
runpy.run_module("open_spiel.integration_tests.api_test", run_name="__main__", alter_sys=True)
"""


def test_openspiel_api_test_passes_on_the_three_games():
    # OpenSpiel's own integration test, unchanged, from the installed wheel: five checks per game on
    # states sampled from random games (sample_some_states, at most 400 states per game).
    done = subprocess.run([sys.executable, "-c", API_TEST], capture_output=True, text=True, timeout=600)
    report = done.stderr[-4000:]
    assert done.returncode == 0, report
    assert "Ran 15 tests" in done.stderr and "\nOK" in done.stderr, report
    for name in NAMES.values():
        assert f"EnforceAPIPartialTree_{name}_Test" in done.stderr


def test_chance_is_sampled_inside_the_game_and_rng_seed_fixes_the_deals():
    assert pyspiel.load_game(NAMES["rose"]).get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    first, again, other = (pyspiel.load_game(NAMES["rose"], {"players": 3, "rng_seed": seed}) for seed in (5, 5, 6))
    a, b, c = first.new_initial_state(), again.new_initial_state(), other.new_initial_state()
    assert not a.is_chance_node()
    assert str(a) == str(b) and a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_string(0) != c.information_state_string(0)
    assert first.new_initial_state().information_state_string(0) != a.information_state_string(0)  # a new deal


# --- perfect recall --------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "cycles"), [("rose", 2, 2), ("floors", 2, 3), ("shadows", 2, 1)])
def test_information_states_pass_openspiel_perfect_recall_check(game_id, players, cycles):
    # OpenSpiel's own check walks the whole tree: a game capped at a few moves keeps it small, and
    # such a short game also has a real information-state tensor, which the check compares too.
    game = pyspiel.load_game(NAMES[game_id], {"players": players, "max_cycles": cycles})
    assert game.get_type().provides_information_state_tensor
    seen = api_test._assert_is_perfect_recall(game)
    assert len(seen) > players


def test_floors_enter_undo_enter_and_enter_step_undo_are_different_information_states():
    state = played("floors", 2, 0)
    state.apply_action(state.legal_actions()[-1])  # the first player picks its figure showing 5
    action = {name: i for i, name in enumerate(openspiel._specs()["floors"][0].actions) if isinstance(name, str)}
    state.apply_action(action["enter"])
    first, second = state.clone(), state.clone()
    first.apply_action(action["undo"])
    first.apply_action(action["enter"])
    step = next(a for a in second.legal_actions() if a in (action["N"], action["E"], action["S"], action["W"]))
    second.apply_action(step)
    second.apply_action(action["undo"])
    for player in (0, 1):
        assert first.information_state_string(player) != second.information_state_string(player)


def _branch(start, moves: int, seed: int) -> list:
    """Copies of every state along ``moves`` random moves from ``start`` (``start`` included)."""
    state, rng = start.clone(), random.Random(seed)
    states = [state.clone()]
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_information_states_are_the_same_in_whatever_order_they_are_asked(game_id, players):
    # A step keeps its choice; the events it shows are replayed from the start when first asked.
    start = played(game_id, players, 0)
    along = [[s.information_state_string(p) for p in range(players)] for s in _branch(start, 80, seed=5)]
    later = _branch(start, 80, seed=5)  # the same moves, asked for only once the game has moved on
    elsewhere = _branch(later[40], 10, seed=6)[-1]  # and after a replay down another line of play
    assert elsewhere.information_state_string(0)
    backwards = [[s.information_state_string(p) for p in range(players)] for s in reversed(later)]
    assert along == backwards[::-1]


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_information_states_show_the_events_each_move_made_happen(game_id, players):
    from ludus.engine import load_game

    game, start = load_game(game_id), played(game_id, players, 0)
    live, seconds = game.clone(start.ludus_state()), openspiel._specs()[game_id][0].seconds_per_step
    history = [f"p{p} start {openspiel._text(game.view(live, p))}" for p in range(players)]
    states = _branch(start, 60, seed=7)
    for moves, state in enumerate(states[1:], start=1):
        step = state._position.record
        events = game.apply(live, step.seat, step.choice)
        if seconds is not None:
            events += game.advance(live, moves * seconds)
        for p in range(players):
            history[p] += f"\n{step.seat}>" + (openspiel._text(step.choice) if step.seat == p else "moved")
            history[p] += "".join(f" {e.kind}{openspiel._text(e.data)}" for e in events if e.visible_to(p))
    for p in range(players):
        assert states[-1].information_state_string(p).startswith(history[p] + "\nnow ")


def test_information_state_strings_hide_other_players_secrets():
    state = played("rose", 4, 5)
    identities = [state.view(seat)["you"]["identity"] for seat in range(4)]
    for seat in range(4):
        text = state.information_state_string(seat)
        assert f'"identity":"{identities[seat]}"' in text
        for other in range(4):
            if identities[other] != identities[seat]:
                assert f'"identity":"{identities[other]}"' not in text


def test_a_full_game_has_no_information_state_tensor_and_rl_environment_uses_observations():
    game = pyspiel.load_game(NAMES["rose"], {"players": 3})
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(ValueError, match="observation_tensor"):
        game.new_initial_state().information_state_tensor(0)
    environment = rl_environment.Environment(game)
    step = environment.reset()
    assert len(step.observations["info_state"][0]) == len(game.new_initial_state().observation_tensor(0))


# --- players' ids ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_an_invalid_player_id_raises_as_openspiel_games_do(game_id, players):
    state = played(game_id, players, 8)
    with pytest.raises(pyspiel.SpielError, match="player >= 0"):
        state.information_state_string(-1)
    for outside in (players, players + 1):
        with pytest.raises(pyspiel.SpielError, match="player <"):
            state.information_state_string(outside)


def test_asking_for_an_invalid_player_changes_no_players_information_state():
    state = played("rose", 4, 12)
    before = [state.information_state_string(p) for p in range(4)]
    fresh = played("rose", 4, 12)  # the same game, never asked for a bad id
    for bad in (-1, -4, 4):
        with pytest.raises(pyspiel.SpielError):
            state.information_state_string(bad)
    after = [state.information_state_string(p) for p in range(4)]
    assert after == before == [fresh.information_state_string(p) for p in range(4)]
    assert all(text.startswith(f"p{p} start") for p, text in enumerate(after))


def test_information_state_string_at_a_terminal_state_needs_a_player_as_in_openspiel_games():
    state = played("floors", 2, 40, max_cycles=3)
    assert state.is_terminal()
    with pytest.raises(pyspiel.SpielError, match="player >= 0"):
        state.information_state_string()
    assert state.information_state_string(1).startswith("p1 start")  # a named player still gets its history


def test_chance_outcomes_at_a_player_node_raise_a_clear_spiel_error():
    state = played("rose", 3, 2)
    with pytest.raises(pyspiel.SpielError, match="no chance nodes"):
        state.chance_outcomes()


@pytest.mark.parametrize(("game_id", "players", "moves"), [("rose", 4, 30), ("floors", 3, 40), ("shadows", 3, 3)])
def test_resample_from_infostate_deals_a_world_the_player_cannot_tell_apart(game_id, players, moves):
    state = played(game_id, players, moves)
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()


def test_openspiel_ismcts_bot_without_a_resampler_uses_resample_from_infostate():
    game = pyspiel.load_game(NAMES["rose"], {"players": 3})
    rng = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(game, openspiel.RandomRollouts(1, rng), uct_c=2.0, max_simulations=6, random_state=rng,
                           allow_inconsistent_action_sets=True)
    state = played("rose", 3, 5)
    action = bot.step(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize(("game_id", "players", "moves"), [("rose", 4, 40), ("floors", 3, 60), ("shadows", 3, 4)])
def test_states_and_resampled_worlds_pickle_to_the_same_position_and_information(game_id, players, moves):
    state = played(game_id, players, moves)
    world = openspiel.Resampler(1)(state, state.current_player())
    for original in (state, world):
        copy = pickle.loads(pickle.dumps(original))
        assert copy.history() == original.history() and str(copy) == str(original)
        assert copy.legal_actions() == original.legal_actions()
        assert [copy.information_state_string(p) for p in range(players)] == \
            [original.information_state_string(p) for p in range(players)]


# --- the resampler ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "moves"), [("rose", 4, 30), ("floors", 3, 40), ("shadows", 3, 3)])
def test_resampled_worlds_show_the_player_exactly_what_it_knows(game_id, players, moves):
    state = played(game_id, players, moves)
    player = state.current_player()
    resample = openspiel.Resampler(3)
    for _ in range(3):
        world = resample(state, player)
        assert world.view(player) == state.view(player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.current_player() == player and world.legal_actions() == state.legal_actions()
        assert world.history() == []  # the true moves (secret picks included) stay in the true state


HIDDEN = {
    "rose": lambda world, player: [hand for seat, hand in enumerate(world.hands) if seat != player],
    "floors": lambda world, player: world.deck,  # the monster tiles still to come, in order
    "shadows": lambda world, player: (world.deck, world.map.categories),  # detectives see no map
}


@pytest.mark.parametrize(("game_id", "players", "moves", "seat"), [("rose", 4, 30, None), ("floors", 3, 40, None),
                                                                   ("shadows", 3, 1, 1)])
def test_consecutive_resamples_are_different_worlds(game_id, players, moves, seat):
    state = played(game_id, players, moves)
    player = state.current_player() if seat is None else seat
    resample = openspiel.Resampler(11)
    hidden = {str(HIDDEN[game_id](resample(state, player).ludus_state(), player)) for _ in range(4)}
    assert len(hidden) == 4


def test_worlds_depend_on_the_resampler_seed_not_on_the_true_hidden_state():
    state = played("rose", 4, 30)
    player = state.current_player()
    other_truth = openspiel.Resampler(99)(state, player)  # same view for the player, other hidden cards
    assert other_truth.ludus_state().hands != state.ludus_state().hands
    worlds = [openspiel.Resampler(5)(truth, player).ludus_state().snapshot() for truth in (state, other_truth)]
    assert worlds[0] == worlds[1]
    assert openspiel.Resampler(6)(state, player).ludus_state().snapshot() != worlds[0]


def test_a_world_tells_other_players_only_what_they_see_in_that_world():
    state = played("rose", 4, 30)
    player = state.current_player()
    world = openspiel.Resampler(2)(state, player)
    for other in range(4):
        if other != player:
            assert world.information_state_string(other) != state.information_state_string(other)
            assert world.information_state_string(other).endswith(openspiel._text(world.view(other)))


# --- bots -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "evaluator"),
                         [("rose", 3, "openspiel"), ("floors", 2, "ludus"), ("shadows", 2, "ludus")])
def test_openspiel_ismcts_bot_plays_legal_moves_from_resampled_worlds(game_id, players, evaluator):
    game = pyspiel.load_game(NAMES[game_id], {"players": players})
    rng = np.random.RandomState(1)
    rollouts = (mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng) if evaluator == "openspiel"
                else openspiel.RandomRollouts(1, rng))
    bot = ismcts.ISMCTSBot(game, rollouts, uct_c=2.0, max_simulations=6, random_state=rng,
                           allow_inconsistent_action_sets=True)
    bot.set_resampler(openspiel.Resampler(rng))
    state = played(game_id, players, 5)
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_mcts_bot_warns_that_it_searches_the_true_state():
    game = pyspiel.load_game(NAMES["rose"], {"players": 3})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    state = played("rose", 3, 0)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    with pytest.warns(UserWarning, match="cheats.*ISMCTSBot"):
        bot.step(state)


# --- rules of the wrapper -------------------------------------------------------------------------------


def test_an_illegal_action_says_which_are_legal_and_changes_nothing():
    state = played("floors", 2, 3)
    before = str(state), state.legal_actions()
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in before[1])
    with pytest.raises(Exception, match="not legal for player"):
        state.apply_action(illegal)
    assert (str(state), state.legal_actions()) == before


def test_max_cycles_ends_the_game_with_zero_returns():
    state = played("floors", 2, 50, max_cycles=3)
    assert state.is_terminal()
    assert state.get_game().max_game_length() == 6
    assert state.returns() == [0.0, 0.0]


def test_returns_split_a_win_and_co_op_shares_the_team_result():
    state = played("rose", 4, 2000)
    returns = state.returns()
    winners = [s for s, r in enumerate(returns) if r > 0]
    assert winners and returns[winners[0]] == pytest.approx(1 / len(winners)) and sum(returns) == pytest.approx(0)
    shadows = played("shadows", 3, 2000)
    assert shadows.is_terminal() and len(set(shadows.returns())) == 1 and abs(shadows.returns()[0]) == 1


def test_a_floors_game_nobody_wins_returns_a_loss_to_every_seat():
    state = played("floors", 2, 20_000)  # random figures never get out: the second deck ends the game
    assert state.is_terminal() and state.returns() == pytest.approx([-0.5, -0.5])
    assert state.get_game().min_utility() <= min(state.returns())


def test_a_world_of_a_short_game_keeps_the_players_information_state_tensor():
    state = played("rose", 2, 6, max_cycles=8)
    player = state.current_player()
    world = openspiel.Resampler(1)(state, player)
    assert world.information_state_tensor(player) == state.information_state_tensor(player)


def test_random_rollouts_play_the_game_to_its_end_from_the_state_they_are_given():
    state = played("rose", 4, 200)
    rollouts = openspiel.RandomRollouts(3, seed=5)
    value = rollouts.evaluate(state)
    assert value.shape == (4,) and sum(value) == pytest.approx(0.0) and max(value) > 0
    assert rollouts.prior(state) == [(a, 1 / len(state.legal_actions())) for a in state.legal_actions()]
    finished = played("rose", 4, 2000)
    assert list(openspiel.RandomRollouts(1, seed=1).evaluate(finished)) == finished.returns()
    capped = played("floors", 2, 3, max_cycles=2)
    assert list(openspiel.RandomRollouts(2, seed=1).evaluate(capped)) == [0.0, 0.0]  # one move left: no end
