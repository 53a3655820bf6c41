"""Observations encoded straight from the game state equal the view-based encoder's, value for value."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludus.envs import floors_v0, rose_v0, shadows_v0

GAMES = {
    "rose": (rose_v0.env, st.fixed_dictionaries({"players": st.integers(2, 5)})),
    "floors": (floors_v0.env, st.fixed_dictionaries({
        "players": st.integers(2, 7),
        "options": st.fixed_dictionaries({"variant": st.sampled_from(["basic", "advanced"])})})),
    "shadows": (shadows_v0.env, st.fixed_dictionaries({
        "players": st.integers(2, 3), "preset": st.sampled_from(["apprentice", "agent", "super-agent"])})),
}


def every_seat_encodes_alike(game: str, arguments: dict, seed: int, every: int) -> None:
    """Play one random game; every ``every`` steps (and at the end) each seat's direct tensor equals
    ``encode(view, decision)``."""
    make, _ = GAMES[game]
    env = make(**arguments)
    spec = env.unwrapped.spec_
    assert spec.encode_state is not None
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0

    def compare() -> None:
        for seat in range(env.unwrapped.players):
            decisions = env.unwrapped.decisions_of(seat)
            decision = decisions[0] if decisions else None
            direct = spec.encode_state(env.unwrapped.match.state, seat, decision)
            viewed = spec.encode(env.unwrapped.view_of(seat), decision)
            assert direct.dtype == viewed.dtype == np.float32
            assert np.array_equal(direct, viewed), (
                f"{game} seat {seat} step {steps}: differs at {np.flatnonzero(direct != viewed)[:10]}")

    for _agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            compare()
            env.step(None)
            continue
        if steps % every == 0:
            compare()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arguments=GAMES["rose"][1], seed=st.integers(0, 2**31 - 1), every=st.integers(1, 4))
def test_rose_observations_from_the_state_equal_those_from_the_view(arguments, seed, every):
    every_seat_encodes_alike("rose", arguments, seed, every)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arguments=GAMES["floors"][1], seed=st.integers(0, 2**31 - 1), every=st.integers(1, 4))
def test_floors_observations_from_the_state_equal_those_from_the_view(arguments, seed, every):
    every_seat_encodes_alike("floors", arguments, seed, every)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arguments=GAMES["shadows"][1], seed=st.integers(0, 2**31 - 1), every=st.integers(1, 4))
def test_shadows_observations_from_the_state_equal_those_from_the_view(arguments, seed, every):
    every_seat_encodes_alike("shadows", arguments, seed, every)


def test_a_shadows_observation_is_the_callers_own_when_an_equal_position_comes_again():
    """The detectives' vote repeats a position (only the countdown moves): the encoder reuses the observation
    it made, and a caller who writes into the array it was given changes no later observation."""
    env = shadows_v0.env(players=3)
    env.reset(seed=5)
    state = env.unwrapped.match.state
    seat = next(seat for seat in range(3) if seat != state.teams["black"].officer)
    first = shadows_v0.encode_state(state, seat, None)
    expected = first.copy()
    first[:] = 0.5
    again = shadows_v0.encode_state(state, seat, None)
    assert again is not first
    assert np.array_equal(again, expected)
    assert np.array_equal(again, shadows_v0.encode(env.unwrapped.view_of(seat), None))
