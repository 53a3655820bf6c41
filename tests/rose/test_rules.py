"""The Name of the Rose: setup and the flow of a game, as the rulebook describes them."""

from __future__ import annotations

import random

import pytest

from ludus.engine import BadOptions, Match, load_game
from ludus.games.rose.components import COLOURS
from ludus.games.rose.game import GAME


def play_randomly(players: int, seed: int) -> Match:
    match = Match("rose", players, seed)
    rng = random.Random(seed)
    while not match.finished:
        decision = rng.choice(match.decisions())
        match.play(decision.seat, rng.choice(decision.options))
    return match


def test_the_game_is_registered_as_rose() -> None:
    assert load_game("rose") is GAME
    assert GAME.players == range(2, 6)


def test_setup_uses_all_eight_pawns_on_different_buildings() -> None:
    state = GAME.setup(2, 7)
    assert len(set(state.pawns)) == 8


def test_setup_places_two_task_tiles_on_every_building_and_fourteen_in_the_row() -> None:
    state = GAME.setup(3, 1)
    assert all(len(here) == 2 for here in state.tiles)
    assert len(state.row) == 14


def test_setup_deals_three_cards_and_one_secret_identity_each() -> None:
    state = GAME.setup(5, 3)
    assert all(len(hand) == 3 for hand in state.hands)
    assert len(set(state.identity)) == 5
    assert len(state.unused_identity) == 1


def test_tracks_start_at_suspicion_ten_and_clue_five() -> None:
    view = GAME.view(GAME.setup(4, 0), 0)
    assert view["suspicion"] == dict.fromkeys(COLOURS, 10)
    assert view["clue"] == dict.fromkeys(COLOURS, 5)


def test_six_events_lie_face_down_and_the_first_is_turned_over_on_day_one() -> None:
    view = GAME.view(GAME.setup(4, 0), 0)
    assert view["event"] == view["event_row"][0] is not None
    assert view["event_row"][1:] == [None] * 5


@pytest.mark.parametrize("players", [1, 6])
def test_the_game_is_for_two_to_five_players(players: int) -> None:
    with pytest.raises(BadOptions):
        GAME.setup(players, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_ends_with_a_winner_after_seven_days(players: int) -> None:
    match = play_randomly(players, players)
    outcome = match.outcome()
    assert outcome is not None and outcome.winners
    assert set(outcome.scores) == set(range(players))
    assert match.view(None)["day"] == 7
