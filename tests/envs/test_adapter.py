"""The generic PettingZoo adapter, on the kernel's toy game."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludus.engine import registry
from ludus.envs.adapter import EnvSpec, IllegalAction, LudusEnv


@pytest.fixture()
def toy_spec(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "takeaway", "tests.engine.toy:GAME")
    registry.load_game.cache_clear()

    def encode(view, decision):
        return np.array([view["counters"] / 100, view["turn"] / 8, view["secret"] / 100, decision is not None],
                        dtype=np.float32)

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


def test_each_action_mask_is_the_agents_own_copy(toy_spec):
    """Masks of one set of legal actions are made once and copied: writing to one handed out changes no other."""
    env = LudusEnv(toy_spec, 2, {"counters": 30})
    env.reset(seed=1)
    first = env.observe("player_0")["action_mask"]
    first[:] = 0
    env.step(0)
    second = env.observe("player_1")["action_mask"]
    assert list(second) == [1, 1, 1]
    assert second.flags.writeable and first is not second


def test_max_cycles_truncates_an_episode_without_rewarding_anybody(toy_spec):
    env = LudusEnv(toy_spec, 2, {"counters": 30}, max_cycles=2)
    env.reset(seed=3)
    for _ in range(4):
        env.step(0)  # take one counter each time: far from the end
    assert env.truncations == {"player_0": True, "player_1": True}
    assert env.terminations == {"player_0": False, "player_1": False}
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not env.observe("player_0")["action_mask"].any()
    with pytest.raises(ValueError, match="max_cycles"):
        LudusEnv(toy_spec, 2, max_cycles=0)


def test_stepping_before_reset_says_to_call_reset(toy_spec):
    env = LudusEnv(toy_spec, 2)
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        env.step(0)
    with pytest.raises(RuntimeError, match=r"reset\(\)"):
        env.last()


def test_an_illegal_action_names_the_legal_ones_and_changes_nothing(toy_spec):
    env = LudusEnv(toy_spec, 2, {"counters": 2})
    env.reset(seed=1)
    before = env.view_of(0)
    with pytest.raises(IllegalAction, match=r"not legal for player_0.*action_mask.*0 1, 1 2.*Nothing changed"):
        env.step(2)
    with pytest.raises(IllegalAction, match="must act"):
        env.step(None)
    with pytest.raises(IllegalAction, match=r"index 0\.\.2"):
        env.step(7)
    assert env.view_of(0) == before and env.agent_selection == "player_0" and env.steps == 0


def test_infos_are_built_when_read_and_only_for_the_step_they_describe(toy_spec):
    env = LudusEnv(toy_spec, 2, {"counters": 9})
    env.reset(seed=1)
    info = env.infos["player_0"]
    assert info["view"] == env.view_of(0) and info["decision"]["options"] == [1, 2, 3]
    unread = env.infos["player_1"]
    env.step(0)
    with pytest.raises(RuntimeError, match="earlier step"):
        unread["view"]
    assert env.infos["player_1"]["decision"]["seat"] == 1


def test_a_step_builds_only_the_acting_agents_view(toy_spec):
    env = LudusEnv(toy_spec, 3, {"counters": 20})
    env.reset(seed=2)
    built = []
    view = env.game.view

    class Counting:
        def __getattr__(self, name):
            return getattr(env.game, name)

        def view(self, state, seat):
            built.append(seat)
            return view(state, seat)

    env.match.game = Counting()
    for _ in range(5):
        observation, *_ = env.last()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert built == [0, 1, 2, 0, 1]


def test_a_remembered_option_list_maps_to_the_same_actions_as_a_new_one():
    from ludus.engine import Decision
    from ludus.envs import rose_v0

    spec = rose_v0.SPEC
    options = ("done", "draw", rose_v0.ACTIONS[0])
    first = spec.legal(lambda: {}, [Decision(0, "card", options)])
    again = spec.legal(lambda: {}, [Decision(1, "card", tuple(list(options)))])  # an equal, new tuple
    assert first == again == {spec.action_of(option): option for option in options}
    with pytest.raises(KeyError, match="missing from the action space"):
        spec.legal(lambda: {}, [Decision(0, "card", ("no such card",))])


def test_an_action_space_with_true_and_1_keeps_them_apart():
    from ludus.engine import Decision

    spec = EnvSpec("takeaway", [1, True, "x"], 1, lambda view, decision: np.zeros(1, dtype=np.float32))
    assert spec.legal(lambda: {}, [Decision(0, "take", (1, "x"))]) == {0: 1, 2: "x"}
    assert spec.legal(lambda: {}, [Decision(0, "take", (True, "x"))]) == {1: True, 2: "x"}
