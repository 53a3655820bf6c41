"""Options whose maps cannot be relied on at every round start are refused when the game is set up, by a bounded
and pure check (maps.unreliable), rather than found out at some later round."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import BadOptions, Match
from ludus.games.shadows import maps
from ludus.games.shadows.maps import DEFAULT_PARAMS, MapPair, MapParams

REPRO = MapParams(police=16, shared_police=12, clients=4, shared_clients=0, evidence=2, shared_evidence=1,
                  min_evidence_distance=3)


def test_the_issues_counts_at_rating_one_are_refused_with_the_reason() -> None:
    reason = maps.unreliable(REPRO, 1)
    assert reason is not None and "rated 1 or easier are too rare" in reason and "0 of 600" in reason
    with pytest.raises(BadOptions, match="too rare"):
        Match("shadows", 4, 1, {"police": 16, "shared_police": 12, "clients": 4, "shared_clients": 0,
                                "evidence": 2, "shared_evidence": 1, "min_evidence_distance": 3, "max_map_rating": 1})


def test_the_rulebook_defaults_and_the_first_game_preset_are_reliable() -> None:
    assert maps.unreliable(DEFAULT_PARAMS, 5) is None
    assert maps.unreliable(DEFAULT_PARAMS, 1) is None
    assert maps.unreliable(REPRO, 5) is None  # the same counts, any rating: maps are plentiful


def test_evidence_that_cannot_lie_far_enough_from_the_centre_is_counted_exactly() -> None:
    # 18 spaces lie 3 from the centre: 6 shared and 2 × 7 unique evidence spaces cannot all go there (the option
    # ranges stop at 6 each, which fits exactly)
    params = MapParams(police=0, shared_police=0, clients=1, shared_clients=1, evidence=7, shared_evidence=6,
                       min_evidence_distance=3)
    assert maps.unreliable(params, 5) == "20 evidence spaces do not fit on the 18 spaces at least 3 from the centre"
    fits = MapParams(police=0, shared_police=0, clients=1, shared_clients=1, evidence=6, shared_evidence=6,
                     min_evidence_distance=3)
    assert maps.unreliable(fits, 5) is None


def test_the_check_gives_the_same_answer_every_time() -> None:
    assert maps.unreliable.__wrapped__(REPRO, 2) == maps.unreliable.__wrapped__(REPRO, 2)  # a fixed seed


def test_reliable_options_find_their_map_at_every_round_of_a_few_games() -> None:
    params = MapParams(police=12, shared_police=6, clients=2, shared_clients=1, evidence=2, shared_evidence=2)
    assert maps.unreliable(params, 1) is None
    for seed in range(4):
        rng = random.Random(seed)
        for _ in range(9):  # the most rounds a game can have
            assert maps.generate(rng, params, max_rating=1).rating <= 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rating=st.integers(1, 4))
def test_the_bound_without_search_never_rejects_a_pair_of_the_rating(seed: int, rating: int) -> None:
    cats = maps._free_attempt(random.Random(seed), DEFAULT_PARAMS)
    assert cats is not None
    legal = maps._legal_rating(MapPair(cats))
    if maps._too_hard(cats, rating):
        assert legal is None or legal > rating
