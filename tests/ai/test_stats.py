"""Wilson score intervals, checked against published values (Newcombe 1998, Table I)."""

from __future__ import annotations

import pytest

from ludus.ai.stats import wilson_interval


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_newcombes_examples(successes, trials, low, high):
    assert wilson_interval(successes, trials) == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_is_symmetric_around_a_half_and_narrows_with_more_games():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(1 - high)
    assert wilson_interval(500, 1000)[0] > low


def test_all_wins_still_leave_room_below_one():
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=5e-5)


def test_no_games_know_nothing_and_bad_counts_are_refused():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(1, 2, confidence=1.5)


def test_a_higher_confidence_widens_the_interval():
    narrow, wide = wilson_interval(30, 60, 0.9), wilson_interval(30, 60, 0.99)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]
