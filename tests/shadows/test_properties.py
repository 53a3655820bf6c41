"""Property tests: random games with random-choice bots end, never reach an illegal state, and replay."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import Decision, IllegalChoice, Match
from ludus.games.shadows import board, maps
from ludus.games.shadows.game import GAME
from ludus.games.shadows.state import EVIDENCE_MARKERS, FACE_UP, ShadowsState

OPTIONS = st.fixed_dictionaries({
    "swap_roles": st.booleans(),
    "coop": st.sampled_from(["auto", "apprentice", "agent", "super-agent"]),
    "max_map_rating": st.integers(1, 5),
    "team_move": st.sampled_from(["agree", "first"]),
})


def check_invariants(state: ShadowsState) -> None:
    """Nothing the rules forbid: every clue card in exactly one place, at most 3 markers, figures on the board."""
    start = [state.pictures[s] for s in board.START_SPACES]
    hands = [c for team in state.teams.values() for c in team.hand]
    everywhere = start + [c for c in state.face_up if c] + state.deck + state.discard + hands
    assert sorted(everywhere) == sorted(board.CLUE_IDS)
    assert len(state.face_up) == FACE_UP
    assert maps.violations(state.map, state.params) == []
    markers = [m for team in state.teams.values() for m in team.markers]
    assert len(markers) == len(set(markers)), "one marker per space"
    for team in state.teams.values():
        assert len(team.markers) <= EVIDENCE_MARKERS
        assert len(team.police) <= state.options["police_limit"]
        assert board.is_playable(team.figure)
        assert len(team.hand) <= 2
        assert all(state.map.kind(m, state.card_for(team.name)) == "evidence" for m in team.markers)
        if state.phase == "play":
            assert len(team.police) < state.options["police_limit"]


def random_choice(rng: random.Random, decision: Decision) -> Any:
    """Any offered option; but like people, a detective goes along with a standing proposal half the
    time (uniform picks among ~12 spaces would make three detectives agree about once in 150 tries)."""
    proposal = decision.prompt.get("proposal")
    if proposal is not None and rng.random() < 0.5:
        return proposal
    return rng.choice(decision.options)


def random_match(seed: int, players: int, options: dict, junk: bool = False) -> Match:
    rng = random.Random(seed)
    match = Match(GAME, players, seed, options)
    now = 0.0
    for _ in range(3000):
        if match.finished:
            break
        match.advance(now)
        now += rng.uniform(0, 25)
        held = match.decisions()
        if junk and rng.random() < 0.1:
            before = GAME.view(match.state, None)
            seat = rng.randrange(players)
            try:
                match.play(seat, rng.choice([["k0", "k0"], ["nope"], 99, -1, "later", [], True, 3.5, {"a": 1},
                                             ["k1", "k2", "k3"]]))
            except IllegalChoice:
                assert GAME.view(match.state, None) == before
            continue
        if held:
            decision = rng.choice(held)
            match.play(decision.seat, random_choice(rng, decision))
            check_invariants(match.state)
    return match


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 8), options=OPTIONS)
def test_random_games_end_without_reaching_an_illegal_state(seed, players, options) -> None:
    match = random_match(seed, players, options)
    assert match.finished
    outcome = match.outcome()
    if match.state.coop:
        assert match.state.result in ("won", "lost")
    else:
        winner = match.state.teams[match.state.winner]
        assert set(outcome.winners) == set(winner.seats)
        assert winner.rounds_won == options.get("rounds_to_win", 2)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 8))
def test_replay_reproduces_the_same_events_for_the_same_arrival_order(seed, players) -> None:
    match = random_match(seed, players, {})
    again = Match.from_json(match.dumps())
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
    for seat in [*range(players), None]:
        assert again.view(seat) == match.view(seat)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 8))
def test_illegal_choices_change_nothing(seed, players) -> None:
    random_match(seed, players, {}, junk=True)


def test_clone_is_independent() -> None:
    state = GAME.setup(4, 1)
    copy = GAME.clone(state)
    decision = GAME.decisions(copy)[0]
    GAME.apply(copy, decision.seat, decision.options[0])
    assert GAME.view(state, None) != GAME.view(copy, None)
    a, b = GAME.setup(4, 2), GAME.setup(4, 2)
    twin = GAME.clone(a)
    assert a.rng.random() == twin.rng.random() == b.rng.random()


def _decided_afresh(state: ShadowsState) -> list[Decision]:
    """The position's decisions worked out again, without what the state remembers."""
    fresh = state.copy()
    fresh.cached = None
    return GAME.decisions(fresh)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 6), options=OPTIONS)
def test_remembered_decisions_are_always_those_of_the_current_position(seed, players, options) -> None:
    rng = random.Random(seed)
    match = Match(GAME, players, seed, options)
    now = 0.0
    for _ in range(400):
        if match.finished:
            break
        held = match.decisions()  # asked first, so the state remembers them
        assert held == _decided_afresh(match.state)
        if rng.random() < 0.3:
            now += rng.uniform(0, 60)
            match.advance(now)  # the countdown may end the round
        else:
            decision = rng.choice(held)
            match.play(decision.seat, random_choice(rng, decision))
        assert match.decisions() == _decided_afresh(match.state)


def test_a_copy_decides_on_its_own_position() -> None:
    state = GAME.setup(3, 4, {"coop": "agent"})
    before = GAME.decisions(state)
    copy = GAME.clone(state)
    give = next(d for d in GAME.decisions(copy) if d.kind == "give")
    GAME.apply(copy, give.seat, give.options[0])
    assert GAME.decisions(state) == before == _decided_afresh(state)
    assert GAME.decisions(copy) != before
    assert GAME.decisions(copy) == _decided_afresh(copy)
