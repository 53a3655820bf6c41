"""Seating (rulebook, "A játék előkészületei"): two teams as even as possible, one officer each, the rest
detectives; 2–3 players form one team. The option `seating` names each team's seats, its officer first."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludus.engine import BadOptions, Match
from ludus.games.shadows.seating import teams_for


def test_without_a_seating_the_teams_alternate_and_seats_0_and_1_lead():
    teams = teams_for(5, False, None)
    assert (teams["black"].seats, teams["black"].officer) == ([0, 2, 4], 0)
    assert (teams["orange"].seats, teams["orange"].officer) == ([1, 3], 1)


def test_the_creator_may_choose_each_seats_team_and_the_officers():
    match = Match("shadows", 4, 3, {"seating": {"black": [2, 0], "orange": [3, 1]}})
    assert match.view(2)["you"] == {"team": "black", "role": "officer"}
    assert match.view(0)["you"] == {"team": "black", "role": "detective"}
    assert match.view(3)["you"] == {"team": "orange", "role": "officer"}
    assert {d.seat for d in match.decisions() if d.kind == "give"} == {2, 3}


def test_co_op_is_one_team_whose_officer_is_named_first():
    match = Match("shadows", 3, 1, {"seating": {"black": [1, 0, 2]}})
    assert match.view(1)["you"] == {"team": "black", "role": "officer"}
    assert match.view(0)["you"]["role"] == "detective"


@pytest.mark.parametrize("seating", [
    {"black": [0, 2, 3], "orange": [1]},          # not as even as possible
    {"black": [0, 2], "orange": [1, 2]},          # seat 2 twice, seat 3 nowhere
    {"black": [0, 2, 1, 3]},                      # two teams are needed with 4 players
    {"black": [0, 2], "orange": [1, "3"]},        # seats are numbers
    [[0, 2], [1, 3]],                             # a team → seats mapping
])
def test_a_seating_the_rules_do_not_allow_is_refused(seating):
    with pytest.raises(BadOptions):
        Match("shadows", 4, 1, {"seating": seating})


@given(st.integers(4, 8), st.randoms(use_true_random=False))
def test_any_even_split_with_one_officer_per_team_is_accepted(players, rng):
    seats = list(range(players))
    rng.shuffle(seats)
    half = players // 2 + rng.randint(0, players % 2)
    teams = teams_for(players, False, {"black": seats[:half], "orange": seats[half:]})
    assert teams["black"].officer == seats[0] and teams["orange"].officer == seats[half]
    assert sorted(teams["black"].seats + teams["orange"].seats) == list(range(players))
    assert abs(len(teams["black"].seats) - len(teams["orange"].seats)) <= 1
