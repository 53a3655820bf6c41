"""The round at a glance, the aid of casual tables (issue 23 point 3): a detective sees this round's clue cards,
the pictures they led to and what each landing found — worked out from the seat's view alone, never from the
officer's map card or the deck's order."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.games.shadows import board
from ludus.games.shadows.aid import round_history
from ludus.games.shadows.game import GAME
from ludus.games.shadows.state import ShadowsState

from .helpers import game, give, move


def without_aid(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "aid"}


def test_the_round_at_a_glance_is_off_unless_the_table_asks_for_it() -> None:
    assert "aid" not in GAME.view(GAME.setup(4, 1), 2)


def test_a_detective_sees_the_rounds_cards_the_pictures_they_led_to_and_what_was_found() -> None:
    first = board.steps(board.CENTRE)[0]
    second = next(space for space in board.steps(first) if space != board.CENTRE)
    state = game(4, black={first: "police"}, aid=True)
    detective = state.teams["black"].detectives[0]
    given_first = [c for c in state.face_up if c is not None][:1]
    give(state, "black", 1)
    assert GAME.view(state, detective)["aid"]["hand"] == given_first  # in hand, not yet moved with
    move(state, "black", first)
    given_second = [c for c in state.face_up if c is not None][:1]
    give(state, "black", 1)
    move(state, "black", second)
    view = GAME.view(state, detective)
    moves = view["aid"]["moves"]
    assert moves[0] == {"team": "black", "from": board.CENTRE, "to": first, "cards": given_first,
                        "picture": view["pictures"][first], "result": "police"}
    assert moves[1]["cards"] == given_second and (moves[1]["from"], moves[1]["to"]) == (first, second)
    assert view["aid"]["hand"] == []
    # the officer reads the map, not this aid; the other team's detective sees only its own team's moves
    assert GAME.view(state, state.teams["black"].officer)["aid"] is None
    orange = state.teams["orange"].detectives[0]
    assert GAME.view(state, orange)["aid"]["moves"] == []


def _random_state(seed: int, players: int, steps: int) -> ShadowsState:
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {"aid": True})
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


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), steps=st.integers(0, 80), other=st.integers(0, 10_000))
def test_the_round_at_a_glance_reads_only_the_view_never_the_map_or_the_deck(seed: int, players: int, steps: int,
                                                                             other: int) -> None:
    state = _random_state(seed, players, steps)
    for team in state.teams.values():
        for seat in team.detectives:
            view = GAME.view(state, seat)
            assert round_history(without_aid(view)) == view["aid"]  # computed from the view alone
            if view["aid"] is not None:
                assert [m["to"] for m in view["aid"]["moves"]] == \
                    [landing["space"] for landing in state.landings if landing["team"] == team.name]
            # the officer's secret map and the deck's order drawn anew, the view the same: the same aid
            world = GAME.world_from_view(view, seat, random.Random(other))
            world_view = GAME.view(world, seat)
            assert without_aid(world_view) == without_aid(view)
            assert world_view["aid"] == view["aid"]
