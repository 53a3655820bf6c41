"""Properties of every game: random play ends legally, every offered option applies, the log replays,
views are redacted (a world resampled from a seat's view looks the same to that seat), and illegal
choices change nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import IllegalChoice, Match
from ludus.games.rose.game import GAME
from ludus.games.rose.invariants import problems

players = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=40, deadline=None)


def random_options(rng: random.Random) -> dict:
    """Each open rules case decided either way, so the options are exercised too."""
    return {"sundial_carry": rng.random() < 0.3, "impossible_move": rng.choice(["hours_only", "unplayable"]),
            "all_equal_conversion": rng.choice(["award", "none"]), "clue_floor": rng.random() < 0.8,
            "guess_any_colour": rng.random() < 0.5, "distinct_guesses": rng.random() < 0.7,
            "bonus_mandatory": rng.random() < 0.7}


def random_states(n: int, seed: int, every: float):
    """Yield positions along one random game (roughly a fraction ``every`` of them, and the last)."""
    rng = random.Random(seed)
    state = GAME.setup(n, seed, random_options(rng) if seed % 3 else {})
    while True:
        found = GAME.decisions(state)
        if not found or rng.random() < every:
            yield state
        if not found:
            return
        decision = rng.choice(found)
        GAME.apply(state, decision.seat, rng.choice(decision.options))


@FAST
@given(players, seeds)
def test_random_play_always_ends_in_a_legal_outcome(n: int, seed: int) -> None:
    last = None
    for state in random_states(n, seed, 0.02):
        assert problems(state) == []
        last = state
    outcome = GAME.outcome(last)
    assert outcome is not None
    assert set(outcome.scores) == set(range(n))
    best = min(outcome.scores.values())
    assert outcome.winners and all(outcome.scores[w] == best for w in outcome.winners)
    assert outcome.scores == {seat: last.clue[last.identity[seat]] for seat in range(n)}
    json.dumps(outcome.to_json())


@settings(max_examples=15, deadline=None)
@given(players, seeds)
def test_every_offered_option_applies_without_error(n: int, seed: int) -> None:
    for state in random_states(n, seed, 0.05):
        for decision in GAME.decisions(state):
            for option in decision.options:
                trial = GAME.clone(state)
                GAME.apply(trial, decision.seat, option)
                assert problems(trial) == []


@settings(max_examples=15, deadline=None)
@given(players, seeds)
def test_a_saved_match_replays_to_the_identical_state_events_and_views(n: int, seed: int) -> None:
    rng = random.Random(seed)
    match = Match("rose", n, seed, random_options(rng))
    for _ in range(rng.randrange(50, 400)):
        if match.finished:
            break
        decision = rng.choice(match.decisions())
        match.play(decision.seat, rng.choice(decision.options))
    again = Match.from_json(json.loads(match.dumps()))
    assert again.state.snapshot() == match.state.snapshot()
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
    for seat in [*range(n), None]:
        assert again.view(seat) == match.view(seat)


@settings(max_examples=30, deadline=None)
@given(players, seeds)
def test_a_world_resampled_from_a_view_is_legal_and_looks_the_same_to_that_seat(n: int, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_states(n, seed, 0.03):
        for seat in [*range(n), None]:
            view = GAME.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            world = GAME.world_from_view(view, seat, rng)
            assert problems(world) == []
            assert GAME.view(world, seat) == view
            # The resampled world plays on like any other.
            for _ in range(20):
                found = GAME.decisions(world)
                if not found:
                    break
                decision = rng.choice(found)
                GAME.apply(world, decision.seat, rng.choice(decision.options))


@settings(max_examples=20, deadline=None)
@given(players, seeds)
def test_illegal_choices_raise_and_leave_the_state_unchanged(n: int, seed: int) -> None:
    for state in random_states(n, seed, 0.05):
        before = state.snapshot()
        found = GAME.decisions(state)
        deciding = {d.seat for d in found}
        idle = [seat for seat in range(n) if seat not in deciding]
        attempts = [(d.seat, bad) for d in found for bad in ("nonsense", 3, None, ["c0"], {"x": 1})]
        attempts += [(seat, found[0].options[0]) for seat in idle] if found else []
        attempts += [(n, "draw"), (-1, "draw"), ("0", "draw"), (True, "draw")]
        for seat, choice in attempts:
            with pytest.raises(IllegalChoice):
                GAME.apply(state, seat, choice)
            assert state.snapshot() == before
        if found:
            other_kind = {"card": "draw", "draw": "c0"}.get(found[0].kind, "c0")
            if other_kind not in found[0].options:
                with pytest.raises(IllegalChoice):
                    GAME.apply(state, found[0].seat, other_kind)
                assert state.snapshot() == before


@settings(max_examples=10, deadline=None)
@given(players, seeds)
def test_a_clone_plays_on_exactly_like_the_original_without_touching_it(n: int, seed: int) -> None:
    """Same choices, same reshuffles; and playing one leaves the other as it was."""
    state = next(random_states(n, seed, 0.01))
    twin = GAME.clone(state)
    before = state.snapshot()
    rng = random.Random(seed)
    choices = []
    while GAME.decisions(twin):
        decision = rng.choice(GAME.decisions(twin))
        choice = rng.choice(decision.options)
        choices.append((decision.seat, choice))
        GAME.apply(twin, decision.seat, choice)
    assert state.snapshot() == before
    for seat, choice in choices:
        GAME.apply(state, seat, choice)
    assert state.snapshot() == twin.snapshot()


def test_a_finished_game_accepts_no_more_choices() -> None:
    *_, last = random_states(3, 5, 0.0)
    before = last.snapshot()
    with pytest.raises(IllegalChoice):
        GAME.apply(last, 0, "draw")
    assert last.snapshot() == before
