"""What each seat may see: an officer their own map, nobody the deck order; worlds rebuilt from a view."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.games.shadows import board, maps, views
from ludus.games.shadows.game import GAME
from ludus.games.shadows.state import ShadowsState


def test_an_officer_sees_only_their_own_map_card() -> None:
    state = GAME.setup(4, 1)
    black, orange = GAME.view(state, 0)["map"], GAME.view(state, 1)["map"]
    assert black["card"] == "black" and orange["card"] == "orange"
    assert [k for k in black["kinds"] if k] == list(state.map.card("black")[s] for s in board.PLAYABLE)
    assert [k for k in orange["kinds"] if k] == list(state.map.card("orange")[s] for s in board.PLAYABLE)
    assert black["shared_evidence"] == list(state.map.shared_evidence())


def test_detectives_and_spectators_never_see_a_map() -> None:
    state = GAME.setup(6, 2)
    for seat in (2, 3, 4, 5, None):
        assert GAME.view(state, seat)["map"] is None
        assert "categories" not in json.dumps(GAME.view(state, seat))


def test_nobody_sees_the_deck_order() -> None:
    state = GAME.setup(4, 3)
    before = {seat: GAME.view(state, seat) for seat in (0, 1, 2, 3, None)}
    state.deck.reverse()
    assert {seat: GAME.view(state, seat) for seat in (0, 1, 2, 3, None)} == before
    assert before[0]["deck"] == 70


def test_views_are_json_data() -> None:
    state = GAME.setup(2, 4)
    view = GAME.view(state, 0)
    assert json.loads(json.dumps(view)) == view


def test_finished_rounds_show_both_maps_to_everyone() -> None:
    state = GAME.setup(2, 5, {"swap_roles": False})
    first = state.map
    GAME.advance(state, 0)
    GAME.advance(state, 1e6)
    assert GAME.view(state, 1)["history"][0]["maps"] == first.to_json()
    assert views.map_from_json(first.to_json()).categories == first.categories


def _random_state(seed: int, players: int, steps: int, options: dict) -> ShadowsState:
    rng = random.Random(seed)
    state = GAME.setup(players, seed, options)
    now = 0.0
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        GAME.advance(state, now)
        now += rng.uniform(1, 20)
        held = GAME.decisions(state)
        if held:
            decision = rng.choice(held)
            GAME.apply(state, decision.seat, rng.choice(decision.options))
    return state


def _truth_fits_knowledge(state: ShadowsState, view: dict) -> None:
    """The real map satisfies every fact the sampler draws from the view (the sampler never lies)."""
    card_of = {name: state.card_for(name) for name in state.teams}
    for space, card, kinds in views.landing_facts(view["landings"], card_of):
        assert state.map.kind(space, card) in kinds


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8), steps=st.integers(0, 120),
       swap=st.booleans(), data=st.data())
def test_a_world_rebuilt_from_a_view_shows_that_seat_the_same_view(seed, players, steps, swap, data) -> None:
    state = _random_state(seed, players, steps, {"swap_roles": swap})
    seat = data.draw(st.sampled_from([*range(players), None]))
    view = GAME.view(state, seat)
    if state.phase == "play":
        _truth_fits_knowledge(state, view)
    world = GAME.world_from_view(view, seat, random.Random(seed))
    assert GAME.view(world, seat) == view
    assert maps.violations(world.map, world.params) == []
    assert [d for d in GAME.decisions(world) if d.seat == seat] == [d for d in GAME.decisions(state) if d.seat == seat]
    # the world is playable on: every offered choice applies
    for decision in GAME.decisions(world)[:3]:
        GAME.apply(GAME.clone(world), decision.seat, decision.options[0])


def test_an_officer_world_keeps_the_officers_own_card() -> None:
    state = _random_state(7, 4, 40, {})
    for seat in (0, 1):
        view = GAME.view(state, seat)
        world = GAME.world_from_view(view, seat, random.Random(1))
        team = state.team_of(seat).name
        assert world.map.card(team) == state.map.card(team)
        assert world.map.shared_evidence() == state.map.shared_evidence()
